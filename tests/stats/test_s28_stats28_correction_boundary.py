"""A p-value exactly at its step-up or step-down threshold is rejected (the rules say ≤):
Benjamini & Hochberg 1995 with m = 10 (five runs) and p(7) = 0.035 = 7·0.05/10; statsmodels'
adjusted p is 0.035·10/7 = 0.05000000000000001 in floating point, which main compared with
0.05 and retained.  Thresholds written out with Fractions."""
from fractions import Fraction

import numpy as np
import pytest

from sdreval.stats.correction import adjust

LEVEL = Fraction(5, 100)


def _harmonic(m):
    return sum(Fraction(1, k) for k in range(1, m + 1))


@pytest.mark.parametrize("method, m, i, threshold", [
    ("bh", 10, 7, LEVEL * 7 / 10),                       # 0.035
    ("by", 12, 3, LEVEL * 3 / (12 * _harmonic(12))),
    ("by", 12, 12, LEVEL * 12 / (12 * _harmonic(12))),
    ("holm", 5, 1, LEVEL / 5),                           # 0.01
    ("bonferroni", 4, 1, LEVEL / 4),                     # 0.0125
])
def test_p_at_the_threshold_is_rejected(method, m, i, threshold):
    p = np.array([1e-6] * (i - 1) + [float(threshold)] + [0.9] * (m - i))
    adjusted, reject = adjust(p, method, 0.05)
    assert reject[: i].all() and not reject[i:].any()
    assert adjusted[i - 1] == pytest.approx(0.05, abs=1e-15)


def test_p_just_above_the_threshold_is_retained():
    p = np.array([1e-6] * 6 + [0.035 + 1e-9] + [0.9] * 3)
    assert not adjust(p, "bh", 0.05)[1][6]
