"""The rules for the results of one topic of a run, written once for every reader (TREC-like
run files whole or streaming, INEX XML submissions, DataFrames, records and dicts, span and
chunk tables): each rule's detection, vectorised over the rows, and its one message.

* **Ranks out of order** (:func:`rank_disorder`): ranks that go down somewhere in row (file)
  order; one warning per topic, and the rows keep their order (the INEX convention: the
  position in the submission is the rank; ``--order rank`` sorts by rank instead, said per run
  by :func:`sdreval.measures.defaults.rsv_order_hints`).
* **Repeated results** (:func:`repeated_rows`): a result equal to an earlier one of its topic
  (same document and path, or same document, offset and length); a warning, the repeat kept
  (measures decide how a repeat counts: fully seen in XCG, Kazai & Lalmas 2006; characters
  counted once in the passage tasks, Kamps et al. 2008).
* **Overlapping passages** (:func:`overlapping_rows`): a non-empty passage sharing characters
  with an earlier-offset passage of the same document; a warning (the Focused task forbids
  overlap, Kamps et al. 2008; tasks decide at evaluation time).

:func:`topics_with_repeats` and :func:`topics_with_overlaps` tell, for all topics at once and
with a few sorts, which topics may hold a repeat or an overlap, so that readers of many topics
look at those only.
"""
from __future__ import annotations

import numpy as np


# --- ranks out of order --------------------------------------------------------------------
def disorder_in_groups(codes: np.ndarray, ranks: np.ndarray
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For rows grouped by topic code (row order kept within a topic): per topic whose ranks
    go down somewhere, ``(topic code, position of the first rank below the one before it,
    number of such positions)``, topics in code order."""
    codes, ranks = np.asarray(codes), np.asarray(ranks)
    down = np.flatnonzero((codes[1:] == codes[:-1]) & (ranks[1:] < ranks[:-1])) + 1
    if not len(down):
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    topics, first, counts = np.unique(codes[down], return_index=True, return_counts=True)
    return topics, down[first], counts


def rank_disorder(codes: np.ndarray, ranks: np.ndarray) -> list[tuple[int, int, int]]:
    """Per topic whose ranks go down somewhere in row order: ``(row, previous row, count)``
    for the first place they do and the number of such places (rows in any topic order)."""
    from .ordering import grouped_order

    rows = grouped_order(codes)
    _, first, counts = disorder_in_groups(np.asarray(codes)[rows], np.asarray(ranks)[rows])
    return [(int(rows[p]), int(rows[p - 1]), int(k)) for p, k in zip(first, counts)]


def disorder_message(topic: object, count: int, rank: object, previous: object,
                     label: str = "topic", rows: str = "line") -> str:
    """The warning of a topic whose ranks are out of order (``count`` places; the first is
    ``rank`` after ``previous``); ``label`` names the topic (``query`` in span tables), ``rows``
    what is counted (line, row, result).  The reader does not know the ranking order chosen
    later: the rule applied is said per run where it is chosen
    (:func:`sdreval.measures.defaults.rsv_order_hints`)."""
    return (f"{label} {topic}: ranks out of order ({count} {rows}(s); first rank {rank} after "
            f"{previous})")


# --- repeated results ----------------------------------------------------------------------
def repeated_rows(keys: tuple[np.ndarray, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Rows equal to an earlier row in every array of ``keys`` (integer codes; include the
    topic code to look within topics): ``(mask of the repeats, the first row equal to each
    row)``."""
    n = len(keys[0])
    repeat = np.zeros(n, dtype=bool)
    first_of = np.arange(n)
    if n < 2:
        return repeat, first_of
    combined = _combined_key(keys)
    if combined is not None:  # one stable sort of one key: ~5x faster than lexsort
        order = np.argsort(combined, kind="stable")
        ordered = combined[order]
        same = ordered[1:] == ordered[:-1]
    else:
        order = np.lexsort(keys[::-1])  # stable: equal rows keep row order
        same = np.ones(n - 1, dtype=bool)
        for key in keys:
            ordered = np.asarray(key)[order]
            same &= ordered[1:] == ordered[:-1]
    if not same.any():
        return repeat, first_of
    starts = np.concatenate(([True], ~same))  # the first of each group is the earliest row
    first_of[order] = order[np.flatnonzero(starts)][np.cumsum(starts) - 1]
    repeat[order[1:][same]] = True
    return repeat, first_of


def _combined_key(keys: tuple[np.ndarray, ...]) -> np.ndarray | None:
    """One int64 key ordering rows as ``keys`` do (the first most significant), or None when
    a key is not integer or their ranges do not fit together in 62 bits."""
    arrays = [np.asarray(key) for key in keys]
    if not all(a.dtype.kind in "iu" for a in arrays):
        return None
    lows = [int(a.min()) for a in arrays]
    sizes = [int(a.max()) - low + 1 for a, low in zip(arrays, lows)]
    if int(np.prod([float(s) for s in sizes])) >= 1 << 62:
        return None
    combined = np.zeros(len(arrays[0]), dtype=np.int64)
    for a, low, size in zip(arrays, lows, sizes):
        combined *= size
        combined += a.astype(np.int64) - low
    return combined


def repeat_message(result: str, first: str) -> str:
    """The warning of a result (``result``: its document and path or range) repeating the one
    at ``first`` (``line 3``, ``row 2``)."""
    return f"result {result} repeats {first} (kept; measures decide how a repeat counts)"


def topics_with_repeats(topic: np.ndarray, doc: np.ndarray, path: np.ndarray,
                        offset: np.ndarray | None, length: np.ndarray | None,
                        flagged: np.ndarray) -> np.ndarray:
    """Per topic id: True if a result may repeat another (rows of a topic whose mixed
    document code, path and range collide), or if ``flagged`` already (a copy is returned)."""
    suspects = flagged.copy()
    if not len(topic):
        return suspects
    if offset is None and _repeats_counted(topic, doc, path, suspects):
        return suspects
    if len(flagged) >= 1 << 23:  # pragma: no cover - more topics than the key holds: check each
        suspects[:] = True
        return suspects
    mix = np.uint64(0x9E3779B97F4A7C15)
    with np.errstate(over="ignore"):
        rest = doc.astype(np.uint64)
        rest *= mix
        rest += path.astype(np.uint64)
        if offset is not None:
            rest = (rest * mix + offset.astype(np.uint64)) * mix + length.astype(np.uint64)
    rest &= np.uint64((1 << 40) - 1)
    rest |= topic.astype(np.uint64) << np.uint64(40)
    rest.sort()
    same = rest[1:] == rest[:-1]
    if same.any():
        # (each topic as often as it repeats: np.unique would import numpy.ma, ~15 ms)
        suspects[(rest[1:][same] >> np.uint64(40)).astype(np.int64)] = True
    return suspects


def _repeats_counted(topic: np.ndarray, doc: np.ndarray, path: np.ndarray,
                     suspects: np.ndarray) -> bool:
    """:func:`topics_with_repeats` of element and document results by counting each
    ``(topic, document, path)`` cell, when the cells of the rows' range of codes are at most
    four per row (a document run whose documents repeat from topic to topic: no sort of the
    rows); exact, no hash.  False (nothing done) when there would be more cells."""
    first, last = int(topic.min()), int(topic.max())
    docs, paths = int(doc.max()) + 1, int(path.max()) + 1
    if int(doc.min()) < 0 or int(path.min()) < 0 or \
            (last - first + 1) * docs * paths > max(4 * len(topic), 1 << 12):
        return False
    key = (topic.astype(np.int64) - first) * docs + doc
    key *= paths
    key += path
    counts = np.bincount(key, minlength=(last - first + 1) * docs * paths)
    suspects[np.flatnonzero(counts > 1) // (docs * paths) + first] = True
    return True


# --- overlapping passages ------------------------------------------------------------------
def _reach(group: np.ndarray, end: np.ndarray) -> np.ndarray:
    """Running maximum of ``end`` within each run of equal ``group`` numbers (ascending)."""
    big = int(end.max()) + 1
    return np.maximum.accumulate(group * big + end) - group * big


def overlapping_rows(doc: np.ndarray, offset: np.ndarray, length: np.ndarray,
                     skip: np.ndarray) -> list[tuple[int, int]]:
    """Within one topic, in row order: ``(row, other)`` for each non-empty passage that
    overlaps a passage of the same document at a lower (or equal, earlier) offset, ``other``
    being the one of those reaching furthest.  Rows of ``skip`` (repeats) are left out."""
    index = np.flatnonzero((length > 0) & ~skip)
    if len(index) < 2:
        return []
    order = index[np.lexsort((offset[index], doc[index]))]
    d, start = doc[order], offset[order]
    end = start + length[order]
    new_doc = np.concatenate(([True], d[1:] != d[:-1]))
    reach = _reach(np.cumsum(new_doc) - 1, end)
    hit = np.flatnonzero(~new_doc[1:] & (start[1:] < reach[:-1])) + 1
    if not len(hit):
        return []
    hit = hit[np.argsort(order[hit], kind="stable")]
    # the earlier passage reaching furthest: walk back within the document while the ends fall
    # short of the reach (Python over the few overlapping rows, on lists)
    ends, new_docs, reaches, rows = end.tolist(), new_doc.tolist(), reach.tolist(), \
        order.tolist()
    found = []
    for position in hit.tolist():
        lo = position - 1
        while lo > 0 and not new_docs[lo] and ends[lo] < reaches[position - 1]:
            lo -= 1
        found.append((rows[position], rows[lo]))
    return found


def overlap_message(passage: str, other: str, line: int) -> str:
    """The warning of a passage (``doc offset:length``) overlapping ``other``
    (``offset:length``) given on ``line``."""
    return f"passage {passage} overlaps {other} (line {line})"


def topics_with_overlaps(topic: np.ndarray, doc: np.ndarray, offset: np.ndarray,
                         length: np.ndarray, flagged: np.ndarray) -> np.ndarray:
    """Per topic id: True if two non-empty passages of one document may overlap, or if
    ``flagged`` already (a copy is returned).

    Within one document, non-empty passages are disjoint exactly when, with their starts and
    their ends sorted apart, each start but the first is at or after the end before it (at
    any point the passages begun outnumber the passages ended by at most one).  So two plain
    sorts of ``(document, start)`` and ``(document, end)`` keys packed in 64 bits suffice
    (a lexicographic sort when the keys do not fit)."""
    suspects = flagged.copy()
    rows = np.flatnonzero(length > 0)
    if len(rows) < 2:
        return suspects
    t, d, start = topic[rows], doc[rows], offset[rows]
    end = start + length[rows]
    low = int(t.min())
    t_bits = max(int(t.max()) - low, 1).bit_length()
    d_bits = max(int(d.max()), 1).bit_length()
    e_bits = max(int(end.max()), 1).bit_length()
    if d.min() < 0 or t_bits + d_bits + e_bits > 63:
        order = np.lexsort((start, d, t))
        t, d, start, end = t[order], d[order], start[order], end[order]
        new = np.ones(len(order), dtype=bool)
        new[1:] = (t[1:] != t[:-1]) | (d[1:] != d[:-1])
        reach = _reach(np.cumsum(new) - 1, end)
        hit = np.flatnonzero(~new[1:] & (start[1:] < reach[:-1])) + 1
        suspects[t[hit]] = True
        return suspects
    pair = ((t.astype(np.int64) - low) << d_bits | d.astype(np.int64)) << e_bits
    starts = np.sort(pair | start)
    ends = np.sort(pair | end)
    del pair
    same = (starts[1:] >> e_bits) == (starts[:-1] >> e_bits)
    hit = np.flatnonzero(same & (starts[1:] < ends[:-1]))
    if len(hit):
        suspects[(starts[hit] >> (e_bits + d_bits)) + low] = True
    return suspects
