"""The names of the paired tests and multiple-comparison corrections, with no dependency, so
that option parsers and help texts list them without importing scipy or statsmodels."""
from __future__ import annotations

#: paired tests over topics (Ogilvie & Lalmas 2006)
TESTS = ("t", "wilcoxon", "sign", "bootstrap", "randomization")
#: alternative hypotheses of a paired test
ALTERNATIVES = ("two-sided", "greater", "less")
#: how the Wilcoxon signed-rank test computes its p-values
WILCOXON_METHODS = ("approx", "exact", "auto")
#: correction → statsmodels' ``multipletests`` method (None: each p against the level)
CORRECTIONS = {"by": "fdr_by", "bh": "fdr_bh", "holm": "holm", "bonferroni": "bonferroni",
               "none": None}
#: output formats of the statistics tables (compare, stability, sensitivity)
TABLE_FORMATS = ("text", "csv", "json")
