"""Statistics and meta-evaluation over results tables.

Inputs are per-topic score tables (``run, topic, measure, value``, what
:func:`sdreval.measures.evaluate` returns) or runs × topics arrays; see docs/statistics.md.

The names below load their module on first use (importing the package loads none of them,
so option parsers can list the tests without scipy or statsmodels)."""
from __future__ import annotations

from ..lazy import lazy_attributes

#: public name -> the submodule defining it
_NAMES = {
    "agreement": "decisions", "agreement_matrix": "decisions", "decision_outcomes": "decisions",
    "outcomes_by_difference": "decisions", "bootstrap_means": "bootstrap",
    "confidence_intervals": "bootstrap", "percentile_ci": "bootstrap", "compare_runs": "compare",
    "pairwise_pvalues": "compare", "CORRECTIONS": "choices", "adjust": "correction",
    "by_reject": "correction", "kendall_tau": "correlation", "means_by_measure": "correlation",
    "ranking_correlations": "correlation", "spearman_rho": "correlation",
    "is_constant": "correlation",
    "discrimination_power": "discrimination", "group_a_by_ci": "discrimination",
    "group_a_by_tukey": "discrimination", "split_error_rate": "error_rate",
    "test_error_rates": "error_rate", "ScoreMatrix": "matrix", "read_scores": "matrix",
    "score_matrix": "matrix", "TESTS": "choices", "bootstrap_test": "paired",
    "paired_test": "paired", "randomization_test": "paired", "sign_test": "paired",
    "t_test": "paired", "wilcoxon_test": "paired", "insert_nonrelevant": "perturb",
    "perturbation_curve": "perturb", "SWAP_BINS": "stability",
    "error_rate_and_ties": "stability", "extrapolate_swap_rates": "stability",
    "minimum_difference": "stability", "swap_rates": "stability", "top_runs": "stability",
    "variant_correlation": "stability", "variant_means": "stability",
    "variant_spread": "stability", "aggregates": "aggregate", "topic_scale": "aggregate",
    "refuse_geometric": "aggregate",
}

__all__ = list(_NAMES)

__getattr__, __dir__ = lazy_attributes(__name__, _NAMES)
