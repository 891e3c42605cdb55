"""Paired significance tests between runs over topics, for all pairs of runs at once.

Every test takes a ``pairs × topics`` matrix ``D`` of per-topic differences ``a − b`` and returns
one p-value per row for ``alternative`` ``two-sided``, ``greater`` (H1: a is better, mean
difference > 0) or ``less``.  Choices (documented in docs/statistics.md):

- ``t``: ``scipy.stats.ttest_rel`` semantics, vectorised over rows (scipy's ``axis``); a row
  of all-zero differences (identical runs) gets p = 1 where scipy gives NaN (0/0).
- ``wilcoxon``: signed-rank test, ``zero_method="wilcox"`` (zero differences dropped),
  ``correction=False``, normal approximation with tie-corrected variance (``method="approx"``,
  scipy's ``method="approx"``); ``method="exact"`` uses scipy's exact null distribution
  (refused where non-zero differences tie: the tie-free null does not hold there);
  ``method="auto"`` takes exact for rows whose non-zero differences do not tie (zeros are
  dropped first, so they do not stand in the way) and number at most 50, the approximation
  for the others.  scipy's own ``auto``
  switches to a slow permutation test on small tied samples, which we never use.  A row
  without a non-zero difference gets p = 1 (as scipy).
- ``sign``: binomial test of the number of positive among non-zero differences, p = 0.5
  (``scipy.stats.binomtest`` values, computed vectorised from the binomial tails; the two-sided
  p is exact because the null is symmetric).  All-zero rows get p = 1, as in every test here
  (bootstrap and randomisation give 1 by construction).
- ``bootstrap``: Ogilvie & Lalmas 2006, Eq. 13: topics resampled with replacement ``samples`` times (b =
  10,000 by default); ``p_greater`` = fraction of resampled mean differences ≤ 0, ``p_less`` =
  fraction ≥ 0, two-sided ``min(1, 2·min(p_greater, p_less))``.  The same seeded
  resampling plan serves all pairs.  A fraction of 0 is below the resolution ``1/b``
  (two-sided ``2/b``) unless one run wins on every topic; the commands say so
  (:func:`sdreval.stats.compare.resolution_notes`).
- ``randomization``: paired sign-flip test of the mean difference (as
  ``scipy.stats.permutation_test(permutation_type="samples")``): exact enumeration when
  ``2**k <= samples`` (``k`` the topics with a non-zero difference: a zero is the same
  flipped), else ``samples`` random flips and p = (count + 1)/(samples + 1);
  ``greater`` counts the flipped means ≥ the observed one, ``less`` those ≤ it, two-sided those
  whose absolute value is ≥ the observed one's (the sign-flip null is symmetric, so with
  every flip enumerated this is scipy's ``2·min``; with sampled flips ``2·min`` fell below 1,
  0.99, where the mean difference is 0 and every flip is as extreme).

Both resampling tests compare means to 12 decimals, as the tables do (:func:`tie_margin`): a
resample whose topics cancel (2/3 − 1/3 − 1/3, each difference taken to 12 decimals and so
summing to 1e-12) has mean 0, not 3e-13.
"""
from __future__ import annotations

import warnings
from typing import Callable

import numpy as np
from scipy import stats

from ..errors import UsageError
from ._progress import progress
from .choices import ALTERNATIVES, TEST_SAMPLES, TESTS, WILCOXON_METHODS
from .effect import DECIMALS, TIE_TOLERANCE
from .resample import bootstrap_counts, sign_flips

_CHUNK_CELLS = 4_000_000  # pairs × samples cells per block of resampling work


def differences(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per-topic differences ``a − b`` to :data:`DECIMALS` (12) decimals, the resolution at
    which wins and ties are counted (:func:`sdreval.stats.effect.is_tie`): 0.5 − 0.4 and
    0.2 − 0.1 are the same difference, not two numbers 3e-17 apart whose spread a t test
    would divide by."""
    return np.round(np.asarray(a, dtype=float) - b, DECIMALS) + 0.0  # (-0.0 becomes 0.0)


def _check(alternative: str) -> None:
    if alternative not in ALTERNATIVES:
        raise UsageError(f"unknown alternative {alternative!r}; expected one of "
                         f"{', '.join(ALTERNATIVES)}")


def _as_diffs(diffs: np.ndarray) -> np.ndarray:
    d = np.asarray(diffs, dtype=float)
    if d.ndim == 1:
        d = d[None, :]
    if d.ndim != 2 or d.shape[1] < 1:
        raise UsageError(f"expected a pairs × topics array of differences, got {d.shape}")
    return d


def t_test(diffs: np.ndarray, alternative: str = "two-sided") -> np.ndarray:
    """Paired t test p-values (``scipy.stats.ttest_rel`` on each row)."""
    _check(alternative)
    d = _as_diffs(diffs)
    with np.errstate(divide="ignore", invalid="ignore"), warnings.catch_warnings():
        # a constant non-zero difference: t = ±inf, p = 0 (or 1), scipy's values, without
        # scipy's note on "nearly identical" data
        warnings.simplefilter("ignore", RuntimeWarning)
        p = np.atleast_1d(stats.ttest_1samp(d, 0.0, axis=1, alternative=alternative).pvalue)
    # a constant difference has no spread (numpy's mean of [0.1, 0.1, 0.1] is not 0.1, and
    # its spread of 1e-17 gave t = 1e16): t = ±inf, p as scipy gives for it
    constant = (d == d[:, :1]).all(axis=1) & (d.shape[1] > 1)
    side = np.sign(d[:, 0])
    infinite = {"two-sided": np.zeros(d.shape[0]), "greater": np.where(side > 0, 0.0, 1.0),
                "less": np.where(side < 0, 0.0, 1.0)}[alternative]
    p = np.where(constant, infinite, p)
    return np.where((d == 0).all(axis=1), 1.0, p)  # identical runs: scipy's 0/0 NaN -> 1


def _has_ties(d: np.ndarray) -> np.ndarray:
    """Rows where two non-zero differences have the same absolute value (tied ranks)."""
    a = np.sort(np.abs(d), axis=1)
    return np.any((np.diff(a, axis=1) == 0) & (a[:, 1:] != 0), axis=1)


def wilcoxon_test(diffs: np.ndarray, alternative: str = "two-sided", method: str = "approx"
                  ) -> np.ndarray:
    """Wilcoxon signed-rank p-values per row (zero_method wilcox, no continuity correction)."""
    _check(alternative)
    if method not in WILCOXON_METHODS:
        raise UsageError(f"unknown Wilcoxon method {method!r}; expected one of "
                         f"{', '.join(WILCOXON_METHODS)}")
    d = _as_diffs(diffs)
    p = np.ones(d.shape[0])  # no non-zero difference: the runs cannot be told apart
    nonzero = np.count_nonzero(d, axis=1)
    ok = nonzero > 0
    if method == "auto":
        # zeros are dropped (zero_method wilcox): the exact null of the non-zero ones holds
        exact = ok & ~_has_ties(d) & (nonzero <= 50)
        approx = ok & ~exact
    else:
        exact = ok if method == "exact" else np.zeros_like(ok)
        tied = exact & _has_ties(d)
        if tied.any():  # scipy would give the tie-free null's p: 0.1875 where it is 0.25
            raise UsageError(
                f"Wilcoxon method exact: {int(tied.sum())} of {len(d)} pair(s) have tied "
                "absolute differences, where the exact null distribution (distinct ranks 1..n) "
                "does not hold; use --wilcoxon-method auto (exact where there are no ties) "
                "or approx (tie-corrected normal approximation)")
        approx = ok if method == "approx" else np.zeros_like(ok)
    for mask, scipy_method in ((exact, "exact"), (approx, "approx")):
        if mask.any():
            with np.errstate(divide="ignore", invalid="ignore"):
                res = stats.wilcoxon(d[mask], axis=1, zero_method="wilcox", correction=False,
                                     alternative=alternative, method=scipy_method)
            p[mask] = res.pvalue
    return p


def sign_test(diffs: np.ndarray, alternative: str = "two-sided") -> np.ndarray:
    """Sign test p-values per row (``binomtest(k, n, 0.5)`` with zeros dropped)."""
    _check(alternative)
    d = _as_diffs(diffs)
    k = np.count_nonzero(d > 0, axis=1)
    n = k + np.count_nonzero(d < 0, axis=1)
    if alternative == "greater":
        p = stats.binom.sf(k - 1, n, 0.5)
    elif alternative == "less":
        p = stats.binom.cdf(k, n, 0.5)
    else:
        p = np.minimum(1.0, 2.0 * stats.binom.cdf(np.minimum(k, n - k), n, 0.5))
        p = np.where(2 * k == n, 1.0, p)
    return np.where(n == 0, 1.0, p)


def _blocks(n_rows: int, samples: int) -> list[slice]:
    step = max(1, _CHUNK_CELLS // max(samples, 1))
    return [slice(s, min(s + step, n_rows)) for s in range(0, n_rows, step)]


def _combine(p_greater: np.ndarray, p_less: np.ndarray, alternative: str) -> np.ndarray:
    if alternative == "greater":
        return p_greater
    if alternative == "less":
        return p_less
    return np.minimum(1.0, 2.0 * np.minimum(p_greater, p_less))


def tie_margin(diffs: np.ndarray, means: int = 1) -> np.ndarray:
    """Per row, how far from each other sums of ``n`` resampled differences may lie and still
    be equal: the means are compared to 12 decimals, and each topic's difference, taken to
    12 decimals, is off by less than half a unit of the 12th decimal, so a mean of them is
    too: ``means · n · TIE_TOLERANCE / 2`` (``means``: how many such means the comparison
    holds, 1 against 0 in the bootstrap test, 2 in the randomisation test, a flipped mean
    against the observed one), plus the rounding error of a sum of ``n`` terms
    (``4·n²·eps·max|d|``, whatever the order of summation)."""
    d = _as_diffs(diffs)
    n = d.shape[1]
    return means * n * TIE_TOLERANCE / 2 + 4.0 * n ** 2 * np.finfo(float).eps \
        * np.abs(d).max(axis=1)


def bootstrap_test(diffs: np.ndarray, alternative: str = "two-sided", samples: int = TEST_SAMPLES,
                   seed: int | None = 0, show_progress: bool | None = None) -> np.ndarray:
    """Bootstrap test of Ogilvie & Lalmas 2006, Eq. 13: p = fraction of resampled mean differences ≤ 0.

    The resampled *sums* are compared with 0 (same sign as the means); a sum within
    :func:`tie_margin` of 0 is 0, so it counts as "≤ 0" and "≥ 0"."""
    _check(alternative)
    d = _as_diffs(diffs)
    counts = bootstrap_counts(d.shape[1], samples, seed).T  # topics × samples
    margin = tie_margin(d)
    p_greater = np.empty(d.shape[0])
    p_less = np.empty(d.shape[0])
    blocks = _blocks(d.shape[0], samples)
    with progress(len(blocks), "bootstrap", show_progress) as bar:
        for block in blocks:
            sums = d[block] @ counts
            tol = margin[block, None]
            p_greater[block] = np.count_nonzero(sums <= tol, axis=1) / samples
            p_less[block] = np.count_nonzero(sums >= -tol, axis=1) / samples
            bar.update()
    return _combine(p_greater, p_less, alternative)


def randomization_test(diffs: np.ndarray, alternative: str = "two-sided",
                       samples: int = TEST_SAMPLES, seed: int | None = 0,
                       show_progress: bool | None = None) -> np.ndarray:
    """Paired randomisation (sign-flip) test of the mean difference: the share of sign
    flips whose mean is at least as extreme as the observed one (two-sided: in absolute
    value), sums within :func:`tie_margin` of each other as equal.  A zero difference is the
    same flipped, so a row with ``k`` non-zero differences has ``2**k`` distinct flips: all
    are enumerated (an exact p) where ``2**k <= samples``, whatever the number of topics."""
    _check(alternative)
    d = _as_diffs(diffs)
    margin = tie_margin(d, means=2)
    nonzero = np.count_nonzero(d, axis=1)
    exact = (nonzero < 31) & (2.0 ** nonzero <= samples)
    p = np.empty(d.shape[0])
    if exact.any():  # the non-zero differences first, as many columns as the most of them
        rows = d[exact]
        packed = np.take_along_axis(rows, np.argsort(rows == 0, axis=1, kind="stable"), 1)
        width = max(1, int(nonzero[exact].max()))
        p[exact] = _flips(packed[:, :width], margin[exact], alternative, samples, seed, False)
    if (~exact).any():
        p[~exact] = _flips(d[~exact], margin[~exact], alternative, samples, seed, show_progress)
    return p


def _flips(d: np.ndarray, margin: np.ndarray, alternative: str, samples: int,
           seed: int | None, show_progress: bool | None) -> np.ndarray:
    """The randomisation test's p of each row over the flips of :func:`sign_flips`."""
    signs, exact = sign_flips(d.shape[1], samples, seed)
    total = signs.shape[0]
    adjustment = 0 if exact else 1
    observed = d.sum(axis=1)  # sums: the means times n, compared as the means
    extreme = np.empty(d.shape[0])
    blocks = _blocks(d.shape[0], total)
    with progress(len(blocks), "randomization", show_progress) as bar:
        for block in blocks:
            null = d[block] @ signs.T  # pairs × flips
            obs, tol = observed[block, None], margin[block, None]
            if alternative == "greater":
                hits = null >= obs - tol
            elif alternative == "less":
                hits = null <= obs + tol
            else:
                hits = np.abs(null) >= np.abs(obs) - tol
            extreme[block] = np.count_nonzero(hits, axis=1)
            bar.update()
    return (extreme + adjustment) / (total + adjustment)


def paired_test(diffs: np.ndarray, test: str = "t", alternative: str = "two-sided",
                samples: int = TEST_SAMPLES, seed: int | None = 0, wilcoxon_method: str = "approx",
                show_progress: bool | None = None) -> np.ndarray:
    """p-values of ``test`` for each row of a pairs × topics difference matrix."""
    if test == "t":
        return t_test(diffs, alternative)
    if test == "wilcoxon":
        return wilcoxon_test(diffs, alternative, wilcoxon_method)
    if test == "sign":
        return sign_test(diffs, alternative)
    if test == "bootstrap":
        return bootstrap_test(diffs, alternative, samples, seed, show_progress)
    if test in ("randomization", "randomisation", "permutation"):
        return randomization_test(diffs, alternative, samples, seed, show_progress)
    raise UsageError(f"unknown test {test!r}; expected one of {', '.join(TESTS)}")


def pair_index(n_runs: int) -> tuple[np.ndarray, np.ndarray]:
    """Row indices ``(i, j)``, ``i < j``, of all ``n(n−1)/2`` pairs of runs."""
    return np.triu_indices(n_runs, 1)


def pair_differences(values: np.ndarray, orient: bool = False,
                     pairs: tuple[np.ndarray, np.ndarray] | None = None
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(i, j, D)`` for all pairs (or the ``pairs`` given); with ``orient`` each row is
    higher-mean minus lower-mean run.

    ``D[p] = values[i[p]] − values[j[p]]`` (times −1 where oriented and run j's mean is higher,
    to :data:`DECIMALS` decimals: runs with equal means keep their given order).
    """
    i, j = pair_index(values.shape[0]) if pairs is None else pairs
    d = differences(values[i], values[j])
    if orient:
        flip = np.round(d.mean(axis=1), DECIMALS) < 0
        d[flip] *= -1.0
    return i, j, d


TestFunction = Callable[..., np.ndarray]
