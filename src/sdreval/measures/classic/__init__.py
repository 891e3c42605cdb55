"""Classic graded measures on elements as independent documents: AP, gAP, AWP, P@k, Rprec,
nDCG@k (Vu & Gallinari 2005, §2.1).  Q, R and MAep belong to the XCG family (shared kernel)."""
from . import definitions  # noqa: F401  (registers the measures)
