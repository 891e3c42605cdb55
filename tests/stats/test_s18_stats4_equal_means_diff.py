"""compare's mean difference and Cohen's d_z are 0 for two runs with equal means: the same
per-topic scores on permuted topics gave mean_a = mean_b = 0.47 but diff = -3.7e-17 and
effect_size = -4.9e-17 (float noise of the summed differences, printed as a loss).  Expected:
arithmetic, (0.28 + 0.16 + 0.97) − (0.16 + 0.97 + 0.28) = 0."""
from __future__ import annotations

import numpy as np

from sdreval.stats.compare import compare_runs
from sdreval.stats.matrix import ScoreMatrix


def _compare(a, b, test="t"):
    values = np.array([a, b], dtype=float)
    scores = ScoreMatrix(("a", "b"), tuple(str(t) for t in range(len(a))), values, "AP")
    return compare_runs(scores, None, test, samples=200).iloc[0]


def test_equal_means_differ_by_zero():
    for test in ("t", "bootstrap"):
        row = _compare([0.28, 0.16, 0.97], [0.16, 0.97, 0.28], test)
        assert row.mean_a == row.mean_b
        assert row["diff"] == 0.0 and row.effect_size == 0.0
        assert (row.wins, row.ties, row.losses) == (2, 0, 1)


def test_a_small_real_difference_is_kept():
    row = _compare([0.5, 0.25], [0.25, 0.4999])  # 0.0001 / 2 topics
    assert np.isclose(row["diff"], 0.00005) and row.effect_size > 0


def test_differences_are_exact_as_evals_means():
    # three topics each 0.1 better: the mean difference is that of the exact means of the
    # doubles, rounded once (0.09999999999999999, as mean_a − mean_b), not 0.10000000000000002
    from fractions import Fraction

    exact = (Fraction(0.3) + 2 * Fraction(0.1) - Fraction(0.2)) / 3
    row = _compare([0.3, 0.1, 0.1], [0.2, 0.0, 0.0])
    assert row["diff"] == float(exact) == row.mean_a - row.mean_b
    # a count over 49 topics, one more relevant retrieved: 1 (mean_a − mean_b = 1 − 0), not
    # 49 · (1/49) = 0.9999999999999999
    values = np.zeros((2, 49))
    values[0, 0] = 1.0
    scores = ScoreMatrix(("a", "b"), tuple(str(t) for t in range(49)), values, "num_rel_ret")
    row = compare_runs(scores).iloc[0]
    assert (row.mean_a, row.mean_b, row["diff"]) == (1.0, 0.0, 1.0)
