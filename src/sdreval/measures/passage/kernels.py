"""Character-range arithmetic for passage measures (pure numpy, no per-character loops).

Every passage of one topic is placed on a single integer line: document ``u`` (its index among
the documents of the ranking) occupies ``[u·BAND, (u+1)·BAND)``, so a passage ``(doc, offset,
length)`` becomes the half-open interval ``[u·BAND + offset, u·BAND + offset + length)`` and
passages of different documents can never touch.  On that line:

* relevant text is a sorted list of disjoint intervals and :func:`coverage` gives, for any
  interval, how many of its characters are relevant (a cumulative sum and ``searchsorted``);
* :func:`first_cover` cuts the line at every passage boundary into elementary segments and finds,
  for each segment, the best (smallest) rank covering it — so each character is charged once, to
  the first passage retrieving it (HiXEval's ``rov``, Ali, Consens & Lalmas 2012, Eq. 15, and the "count each
  character once" policy of docs/passage-tasks.md for the Focused task).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: width of one document's band on the global character line (4 Gi characters per document).
BAND = np.int64(1) << np.int64(32)


def merge_intervals(starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Union of half-open intervals ``[starts, ends)`` as sorted disjoint intervals.

    Empty intervals are dropped; touching intervals are merged."""
    keep = ends > starts
    s = np.asarray(starts, dtype=np.int64)[keep]
    e = np.asarray(ends, dtype=np.int64)[keep]
    if s.size == 0:
        return s, e
    order = np.argsort(s, kind="stable")
    s, e = s[order], e[order]
    reach = np.maximum.accumulate(e)
    new = np.empty(s.size, dtype=bool)
    new[0] = True
    new[1:] = s[1:] > reach[:-1]
    group = np.cumsum(new) - 1
    merged_e = np.zeros(int(group[-1]) + 1, dtype=np.int64)
    np.maximum.at(merged_e, group, e)
    return s[new], merged_e


def coverage(rel_starts: np.ndarray, rel_ends: np.ndarray, starts: np.ndarray,
             ends: np.ndarray) -> np.ndarray:
    """Relevant characters inside each interval ``[starts, ends)``.

    ``rel_starts``/``rel_ends`` must be sorted and disjoint (see :func:`merge_intervals`), every
    position non-negative (the character line above).
    Uses ``C(x)`` = relevant characters below ``x``; the answer is ``C(end) − C(start)``."""
    starts = np.asarray(starts, dtype=np.int64)
    ends = np.asarray(ends, dtype=np.int64)
    if rel_starts.size == 0:
        return np.zeros(starts.shape, dtype=np.int64)
    # indexed by j = number of relevant intervals starting at or before x: the j-th interval
    # (j-1 0-based; j = 0 an empty one at 0, the line holds no negative x), its length and the
    # relevant characters of the intervals before it
    lens = rel_ends - rel_starts
    first = np.concatenate(([0], rel_starts))
    size = np.concatenate(([0], lens))
    before = np.concatenate(([0, 0], np.cumsum(lens)[:-1]))

    def below(x: np.ndarray) -> np.ndarray:
        j = np.searchsorted(rel_starts, x, side="right")
        return before[j] + np.minimum(x - first[j], size[j])

    return below(ends) - below(starts)


@dataclass
class Segments:
    """Elementary segments of the passages of one ranking.

    ``seg_start``/``seg_len``: the covered segments; ``first``: the smallest rank (0-based row)
    covering each; ``covers``: total (segment, passage) incidences — more than the number of
    covered segments exactly when some passages overlap."""

    seg_start: np.ndarray
    seg_len: np.ndarray
    first: np.ndarray
    covers: int

    @property
    def has_overlap(self) -> bool:
        return self.covers > self.seg_start.size


def rows_by_start(starts: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``rows`` ordered by ``starts`` (positions on the line), ties in row order: a stable
    argsort, done as one plain sort of ``(band, offset, row)`` packed in 64 bits when they fit
    (a few times faster than the stable argsort)."""
    if not rows.size:
        return rows
    s = starts[rows]
    band, offset = s >> np.int64(32), s & np.int64(0xFFFFFFFF)
    r_bits = max(int(rows[-1]), 1).bit_length()
    o_bits = max(int(offset.max()), 1).bit_length()
    b_bits = max(int(band.max()), 1).bit_length()
    if s.min() < 0 or r_bits + o_bits + b_bits > 63:
        return rows[np.argsort(s, kind="stable")]
    key = np.sort((band << np.int64(o_bits + r_bits)) | (offset << np.int64(r_bits))
                  | rows.astype(np.int64))
    return key & np.int64((1 << r_bits) - 1)


def first_cover(starts: np.ndarray, ends: np.ndarray) -> Segments:
    """Cut the line at every boundary; for each covered segment the first row covering it.

    Rows are in rank order.  The expansion costs the number of (segment, passage) incidences,
    i.e. ``O(n)`` for a run without overlaps."""
    starts = np.asarray(starts, dtype=np.int64)
    ends = np.asarray(ends, dtype=np.int64)
    n = starts.size
    if n == 0:
        z = np.zeros(0, dtype=np.int64)
        return Segments(z, z, z, 0)
    rows = np.flatnonzero(ends > starts)
    order = rows_by_start(starts, rows)
    if (ends[order[:-1]] <= starts[order[1:]]).all():
        # no two passages share a character (a Focused run): each is its own segment
        return Segments(starts[order], ends[order] - starts[order], order, int(order.size))
    bounds = np.sort(np.concatenate((starts, ends)))
    bounds = bounds[np.concatenate(([True], bounds[1:] != bounds[:-1]))]
    a = np.searchsorted(bounds, starts)
    b = np.searchsorted(bounds, ends)
    counts = np.maximum(b - a, 0)
    total = int(counts.sum())
    if total == 0:
        z = np.zeros(0, dtype=np.int64)
        return Segments(z, z, z, 0)
    if counts.max() == 1:  # no passage spans several segments (no partial overlap)
        one = counts == 1
        seg, rows = a[one], np.flatnonzero(one)
    else:
        rows = np.repeat(np.arange(n, dtype=np.int64), counts)
        # segment index of each incidence: a_i, a_i+1, ..., b_i-1
        step_start = np.cumsum(counts) - counts
        seg = np.repeat(a, counts) + (np.arange(total, dtype=np.int64)
                                      - np.repeat(step_start, counts))
    best = np.full(bounds.size, n, dtype=np.int64)
    np.minimum.at(best, seg, rows)
    uniq = np.flatnonzero(best < n)
    seg_start = bounds[uniq]
    seg_len = bounds[uniq + 1] - seg_start
    return Segments(seg_start, seg_len, best[uniq], total)


def overlapping_pairs(starts: np.ndarray, ends: np.ndarray) -> int:
    """Number of pairs of non-empty intervals sharing at least one character.

    In start order, interval ``i`` overlaps every earlier one except those ending at or before
    its start: ``i − #{j: e_j ≤ s_i}``."""
    keep = ends > starts
    s = np.sort(np.asarray(starts)[keep])
    e = np.sort(np.asarray(ends)[keep])
    if s.size < 2:
        return 0
    return int((np.arange(s.size) - np.searchsorted(e, s, side="right")).sum())


def overlaps_per_interval(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """For each interval (input order), how many intervals starting before it (in start order)
    overlap it; the sum is :func:`overlapping_pairs`.  Empty intervals count 0."""
    starts = np.asarray(starts)
    ends = np.asarray(ends)
    keep = ends > starts
    out = np.zeros(starts.size, dtype=np.int64)
    idx = np.flatnonzero(keep)
    if idx.size < 2:
        return out
    order = idx[np.argsort(starts[idx], kind="stable")]
    e = np.sort(ends[idx])
    out[order] = np.arange(order.size) - np.searchsorted(e, starts[order], side="right")
    return out


def list_overlaps(starts: np.ndarray, ends: np.ndarray) -> list[tuple[int, int, int]]:
    """Every overlapping pair as ``(row_a, row_b, shared characters)`` with ``row_a < row_b``
    (for error messages; quadratic only in the number of overlapping rows)."""
    order = np.argsort(starts, kind="stable")
    s, e = np.asarray(starts)[order], np.asarray(ends)[order]
    out: list[tuple[int, int, int]] = []
    for i in range(s.size):
        if e[i] <= s[i]:
            continue
        j = i + 1
        while j < s.size and s[j] < e[i]:
            if e[j] > s[j]:
                shared = int(min(e[i], e[j]) - s[j])
                a, b = int(order[i]), int(order[j])
                out.append((min(a, b), max(a, b), shared))
            j += 1
    return sorted(out)


# --------------------------------------------------------------------------------------------
# Focused task / HiXEval (Ali, Consens & Lalmas 2012, Eq. 15-17; Kamps et al., INEX 2007)
# --------------------------------------------------------------------------------------------

def precision_at_ranks(cum_gain: np.ndarray, cum_size: np.ndarray) -> np.ndarray:
    """P[r] = Σ_{i≤r} rsize(e_i) / Σ_{i≤r} size(e_i) (Ali, Consens & Lalmas 2012, Eq. 16); 0 before any text."""
    cum_size = np.asarray(cum_size, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(cum_size > 0, cum_gain / np.where(cum_size > 0, cum_size, 1.0), 0.0)
    return p


def interpolated_precision_monotone(precision: np.ndarray, levels_reached_from: np.ndarray
                                    ) -> np.ndarray:
    """iP at many recall levels when recall is non-decreasing in rank.

    ``levels_reached_from[j]`` is the first rank (0-based) whose recall reaches level j (or
    ``len(precision)`` if none); iP is then the suffix maximum of P from that rank."""
    n = precision.size
    suffix = np.concatenate((np.maximum.accumulate(precision[::-1])[::-1], [0.0]))
    return suffix[np.minimum(levels_reached_from, n)]


def f_beta(rel_ret: np.ndarray, ret: np.ndarray, rel: np.ndarray, beta: float) -> np.ndarray:
    """Relevant-in-context article score: F_β of character precision and recall inside the
    article, F = (1+β²)·P·R / (β²·P + R) (Kamps et al., INEX 2007/2009); 0 without relevant
    text retrieved."""
    rel_ret = np.asarray(rel_ret, dtype=np.float64)
    ok = rel_ret > 0
    p = np.divide(rel_ret, ret, out=np.zeros_like(rel_ret), where=ok)
    r = np.divide(rel_ret, rel, out=np.zeros_like(rel_ret), where=ok)
    b2 = beta * beta
    den = b2 * p + r
    return np.divide((1 + b2) * p * r, den, out=np.zeros_like(rel_ret), where=ok & (den > 0))


def bep_score(entry: np.ndarray, bep: np.ndarray, relevant: np.ndarray, n: int) -> np.ndarray:
    """Best-in-context article score: (n − |BEP − entry|)/n when the distance is at most n,
    else 0; 0 for a non-relevant article (INEX 2008-2010 BiC)."""
    d = np.abs(np.asarray(bep, dtype=np.float64) - entry)
    return np.where(relevant & (d <= n), (n - d) / n, 0.0)
