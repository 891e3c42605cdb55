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
