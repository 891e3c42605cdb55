"""Numeric kernels of the span measures: sorted interval unions on one integer line, no loop
over characters, results or topics.

Every (topic, document) pair ``u`` of a run and its judgements gets a band
``[u·BAND, (u+1)·BAND)`` of one integer line, so a span becomes a half-open interval of that
line and spans of different topics or documents never touch.  :func:`build_pieces` cuts the
line at every boundary of a retrieved span and of a gold span; each elementary piece covered
by the ranking is charged to the best-ranked span covering it (characters counted once), and
is either wholly relevant or wholly not.  Every span measure is a sum over pieces in rank
order (rank, then document order inside a span):

* set measures at k: relevant and retrieved characters of the rows ranked 1..k;
* length budget N: the first N characters of the pieces in that order;
* character AP: a closed form per relevant piece (:func:`charmap_sums`);
* coverage of gold spans: pieces inside each gold span, cumulated in rank order
  (:func:`first_found_rank`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..passage.kernels import BAND, first_cover, merge_intervals

__all__ = ["BAND", "Pieces", "build_pieces", "prefix_sums_at", "budget_sums", "charmap_sums",
           "first_found_rank", "segmented_cumsum"]


@dataclass
class Pieces:
    """Elementary pieces of the retrieved text, ordered by (row, start).

    ``row``: the best-ranked row covering the piece; ``start``/``length`` on the line;
    ``relevant``: inside the gold text.  ``new_ret``/``new_rel``: per row, the characters it
    retrieves that no better-ranked row retrieved (all, relevant)."""

    row: np.ndarray
    start: np.ndarray
    length: np.ndarray
    relevant: np.ndarray
    new_ret: np.ndarray
    new_rel: np.ndarray


def build_pieces(starts: np.ndarray, ends: np.ndarray, gold_starts: np.ndarray,
                 gold_ends: np.ndarray) -> Pieces:
    """Pieces of the union of the rows ``[starts, ends)`` (rows in rank order, topics as
    consecutive blocks), cut at every gold boundary too: the elementary segments of
    :func:`~sdreval.measures.passage.kernels.first_cover` (each with its best-ranked row),
    split where a gold range starts or ends inside them."""
    n = np.asarray(starts).size
    segments = first_cover(starts, ends)
    seg_start = segments.seg_start
    seg_end = seg_start + segments.seg_len
    cuts = np.sort(np.concatenate((seg_start, seg_end, np.asarray(gold_starts, dtype=np.int64),
                                   np.asarray(gold_ends, dtype=np.int64))))
    cuts = cuts[np.concatenate(([True], cuts[1:] != cuts[:-1]))] if cuts.size else cuts
    owner = np.searchsorted(seg_start, cuts, side="right") - 1
    inside = np.flatnonzero((owner >= 0) & (cuts < seg_end[np.maximum(owner, 0)])) \
        if seg_start.size else np.zeros(0, dtype=np.int64)
    piece_start = cuts[inside]
    piece_len = cuts[inside + 1] - piece_start  # a segment's end is always a later cut
    piece_row = segments.first[owner[inside]]
    gs, ge = merge_intervals(gold_starts, gold_ends)
    if gs.size:
        i = np.searchsorted(gs, piece_start, side="right") - 1
        relevant = (i >= 0) & (piece_start < ge[np.maximum(i, 0)])
    else:
        relevant = np.zeros(piece_start.size, dtype=bool)
    order = np.argsort(piece_row, kind="stable")  # pieces are in start order already
    piece_row, piece_start = piece_row[order], piece_start[order]
    piece_len, relevant = piece_len[order], relevant[order]
    new_ret = np.bincount(piece_row, weights=piece_len, minlength=n)
    new_rel = np.bincount(piece_row, weights=piece_len * relevant, minlength=n)
    return Pieces(piece_row, piece_start, piece_len, relevant, new_ret, new_rel)


def segmented_cumsum(values: np.ndarray, segment: np.ndarray, n_segments: int) -> np.ndarray:
    """Inclusive cumulative sums of ``values`` restarting at each segment (``segment`` sorted)."""
    cs = np.cumsum(values, dtype=np.float64)
    if cs.size == 0:
        return cs
    totals = np.bincount(segment, weights=values, minlength=n_segments)
    before = np.concatenate(([0.0], np.cumsum(totals)))[:-1]
    return cs - before[segment]


def prefix_sums_at(values: np.ndarray, bounds: np.ndarray, k: int | None) -> np.ndarray:
    """Per block ``[bounds[b], bounds[b+1])``: the sum of its first ``k`` values (all if None)."""
    cs = np.concatenate(([0.0], np.cumsum(values, dtype=np.float64)))
    lo, hi = bounds[:-1], bounds[1:]
    end = hi if k is None else np.minimum(hi, lo + k)
    return cs[end] - cs[lo]


def _piece_topics(pieces: Pieces, row_block: np.ndarray) -> np.ndarray:
    return row_block[pieces.row]


def budget_sums(pieces: Pieces, row_block: np.ndarray, bounds: np.ndarray, k: int | None,
                budget: int) -> tuple[np.ndarray, np.ndarray]:
    """Per block: retrieved and relevant characters among the first ``budget`` new characters
    of rows 1..k, in rank order and document order inside a row (the piece crossing the
    budget is cut after its first remaining characters)."""
    n_blocks = bounds.size - 1
    block = _piece_topics(pieces, row_block)
    keep = np.ones(block.size, dtype=bool) if k is None else (
        pieces.row < bounds[:-1][block] + k)
    block = block[keep]
    length = pieces.length[keep].astype(np.float64)
    relevant = pieces.relevant[keep]
    before = segmented_cumsum(length, block, n_blocks) - length
    taken = np.clip(budget - before, 0.0, length)
    ret = np.bincount(block, weights=taken, minlength=n_blocks)
    rel = np.bincount(block, weights=taken * relevant, minlength=n_blocks)
    return ret, rel


def charmap_sums(pieces: Pieces, row_block: np.ndarray, n_blocks: int) -> np.ndarray:
    """Per block: Σ precision(p) over the relevant characters, walking the ranking character
    by character (rows in rank order, each row's new characters in document order).

    A relevant piece of ``L`` characters after ``p0`` retrieved and ``r0`` relevant characters
    adds Σ_{i=1..L} (r0+i)/(p0+i) = L − (p0−r0)·(ψ(p0+L+1) − ψ(p0+1)), ψ the digamma
    function (no per-character loop)."""
    from scipy.special import digamma

    block = _piece_topics(pieces, row_block)
    length = pieces.length.astype(np.float64)
    rel_len = length * pieces.relevant
    p0 = segmented_cumsum(length, block, n_blocks) - length
    r0 = segmented_cumsum(rel_len, block, n_blocks) - rel_len
    sel = pieces.relevant
    L, p, r = length[sel], p0[sel], r0[sel]
    gap = p - r
    contribution = L.copy()
    positive = gap > 0
    contribution[positive] -= gap[positive] * (digamma(p[positive] + L[positive] + 1)
                                               - digamma(p[positive] + 1))
    return np.bincount(block[sel], weights=contribution, minlength=n_blocks)


def first_found_rank(pieces: Pieces, gold_starts: np.ndarray, gold_ends: np.ndarray,
                     taus: list[float]) -> dict[float, np.ndarray]:
    """For each τ and gold span g: the first row whose prefix of the ranking covers at least
    τ·|g| characters of g (``-1`` if none).  Pieces are cut at every gold boundary, so each
    lies wholly inside or outside g."""
    gs = np.asarray(gold_starts, dtype=np.int64)
    ge = np.asarray(gold_ends, dtype=np.int64)
    n_gold = gs.size
    out = {tau: np.full(n_gold, -1, dtype=np.int64) for tau in taus}
    if n_gold == 0 or pieces.start.size == 0:
        return out
    rel = np.flatnonzero(pieces.relevant)
    by_start = rel[np.argsort(pieces.start[rel], kind="stable")]
    ps = pieces.start[by_start]
    lo = np.searchsorted(ps, gs, side="left")
    hi = np.searchsorted(ps, ge, side="left")
    counts = hi - lo
    total = int(counts.sum())
    if total == 0:
        return out
    gold = np.repeat(np.arange(n_gold, dtype=np.int64), counts)
    first = np.cumsum(counts) - counts
    piece = by_start[np.repeat(lo, counts) + (np.arange(total) - np.repeat(first, counts))]
    row = pieces.row[piece]
    order = np.lexsort((row, gold))
    gold, row = gold[order], row[order]
    covered = segmented_cumsum(pieces.length[piece][order].astype(np.float64), gold, n_gold)
    size = (ge - gs).astype(np.float64)[gold]
    for tau in taus:
        reached = np.flatnonzero(covered >= tau * size - 1e-9 * size)
        if reached.size:
            found_gold, at = np.unique(gold[reached], return_index=True)
            out[tau][found_gold] = row[reached[at]]
    return out
