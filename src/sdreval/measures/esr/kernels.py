"""ESR numeric kernels (Ali, Consens & Lalmas 2012): pure numpy, one topic at a time.

Conventions: a ranking has ``L`` results (singletons, i.e. elements); ``n`` relevant trees
``A``.  ``nav[m, a] = p̃(a; t_m)`` is the probability of stepping from the result at rank
``m + 1`` to relevant tree ``a`` (Eq. 4; zero across documents and when ``t_m`` *is* ``a``).
Arrays indexed by cut-off hold the value at cut-off ``i`` in position ``i - 1``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..segments import row_sums, running_total

#: Tolerance when comparing a recall with a desired recall level (recall 1.73/1.73 must be 1).
RECALL_EPS = 1e-9


def tree_navigation(P: np.ndarray, t_i: Sequence[int], t_j: Sequence[int]) -> float:
    """Ali, Consens & Lalmas 2012, Eq. 4: the probability of seeing tree ``t_i`` by navigating from tree ``t_j``:

    ``p̃(t_i; t_j) = Σ_{e_j ∈ t_j∖t_i} Σ_{e_i ∈ t_i∖t_j} p̃(e_i; e_j) / (|t_i|·|t_j|)``

    ``P[j, i] = p̃(e_i; e_j)`` (row = from), trees given as node indices into ``P``."""
    ti, tj = set(t_i), set(t_j)
    if not ti or not tj:
        return 0.0
    src = np.fromiter(sorted(tj - ti), dtype=np.int64)
    dst = np.fromiter(sorted(ti - tj), dtype=np.int64)
    if src.size == 0 or dst.size == 0:
        return 0.0
    return float(P[np.ix_(src, dst)].sum() / (len(ti) * len(tj)))


def redundancy(nav: np.ndarray) -> np.ndarray:
    """Ali, Consens & Lalmas 2012, Eq. 5 at every cut-off: ``p(a; R_m) = 1 − Π_{j ≤ m} (1 − p̃(a; t_j))``.

    Returns ``seen[m, a] = p(a; R_{m+1})`` (shape of ``nav``)."""
    return 1.0 - np.cumprod(1.0 - np.clip(nav, 0.0, 1.0), axis=0)


@dataclass
class Expectations:
    """E[Hits], E[Near-misses], E[Misses], E[Recall-base] at every cut-off 1..L (Eq. 8–11);
    ``per_*`` hold the contribution of each relevant tree (shape ``L × n``) when asked for."""

    hits: np.ndarray
    near_misses: np.ndarray
    misses: np.ndarray
    recall_base: np.ndarray
    total_rel: float
    per_hits: np.ndarray | None = None
    per_near_misses: np.ndarray | None = None
    per_misses: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.hits)

    def at(self, k: int) -> tuple[float, float, float, float]:
        """``(hits, near_misses, misses, recall_base)`` at cut-off ``k`` (``R_k = R`` when the
        ranking is shorter than ``k``; the empty ranking sees nothing)."""
        if len(self.hits) == 0 or k < 1:
            return 0.0, 0.0, self.total_rel, self.total_rel
        i = min(k, len(self.hits)) - 1
        return (float(self.hits[i]), float(self.near_misses[i]), float(self.misses[i]),
                float(self.recall_base[i]))


def expectations(nav: np.ndarray, rel: np.ndarray, hit_rank: np.ndarray,
                 per_element: bool = False) -> Expectations:
    """Ali, Consens & Lalmas 2012, Eq. 8–11 at every cut-off ``i``:

    * ``E[Hits, R_i]  = Σ_{a ∈ R_i ∩ A} rel(a)·(1 − p(a; R_{m−1}))`` (``m`` = rank of ``a``),
    * ``E[Misses, R_i] = Σ_{a ∈ A∖R_i} rel(a)·(1 − p(a; R_i))``,
    * ``E[Near-misses, R_i] = Σ_{a ∈ A∖R_i} rel(a)·p(a; R_i)``,
    * ``E[Recall-base, R_i]`` = their sum.

    ``nav``: ``L × n`` (see module doc); ``rel``: relevance value of each relevant tree;
    ``hit_rank``: 1-based rank at which each relevant tree is first retrieved (0 = never).

    Sums are added in a fixed order: E[Hits] rank by rank, as Eq. 12 adds SR(R_k); the others
    tree by tree in the trees' order (:func:`.inputs.relevance`).  So a value does not depend
    on the order of the judgements, and results or trees that add 0 change no bit."""
    rel = np.asarray(rel, dtype=float)
    hit_rank = np.asarray(hit_rank, dtype=np.int64)
    L, n = nav.shape if nav.ndim == 2 else (0, len(rel))
    total = running_total(rel)
    if L == 0:
        empty = np.zeros(0)
        return Expectations(empty, empty, empty, empty, total)
    seen = redundancy(nav)                       # p(a; R_i), row i-1
    unseen = 1.0 - seen
    ranks = np.arange(1, L + 1)[:, None]
    retrieved = (hit_rank[None, :] >= 1) & (hit_rank[None, :] <= ranks)   # a ∈ R_i
    # 1 − p(a; R_{m−1}) at the hit rank m (R_0 = ∅ → 1)
    before = np.ones(n)
    hit = hit_rank >= 1
    m = hit_rank[hit]
    before[hit] = np.where(m >= 2, unseen[np.maximum(m - 2, 0), np.flatnonzero(hit)], 1.0)
    gain = rel * before
    per_hits = np.where(retrieved, gain[None, :], 0.0)
    per_nm = np.where(retrieved, 0.0, rel[None, :] * seen)
    per_miss = np.where(retrieved, 0.0, rel[None, :] * unseen)
    # E[Hits] rank by rank (Eq. 12): each tree's gain at its hit rank, one tree a rank at most
    hits = np.cumsum(np.bincount(m - 1, weights=gain[hit], minlength=L)[:L])
    near = row_sums(per_nm)
    miss = row_sums(per_miss)
    result = Expectations(hits, near, miss, hits + near + miss, total)
    if per_element:
        result.per_hits, result.per_near_misses, result.per_misses = per_hits, per_nm, per_miss
    return result


def _safe_div(a: float, b: float) -> float:
    return a / b if b > 0 else 0.0


def esrp(x: Expectations, k: int) -> float:
    """Eq. 13: ``ESRP = E[Hits, R_k, A] / k``."""
    return x.at(k)[0] / k


def esrr(x: Expectations, k: int) -> float:
    """Eq. 14: ``ESRR = (E[Hits] + E[Near-misses]) / E[Recall-base]`` at cut-off ``k``."""
    h, nm, _, rb = x.at(k)
    return _safe_div(h + nm, rb)


def srip(x: Expectations, sizes_cum: np.ndarray, k: int, near_misses: bool = False) -> float:
    """Eq. 18 (SRiP) / Eq. 30 (SRiP2): ``(E[Hits] [+ E[Near-misses]]) / Σ_{i≤k} size(t_i)``."""
    h, nm, _, _ = x.at(k)
    if len(sizes_cum) == 0:
        return 0.0
    return _safe_div(h + (nm if near_misses else 0.0), float(sizes_cum[min(k, len(sizes_cum)) - 1]))


def srir(x: Expectations, k: int, near_misses: bool = False) -> float:
    """Eq. 19 (SRiR) / Eq. 31 (SRiR2): ``(E[Hits] [+ E[Near-misses]]) / T_rel`` with ``T_rel``
    the recall-base at cut-off ``k`` (E[Recall-base, R_k]; this reproduces Table 12)."""
    h, nm, _, rb = x.at(k)
    return _safe_div(h + (nm if near_misses else 0.0), rb)


def nsrcg(x: Expectations, k: int, l: float, m: float, near_misses: bool = False) -> float:
    """Eq. 23–25 (NSRCG) / Eq. 32–34 (NSRCG2): ``CG[k] / CD[k]`` with ``CG[k] = E[Hits, R_k]``
    (+ ``E[Near-misses, R_k]``) and ``CD[k] = k·l·E[Recall-base, R_k]/m``."""
    h, nm, _, rb = x.at(k)
    return _safe_div(h + (nm if near_misses else 0.0), k * l * rb / m)


def srprum(x: Expectations, recall: float, limit: int | None = None) -> tuple[float, int]:
    """Eq. 27–29: ``C`` = first cut-off ``m`` with ``ESRR(R_m) ≥ recall`` (``C = k``, the number
    of results considered, when never reached — Table 14, System 2); ``CL(C) = E[Hits, R_C] +
    E[Near-misses, R_C]`` (binary relevance); ``SRPRUM = CL(C)/C``.  Returns ``(SRPRUM, C)``."""
    L = len(x) if limit is None else min(len(x), limit)
    if L == 0:
        return 0.0, 0
    gain = x.hits[:L] + x.near_misses[:L]
    rb = x.recall_base[:L]
    recall_at = np.divide(gain, rb, out=np.zeros(L), where=rb > 0)
    reached = np.flatnonzero(recall_at >= recall - RECALL_EPS)
    c = int(reached[0]) + 1 if reached.size else L
    # CL(C) counts rank *positions* where the user gains relevant information (Ali, Consens & Lalmas 2012
    # Eq. 27, "expected number of rank positions"): a result whose tree holds several hits
    # still counts once, so each rank contributes at most 1 and SRPRUM stays in [0, 1].
    per_rank = np.minimum(np.diff(gain[:c], prepend=0.0), 1.0)
    return running_total(per_rank) / c, c


#: The 101 recall points of mean-averaged precision (Ali, Consens & Lalmas 2012, §7).
RECALL_POINTS = np.round(np.linspace(0.0, 1.0, 101), 2)


def interpolated(precision: np.ndarray, recall: np.ndarray,
                 points: np.ndarray = RECALL_POINTS) -> np.ndarray:
    """Interpolated precision ``iP[x] = max {P[r] : R[r] ≥ x}`` (0 when recall ``x`` is never
    reached) at every recall point ``x``."""
    if len(precision) == 0:
        return np.zeros(len(points))
    ok = recall[None, :] >= points[:, None] - RECALL_EPS
    return np.where(ok, precision[None, :], 0.0).max(axis=1)


def mean_averaged(precision: np.ndarray, recall: np.ndarray) -> float:
    """Mean of interpolated precision over the 101 recall points 0.00 … 1.00 (Ali, Consens & Lalmas 2012, §7:
    MASRiP, MASRiP2, mean-averaged ESRP)."""
    return float(interpolated(precision, recall).mean())
