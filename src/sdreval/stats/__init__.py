"""Statistics and meta-evaluation over results tables.

Inputs are per-topic score tables (``run, topic, measure, value``, what
:func:`sdreval.measures.evaluate` returns) or runs × topics arrays; see docs/statistics.md.
"""
from .agreement import agreement, agreement_matrix, decision_outcomes, outcomes_by_difference
from .bootstrap import bootstrap_means, confidence_intervals, percentile_ci
from .compare import compare_runs, pairwise_pvalues
from .correction import CORRECTIONS, adjust, by_reject
from .correlation import kendall_tau, means_by_measure, ranking_correlations, spearman_rho
from .discrimination import discrimination_power, group_a_by_ci, group_a_by_tukey
from .error_rate import split_error_rate, test_error_rates
from .matrix import ScoreMatrix, read_scores, score_matrix
from .paired import (TESTS, bootstrap_test, paired_test, randomization_test, sign_test, t_test,
                     wilcoxon_test)
from .perturb import insert_nonrelevant, perturbation_curve
from .stability import (SWAP_BINS, error_rate_and_ties, extrapolate_swap_rates,
                        minimum_difference, swap_rates, top_runs, variant_correlation,
                        variant_means, variant_spread)

__all__ = [
    "agreement", "agreement_matrix", "decision_outcomes", "outcomes_by_difference",
    "bootstrap_means", "confidence_intervals", "percentile_ci", "compare_runs",
    "pairwise_pvalues", "CORRECTIONS", "adjust", "by_reject", "kendall_tau", "means_by_measure",
    "ranking_correlations", "spearman_rho", "discrimination_power", "group_a_by_ci",
    "group_a_by_tukey", "split_error_rate", "test_error_rates", "ScoreMatrix", "read_scores",
    "score_matrix", "TESTS", "bootstrap_test", "paired_test", "randomization_test", "sign_test",
    "t_test", "wilcoxon_test", "insert_nonrelevant", "perturbation_curve", "SWAP_BINS",
    "error_rate_and_ties", "extrapolate_swap_rates", "minimum_difference", "swap_rates",
    "top_runs", "variant_correlation", "variant_means", "variant_spread",
]
