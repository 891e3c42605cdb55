"""Corrections: statsmodels' adjusted p-values reproduce seed 001 Eq. 11-12 decisions."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from statsmodels.stats.multitest import multipletests

from sdreval.errors import UsageError
from sdreval.stats.correction import adjust, by_reject


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=80), st.sampled_from([0.01, 0.05, 0.2]))
def test_by_equals_eq11_12(p, level):
    p = np.array(p)
    _, reject = adjust(p, "by", level)
    assert np.array_equal(reject, by_reject(p, level, dependent=True))
    _, reject_bh = adjust(p, "bh", level)
    assert np.array_equal(reject_bh, by_reject(p, level, dependent=False))


def test_eq11_by_hand():
    # m = 4, c_m = 1 + 1/2 + 1/3 + 1/4 = 25/12; thresholds i * 0.05 / (25/12 * 4)
    p = np.array([0.004, 0.02, 0.011, 0.9])
    thresholds = np.arange(1, 5) * 0.05 / (25 / 12 * 4)  # 0.006, 0.012, 0.018, 0.024
    assert thresholds[0] == pytest.approx(0.006)
    assert by_reject(p, 0.05).tolist() == [True, False, True, False]


@pytest.mark.parametrize("method,name", [("holm", "holm"), ("bonferroni", "bonferroni"),
                                         ("bh", "fdr_bh"), ("by", "fdr_by")])
def test_matches_statsmodels(method, name):
    p = np.random.default_rng(0).random(50) ** 3
    adjusted, reject = adjust(p, method, 0.05)
    ref_reject, ref_adj, _, _ = multipletests(p, 0.05, name)
    np.testing.assert_allclose(adjusted, ref_adj)
    assert np.array_equal(reject, ref_reject)


def test_none_and_nan():
    p = np.array([0.01, np.nan, 0.2])
    adjusted, reject = adjust(p, "none", 0.05)
    assert reject.tolist() == [True, False, False]
    assert np.isnan(adjusted[1])
    adjusted, reject = adjust(p, "bonferroni", 0.05)
    assert adjusted[0] == pytest.approx(0.03)  # NaN counts in m
    with pytest.raises(UsageError):
        adjust(p, "sidak")
