"""The one rule that turns rows of a run table into rankings, shared by every table reader
(span and chunk runs in :mod:`sdreval.io.spans`, DataFrames, records and dicts in
:mod:`sdreval.io.frames`) and by the evaluation option ``order="rsv"``:

* with a ``rank`` column, the rows' order within each topic, as a run file's line order (the
  INEX convention); ranks that go down get one warning per topic
  (:func:`sdreval.model.result_rules.rank_disorder`) and
  ``order="rank"`` sorts by rank;
* with scores only, trec_eval's order (followed by ir_measures and ranx): score descending,
  ties broken by the result's id descending -- the document id, then the element path or the
  span's start and end; the chunk id for chunk-ID runs.  The ranking then does not depend on
  the order of the rows.
"""
from __future__ import annotations

from typing import Iterable

import numpy as np


def trec_order(scores: np.ndarray, ties: tuple[np.ndarray, ...],
               codes: np.ndarray | None = None) -> np.ndarray:
    """The permutation ranking rows by ``codes`` (topic codes, ascending: topics grouped),
    then score descending, then each array of ``ties`` descending, the first one first
    (strings compare as trec_eval's ``strcmp``: by code point)."""
    n = len(scores)
    codes = np.zeros(n, dtype=np.int64) if codes is None else np.asarray(codes)
    primary = -np.asarray(scores, dtype=np.float64)
    if n < 2:
        return np.arange(n)
    same_topic = codes[1:] == codes[:-1]
    if (codes[1:] >= codes[:-1]).all() and (~same_topic | (primary[1:] > primary[:-1])).all():
        return np.arange(n)  # already grouped and ranked, no tie: no sort
    order = np.lexsort((primary, codes))
    c, p = codes[order], primary[order]
    tied = (c[1:] == c[:-1]) & (p[1:] == p[:-1])
    if not tied.any():
        return order
    # re-sort only the runs of tied rows (contiguous in ``order``) by the tie keys
    group = np.cumsum(np.concatenate(([True], ~tied)))
    places = np.flatnonzero(np.concatenate((tied, [False])) | np.concatenate(([False], tied)))
    rows = order[places]
    keys = [_descending(np.asarray(key)[rows]) for key in reversed(ties)]
    order[places] = rows[np.lexsort((*keys, group[places]))]
    return order


def _descending(key: np.ndarray) -> np.ndarray:
    """Sort codes putting ``key`` in descending order."""
    if key.dtype.kind in "iu":
        return -key.astype(np.int64)
    if key.dtype.kind == "f":
        return -key
    _, inverse = np.unique(key.astype(str), return_inverse=True)
    return -inverse.ravel()


def grouped_order(codes: np.ndarray) -> np.ndarray:
    """Rows grouped by topic code, row order kept within each topic (tables with ranks)."""
    codes = np.asarray(codes)
    if len(codes) < 2 or (codes[1:] >= codes[:-1]).all():
        return np.arange(len(codes))
    return np.argsort(codes, kind="stable")


def topic_sort_key(topic: object) -> tuple:
    """The order of topics in every output: numeric topic ids first, in numeric order, then
    the others as strings (``isdecimal``: ``'²'`` is not a number to ``int``)."""
    text = str(topic)
    return (0, int(text), "") if text.isdecimal() else (1, 0, text)


def sort_topics(topics: Iterable) -> list:
    """``sorted(topics, key=topic_sort_key)`` without a key object per topic (runs and qrels
    of very many topics): decimal ids ordered by their value (stable), then the others as
    strings."""
    topics = list(topics)
    if not all(type(t) is str for t in topics):
        return sorted(topics, key=topic_sort_key)
    decimal = [t for t in topics if t.isdecimal()]
    if any(len(t) > 18 for t in decimal):  # beyond int64: the keys decide
        return sorted(topics, key=topic_sort_key)
    others = sorted(t for t in topics if not t.isdecimal()) if len(decimal) < len(topics) else []
    values = np.fromiter(map(int, decimal), dtype=np.int64, count=len(decimal))
    return [decimal[i] for i in np.argsort(values, kind="stable").tolist()] + others
