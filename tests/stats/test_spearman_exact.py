"""Spearman's p-value over few runs is exact: scipy's t approximation gives p = 0 for a perfect
agreement of 3 runs, where only 2 of the 3! = 6 pairings are as extreme (p = 1/3)."""
from __future__ import annotations

from itertools import permutations

import numpy as np
import pytest
from scipy import stats

from sdreval.stats.correlation import spearman_rho


def _enumerated_p(a, b) -> float:
    """Independent arithmetic: Spearman's rho of every reordering of b, two-sided."""
    observed = abs(stats.spearmanr(a, b).statistic)
    rhos = [abs(stats.spearmanr(a, [b[i] for i in order]).statistic)
            for order in permutations(range(len(b)))]
    return sum(r >= observed - 1e-12 for r in rhos) / len(rhos)


def test_three_runs_in_the_same_order():
    rho, p = spearman_rho(np.array([0.1, 0.2, 0.3]), np.array([0.5, 0.6, 0.9]))
    assert rho == 1.0 and p == pytest.approx(1 / 3)   # 2 of 6 pairings have |rho| = 1


def test_four_runs_reversed():
    rho, p = spearman_rho(np.array([1.0, 2, 3, 4]), np.array([4.0, 3, 2, 1]))
    assert rho == -1.0 and p == pytest.approx(2 / 24)


@pytest.mark.parametrize("seed", range(6))
def test_small_samples_with_ties_equal_the_enumeration(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 7))
    a, b = rng.integers(0, 4, n).astype(float), rng.integers(0, 4, n).astype(float)
    if len(set(a)) == 1 or len(set(b)) == 1:
        a[0], b[0] = 9.0, 9.0
    assert spearman_rho(a, b)[1] == pytest.approx(_enumerated_p(list(a), list(b)))


def test_ten_runs_keep_scipy_s_approximation():
    rng = np.random.default_rng(3)
    a, b = rng.random(10), rng.random(10)
    assert spearman_rho(a, b) == pytest.approx(tuple(stats.spearmanr(a, b)))
