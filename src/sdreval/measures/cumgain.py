"""Cumulated-gain kernels shared by the XCG family and the classic graded measures.

Pure numpy functions of two vectors (Kazai & Lalmas 2006, §5.1, §5.3, §5.4):

* ``gains``: the gain ``xG[i]`` of the result at rank ``i`` (1-based in the formulas; any length,
  may be 0);
* ``ideal``: the ideal gain vector ``xI`` sorted descending, of length ``n`` = size of the
  (ideal) recall-base.

Conventions: ``xCG[i] = sum_{j<=i} xG[j]``, ``xCI[i] = sum_{j<=i} xI[j]``; past the end of the
run ``xCG`` stays constant, past ``n`` ``xCI`` stays constant.  *Natural points* are the ranks
with ``xG[i] > 0``.  Comparisons of cumulated gains use a relative tolerance of 1e-9 so that
``0.9 + 0.1 + 0.5`` reaches ``1.5``.
"""
from __future__ import annotations

import numpy as np

#: relative tolerance when comparing cumulated gains (floating-point sums).
TOL = 1e-9
#: gains at or below this are 0 (residues of floating-point budget arithmetic are no natural
#: points).
GAIN_EPS = 1e-12

#: the standard gain-recall points 0.1, 0.2, ..., 1.0 (Kazai & Lalmas 2006, §5.4).
STANDARD_POINTS = np.round(np.arange(1, 11) / 10.0, 10)
#: the optional finer points 0.01, ..., 1.00.
FINE_POINTS = np.round(np.arange(1, 101) / 100.0, 10)


def _as_vector(values) -> np.ndarray:
    return np.asarray(values, dtype=np.float64).reshape(-1)


def positions(cum: np.ndarray, g: np.ndarray) -> np.ndarray:
    """Vectorised :func:`pos` for several gains ``g`` on one non-decreasing curve ``cum``."""
    g = np.asarray(g, dtype=np.float64)
    out = np.full(g.shape, np.inf)
    if cum.size == 0:
        out[g <= 0] = 0.0
        return out
    k = np.searchsorted(cum, g - TOL * np.maximum(1.0, np.abs(g)), side="left")
    reached = k < cum.size
    kk = k[reached]
    with np.errstate(divide="ignore", invalid="ignore"):
        out[reached] = kk + np.where(cum[kk] > 0, g[reached] / cum[kk], 1.0)
    out[g <= 0] = 0.0
    return out


def pos(cum: np.ndarray, g: float) -> float:
    """Rank at which the cumulated-gain curve ``cum`` reaches gain ``g``.

    ``pos(C, g) = (k - 1) + g / C[k]`` with ``k`` the first (1-based) rank where ``C[k] >= g``;
    ``inf`` if the curve never reaches ``g``; 0 for ``g <= 0``.  (Note ``g / C[k]``, not the
    segment interpolation from ``C[k-1]``: this is what reproduces Kazai & Lalmas 2006, Table II.)
    """
    return float(positions(_as_vector(cum), np.asarray([g], dtype=np.float64))[0])


def _curves(gains, ideal) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    xg = _as_vector(gains)
    xi = _as_vector(ideal)
    return xg, np.cumsum(xg), np.cumsum(xi)


def _natural(xg: np.ndarray) -> np.ndarray:
    """0-based indices of the natural points (ranks with gain > 0, i.e. > GAIN_EPS)."""
    return np.flatnonzero(xg > GAIN_EPS)


def xcg(gains, k: int) -> float:
    """``xCG[k] = sum_{j<=k} xG[j]`` (Kazai & Lalmas 2006, Eq. 4); constant past the end of the run."""
    xg = _as_vector(gains)
    return float(xg[: int(k)].sum())


def xci(ideal, k: int) -> float:
    """``xCI[k]``: cumulated ideal gain at rank ``k`` (constant past ``n``)."""
    return float(_as_vector(ideal)[: int(k)].sum())


def nxcg(gains, ideal, k: int) -> float:
    """``nxCG[k] = xCG[k] / xCI[k]`` (Kazai & Lalmas 2006, Eq. 5); 0 when ``xCI[k] = 0``."""
    denominator = xci(ideal, k)
    return xcg(gains, k) / denominator if denominator > 0 else 0.0


def nxcg_vector(gains, ideal, length: int) -> np.ndarray:
    """``nxCG[1..length]`` as an array (the nxCG curve)."""
    length = int(length)
    xg = np.zeros(length)
    g = _as_vector(gains)[:length]
    xg[: g.size] = g
    xi = np.zeros(length)
    i = _as_vector(ideal)[:length]
    xi[: i.size] = i
    cg, ci = np.cumsum(xg), np.cumsum(xi)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(ci > 0, cg / np.where(ci > 0, ci, 1.0), 0.0)


def ma_nxcg(gains, ideal, k: int) -> float:
    """``MAnxCG[k] = (1/k) sum_{j<=k} nxCG[j]`` (Kazai & Lalmas 2006, Eq. 6)."""
    return float(nxcg_vector(gains, ideal, k).mean()) if int(k) > 0 else 0.0


def gain_recall(gains, ideal) -> np.ndarray:
    """``gr[i] = xCG[i] / xCI[n]`` per rank of the run (Kazai & Lalmas 2006, Eq. 14)."""
    xg, cg, ci = _curves(gains, ideal)
    total = ci[-1] if ci.size else 0.0
    return cg / total if total > 0 else np.zeros_like(cg)


def ep_at(gains, ideal, recall_points) -> np.ndarray:
    """Effort-precision at gain-recall points ``r`` (Kazai & Lalmas 2006, Eq. 13).

    ``ep[r] = pos(xCI, r * xCI[n]) / pos(xCG, r * xCI[n])``; 0 where the run never reaches the
    gain ``r * xCI[n]`` (and everywhere when ``xCI[n] = 0``).
    """
    points = np.asarray(recall_points, dtype=np.float64).reshape(-1)
    xg, cg, ci = _curves(gains, ideal)
    total = ci[-1] if ci.size else 0.0
    if total <= 0:
        return np.zeros(points.shape)
    g = points * total
    ideal_pos = positions(ci, g)
    run_pos = positions(cg, g)
    with np.errstate(divide="ignore", invalid="ignore"):
        ep = np.where(np.isfinite(run_pos) & (run_pos > 0), ideal_pos / run_pos, 0.0)
    return ep


def i_ma_ep(gains, ideal, points=None) -> float:
    """``iMAep``: mean of ``ep`` at the standard gain-recall points 0.1..1.0 (or ``points``,
    e.g. :data:`FINE_POINTS`) (Kazai & Lalmas 2006, §5.4)."""
    pts = STANDARD_POINTS if points is None else np.asarray(points, dtype=np.float64)
    return float(ep_at(gains, ideal, pts).mean()) if pts.size else 0.0


def ep_natural(gains, ideal) -> tuple[np.ndarray, np.ndarray]:
    """Effort-precision at the natural points: ``(ranks, ep)`` with
    ``ep = pos(xCI, xCG[i]) / i`` for each rank ``i`` with ``xG[i] > 0``.

    A cumulated gain above the ideal total (only possible when redundant results are credited,
    e.g. duplicates with α < 1 and no near-miss cap) is clipped to the ideal total.
    """
    xg, cg, ci = _curves(gains, ideal)
    idx = _natural(xg)
    if idx.size == 0 or ci.size == 0 or ci[-1] <= 0:
        return idx + 1, np.zeros(idx.size)
    g = np.minimum(cg[idx], ci[-1])
    return idx + 1, positions(ci, g) / (idx + 1)


def ma_ep(gains, ideal) -> float:
    """``MAep`` = sum of ep at the natural points / max(n, number of natural points)
    (Kazai & Lalmas 2006, §5.4).  Relevant content not found contributes 0."""
    xi = _as_vector(ideal)
    _, ep = ep_natural(gains, ideal)
    denominator = max(xi.size, ep.size)
    return float(ep.sum() / denominator) if denominator else 0.0


def q_measure(gains, ideal, beta: float = 1.0) -> float:
    """Sakai's Q-measure over gain vectors (Kazai & Lalmas 2006, Eq. 11).

    ``Q = sum_{natural j} (beta*xCG[j] + count(j)) / (beta*xCI[min(j,n)] + j)``
    divided by ``max(n, number of natural points)``; ``count(j)`` = natural points up to ``j``;
    0 when the ideal vector is empty.
    Kazai & Lalmas 2006, footnotes 12-13 use the plain ideal cumulated gain in the denominator.
    """
    xg, cg, ci = _curves(gains, ideal)
    n = ci.size
    idx = _natural(xg)
    denominator = max(n, idx.size)
    if idx.size == 0 or n == 0:  # nothing found, or nothing to find
        return 0.0
    ranks = idx + 1
    count = np.arange(1, idx.size + 1, dtype=np.float64)
    ideal_cum = ci[np.minimum(ranks, n) - 1] if n else np.zeros(idx.size)
    terms = (beta * cg[idx] + count) / (beta * ideal_cum + ranks)
    return float(terms.sum() / denominator)


def r_measure(gains, ideal, beta: float = 1.0) -> float:
    """R-measure: ``(beta*xCG[n] + count(n)) / (beta*xCI[n] + n)`` (Kazai & Lalmas 2006, Eq. 12)."""
    xg = _as_vector(gains)
    xi = _as_vector(ideal)
    n = xi.size
    if n == 0:
        return 0.0
    head = xg[:n]
    numerator = beta * head.sum() + np.count_nonzero(head > GAIN_EPS)
    return float(numerator / (beta * xi.sum() + n))


__all__ = ["TOL", "GAIN_EPS", "STANDARD_POINTS", "FINE_POINTS", "pos", "xcg", "xci", "nxcg", "nxcg_vector",
           "ma_nxcg", "gain_recall", "ep_at", "i_ma_ep", "ep_natural", "ma_ep", "q_measure",
           "r_measure"]
