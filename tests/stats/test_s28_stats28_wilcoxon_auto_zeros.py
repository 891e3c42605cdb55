"""Wilcoxon's signed-rank test, method auto, on differences with zeros: zero_method wilcox
drops the zeros, and the exact null of the non-zero differences (distinct ranks 1..k) holds,
so auto is exact there, as method exact is.  main took the normal approximation for any row
with a zero: p = 0.046 (rejected at 0.05) where the exact p is 4/64 = 0.0625."""
from itertools import product

import numpy as np
import pytest
from scipy import stats

from sdreval.stats.paired import wilcoxon_test

D = np.array([0.1, 0.25, 0.0, 0.0, 0.3, 0.45, -0.05, 0.6])


def _enumerated(d, alternative):
    """p of the signed-rank statistic W+ over the 2**k signs of the non-zero |d| (ranks
    1..k, no ties): Wilcoxon 1945, written out."""
    nonzero = d[d != 0]
    ranks = stats.rankdata(np.abs(nonzero))
    observed = ranks[nonzero > 0].sum()
    sums = np.array([ranks[np.array(s, dtype=bool)].sum()
                     for s in product((0, 1), repeat=len(nonzero))])
    centre = len(nonzero) * (len(nonzero) + 1) / 4
    hits = {"greater": sums >= observed, "less": sums <= observed,
            "two-sided": np.abs(sums - centre) >= abs(observed - centre)}[alternative]
    return hits.mean()


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_auto_is_exact_where_only_zeros_would_stop_it(alternative):
    expected = _enumerated(D, alternative)
    assert wilcoxon_test(D, alternative, "auto")[0] == pytest.approx(expected, abs=1e-12)
    assert wilcoxon_test(D, alternative, "exact")[0] == pytest.approx(expected, abs=1e-12)


def test_auto_keeps_the_approximation_where_non_zero_differences_tie():
    d = np.array([0.1, 0.1, 0.0, 0.3, -0.2, 0.4])
    approx = stats.wilcoxon(d, zero_method="wilcox", correction=False, method="approx").pvalue
    assert wilcoxon_test(d, "two-sided", "auto")[0] == pytest.approx(approx, rel=1e-12)
