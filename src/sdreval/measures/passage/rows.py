"""The rows of a run that the passage families evaluate, and their documents numbered
(:mod:`.batch` lays them on one character line): rows straight from a run's shared columns
(:class:`~sdreval.model.run.TopicRankings`) or from one :class:`~sdreval.model.run.Ranking`
per topic, document names numbered by Arrow's dictionary encoding (no Python string per row).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ...model.run import Coded, Filled, TopicRankings, column_rows

if TYPE_CHECKING:
    from .batch import QrelsBatch


def number_documents(docs, qb: "QrelsBatch") -> tuple[np.ndarray, object, np.ndarray]:
    """Number the documents of a run (Arrow strings or a numpy array of str) in order of first
    appearance: (code per row, names (an Arrow array), qrels-wide number of each name or -1),
    by Arrow's dictionary encoding (no Python string per row)."""
    import pyarrow as pa
    from ... import arrow_kernels as pc

    if isinstance(docs, Picked):  # the stored column numbered once, then the rows' codes
        codes, names, vocab_ids = number_documents(docs.column, qb)
        return codes[docs.index], names, vocab_ids
    if not len(docs):
        z = np.zeros(0, dtype=np.int64)
        return z, pa.array([], type=pa.string()), z
    try:
        if isinstance(docs, pa.ChunkedArray):
            docs = docs.combine_chunks()
        elif not isinstance(docs, pa.Array):
            docs = pa.array(docs, type=pa.string())
        if qb.vocab_arrow is None:
            qb.vocab_arrow = pa.array(qb.vocab.tolist(), type=pa.string())
    except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError):  # ids that are not strings (API)
        return _number_objects(np.asarray(docs, dtype=object), qb)
    encoded = pc.dictionary_encode(docs)
    names_pa = encoded.dictionary
    codes = np.asarray(encoded.indices, dtype=np.int64)
    found = pc.index_in(names_pa, value_set=qb.vocab_arrow)
    vocab_ids = np.asarray(pc.fill_null(found, -1), dtype=np.int64)
    return codes, names_pa, vocab_ids


def _number_objects(docs: np.ndarray, qb: "QrelsBatch") -> tuple[np.ndarray, np.ndarray,
                                                                   np.ndarray]:
    """:func:`number_documents` of document ids that are not all strings (given through the
    Python API), by Python dictionaries."""
    index: dict = {}
    codes = np.fromiter((index.setdefault(d, len(index)) for d in docs.tolist()),
                        dtype=np.int64, count=docs.size)
    where = {name: i for i, name in enumerate(qb.vocab.tolist())}
    names = np.empty(len(index), dtype=object)
    names[:] = list(index)
    return codes, names, np.array([where.get(n, -1) for n in index], dtype=np.int64)


def first_appearance(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(code per row, distinct keys)`` of integer ``keys``, numbered in order of first
    appearance (Arrow's hash table: no sort)."""
    from ... import arrow_kernels as pc

    if not keys.size:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    encoded = pc.dictionary_encode(pc.from_numpy(keys.astype(np.int64, copy=False)))
    return (np.asarray(encoded.indices, dtype=np.int64),
            np.asarray(encoded.dictionary, dtype=np.int64))


def _gather(column, index: np.ndarray | slice, size: int):
    """Rows ``index`` (positions, or a slice) of a shared run column (:mod:`sdreval.model.run`:
    a numpy array, :class:`Filled`, :class:`Coded` or Arrow strings)."""
    if isinstance(index, slice):
        if isinstance(column, (np.ndarray, Filled, Coded)):
            return column_rows(column, index.start, index.stop)
        return column.slice(index.start, index.stop - index.start)  # Arrow strings kept
    if isinstance(column, np.ndarray):
        return column[index]
    if isinstance(column, Filled):
        return np.full(size, column.value, dtype=column.dtype)
    if isinstance(column, Coded):
        return column.values[column.codes[index]]
    from ... import arrow_kernels as pc

    return pc.take(column, index)


@dataclass
class Picked:
    """Rows ``index`` of a run's Arrow column of document names, not gathered: numbering the
    stored column and picking the rows' codes costs no string copies (the topics evaluated
    are seldom in the stored order)."""

    column: object
    index: np.ndarray

    def __getitem__(self, row: int):
        return self.column[int(self.index[row])]

    def __len__(self) -> int:
        return self.index.size


def run_rows(rankings, topics: list[str]) -> tuple[list[str], np.ndarray, object, np.ndarray,
                                                    np.ndarray]:
    """The non-empty rankings of ``topics`` end to end: (those topics, their sizes, document
    names (Arrow strings, a numpy array or :class:`Picked`), offsets, lengths).  A run read from a file
    (:class:`TopicRankings`) gives them straight from its shared columns, without a
    :class:`Ranking` per topic."""
    columns = rankings.columns() if isinstance(rankings, TopicRankings) else None
    if columns is None or columns.offsets is None or columns.lengths is None:
        chosen = [t for t in topics if t in rankings and len(rankings[t])]
        sizes = np.array([len(rankings[t]) for t in chosen], dtype=np.int64)
        cat = (lambda xs, dt: np.concatenate(xs).astype(dt, copy=False) if xs
               else np.zeros(0, dtype=dt))
        return (chosen, sizes,
                cat([np.asarray(rankings[t].docs, dtype=object) for t in chosen], object),
                cat([np.asarray(rankings[t].offsets) for t in chosen], np.int64),
                cat([np.asarray(rankings[t].lengths) for t in chosen], np.int64))
    where, bounds = columns.where, columns.bounds
    position = np.array([where.get(t, -1) for t in topics], dtype=np.int64)
    lo = np.where(position >= 0, bounds[position], 0)
    sizes = np.where(position >= 0, bounds[position + 1] - lo, 0)
    keep = np.flatnonzero(sizes > 0)
    chosen = [topics[i] for i in keep.tolist()]
    lo, sizes = lo[keep], sizes[keep]
    total = int(sizes.sum())
    if sizes.size and np.array_equal(lo[1:], lo[:-1] + sizes[:-1]):
        index: np.ndarray | slice = slice(int(lo[0]), int(lo[0]) + total)  # stored in order
    else:
        index = np.repeat(lo - np.concatenate(([0], np.cumsum(sizes)[:-1])), sizes) \
            + np.arange(total, dtype=np.int64)
    if not total:
        docs = np.zeros(0, dtype=object)
    elif isinstance(index, slice) or isinstance(columns.docs, (np.ndarray, Filled, Coded)):
        docs = _gather(columns.docs, index, total)
    else:
        docs = Picked(columns.docs, index)
    return (chosen, sizes, docs,
            np.asarray(_gather(columns.offsets, index, total), dtype=np.int64),
            np.asarray(_gather(columns.lengths, index, total), dtype=np.int64))


def doc_name(value) -> str:
    """A document name read from an Arrow or a numpy array."""
    return str(value.as_py() if hasattr(value, "as_py") else value)
