"""XCG numeric kernels (pure numpy): every measure of one topic from its gain vector ``xG``
and ideal vector ``xI`` (Kazai & Lalmas 2006, §5).  The formulas live in
:mod:`sdreval.measures.cumgain` (shared with the classic graded measures); this module adds the
batched evaluation of many measures of one topic sharing the cumulated curves.

* ``xCG@k`` = xCG[k] (Eq. 4); ``nxCG@k`` = xCG[k]/xCI[k] (Eq. 5);
  ``MAnxCG@k`` = mean of nxCG[1..k] (Eq. 6);
* ``ep@r`` = pos(xCI, r·xCI[n]) / pos(xCG, r·xCI[n]) (Eq. 13-14 with docs/xcg.md's pos rule);
* ``iMAep`` = mean ep at 0.1..1.0 (or 0.01..1.00); ``MAep`` = Σ ep at natural points /
  max(n, #natural points); ``Q``, ``R`` (Eq. 11-12, Sakai, β).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..cumgain import (FINE_POINTS, GAIN_EPS, STANDARD_POINTS, TOL, positions, ep_at, ep_natural,
                       i_ma_ep, ma_ep, ma_nxcg, nxcg, nxcg_vector, pos, q_measure, r_measure,
                       xcg)

#: a request: (kind, parameter) with kind in xCG, nxCG, MAnxCG, ep, iMAep, MAep, Q, R.
Request = tuple[str, float]


def topic_values(gains: np.ndarray, ideal: np.ndarray, requests: Sequence[Request]
                 ) -> list[float]:
    """Values of several XCG measures of one topic, sharing the cumulated curves."""
    xg = np.asarray(gains, dtype=np.float64)
    xi = np.asarray(ideal, dtype=np.float64)
    cg = np.cumsum(xg)
    ci = np.cumsum(xi)
    n = xi.size
    total = ci[-1] if n else 0.0
    last_cg = cg[-1] if cg.size else 0.0

    def cum_at(curve: np.ndarray, last: float, k: int) -> float:
        return float(curve[k - 1]) if k <= curve.size else float(last)

    ep_cache: dict[float, float] = {}
    ep_points = sorted({float(p) for kind, p in requests if kind == "ep"})
    if ep_points:
        vals = ep_at(xg, xi, np.array(ep_points))
        ep_cache = dict(zip(ep_points, vals.tolist()))
    out: list[float] = []
    for kind, param in requests:
        if kind == "xCG":
            out.append(cum_at(cg, last_cg, int(param)))
        elif kind == "nxCG":
            k = int(param)
            denominator = cum_at(ci, total, k)
            out.append(cum_at(cg, last_cg, k) / denominator if denominator > 0 else 0.0)
        elif kind == "MAnxCG":
            out.append(ma_nxcg(xg, xi, int(param)))
        elif kind == "ep":
            out.append(float(ep_cache[float(param)]))
        elif kind == "iMAep":
            points = FINE_POINTS if float(param) == 0.01 else STANDARD_POINTS
            out.append(i_ma_ep(xg, xi, points))
        elif kind == "MAep":
            out.append(ma_ep(xg, xi))
        elif kind == "Q":
            out.append(q_measure(xg, xi, float(param)))
        elif kind == "R":
            out.append(r_measure(xg, xi, float(param)))
        else:
            raise ValueError(f"unknown XCG measure kind {kind!r}")
    return out


def _pad(rows: Sequence[np.ndarray], width: int) -> np.ndarray:
    out = np.zeros((len(rows), width))
    for i, row in enumerate(rows):
        out[i, :row.size] = row[:width]
    return out


def _row_mean(matrix: np.ndarray) -> np.ndarray:
    """Mean of each row, summed left to right (a running sum): numpy's ``mean(axis)`` sums a
    row pairwise or in order depending on the array's shape, so a topic's value would change
    with the topics evaluated beside it (``--jobs``, one topic alone)."""
    return np.cumsum(matrix, axis=1)[:, -1] / matrix.shape[1]


#: past this many ranks, MAnxCG@k adds its constant tail in one product (no matrix k wide)
LONG_MEAN = 1 << 20


def _ma_nxcg(k: int, cg: np.ndarray, ci: np.ndarray, last: np.ndarray, safe) -> np.ndarray:
    """MAnxCG@k of every row: the mean of nxCG[1..k], a running sum left to right.  Past the
    row's ``last`` rank (its ranking's and ideal vector's length) nxCG is constant, so for k
    above :data:`LONG_MEAN` the sum is the first ``last`` terms plus (k - last) times the last
    (MAnxCG@1e12 is then computed, not a 10^12-wide matrix)."""
    L, N = cg.shape[1], ci.shape[1]
    width = k if k <= LONG_MEAN else max(L, N)
    jj = np.arange(width)
    values = safe(cg[:, np.minimum(jj, L - 1)], ci[:, np.minimum(jj, N - 1)])
    if k <= LONG_MEAN:
        return _row_mean(values)
    rows = np.arange(values.shape[0])
    head = np.cumsum(values, axis=1)[rows, last - 1]
    return (head + (float(k) - last) * values[:, -1]) / float(k)


def _count_below(curves: np.ndarray, rows: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``(curves[rows[i]] < values[i]).sum()`` for non-decreasing rows of ``curves``: one
    binary search per value, all run side by side.  Exact: a topic's positions never depend on
    the other topics of the batch (offsetting the rows into one flat curve would round them)."""
    width = curves.shape[1]
    lo = np.zeros(values.shape, dtype=np.int64)
    hi = np.full(values.shape, width, dtype=np.int64)
    for _ in range(width.bit_length()):
        mid = (lo + hi) >> 1
        active = lo < hi
        below = active & (curves[rows, np.minimum(mid, width - 1)] < values)
        lo = np.where(below, mid + 1, lo)
        hi = np.where(active & ~below, mid, hi)
    return lo


def batch_values(gains: Sequence[np.ndarray], ideals: Sequence[np.ndarray],
                 requests: Sequence[Request]) -> np.ndarray:
    """:func:`topic_values` for many topics at once: an array ``(len(requests), topics)``.

    Rankings are zero-padded to a common length (a zero gain past the end changes no
    measure), ideal vectors likewise (``xCI`` is then constant past ``n``).  Natural points of
    all topics are handled as one flat array; ``pos`` on the ideal curves is a row-wise binary
    search of all of them at once.
    """
    T = len(gains)
    out = np.zeros((len(requests), T))
    if T == 0:
        return out
    lengths = np.array([np.asarray(g).size for g in gains])
    n = np.array([np.asarray(i).size for i in ideals])
    L, N = max(int(lengths.max()), 1), max(int(n.max()), 1)
    G = _pad([np.asarray(g, dtype=np.float64) for g in gains], L)
    I = _pad([np.asarray(i, dtype=np.float64) for i in ideals], N)
    cg, ci = np.cumsum(G, axis=1), np.cumsum(I, axis=1)
    total = ci[:, -1]
    has = total > 0
    rows = np.arange(T)

    def cg_at(k: int) -> np.ndarray:
        return cg[:, min(k, L) - 1]

    def ci_at(k: int) -> np.ndarray:
        return ci[:, min(k, N) - 1]

    def safe(num: np.ndarray, den: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(den > 0, num / np.where(den > 0, den, 1.0), 0.0)

    def ep_points(points: np.ndarray) -> np.ndarray:
        g = total[:, None] * points[None, :]
        lowered = g - TOL * np.maximum(1.0, np.abs(g))
        # entries below the target gain per row (rows are non-decreasing: cumulated gains)
        k_i = np.minimum(_count_below(ci, rows[:, None], lowered), N - 1)
        k_r = _count_below(cg, rows[:, None], lowered)
        reached = k_r < L
        k_rc = np.minimum(k_r, L - 1)
        pos_i = k_i + safe(g, ci[rows[:, None], k_i])
        pos_r = k_rc + safe(g, cg[rows[:, None], k_rc])
        ep = np.where(reached & (pos_r > 0), safe(pos_i, pos_r), 0.0)
        return np.where(has[:, None], ep, 0.0)

    ep_cache: dict[float, np.ndarray] = {}
    wanted = {float(p) for kind, p in requests if kind == "ep"}
    for kind, p in requests:
        if kind == "iMAep":
            wanted.update((FINE_POINTS if float(p) == 0.01 else STANDARD_POINTS).tolist())
    wanted = sorted(wanted)
    if wanted:
        values = ep_points(np.array(wanted))
        ep_cache = {p: values[:, j] for j, p in enumerate(wanted)}
    natural = None

    def natural_points():
        r_nat, c_nat = np.nonzero(G > GAIN_EPS)
        j = c_nat + 1
        cgv = cg[r_nat, c_nat]
        first = np.searchsorted(r_nat, r_nat, side="left")
        count = np.arange(r_nat.size) - first + 1
        per_row = np.bincount(r_nat, minlength=T)
        return r_nat, j, cgv, count, per_row

    for q_i, (kind, param) in enumerate(requests):
        if kind == "xCG":
            out[q_i] = cg_at(int(param))
        elif kind == "nxCG":
            out[q_i] = safe(cg_at(int(param)), ci_at(int(param)))
        elif kind == "MAnxCG":
            out[q_i] = _ma_nxcg(int(param), cg, ci, np.maximum(np.maximum(lengths, n), 1),
                                safe)
        elif kind == "ep":
            out[q_i] = ep_cache[float(param)]
        elif kind == "iMAep":
            points = FINE_POINTS if float(param) == 0.01 else STANDARD_POINTS
            out[q_i] = _row_mean(np.stack([ep_cache[p] for p in points.tolist()], axis=1))
        elif kind in ("MAep", "Q"):
            if natural is None:
                natural = natural_points()
            r_nat, j, cgv, count, per_row = natural
            denominator = np.maximum(n, per_row).astype(np.float64)
            if kind == "MAep":
                gq = np.minimum(cgv, total[r_nat])
                k = _count_below(ci, r_nat, gq - TOL * np.maximum(1.0, gq))
                k = np.minimum(k, N - 1)
                ep_nat = (k + safe(gq, ci[r_nat, k])) / j
                out[q_i] = safe(np.bincount(r_nat, weights=ep_nat, minlength=T), denominator)
            else:
                beta = float(param)
                ci_min = ci[r_nat, np.minimum(j, np.maximum(n[r_nat], 1)) - 1]
                term = (beta * cgv + count) / (beta * ci_min + j)
                out[q_i] = safe(np.bincount(r_nat, weights=term, minlength=T), denominator)
            out[q_i] = np.where(has, out[q_i], 0.0)
        elif kind == "R":
            beta = float(param)
            nn = np.maximum(n, 1)
            head = cg[rows, np.minimum(nn, L) - 1]
            count_n = np.cumsum(G > GAIN_EPS, axis=1)[rows, np.minimum(nn, L) - 1]
            out[q_i] = np.where(n > 0, safe(beta * head + count_n, beta * total + n), 0.0)
        else:
            raise ValueError(f"unknown XCG measure kind {kind!r}")
    return out


__all__ = ["Request", "topic_values", "batch_values", "pos", "xcg", "nxcg", "nxcg_vector", "ma_nxcg", "ep_at",
           "ep_natural", "i_ma_ep", "ma_ep", "q_measure", "r_measure", "STANDARD_POINTS",
           "FINE_POINTS", "TOL", "positions"]
