"""Classic graded measures on elements as independent documents: AP, gAP, AWP, P@k, Rprec,
nDCG@k (Vu & Gallinari 2005, §2.1).  Q, R and MAep belong to the XCG family (shared kernel);
infAP and Unjudged@k (sampled judgement pools, trec_eval) to :mod:`.pooled`."""
from . import definitions, pooled  # noqa: F401  (registers the measures)
