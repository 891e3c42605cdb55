"""The assessments of the evaluated topics as column codes, for the join of a run to them.

One row per assessed element: the topic's position, the element's path code and its quantised
value; the ``(topic, document)`` pairs and ``(pair, path)`` keys sorted once, so that a run's
results are found by binary search (:mod:`sdreval.measures.classic.join`).  Document ids are
Arrow strings, coded by Arrow hash lookups.  Elements are independent documents (Vu &
Gallinari 2005, §2.1); a result without a path is the document's root, ``/article[1]``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...io.tokens import system_allocator
from ...judgements.columns import ElementColumns
from ...judgements.qrels import Qrels
from ...judgements.quantise import Quantisation
from .gains import ROOT, topic_quant_map


def arrow():
    """pyarrow and sdreval's Arrow kernels, imported when first needed."""
    import pyarrow as pa
    from ... import arrow_kernels as pc

    return pa, pc


def strings(values: Any):
    """An Arrow array of strings (None stays null) from Arrow or numpy values."""
    pa, _ = arrow()
    if isinstance(values, (pa.Array, pa.ChunkedArray)):
        return values
    values = np.asarray(values, dtype=object)
    try:
        return pa.array(values, type=pa.string(), from_pandas=False)
    except (pa.ArrowInvalid, pa.ArrowTypeError):  # ids given as other objects: their text
        return pa.array([None if v is None else str(v) for v in values.tolist()],
                        type=pa.string())


def encode(values: Any) -> tuple[np.ndarray, list]:
    """``(codes, distinct values)`` of Arrow strings; a null (no path) is the last value,
    None."""
    pa, pc = arrow()
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks()
    encoded = pc.dictionary_encode(values)
    vocabulary = encoded.dictionary.to_pylist() + [None]
    codes = pc.fill_null(encoded.indices, len(vocabulary) - 1).to_numpy(zero_copy_only=False)
    return np.asarray(codes, dtype=np.int64), vocabulary


#: one cache entry, replaced in place (the streamed evaluation counts the entries a topic adds)
_JUDGEMENTS = ("classic.judgements",)


@dataclass
class Judgements:
    """The assessments of the evaluated topics under one quantisation, one row per assessed
    element: ``topic`` (position in the evaluated topics), ``path`` (code into ``paths``) and the quantised ``value``; ``pairs`` are the sorted
    distinct ``topic * len(docs) + doc`` codes, ``keys`` the sorted ``pair * len(paths) +
    path`` codes (``key_rows`` their rows) and ``content`` says per pair whether some element
    is quantised > 0."""

    topic: np.ndarray
    path: np.ndarray
    value: np.ndarray
    docs: Any
    paths: list[str]
    n_topics: int
    pairs: np.ndarray
    pair: np.ndarray
    keys: np.ndarray
    key_rows: np.ndarray
    content: np.ndarray

    @property
    def flat(self) -> bool:
        """Every assessed element of a document with content is a root (one step)."""
        depth = np.array([(p or ROOT).count("/") for p in self.paths], dtype=np.int64)
        return not bool(np.any(self.content[self.pair] & (depth[self.path] != 1)))

    def sizes(self) -> np.ndarray:
        """Assessed elements per topic."""
        return np.bincount(self.topic, minlength=self.n_topics)

    def ideal(self) -> np.ndarray:
        """Zero-padded topics × ranks matrix of each topic's positive values, descending
        (the "thorough" recall-base, Ogilvie & Lalmas 2006, §2.6)."""
        positive = np.flatnonzero(self.value > 0)
        topic, value = self.topic[positive], self.value[positive]
        order = np.lexsort((-value, topic))
        counts = np.bincount(topic, minlength=self.n_topics)
        out = np.zeros((self.n_topics, max(int(counts.max(initial=0)), 1)))
        if order.size:
            starts = np.cumsum(counts) - counts
            rank = np.arange(order.size) - np.repeat(starts, counts)
            out[topic[order], rank] = value[order]
        return out


def judgements(qrels: Qrels, topics: list[str], quant: Quantisation,
               ctx: Any = None) -> Judgements:
    """The :class:`Judgements` of ``topics`` (the last one kept in ``ctx.cache``)."""
    cache = getattr(ctx, "cache", None)
    stamp = (id(qrels), quant.name, len(qrels.topics), tuple(topics))
    if cache is not None:
        last = cache.get(_JUDGEMENTS)
        if last is not None and last[0] == stamp:
            return last[1]
    with system_allocator():  # a streamed evaluation's peak: one topic's, not the largest's
        found = _judgements(qrels, topics, quant, ctx)
    if cache is not None:
        cache[_JUDGEMENTS] = (stamp, found)
    return found


def _judgements(qrels: Qrels, topics: list[str], quant: Quantisation, ctx: Any) -> Judgements:
    pa, pc = arrow()
    columns = getattr(qrels.topics, "columns", None)
    table = columns() if columns is not None else None
    if table is not None and isinstance(table[2], ElementColumns):
        elements = table[2]
        rows, topic = qrels.topics.rows_of(topics)
        value = np.array(qrels.topics.quantised(quant, rows))
        docs = _rows_of(elements.docs, rows)
        if isinstance(elements.paths, str):
            paths, path = [elements.paths], np.zeros(rows.size, dtype=np.int32)
        else:
            path, paths = encode(_rows_of(elements.paths, rows))
        del rows
    else:  # per-topic objects (the API; judgements of highlighted passages)
        topic_l, doc_l, path_l, value_l = [], [], [], []
        for t_i, name in enumerate(topics):
            qmap = topic_quant_map(qrels, name, quant, ctx)
            topic_l.append(np.full(len(qmap), t_i, dtype=np.int32))
            doc_l.extend(d for d, _ in qmap)
            path_l.extend(p for _, p in qmap)
            value_l.append(np.fromiter(qmap.values(), np.float64, len(qmap)))
        topic = np.concatenate(topic_l) if topic_l else np.zeros(0, dtype=np.int32)
        value = np.concatenate(value_l) if value_l else np.zeros(0)
        docs = strings(np.array(doc_l, dtype=object))
        paths = list(dict.fromkeys(path_l))
        index = {p: i for i, p in enumerate(paths)}
        path = np.fromiter(map(index.__getitem__, path_l), np.int32, len(path_l))
    # the judged documents in order of first appearance, and each row's position among
    # them: one hash of each row
    if isinstance(docs, pa.ChunkedArray):
        docs = docs.combine_chunks()
    encoded = pc.dictionary_encode(docs, "encode")  # (a null id: a value, as pc.unique has)
    vocabulary = encoded.dictionary
    doc = np.asarray(encoded.indices.to_numpy(), dtype=np.int32)
    stride, n_paths = max(len(vocabulary), 1) + 1, max(len(paths), 1)
    pairs, pair = np.unique(topic.astype(np.int64) * stride + doc + 1, return_inverse=True)
    del doc
    pair = narrow(pair)
    key = pair.astype(np.int64) * n_paths + path
    key_rows = narrow(np.argsort(key, kind="stable"))
    content = np.zeros(pairs.size, dtype=bool)
    content[pair[value > 0]] = True
    return Judgements(topic, narrow(path), value, vocabulary, paths, len(topics), pairs,
                      pair, key[key_rows], key_rows, content)


def _rows_of(column: Any, rows: np.ndarray) -> Any:
    """Rows ``rows`` of an Arrow column: a slice (no copy) when they are consecutive, as a
    block of topics' judgements are (a ``take`` of a chunked column joins its chunks first,
    the whole column for every block of a streamed run)."""
    pa, pc = arrow()
    if not rows.size:
        return column.slice(0, 0)
    if int(rows[-1]) - int(rows[0]) + 1 == rows.size and bool(np.all(rows[1:] > rows[:-1])):
        return column.slice(int(rows[0]), rows.size)
    return pc.take(column, pa.array(rows))


def narrow(codes: np.ndarray) -> np.ndarray:
    """Non-negative integer codes (row numbers, positions) in 32 bits when they fit."""
    return codes.astype(np.int32) if codes.size < 1 << 31 and codes.dtype != np.int32 else codes


def is_flat(qrels: Qrels, topics: list[str], quant: Quantisation, ctx: Any = None) -> bool:
    """Every assessed element of a document with content (an element quantised > 0) is a
    root (one step, ``/article[1]``)."""
    return judgements(qrels, topics, quant, ctx).flat
