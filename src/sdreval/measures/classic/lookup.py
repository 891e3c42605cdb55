"""What the classic measures read of a run joined to the judgements
(:func:`sdreval.measures.classic.join.run_lookup`): a value and flags per result, topics laid
out at offsets, and the padded topics × ranks matrices made from them a block of topics at a
time, so that memory stays bounded whatever the number of topics.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

#: results handled at once when a matrix is filled (bounds the temporary arrays)
CHUNK = 1 << 18


@dataclass
class RunLookup:
    """Per result of a run (topics concatenated in the given order, ranks in list order).

    ``q``: quantised value (0 when not assessed); ``judged``: the result is assessed (any
    value); ``repeat``: ``q > 0`` and the same ``(doc, path)`` came earlier in the list;
    ``nested``: some result of a document with content is not assessed and lies below a root
    (it may overlap an assessed element); ``none_paths``: some result of a document with
    content has no path (read as the root); ``unknown_docs``: results of documents not judged
    for their topic."""

    offsets: np.ndarray
    q: np.ndarray
    judged: np.ndarray
    repeat: np.ndarray
    unknown_docs: int
    nested: bool
    none_paths: bool

    def lengths(self) -> np.ndarray:
        """Results per topic."""
        return np.diff(self.offsets)

    def topics_of(self, results: np.ndarray) -> np.ndarray:
        """The topic (position in the evaluated topics) of each of ``results``."""
        return topic_of_rows(self.offsets, results)

    def split(self, values: np.ndarray) -> list[np.ndarray]:
        """``values`` (one per result) cut into one array per topic."""
        return [values[self.offsets[i]:self.offsets[i + 1]] for i in range(self.offsets.size - 1)]

    def width(self) -> int:
        """Columns of :meth:`matrix`: the longest list (at least one)."""
        return max(int(np.diff(self.offsets).max(initial=0)), 1)

    def blocks(self, cells: int = 1 << 18) -> list[slice]:
        """Consecutive topic ranges whose :meth:`matrix` holds about ``cells`` values (at least
        one topic each): the measures are computed a block at a time, so that the padded
        matrices and the kernels' temporaries stay bounded whatever the number of topics."""
        rows = max(cells // self.width(), 1)
        n = self.offsets.size - 1
        return [slice(lo, min(lo + rows, n)) for lo in range(0, max(n, 1), rows)]

    def matrix(self, values: np.ndarray, dtype: Any = np.float64,
               rows: slice | None = None) -> np.ndarray:
        """``values`` (one per result) as a zero-padded topics × ranks matrix of
        :meth:`width` columns; ``rows``: only those topics (``values`` still one per result
        of the whole run).  Filled a bounded number of results at a time."""
        rows = rows if rows is not None else slice(0, self.offsets.size - 1)
        offsets = self.offsets[rows.start:rows.stop + 1]
        width = self.width()
        lo_all, hi_all = int(offsets[0]), int(offsets[-1])
        if hi_all - lo_all == (offsets.size - 1) * width:  # every list of full width
            return np.array(values[lo_all:hi_all], dtype=dtype).reshape(-1, width)
        out = np.zeros((offsets.size - 1, width), dtype=dtype)
        flat = out.reshape(-1)
        for lo in range(lo_all, hi_all, CHUNK):
            hi = min(lo + CHUNK, hi_all)
            topic = topic_of_range(self.offsets, lo, hi)
            # row-major cell of each result: its topic's row, its rank within the topic
            cell = topic * out.shape[1] + (np.arange(lo, hi) - self.offsets[topic]) \
                - rows.start * out.shape[1]
            flat[cell] = values[lo:hi]
        return out


def topic_of_rows(offsets: np.ndarray, results: np.ndarray) -> np.ndarray:
    """The topic of each of ``results`` (row numbers) of topics laid out at ``offsets``."""
    return np.searchsorted(offsets, results, side="right").astype(np.int64) - 1


def topic_of_range(offsets: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """:func:`topic_of_rows` of the rows ``lo`` to ``hi`` (in time linear in the rows: two
    searches, then each topic repeated over its rows)."""
    if hi <= lo:
        return np.zeros(0, dtype=np.int64)
    first = int(np.searchsorted(offsets, lo, side="right")) - 1
    last = int(np.searchsorted(offsets, hi - 1, side="right")) - 1
    spans = np.diff(np.clip(offsets[first:last + 2], lo, hi))
    return np.repeat(np.arange(first, last + 1, dtype=np.int64), spans)
