"""HiXEval at rank cut-offs (Pehcevski & Thom; seed 002 §6.2, Eq. 15-17).

rsize(e) = rel(e) − (1−α)·rov(e)                          (Eq. 15)
iP@r = Σ_{i≤r} rsize(e_i) / Σ_{i≤r} size(e_i)              (Eq. 16)
iR@r = Σ_{i≤r} rsize(e_i) / T_rel                          (Eq. 17)

α ∈ [0, 1] is the user's tolerance to overlap: α = 1 counts relevant text seen before in full,
α = 0 not at all.  Past the end of a ranking nothing more is retrieved, so the values at the
last rank hold.
"""
from __future__ import annotations

import numpy as np

from .focused import hixeval_cumulative
from .kernels import precision_at_ranks
from .topic import PlacedRanking


def hixeval_at(placed: PlacedRanking, total: int, alpha: float, ranks: list[int]
               ) -> tuple[np.ndarray, np.ndarray]:
    """(iP@r, iR@r) at each cut-off in ``ranks`` for one topic."""
    if placed.n == 0:
        z = np.zeros(len(ranks))
        return z, z.copy()
    cum_gain, cum_size = hixeval_cumulative(placed, alpha)
    precision = precision_at_ranks(cum_gain, cum_size)
    recall = cum_gain / total if total > 0 else np.zeros_like(cum_gain)
    idx = np.minimum(np.asarray(ranks, dtype=np.int64), placed.n) - 1
    return precision[idx], recall[idx]
