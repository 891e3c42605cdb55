"""INEX 2007-2010 Focused task on passages (Kamps et al., INEX 2007 evaluation measures).

For a ranking of passages p_1..p_n of one topic:

* P[r] = relevant characters retrieved up to rank r / characters retrieved up to rank r,
* R[r] = relevant characters retrieved up to rank r / T_rel (the topic's relevant characters),
* iP[x] = max { P[r] : R[r] ≥ x } (0 when no rank reaches x),
* MAiP = mean of iP[x] over the 101 levels x = 0.00, 0.01, ..., 1.00.

Characters retrieved by several passages count once, at the best rank (docs/passage-tasks.md default; INEX
itself rejected such runs).  Recall levels are compared exactly: ``R[r] ≥ x`` is decided in
integers as ``relret·den ≥ num·T_rel`` for ``x = num/den``.  ``compat="inex"`` instead bins
recall as ``floor(100·R)`` in floating point, as inex_eval 1.0 does.

With an explicit HiXEval tolerance α the gain is rsize = rel − (1−α)·rov (Ali, Consens & Lalmas 2012, Eq. 15)
and the denominator Σ size(e_i) (Eq. 16), see :mod:`.hixeval`.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from .kernels import interpolated_precision_monotone, precision_at_ranks

#: the 101 standard recall levels of MAiP.
MAIP_LEVELS = tuple(Fraction(k, 100) for k in range(101))


def as_fraction(x: float | Fraction) -> Fraction:
    """The recall level as typed (``0.01`` is exactly 1/100, not the nearest binary float)."""
    if isinstance(x, Fraction):
        return x
    return Fraction(repr(float(x))).limit_denominator(10**9)


class Levels:
    """Recall levels asked for (``iP@x``) followed by the 101 MAiP levels, grouped once so that
    each topic needs one ``searchsorted`` per distinct denominator."""

    def __init__(self, asked: list[float | Fraction]):
        self.asked = [as_fraction(x) for x in asked]
        self.all = self.asked + list(MAIP_LEVELS)
        groups: dict[int, list[int]] = {}
        for j, x in enumerate(self.all):
            groups.setdefault(x.denominator, []).append(j)
        self.groups = [(np.asarray(idx), np.array([self.all[j].numerator for j in idx],
                                                  dtype=np.int64), den)
                       for den, idx in groups.items()]
        binned = [j for j, x in enumerate(self.all) if (x * 100).denominator == 1]
        other = [j for j, x in enumerate(self.all) if (x * 100).denominator != 1]
        self.binned = (np.asarray(binned, dtype=np.int64),
                       np.array([float(self.all[j] * 100) for j in binned]))
        self.other = (np.asarray(other, dtype=np.int64),
                      np.array([float(self.all[j]) for j in other]))

        # the levels in increasing order (first ranks then increase too): many topics at once
        self.order = np.asarray(sorted(range(len(self.all)), key=self.all.__getitem__),
                                dtype=np.int64)

    def __len__(self) -> int:
        return len(self.all)


@lru_cache(maxsize=64)
def levels_of(asked: tuple[float, ...]) -> Levels:
    """The :class:`Levels` of the asked recall levels, built once per process."""
    return Levels(list(asked))


def first_rank_reaching(cum_gain: np.ndarray, total: float, levels: Levels,
                        compat: bool, exact: bool) -> np.ndarray:
    """For each recall level, the first 0-based rank with R[r] ≥ level (``n`` if none).

    Gains are non-decreasing in rank, so each group of levels is one ``searchsorted``.
    Exact mode decides ``relret/T_rel ≥ num/den`` in integers as ``relret·den ≥ num·T_rel``;
    ``compat`` bins recall as inex_eval 1.0 does, ``floor(100·R)`` in double precision."""
    n = cum_gain.size
    out = np.full(len(levels), n, dtype=np.int64)
    if n == 0 or total <= 0:
        return out
    if compat:
        recall = cum_gain / float(total)
        idx, ks = levels.binned
        if idx.size:
            out[idx] = np.searchsorted(np.floor(100.0 * recall), ks, side="left")
        idx, xs = levels.other
        if idx.size:
            out[idx] = np.searchsorted(recall, xs, side="left")
        return out
    for idx, nums, den in levels.groups:
        if exact and int(total) * int(den) < 2**62:
            scaled = cum_gain.astype(np.int64) * den
            out[idx] = np.searchsorted(scaled, nums * int(total), side="left")
        else:
            target = nums / den * float(total)
            out[idx] = np.searchsorted(cum_gain, target - 1e-9 * np.maximum(1.0, target),
                                       side="left")
    return out


def focused_from_cumulative(cum_gain: np.ndarray, cum_size: np.ndarray, total: int,
                            levels: Levels, compat: bool, exact: bool
                            ) -> tuple[np.ndarray, float]:
    """iP at the asked levels and MAiP of one topic from its cumulative gain and size."""
    precision = precision_at_ranks(cum_gain, cum_size)
    first = first_rank_reaching(cum_gain, total, levels, compat, exact)
    ip = interpolated_precision_monotone(precision, first)
    k = len(levels.asked)
    return ip[:k], float(ip[k:].mean())


def focused_blocks(cum_gain: np.ndarray, cum_size: np.ndarray, bounds: np.ndarray,
                   chosen: np.ndarray, totals: np.ndarray, levels: Levels, compat: bool
                   ) -> tuple[np.ndarray, list[float]] | None:
    """:func:`focused_from_cumulative` of many topics at once, with integer gains (each
    character counted once): ``cum_gain`` (int64) and ``cum_size`` restart at each block
    ``bounds[b]:bounds[b+1]``; ``chosen``: the blocks wanted (each non-empty, ``totals`` > 0).
    The same comparisons and the same maxima as topic by topic, so the same values: the
    first rank reaching each level is one ``searchsorted`` over the whole run (block number
    and recall folded into one non-decreasing key), and iP the maximum of P over the ranks
    from there (``maximum.reduceat`` between consecutive first ranks, then a maximum from
    the right).  Returns ``(iP at the asked levels per block, MAiP per block)``, or None
    where the key could overflow or a level needs the floating-point search (the caller
    then goes topic by topic)."""
    sizes = np.diff(bounds)
    row_block = np.repeat(np.arange(sizes.size, dtype=np.int64), sizes)
    hi = bounds[chosen + 1]
    total_of = np.ones(sizes.size, dtype=np.int64)
    total_of[chosen] = totals
    ordered = [levels.all[j] for j in levels.order.tolist()]
    first = np.empty((chosen.size, len(ordered)), dtype=np.int64)
    if compat:
        if levels.other[0].size:
            return None
        recall = cum_gain / total_of[row_block].astype(np.float64)
        width = 102.0  # binned recall 0..100, above clipped to 101
        key = row_block * width + np.minimum(np.floor(100.0 * recall), 101.0)
        ks = np.array([float(x * 100) for x in ordered])
        first[:] = np.searchsorted(key, (chosen * width)[:, None] + ks[None, :], side="left")
    else:
        top = int(max(int(cum_gain.max(initial=0)), int(totals.max(initial=0))))
        for den in {x.denominator for x in ordered}:
            cols = np.array([j for j, x in enumerate(ordered) if x.denominator == den])
            nums = np.array([ordered[j].numerator for j in cols], dtype=np.int64)
            width = top * den + 1
            if sizes.size * width >= 2**62:
                return None
            key = row_block * width + cum_gain * den
            targets = (chosen * width)[:, None] + totals[:, None] * nums[None, :]
            first[:, cols] = np.searchsorted(key, targets, side="left")
    first = np.minimum(first, hi[:, None])
    cum_size = np.asarray(cum_size, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = np.where(cum_size > 0, cum_gain / np.where(cum_size > 0, cum_size, 1.0),
                             0.0)
    starts = np.concatenate((first, hi[:, None]), axis=1).ravel()
    chunks = np.maximum.reduceat(np.append(precision, 0.0), starts)
    chunks[np.append(starts[1:] == starts[:-1], True)] = 0.0
    chunks = chunks.reshape(chosen.size, -1)[:, :-1]
    suffix = np.maximum.accumulate(chunks[:, ::-1], axis=1)[:, ::-1]
    ip = np.empty(suffix.shape)
    ip[:, levels.order] = suffix
    k = len(levels.asked)
    return ip[:, :k], [float(row[k:].mean()) for row in ip]
