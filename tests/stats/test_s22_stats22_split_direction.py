"""Topic-split error rate (Ogilvie & Lalmas 2006, §3.3.2): the one-sided test on the first half
orients each pair by its means to 12 decimals, equal means in the given order (A before B).
The error check took the better run from the float means instead: first-half means equal in
decimals (0.42 both: A wins 12 topics by 0.1 and loses 3 by 0.4) are 0.41999999999999993 and
0.42000000000000004 in floats, so B was taken as the better run.  The sign test rejected "A is
better" (12 wins of 15: P(X ≥ 12) = 576/32768 = 0.0176, one test, so BY leaves it), A is far
better on the second half (0.9 against 0.1 on every topic), and yet an error was counted
(error rate 1, self-agreement 0).  Right: no error, and the halves agree."""
from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from sdreval.stats.error_rate import split_error_rate


def test_the_error_check_follows_the_tests_orientation():
    n = 30
    order = np.random.default_rng(0).permutation(n)  # the split split_error_rate draws
    a, b = np.zeros(n), np.zeros(n)
    for k, t in enumerate(order[:15]):
        a[t], b[t] = (0.5, 0.4) if k < 12 else (0.1, 0.5)
    a[order[15:]], b[order[15:]] = 0.9, 0.1
    assert a[order[:15]].mean() < b[order[:15]].mean()  # the float noise
    assert stats.binom.sf(11, 15, 0.5) == pytest.approx(576 / 32768)
    got = split_error_rate(np.array([a, b]), "sign", splits=1)
    assert (got["rejections"], got["errors"], got["self_agreement"]) == (1, 0, 1.0)
