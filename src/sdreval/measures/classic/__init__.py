"""Classic graded measures on elements as independent documents: AP, gAP, AWP, P@k, Rprec,
nDCG@k (Vu & Gallinari 2005, §2.1).  Q, R and MAep belong to the XCG family (shared kernel);
infAP and Unjudged@k (sampled judgement pools, trec_eval) to :mod:`.pooled`; trec_eval's
less common measures (set_map, relative_P, gm_bpref, utility, Rprec_mult, binG, G, ndcg_rel,
Rndcg ...) to :mod:`.trec_more`."""
from . import definitions, pooled, trec_more  # noqa: F401  (registers the measures)
