"""Classic rank-based measures, vectorised over many ranked lists at once (pure numpy).

Every kernel takes a padded 2-D gain matrix ``G`` (one row per ranked list = (run, topic),
column ``r-1`` = rank ``r``, zeros past the end of a list), an ideal matrix ``I`` (each row the
list's ideal gains sorted descending, zero-padded) and ``R`` (relevant elements per row).
Elements are independent documents (Vu & Gallinari 2005, §2.1).  Notation of Vu & Gallinari 2005, §2.1:
``cg(r) = Σ_{i≤r} g(i)``, ``cig(r)`` the same on the ideal list (constant past its end),
``count(r)`` relevant results among the first ``r``, ``isrel(r)`` 0/1.

A row with ``R = 0`` scores 0.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..segments import row_sums, segmented_cumsum


def pad(rows: Sequence[np.ndarray], width: int | None = None) -> np.ndarray:
    """Stack 1-D arrays into a zero-padded matrix of at least ``width`` columns."""
    longest = max((len(r) for r in rows), default=0)
    width = max(longest, width or 0, 1)
    out = np.zeros((len(rows), width), dtype=np.float64)
    for i, row in enumerate(rows):
        out[i, :len(row)] = row
    return out


def _fit(matrix: np.ndarray, width: int) -> np.ndarray:
    """Truncate or zero-pad the columns of ``matrix`` to ``width``."""
    if matrix.shape[1] >= width:
        return matrix[:, :width]
    out = np.zeros((matrix.shape[0], width), dtype=matrix.dtype)
    out[:, :matrix.shape[1]] = matrix
    return out


def _first(matrix: np.ndarray, k: int) -> np.ndarray:
    """The first ``k`` columns of a 0/1 ``matrix`` (a view: counts need no zero padding, and
    sums of 0/1 values are exact in any order)."""
    return matrix[:, :k]


def _safe_div(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    den = np.asarray(den, dtype=np.float64)
    return np.divide(num, den, out=np.zeros(np.broadcast(num, den).shape), where=den > 0)


def _ranks(width: int) -> np.ndarray:
    return np.arange(1, width + 1, dtype=np.float64)


def _hits(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Sparse view of the relevant ranks: ``rows``, 0-based ``cols`` (row-major order), the
    per-row running ``count`` at each hit and each hit's row start in the hit arrays."""
    rows, cols = np.nonzero(mask)
    per_row = np.bincount(rows, minlength=mask.shape[0])
    starts = np.repeat(np.cumsum(per_row) - per_row, per_row)
    count = np.arange(1, rows.size + 1, dtype=np.float64) - starts
    return rows, cols, count, starts


def _cum_at_hits(G: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                 starts: np.ndarray) -> np.ndarray:
    """``cg(r)`` at the hits (only positive gains change ``cg``, so a cumulative sum over each
    row's hits is enough; accumulated row by row, so a row's values do not depend on the
    others)."""
    bounds = np.concatenate(([0], np.cumsum(np.bincount(rows, minlength=G.shape[0]))))
    return segmented_cumsum(G[rows, cols], bounds)


def _cig_at(I: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """``cig(r)`` at the hits (constant past the end of the ideal list)."""
    if I.shape[1] == 0:
        return np.zeros(rows.size)
    return np.cumsum(I, axis=1)[rows, np.minimum(cols, I.shape[1] - 1)]


def _per_row(rows: np.ndarray, weights: np.ndarray, m: int) -> np.ndarray:
    return np.bincount(rows, weights=weights, minlength=m).astype(np.float64)


def average_precision(isrel: np.ndarray, R: np.ndarray) -> np.ndarray:
    """Binary AP (trec_eval ``map``): ``AP = Σ_r isrel(r)·count(r)/r / R``."""
    rows, cols, count, _ = _hits(isrel)
    return _safe_div(_per_row(rows, count / (cols + 1.0), isrel.shape[0]), R)


def graded_average_precision(G: np.ndarray, R: np.ndarray) -> np.ndarray:
    """Graded AP (Vu & Gallinari 2005, §2.1 Eq. 1, Kekäläinen & Järvelin):
    ``gAP = Σ_r isrel(r)·cg(r)/r / R`` with ``isrel(r) = g(r) > 0``."""
    rows, cols, _, starts = _hits(G > 0)
    cg = _cum_at_hits(G, rows, cols, starts)
    return _safe_div(_per_row(rows, cg / (cols + 1.0), G.shape[0]), R)


def average_weighted_precision(G: np.ndarray, I: np.ndarray, R: np.ndarray) -> np.ndarray:
    """AWP (Sakai; Vu & Gallinari 2005, §2.1 note 3): ``Σ_r isrel(r)·cg(r)/cig(r) / R``."""
    rows, cols, _, starts = _hits(G > 0)
    cg = _cum_at_hits(G, rows, cols, starts)
    return _safe_div(_per_row(rows, _safe_div(cg, _cig_at(I, rows, cols)), G.shape[0]), R)


def q_measure(G: np.ndarray, I: np.ndarray, R: np.ndarray, beta: float = 1.0) -> np.ndarray:
    """Q-measure (Sakai; Vu & Gallinari 2005, §2.1 Eq. 2):
    ``Q = Σ_r isrel(r)·(β·cg(r) + count(r)) / (β·cig(r) + r) / max(R, count(L))``
    (``count(L) <= R`` on flat data without repeats; the max follows docs/xcg.md).

    The batched twin of :func:`sdreval.measures.cumgain.q_measure` on flat data (tested equal).
    Only the relevant ranks are visited (sparse), so the cost is O(hits), not O(ranks).
    """
    rows, cols, count, starts = _hits(G > 0)
    cg = _cum_at_hits(G, rows, cols, starts)
    blended = (beta * cg + count) / (beta * _cig_at(I, rows, cols) + cols + 1.0)
    found = np.bincount(rows, minlength=G.shape[0])
    return _safe_div(_per_row(rows, blended, G.shape[0]), np.maximum(R, found))


def precision_at(isrel: np.ndarray, k: int) -> np.ndarray:
    """``P@k = count(k)/k`` (a list shorter than k counts its missing ranks as non-relevant)."""
    return _first(isrel, k).sum(axis=1, dtype=np.float64) / k


def r_precision(isrel: np.ndarray, R: np.ndarray) -> np.ndarray:
    """``Rprec = count(R)/R``."""
    R = np.asarray(R, dtype=np.int64)
    rows, cols = np.nonzero(isrel)  # the relevant ranks only (no cumulative matrix)
    at_r = _per_row(rows, (cols < R[rows]).astype(np.float64), isrel.shape[0])
    return _safe_div(at_r, R)


#: the gain of grade g, ``shift`` (a column of per-row powers of 2) dividing it by 2^shift
GAIN_FUNCTIONS = {
    "linear": lambda g, shift: g,
    "exp": lambda g, shift: np.exp2(g - shift) - np.exp2(-shift),
}
#: the highest exponent of an exponential gain summed unscaled (2^g overflows a double from
#: g = 1024 on, and a sum of such gains sooner)
EXP_LIMIT = 1000.0


def exp_shift(top: np.ndarray) -> np.ndarray:
    """The power of 2 that scales the exponential gains of rows whose highest grade is ``top``
    below 2^:data:`EXP_LIMIT` (0 for every row up to that grade: their gains as they are)."""
    return np.maximum(np.ceil(top) - EXP_LIMIT, 0.0)


def ndcg_at(G: np.ndarray, I: np.ndarray, k: int | None = None,
            gains: str = "linear") -> np.ndarray:
    """nDCG@k (after Järvelin & Kekäläinen 2002, with trec_eval's discount):
    ``Σ_{r≤k} gain(g(r))/log2(r+1)`` over the same sum
    on the ideal list; ``gains`` is ``linear`` (g) or ``exp`` (2^g − 1, Burges; a row whose
    highest grade passes :data:`EXP_LIMIT` has its gains and ideal gains divided by one power
    of 2 (:func:`exp_shift`), which leaves their ratio as it is and keeps them finite).  Rows
    are summed in blocks (each row's sum is the same; very many topics)."""
    width = max(G.shape[1], I.shape[1])  # past both lists every gain is 0: @k the same
    width = width if k is None else min(k, max(width, 1))
    transform = GAIN_FUNCTIONS[gains]
    discount = 1.0 / np.log2(_ranks(width) + 1.0)
    dcg, idcg = np.empty(G.shape[0]), np.empty(G.shape[0])
    for start in range(0, G.shape[0], _ROWS):
        rows = slice(start, start + _ROWS)
        ideal = _fit(I[rows], width)
        shift = exp_shift(I[rows].max(axis=1, initial=0.0))[:, None]  # (G <= the ideal's top)
        dcg[rows] = row_sums(transform(_fit(G[rows], width), shift) * discount)
        idcg[rows] = row_sums(transform(ideal, shift) * discount)
    return _safe_div(dcg, idcg)


#: rows of a padded matrix made at once
_ROWS = 1 << 14


def _first_hit(isrel: np.ndarray) -> np.ndarray:
    """0-based rank of the first relevant result per row, -1 when none."""
    any_hit = isrel.any(axis=1)
    return np.where(any_hit, np.argmax(isrel, axis=1), -1)


def reciprocal_rank(isrel: np.ndarray, k: int | None = None) -> np.ndarray:
    """``RR = 1/r`` for the first relevant rank ``r`` (within the first k; 0 if none);
    trec_eval ``recip_rank``."""
    first = _first_hit(isrel if k is None else _first(isrel, k))
    return _safe_div((first >= 0).astype(np.float64), first + 1.0)


def recall_at(isrel: np.ndarray, R: np.ndarray, k: int) -> np.ndarray:
    """``Recall@k = count(k)/R``; trec_eval ``recall_k``."""
    return _safe_div(_first(isrel, k).sum(axis=1, dtype=np.float64), R)


def success_at(isrel: np.ndarray, k: int) -> np.ndarray:
    """``Success@k = 1`` if ``count(k) > 0`` else 0; trec_eval ``success_k``."""
    return _first(isrel, k).any(axis=1).astype(np.float64)


def judged_at(judged: np.ndarray, lengths: np.ndarray, k: int | None) -> np.ndarray:
    """``Judged@k = judged(k) / min(k, |list|)``: share of the first k results that have a
    judgement (ir_measures ``Judged``; the whole list without k; 0 for an empty list)."""
    width = judged.shape[1] if k is None else k
    shown = np.minimum(lengths, width)
    return _safe_div(_first(judged, width).sum(axis=1, dtype=np.float64), shown)


def bpref(isrel: np.ndarray, nonrel: np.ndarray, R: np.ndarray, N: np.ndarray) -> np.ndarray:
    """bpref (Buckley & Voorhees 2004; trec_eval ``bpref``):
    ``(1/R) Σ_{r relevant retrieved} (1 − min(n_r, R) / min(R, N))`` where ``n_r`` is the number
    of judged non-relevant results above r and ``N`` the judged non-relevant documents;
    the fraction is 0 when ``n_r = 0``.  Unjudged results are skipped."""
    before = np.cumsum(nonrel, axis=1) - nonrel  # judged non-relevant strictly above each rank
    rows, cols = np.nonzero(isrel)
    n_r = before[rows, cols].astype(np.float64)
    R = np.asarray(R, dtype=np.float64)
    cap = np.minimum(R, np.asarray(N, dtype=np.float64))[rows]
    penalty = np.where(n_r > 0, _safe_div(np.minimum(n_r, R[rows]), cap), 0.0)
    return _safe_div(_per_row(rows, 1.0 - penalty, isrel.shape[0]), R)


def count_at(mask: np.ndarray, k: int | None = None) -> np.ndarray:
    """Number of marked results (within the first k)."""
    return (mask if k is None else _first(mask, k)).sum(axis=1).astype(np.float64)


def interpolated_precision(isrel: np.ndarray, R: np.ndarray, x: float,
                           version: str = "trec9") -> np.ndarray:
    """``IPrec@x``: the highest precision at or after the rank where ``c`` relevant results
    have been seen (0 when fewer are retrieved); trec_eval ``iprec_at_recall_x``.  ``c`` is
    trec_eval 9.x's and pytrec_eval's ``(long)(x·R + 0.9)`` (``version="trec9"``, for recall
    levels in tenths ``ceil(x·R)``) or trec_eval 10.0's ``lround(x·R)`` (``"trec10"``).
    Precision only falls between relevant ranks, so the maximum is over the hits from the
    ``c``-th on."""
    rows, cols, count, _ = _hits(isrel)
    out = np.zeros(isrel.shape[0])
    R = np.asarray(R, dtype=np.float64)
    need = (np.floor(x * R + 0.5) if version == "trec10"
            else np.floor(x * R + 0.9))  # C's lround / (long) cast of positive numbers
    reached = (count >= need[rows]) & (R[rows] > 0)
    np.maximum.at(out, rows[reached], (count / (cols + 1.0))[reached])
    return out


def set_measures(isrel: np.ndarray, R: np.ndarray, lengths: np.ndarray, beta: float
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Set precision, recall and F over the whole retrieved list (trec_eval ``set_P``,
    ``set_recall``, ``set_F``): ``P = count(L)/L``, ``R = count(L)/R``,
    ``F = (x+1)PR/(xP+R)`` with trec_eval's weight ``x = beta`` (van Rijsbergen's β²)."""
    found = isrel.sum(axis=1).astype(np.float64)
    precision = _safe_div(found, lengths)
    recall = _safe_div(found, R)
    f = _safe_div((beta + 1.0) * precision * recall, beta * precision + recall)
    return precision, recall, f


# trec_eval's less common measures: sums run rank by rank, as trec_eval adds its doubles
def set_average_precision(found: np.ndarray, L: np.ndarray, R: np.ndarray) -> np.ndarray:
    """trec_eval ``set_map``: ``count(L)² / (L · R)`` (0 when L or R is 0)."""
    return _safe_div(found * found, L * R)


def set_relative_precision(found: np.ndarray, L: np.ndarray, R: np.ndarray) -> np.ndarray:
    """trec_eval ``set_relative_P``: ``count(L) / min(L, R)`` (0 when L or R is 0)."""
    return _safe_div(found, np.minimum(L, R))


def relative_precision_at(isrel: np.ndarray, R: np.ndarray, k: int) -> np.ndarray:
    """trec_eval ``relative_P_k``: ``count(k) / min(k, R)`` (0 when R is 0)."""
    return _safe_div(isrel[:, :k].sum(axis=1, dtype=np.float64),
                     np.minimum(np.asarray(R, dtype=np.float64), k))


def utility(found: np.ndarray, L: np.ndarray, R: np.ndarray, a: float, b: float,
            c: float) -> np.ndarray:
    """trec_eval ``utility``: ``a·count(L) + b·(L − count(L)) + c·(R − count(L))``."""
    return a * found + b * (L - found) + c * (R - found)


def precision_at_r_multiple(isrel: np.ndarray, R: np.ndarray, x: float) -> np.ndarray:
    """trec_eval ``Rprec_mult_x``: ``count(c) / c`` at ``c = (long)(x·R + 0.9)`` (a list shorter
    than c counts its missing ranks as non-relevant; 0 when c is 0)."""
    c = np.floor(x * np.asarray(R, dtype=np.float64) + 0.9)  # C's (long) of a positive number
    rows, cols = np.nonzero(isrel)
    within = _per_row(rows, (cols < c[rows]).astype(np.float64), isrel.shape[0])
    return _safe_div(within, c)


def binary_g(isrel: np.ndarray, R: np.ndarray) -> np.ndarray:
    """trec_eval ``binG``: ``Σ_{relevant r} 1 / log2(2 + n_r) / R``, ``n_r`` the non-relevant
    results above rank r."""
    rows, cols, count, _ = _hits(isrel)
    return _safe_div(_per_row(rows, 1.0 / np.log2(3.0 + cols - count), isrel.shape[0]),
                     R)


def _discounted(matrix: np.ndarray) -> np.ndarray:
    """Running ``Σ_{i≤r} m(i) / log2(i + 1)`` along each row (added rank by rank)."""
    return np.cumsum(matrix / np.log2(np.arange(matrix.shape[1]) + 2.0), axis=1)


def normalised_g(G: np.ndarray, I: np.ndarray) -> np.ndarray:
    """trec_eval ``G`` (Buckley's experimental normalised gain, its m_G.c): ``Σ_r g(r) /
    log2(2 + cost(r) − cg(r)) / Σ I``, ``cost(r) = Σ_{i≤r} max(I(i), 1)`` (ideal gains
    past the ideal list count 1), ``cg(r)`` the run's cumulated gain."""
    width = max(G.shape[1], 1)
    ideal = _fit(I, width)
    cost = np.cumsum(np.maximum(ideal, 1.0), axis=1)
    G = np.maximum(G, 0.0)  # trec_eval: an unjudged (negative) grade gains 0
    cg = np.cumsum(G, axis=1)
    rows, cols = np.nonzero(G)
    terms = G[rows, cols] / np.log2(2.0 + cost[rows, cols] - cg[rows, cols])
    return _safe_div(_per_row(rows, terms, G.shape[0]), row_sums(I))


def ndcg_rel(G: np.ndarray, I: np.ndarray) -> np.ndarray:
    """trec_eval ``ndcg_rel``: nDCG at each relevant retrieved rank, with ``P − count(L)`` more
    of the whole list's nDCG for the relevant units not retrieved, over ``P`` (the units with
    a positive gain)."""
    G = np.maximum(G, 0.0)  # trec_eval: an unjudged (negative) grade gains 0
    P = np.count_nonzero(I > 0, axis=1)
    width = max(G.shape[1], I.shape[1], 1)
    dcg, idcg = _discounted(_fit(G, width)), _discounted(_fit(I, width))
    rows, cols = np.nonzero(G > 0)
    total = _per_row(rows, dcg[rows, cols] / idcg[rows, cols], G.shape[0])
    missing = (P - np.bincount(rows, minlength=G.shape[0])).astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        total = total + missing * dcg[:, -1] / idcg[:, -1]
    return np.where(total > 0, _safe_div(np.nan_to_num(total), P), 0.0)


def r_ndcg(G: np.ndarray, I: np.ndarray, lengths: np.ndarray, R: np.ndarray) -> np.ndarray:
    """trec_eval ``Rndcg``: the mean of nDCG at each rank c where the ideal gain changes (c
    results of the ideal list, ``min(c, L)`` of the run: ``I(c+1) ≠ I(c)``, the last at c = P),
    and once more over the whole list when it is longer than ``P + 1`` (its m_Rndcg.c); 0 when
    nothing is relevant at trec_eval's relevance level (``R = 0``)."""
    G = np.maximum(G, 0.0)
    P = np.count_nonzero(I > 0, axis=1)
    width = max(G.shape[1], I.shape[1], 1) + 1
    ideal = _fit(I, width)
    dcg, idcg = _discounted(_fit(G, width)), _discounted(ideal)
    # change positions c (1-based count of ideal results before the change), 1 <= c <= P
    change = (ideal[:, 1:] != ideal[:, :-1]) & (np.arange(1, width) <= P[:, None])
    rows, cols = np.nonzero(change)  # cols = c - 1
    seen = np.minimum(cols, lengths[rows] - 1)  # 0-based rank of the run's DCG(min(c, L))
    value = np.where(seen >= 0, dcg[rows, np.maximum(seen, 0)], 0.0) / idcg[rows, cols]
    total = _per_row(rows, value, G.shape[0])
    count = np.bincount(rows, minlength=G.shape[0]).astype(np.float64)
    longer = (lengths > P + 1) & (P > 0)
    last = np.flatnonzero(longer)
    total[last] += dcg[last, lengths[last] - 1] / idcg[last, P[last] - 1]
    count[last] += 1
    return np.where(np.asarray(R) > 0, _safe_div(total, count), 0.0)


def _powers(p: float, width: int) -> np.ndarray:
    """``p^0, p^1, ...``, each the previous times p (trec_eval's running product)."""
    return np.cumprod(np.r_[1.0, np.full(width, p)])


def scaled_rbp(G: np.ndarray, top: np.ndarray, p: float) -> np.ndarray:
    """trec_eval ``rbp``: ``(1 − p) Σ_i g'(i) p^(i−1)``, the grades g' = g / top divided by the
    topic's highest grade ``top`` when it exceeds 1 (its min-max scaling of the gains to [0, 1],
    the lowest gain being grade 0's); a negative grade gains 0."""
    scale = np.where(top > 1, top, 1.0)
    G = np.maximum(G, 0.0)
    rows, cols = np.nonzero(G)
    terms = G[rows, cols] / scale[rows] * _powers(p, G.shape[1])[cols]
    return (1.0 - p) * _per_row(rows, terms, G.shape[0])


def rbp_residual_if_unjudged(unjudged: np.ndarray, lengths: np.ndarray, p: float
                             ) -> np.ndarray:
    """trec_eval ``rbp_resid``: ``p^d + (1 − p) Σ_{unjudged i ≤ d} p^(i−1)`` for a list of d
    results with some unjudged one, else 0."""
    powers = _powers(p, unjudged.shape[1])
    rows, cols = np.nonzero(unjudged)
    total = _per_row(rows, powers[cols], unjudged.shape[0])
    some = np.bincount(rows, minlength=unjudged.shape[0]) > 0
    return np.where(some, powers[lengths] + (1.0 - p) * total, 0.0)
