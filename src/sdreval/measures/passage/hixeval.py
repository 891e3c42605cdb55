"""HiXEval (Pehcevski & Thom; Ali, Consens & Lalmas 2012, §6.2, Eq. 15-17).

rsize(e) = rel(e) − (1−α)·rov(e)                          (Eq. 15)
iP@r = Σ_{i≤r} rsize(e_i) / Σ_{i≤r} size(e_i)              (Eq. 16)
iR@r = Σ_{i≤r} rsize(e_i) / T_rel                          (Eq. 17)

rel(e) = relevant characters of passage e; rov(e) = those already retrieved by a better-ranked
passage; α ∈ [0, 1] is the user's tolerance to overlap (α = 1 counts relevant text seen before
in full, α = 0 not at all).  Past the end of a ranking nothing more is retrieved, so the values
at the last rank hold.
"""
from __future__ import annotations

import numpy as np

from .kernels import precision_at_ranks


def rsize(rel_full: np.ndarray, new_rel: np.ndarray, alpha: float) -> np.ndarray:
    """Eq. 15 with rov = rel − (relevant characters first retrieved here):
    rsize = α·rel + (1−α)·(rel − rov)."""
    return alpha * rel_full + (1.0 - alpha) * new_rel


def hixeval_at(cum_gain: np.ndarray, cum_size: np.ndarray, total: int, ranks: list[int]
               ) -> tuple[np.ndarray, np.ndarray]:
    """(iP@r, iR@r) at each cut-off in ``ranks`` for one topic (Eq. 16-17)."""
    n = cum_gain.size
    if n == 0:
        z = np.zeros(len(ranks))
        return z, z.copy()
    precision = precision_at_ranks(cum_gain, cum_size)
    recall = cum_gain / total if total > 0 else np.zeros(n)
    idx = np.minimum(np.asarray(ranks, dtype=np.int64), n) - 1
    return precision[idx], recall[idx]
