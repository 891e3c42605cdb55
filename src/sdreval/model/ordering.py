"""The one rule that turns rows of a run table into rankings, shared by every table reader
(span and chunk runs in :mod:`sdreval.io.spans`, DataFrames, records and dicts in
:mod:`sdreval.io.frames`) and by the evaluation option ``order="rsv"``:

* with a ``rank`` column, the rows' order within each topic, as a run file's line order (the
  INEX convention); ranks that go down get one warning per topic (:func:`rank_disorder`) and
  ``order="rank"`` sorts by rank;
* with scores only, trec_eval's order (followed by ir_measures and ranx): score descending,
  ties broken by the result's id descending -- the document id, then the element path or the
  span's start and end; the chunk id for chunk-ID runs.  The ranking then does not depend on
  the order of the rows.
"""
from __future__ import annotations

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
    tied = (codes[order][1:] == codes[order][:-1]) & (primary[order][1:] == primary[order][:-1])
    if not tied.any():
        return order
    involved = np.zeros(n, dtype=bool)
    involved[order[1:][tied]] = True
    involved[order[:-1][tied]] = True
    keys = [_descending(key, involved) for key in reversed(ties)]
    return np.lexsort((*keys, primary, codes))


def _descending(key: np.ndarray, involved: np.ndarray) -> np.ndarray:
    """Sort codes putting ``key`` in descending order (only the ``involved`` rows matter)."""
    key = np.asarray(key)
    if key.dtype.kind in "iuf":
        return -key.astype(np.float64) if key.dtype.kind == "f" else -key.astype(np.int64)
    codes = np.zeros(len(key), dtype=np.int64)
    _, inverse = np.unique(key[involved].astype(str), return_inverse=True)
    codes[involved] = -inverse.ravel()
    return codes


def grouped_order(codes: np.ndarray) -> np.ndarray:
    """Rows grouped by topic code, row order kept within each topic (tables with ranks)."""
    codes = np.asarray(codes)
    if len(codes) < 2 or (codes[1:] >= codes[:-1]).all():
        return np.arange(len(codes))
    return np.argsort(codes, kind="stable")


def rank_disorder(codes: np.ndarray, ranks: np.ndarray) -> list[tuple[int, int, int]]:
    """Per topic whose ranks go down somewhere in row order: ``(row, previous row, count)``
    for the first place they do and the number of such places."""
    rows = grouped_order(codes)
    c, r = np.asarray(codes)[rows], np.asarray(ranks)[rows]
    down = np.flatnonzero((c[1:] == c[:-1]) & (r[1:] < r[:-1])) + 1
    if not len(down):
        return []
    _, first, counts = np.unique(c[down], return_index=True, return_counts=True)
    return [(int(rows[p]), int(rows[p - 1]), int(k)) for p, k in zip(down[first], counts)]
