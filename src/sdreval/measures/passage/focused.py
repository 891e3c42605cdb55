"""INEX 2007-2010 Focused task on passages (Kamps et al., INEX 2007 evaluation measures).

For a ranking of passages p_1..p_n of one topic:

* P[r] = relevant characters retrieved up to rank r / characters retrieved up to rank r,
* R[r] = relevant characters retrieved up to rank r / T_rel (the topic's relevant characters),
* iP[x] = max { P[r] : R[r] ≥ x } (0 when no rank reaches x),
* MAiP = mean of iP[x] over the 101 levels x = 0.00, 0.01, ..., 1.00.

Characters retrieved by several passages count once, at the best rank (SPEC §9 default; INEX
itself rejected such runs).  Recall levels are compared exactly: ``R[r] ≥ x`` is decided in
integers as ``relret·den ≥ num·T_rel`` for ``x = num/den``.  ``compat="inex"`` instead bins
recall as ``floor(100·R)`` in floating point, as inex_eval 1.0 does.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from .kernels import interpolated_precision_monotone, precision_at_ranks
from .topic import PlacedRanking

#: the 101 standard recall levels of MAiP.
MAIP_LEVELS = tuple(Fraction(k, 100) for k in range(101))


def as_fraction(x: float | Fraction) -> Fraction:
    """The recall level as typed (``0.01`` is exactly 1/100, not the nearest binary float)."""
    if isinstance(x, Fraction):
        return x
    return Fraction(repr(float(x))).limit_denominator(10**9)


def first_rank_reaching(cum_gain: np.ndarray, total: float, levels: list[Fraction],
                        compat: bool, exact: bool) -> np.ndarray:
    """For each recall level, the first 0-based rank with R[r] ≥ level (``n`` if none).

    Gains are non-decreasing in rank, so each group of levels sharing a denominator is one
    ``searchsorted``."""
    n = cum_gain.size
    out = np.full(len(levels), n, dtype=np.int64)
    if n == 0 or total <= 0:
        return out
    groups: dict[int, list[int]] = {}
    for j, x in enumerate(levels):
        groups.setdefault(x.denominator, []).append(j)
    if compat:
        # inex_eval 1.0: recall bin floor(100·R) in double precision
        recall = cum_gain / float(total)
        bins = np.floor(100.0 * recall)
        binned = [j for j, x in enumerate(levels) if (x * 100).denominator == 1]
        other = [j for j, x in enumerate(levels) if (x * 100).denominator != 1]
        if binned:
            ks = np.array([float(levels[j] * 100) for j in binned])
            out[binned] = np.searchsorted(bins, ks, side="left")
        if other:
            out[other] = np.searchsorted(recall, [float(levels[j]) for j in other], side="left")
        return out
    for den, members in groups.items():
        nums = np.array([levels[j].numerator for j in members], dtype=np.int64)
        if exact:
            # integers: relret·den ≥ num·T_rel
            scaled = cum_gain.astype(np.int64) * den
            out[members] = np.searchsorted(scaled, nums * int(total), side="left")
        else:
            target = nums / den * float(total)
            out[members] = np.searchsorted(cum_gain, target - 1e-9 * np.maximum(1.0, target),
                                           side="left")
    return out


def focused_values(placed: PlacedRanking, total: int, levels: list[Fraction],
                   compat: bool, alpha: float | None = None) -> tuple[np.ndarray, float]:
    """iP at ``levels`` and MAiP for one topic.

    ``alpha=None``: each character once (numerator and denominator).  ``alpha`` given: HiXEval
    (seed 002 Eq. 15-17) — gain rsize = rel − (1−α)·rov, denominator Σ size(e_i)."""
    if alpha is None:
        new_rel, new_ret = placed.new_characters()
        cum_gain = np.cumsum(new_rel).astype(np.int64)
        cum_size = np.cumsum(new_ret)
        exact = True
    else:
        cum_gain, cum_size = hixeval_cumulative(placed, alpha)
        exact = False
    precision = precision_at_ranks(cum_gain, cum_size)
    all_levels = list(levels) + list(MAIP_LEVELS)
    first = first_rank_reaching(cum_gain, total, all_levels, compat, exact)
    ip = interpolated_precision_monotone(precision, first)
    return ip[:len(levels)], float(ip[len(levels):].mean())


def hixeval_cumulative(placed: PlacedRanking, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """Σ_{i≤r} rsize(e_i) and Σ_{i≤r} size(e_i) (seed 002 Eq. 15-16).

    rel(e) = relevant characters of e; rov(e) = those already retrieved at a better rank;
    rsize(e) = rel(e) − (1−α)·rov(e) = α·rel(e) + (1−α)·(rel(e) − rov(e))."""
    rel_full = placed.passage_relevant().astype(np.float64)
    new_rel, _ = placed.new_characters()
    gain = alpha * rel_full + (1.0 - alpha) * new_rel
    size = (placed.ends - placed.starts).astype(np.float64)
    return np.cumsum(gain), np.cumsum(size)
