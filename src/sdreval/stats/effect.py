"""Effect sizes of paired run differences: mean difference, its confidence interval, the
standardised mean difference and per-topic wins, ties and losses.

For a pair (a, b) with per-topic differences ``d_t = a_t − b_t`` over ``n`` topics:

- ``diff`` = mean of ``d`` (= ``mean_a − mean_b``, exact and rounded once when the values are
  given; 0 where it is 0 to 12 decimals, a tie);
- ``diff_ci_low``, ``diff_ci_high``: a two-sided confidence interval of the mean difference at
  ``ci_level``.  With the t test it is the paired t interval
  ``mean(d) ± t(n−1, 1−α/2) · sd(d)/√n`` (``scipy.stats.ttest_rel(...).confidence_interval``),
  so it excludes 0 exactly when the uncorrected two-sided t test rejects at ``1 − ci_level``;
  with every other test it is the percentile bootstrap interval of the mean difference (the
  interval of Vu & Gallinari 2005, §5, taken over the differences; seeded as the test; an
  endpoint that ``diff`` passes by no more than the gap, below 1e-12, between the exact
  ``diff`` and the mean of the 12-decimal ``d`` is moved to ``diff``, so that it holds it).
  The interval is per pair: it is not widened for multiple comparisons;
- ``effect_size``: the standardised mean difference of paired samples, Cohen's ``d_z`` =
  ``mean(d) / sd(d)`` with the sample standard deviation (divisor ``n − 1``) — Lakens 2013,
  Eq. 6; Sakai 2014 asks IR papers to report it beside p-values.  0 when every difference is
  0; ±inf when the differences are a non-zero constant;
- ``wins``, ``ties``, ``losses``: topics with ``a > b``, ``a = b``, ``a < b`` (equal where
  ``d`` is 0 to 12 decimals, below the rounding of any measure's value: the rule by which the
  sign and Wilcoxon tests drop a zero difference, :func:`is_tie`).
"""
from __future__ import annotations

import numpy as np
from scipy import stats

from ..errors import UsageError
from .bootstrap import percentile_ci
from .choices import TEST_SAMPLES

EFFECT_COLUMNS = ["diff", "diff_ci_low", "diff_ci_high", "effect_size", "wins", "ties",
                  "losses"]
#: numbers (means, differences) are compared to this many decimals: the statistics' one rule
DECIMALS = 12
#: one unit of the last of those decimals
TIE_TOLERANCE = 10.0 ** -DECIMALS


def is_tie(values: np.ndarray) -> np.ndarray:
    """Where a difference (of two scores or two means) is 0 to :data:`DECIMALS` decimals: a
    tie.  A difference of 1e-12 is not one (0.300000000001 against 0.3), as the rankings of
    means to 12 decimals order them."""
    return np.round(np.asarray(values, dtype=float), DECIMALS) == 0


def _mean_and_sum(values: np.ndarray, count: int | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Each row's exact mean and exact sum, each rounded once (:mod:`sdreval.measures.exact`),
    the mean over ``count`` values (default: the row's values that are not NaN); both 0 where
    the mean is a tie (:func:`is_tie`)."""
    from dataclasses import replace

    from ..measures.exact import exact_sums

    rows, width = values.shape
    sums = exact_sums(values.ravel(), np.repeat(np.arange(rows), width), rows)
    if count is not None:
        sums = [replace(s, count=count) for s in sums]
    mean = np.array([s.mean() for s in sums], dtype=float)
    total = np.array([s.total() for s in sums], dtype=float)
    tie = is_tie(mean)
    return np.where(tie, 0.0, mean), np.where(tie, 0.0, total)


def mean_difference(diffs: np.ndarray, summed: bool = False) -> np.ndarray:
    """The mean of each row of a pairs × topics difference matrix, exact and rounded once as
    eval's means (:mod:`sdreval.measures.exact`), or with ``summed`` the exact sum (a count's
    difference: 1 over 49 topics is 1, not 49 · (1/49) = 0.9999999999999999).  A mean within
    a tie (:func:`is_tie`) is 0, as a topic's difference is (runs with equal means
    over permuted topics, 0.47 and 0.47, sum their differences to −3.7e-17, not a loss)."""
    mean, total = _mean_and_sum(np.atleast_2d(np.asarray(diffs, dtype=float)))
    return total if summed else mean


def _exact_pairs(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(mean_a − mean_b, sum_a − sum_b)`` of each row pair, exact and each rounded once."""
    a, b = np.atleast_2d(np.asarray(a, dtype=float)), np.atleast_2d(np.asarray(b, dtype=float))
    # negation is exact: the sum of the row is Σa − Σb
    return _mean_and_sum(np.concatenate([a, -b], axis=1), a.shape[1])


def _spread(d: np.ndarray) -> np.ndarray:
    """Sample standard deviation of each row; 0 for a constant row (numpy's can be 1e-17)."""
    return np.where((d == d[:, :1]).all(axis=1), 0.0, d.std(axis=1, ddof=1))


def t_interval(diffs: np.ndarray, level: float = 0.95, mean: np.ndarray | None = None
               ) -> tuple[np.ndarray, np.ndarray]:
    """Paired t interval of the mean of each row of a pairs × topics difference matrix,
    centred on the mean the tables print (:func:`mean_difference`, or ``mean`` given)."""
    d = np.atleast_2d(np.asarray(diffs, dtype=float))
    n = d.shape[1]
    mean = mean_difference(d) if mean is None else mean
    if n < 2:
        return np.full_like(mean, np.nan), np.full_like(mean, np.nan)
    half = stats.t.ppf(0.5 + level / 2, n - 1) * _spread(d) / np.sqrt(n)
    return mean - half, mean + half


def cohens_dz(diffs: np.ndarray, mean: np.ndarray | None = None) -> np.ndarray:
    """``mean(d) / sd(d)`` per row (Lakens 2013, Eq. 6; the mean of :func:`mean_difference`,
    or ``mean`` given); 0 for all-zero rows."""
    d = np.atleast_2d(np.asarray(diffs, dtype=float))
    mean = mean_difference(d) if mean is None else mean
    if d.shape[1] < 2:
        return np.full_like(mean, np.nan)
    sd = _spread(d)  # constant: ±inf
    with np.errstate(divide="ignore", invalid="ignore"):
        dz = mean / sd
    return np.where(is_tie(d).all(axis=1), 0.0, dz)


def paired_effects(diffs: np.ndarray, ci_level: float = 0.95, interval: str = "t",
                   samples: int = TEST_SAMPLES, seed: int | None = 0, summed: bool = False,
                   pairs: tuple[np.ndarray, np.ndarray] | None = None
                   ) -> dict[str, np.ndarray]:
    """The columns of :data:`EFFECT_COLUMNS` for each row of a pairs × topics matrix;
    ``interval`` is ``t`` (paired t interval) or ``bootstrap`` (percentile); ``summed``: the
    difference is the sum of ``d`` (counts; the interval stays the mean's).  ``pairs``: the
    values ``(a, b)`` whose differences ``diffs`` are; the difference is then their means'
    difference, exact and rounded once (the exact sum of ``a`` minus that of ``b``)."""
    if not 0 < ci_level < 1:
        raise UsageError(f"confidence level must be in (0, 1), got {ci_level}")
    d = np.atleast_2d(np.asarray(diffs, dtype=float))
    # one mean: the printed difference, the interval's centre, d_z's
    mean, total = _mean_and_sum(d) if pairs is None else _exact_pairs(*pairs)
    if interval == "t":
        low, high = t_interval(d, ci_level, mean)
    elif interval == "bootstrap":
        low, high = percentile_ci(d, ci_level, samples, seed)
        if pairs is not None:  # the exact mean of (a, b) held: an endpoint it passes by no
            gap = np.abs(mean - mean_difference(d))  # more than the 12-decimal gap moves to it
            low = np.where((mean < low) & (low - mean <= gap), mean, low)
            high = np.where((mean > high) & (mean - high <= gap), mean, high)
        constant = (d == d[:, :1]).all(axis=1)  # every resample's mean is the printed mean
        low, high = np.where(constant, mean, low), np.where(constant, mean, high)
    else:
        raise UsageError(f"unknown interval {interval!r}; expected t or bootstrap")
    tie = is_tie(d)
    wins = np.count_nonzero((d > 0) & ~tie, axis=1)
    losses = np.count_nonzero((d < 0) & ~tie, axis=1)
    return {"diff": total if summed else mean, "diff_ci_low": low,
            "diff_ci_high": high, "effect_size": cohens_dz(d, mean), "wins": wins,
            "ties": d.shape[1] - wins - losses, "losses": losses}
