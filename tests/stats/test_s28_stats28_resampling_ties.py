"""The randomisation and bootstrap tests at a mean difference of 0 and at resampled means that
tie with the observed one: exact p-values written out with Fractions (every sign flip or every
bootstrap resample enumerated), and scipy.stats.permutation_test on the same differences."""
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from scipy import stats

from sdreval.stats.paired import bootstrap_test, differences, randomization_test
from sdreval.stats.resample import bootstrap_counts

THIRDS_A = [Fraction(2, 3), Fraction(0), Fraction(0)]
THIRDS_B = [Fraction(0), Fraction(1, 3), Fraction(1, 3)]  # mean difference exactly 0


def _floats(values):
    return np.array([float(v) for v in values])


def _exact_flips(d, alternative):
    """p of the sign-flip test by enumeration of every flip, in Fractions."""
    observed = sum(d)
    sums = [sum(s * v for s, v in zip(signs, d)) for signs in product((1, -1), repeat=len(d))]
    if alternative == "greater":
        hits = [s >= observed for s in sums]
    elif alternative == "less":
        hits = [s <= observed for s in sums]
    else:
        hits = [abs(s) >= abs(observed) for s in sums]
    return Fraction(sum(hits), len(sums))


@pytest.mark.parametrize("seed", range(6))
def test_sampled_randomisation_two_sided_p_is_one_at_a_zero_mean_difference(seed):
    # 20 topics: 2**20 > 10,000 flips, so flips are sampled.  The mean difference is 0 (each
    # x with its -x), and every flip's |mean| >= 0: p = 1 exactly.  main gave 0.98-0.998
    # (2·min of the two one-sided shares of an asymmetric sample of flips).
    x = np.round(np.random.default_rng(seed).random(10), 2)
    d = np.concatenate([x, -x])
    assert randomization_test(d, "two-sided", seed=seed)[0] == 1.0


@pytest.mark.parametrize("alternative", ["greater", "less", "two-sided"])
def test_randomisation_thirds_cancel_exactly(alternative):
    # differences 2/3, -1/3, -1/3 taken to 12 decimals sum to 1e-12, not 0; the flip
    # (-, -, -) has the same mean 0 as the observed one.  Exact p: greater 5/8 (flips with
    # sums 0, 0, 2/3, 2/3, 4/3 of 8), less 5/8, two-sided 1.  main gave greater 0.5.
    exact = _exact_flips([a - b for a, b in zip(THIRDS_A, THIRDS_B)], alternative)
    d = differences(_floats(THIRDS_A), _floats(THIRDS_B))
    assert randomization_test(d, alternative)[0] == pytest.approx(float(exact), abs=1e-15)
    scipy_p = stats.permutation_test((_floats(THIRDS_A) - _floats(THIRDS_B),), np.mean,
                                     permutation_type="samples",
                                     alternative=alternative).pvalue
    assert scipy_p == pytest.approx(float(exact), abs=1e-15)


@pytest.mark.parametrize("alternative", ["greater", "less", "two-sided"])
def test_randomisation_enumerated_equals_fraction_enumeration(alternative):
    rng = np.random.default_rng(28)
    for n in (2, 3, 5, 8, 10):
        a = [Fraction(int(k), 10) for k in rng.integers(0, 11, n)]  # decimal scores, ties
        b = [Fraction(int(k), 10) for k in rng.integers(0, 11, n)]
        exact = _exact_flips([x - y for x, y in zip(a, b)], alternative)
        d = differences(_floats(a), _floats(b))
        assert randomization_test(d, alternative)[0] == pytest.approx(float(exact), abs=1e-15)


def test_bootstrap_thirds_resample_of_mean_zero_counts_on_both_sides():
    # resample counts (c1, c2, c3) of the topics: the exact sum is (2·c1 − c2 − c3)/3, 0 where
    # c1 = 1.  Such a resample is "≤ 0" and "≥ 0" (Ogilvie & Lalmas 2006, Eq. 13); main counted
    # it as > 0 (1e-12 from the 12-decimal differences): p_greater 0.29 where it is 0.75.
    exact_d = [a - b for a, b in zip(THIRDS_A, THIRDS_B)]
    d = differences(_floats(THIRDS_A), _floats(THIRDS_B))
    samples, seed = 3000, 5
    plan = bootstrap_counts(3, samples, seed)
    sums = [sum(int(c) * v for c, v in zip(row, exact_d)) for row in plan]
    p_greater = sum(s <= 0 for s in sums) / samples
    p_less = sum(s >= 0 for s in sums) / samples
    assert bootstrap_test(d, "greater", samples, seed)[0] == pytest.approx(p_greater)
    assert bootstrap_test(d, "less", samples, seed)[0] == pytest.approx(p_less)
    assert bootstrap_test(d, "two-sided", samples, seed)[0] == \
        pytest.approx(min(1.0, 2 * min(p_greater, p_less)))
    # all 27 resamples: ≤ 0 where c1 ≤ 1, 20 of 27
    every = [sum(c * v for c, v in zip(counts, exact_d))
             for counts in ([idx.count(k) for k in range(3)]
                            for idx in product(range(3), repeat=3))]
    assert Fraction(sum(s <= 0 for s in every), 27) == Fraction(20, 27)
    assert abs(p_greater - 20 / 27) < 0.03


@pytest.mark.parametrize("alternative", ["greater", "less", "two-sided"])
def test_randomisation_is_exact_over_the_non_zero_differences(alternative):
    # 18 topics (2**18 > 10,000 flips), 7 with a non-zero difference: a zero is the same
    # flipped, so the 2**18 flips give the 2**7 distinct sums 2**11 times each, and the p of
    # all 2**18 flips is exact with 128.  Full enumeration in integers (hundredths); main
    # sampled 10,000 flips (two-sided 0.0486 where it is 6/128 = 0.046875).
    hundredths = np.array([-30, -5, -12, 0, 0, -7, 0, -1, 0, 0, 0, 0, 3, 0, 0, -20, 0, 0])
    flips = 1 - 2 * ((np.arange(2 ** 18)[:, None] >> np.arange(18)) & 1)
    sums = flips @ hundredths
    observed = hundredths.sum()
    hits = {"greater": sums >= observed, "less": sums <= observed,
            "two-sided": np.abs(sums) >= abs(observed)}[alternative]
    exact = Fraction(int(hits.sum()), 2 ** 18)
    d = differences(hundredths / 100, np.zeros(18))
    assert randomization_test(d, alternative)[0] == pytest.approx(float(exact), abs=1e-15)
