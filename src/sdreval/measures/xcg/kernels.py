"""XCG numeric kernels (pure numpy): every measure of one topic from its gain vector ``xG``
and ideal vector ``xI`` (seed 000 §5, SPEC §5).  The formulas live in
:mod:`sdreval.measures.cumgain` (shared with the classic graded measures); this module adds the
batched evaluation of many measures of one topic sharing the cumulated curves.

* ``xCG@k`` = xCG[k] (Eq. 4); ``nxCG@k`` = xCG[k]/xCI[k] (Eq. 5);
  ``MAnxCG@k`` = mean of nxCG[1..k] (Eq. 6);
* ``ep@r`` = pos(xCI, r·xCI[n]) / pos(xCG, r·xCI[n]) (Eq. 13-14 with SPEC §5's pos rule);
* ``iMAep`` = mean ep at 0.1..1.0 (or 0.01..1.00); ``MAep`` = Σ ep at natural points /
  max(n, #natural points); ``Q``, ``R`` (Eq. 11-12, Sakai, β).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..cumgain import (FINE_POINTS, STANDARD_POINTS, TOL, _positions, ep_at, ep_natural,
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


__all__ = ["Request", "topic_values", "pos", "xcg", "nxcg", "nxcg_vector", "ma_nxcg", "ep_at",
           "ep_natural", "i_ma_ep", "ma_ep", "q_measure", "r_measure", "STANDARD_POINTS",
           "FINE_POINTS", "TOL", "_positions"]
