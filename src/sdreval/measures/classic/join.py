"""Quantised value of every result of a run: its rows joined to the judgements by codes.

Both sides are column tables grouped by topic (:class:`~sdreval.model.run.RunColumns`,
:meth:`~sdreval.judgements.columns.TopicJudgements.columns`).  Document ids are coded once
against the judged documents (Arrow hash lookups), the ``(topic, document)`` pairs of the
judgements are sorted once and every result is found by binary search, then its path among
the assessed paths of its pair.  Memory is linear in the judgements plus the run: no table of
topics × documents.  Runs and judgements held as plain per-topic objects (the API) are first
laid out as the same columns, topic by topic.

Elements are independent documents (Vu & Gallinari 2005, §2.1); a result without a path is
the document's root, ``/article[1]``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...io.tokens import system_allocator
from ...judgements.qrels import Qrels
from ...judgements.quantise import Quantisation
from ...model.run import Coded, Filled, Run, RunColumns, TopicRankings
from ...model.topic_rankings import topic_bounds
from .gains import ROOT
from .judged import Judgements, arrow, encode, judgements, strings
from .lookup import CHUNK, RunLookup, topic_of_range


def _codes(values: Any, vocabulary: Any, known: dict | None = None) -> np.ndarray:
    """Position of each of ``values`` in ``vocabulary`` (Arrow arrays), -1 when absent.
    Dictionary-encoded values are looked up by their dictionary's names, each name once
    (``known``: the positions of dictionaries met before, which the slices of one column
    share), then a position per row taken from them."""
    pa, pc = arrow()
    chunks = values.chunks if isinstance(values, pa.ChunkedArray) else [values]
    if not all(pa.types.is_dictionary(chunk.type) for chunk in chunks):
        if vocabulary.type != values.type:
            values = pc.cast(values, vocabulary.type)
        found = pc.fill_null(pc.index_in(values, value_set=vocabulary), -1)
        return np.asarray(found.to_numpy(), dtype=np.int32)
    known = {} if known is None else known
    out = []
    for chunk in chunks:
        names = chunk.dictionary
        # keyed by the dictionary's buffers: the column is alive through the caller's loop,
        # so equal addresses are the same dictionary
        key = (names.offset, len(names), *(b.address if b is not None else 0
                                           for b in names.buffers()))
        positions = known.get(key)
        if positions is None:
            positions = known[key] = _codes(names, vocabulary)
        out.append(positions[np.asarray(chunk.indices.to_numpy(), dtype=np.int64)])
    return np.concatenate(out) if len(out) != 1 else out[0]


#: one cache entry, replaced in place (the streamed evaluation counts the entries a topic adds)
_LOOKUP = ("classic.lookup",)


@dataclass
class _Rows:
    """A run's rows of the evaluated topics: ``offsets`` per topic, document ids (Arrow),
    and per row a code into ``vocabulary`` (path strings, None for a result without path)."""

    offsets: np.ndarray
    docs: Any
    path: np.ndarray
    vocabulary: list


def _path_rows(column: Any, index: np.ndarray | None, total: int) -> tuple[np.ndarray, list]:
    """Codes of the paths of rows ``index`` (the first ``total`` when None) of a run's path
    column, and the path (or None) each code stands for."""
    if isinstance(column, Filled):
        return np.zeros(total, dtype=np.int8), [column.value]
    if isinstance(column, Coded):
        codes = column.codes[:total] if index is None else column.codes[index]
        return np.asarray(codes, dtype=np.int64), list(column.values.tolist())
    return encode(strings(column[:total] if index is None
                            else np.asarray(column, dtype=object)[index]))


def _run_rows(run: Run, topics: list[str]) -> _Rows:
    """The rows of ``topics`` in that order, from shared columns when the run has them."""
    pa, pc = arrow()
    columns: RunColumns | None = (run.topics.columns()
                                  if isinstance(run.topics, TopicRankings) else None)
    if columns is not None:
        where = np.fromiter((columns.where.get(t, -1) for t in topics), np.int64, len(topics))
        lo, hi = topic_bounds(columns.bounds, where)  # -c: unanswered topics have no rows
        lengths = hi - lo
        offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
        total = int(offsets[-1])
        index: np.ndarray | None = None
        if not (total == int(columns.bounds[-1]) and np.array_equal(lo, offsets[:-1])):
            index = np.arange(total, dtype=np.int64) + np.repeat(lo - offsets[:-1], lengths)
        docs = strings(columns.docs)
        if index is not None:
            docs = pc.take(docs, index)
        path, vocabulary = _path_rows(columns.paths, index, total)
        return _Rows(offsets, docs, path, vocabulary)
    rankings = [run.get(t) for t in topics]
    lengths = np.fromiter(map(len, rankings), np.int64, len(rankings))
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    docs = [r.docs for r in rankings if len(r)]
    paths = [r.paths for r in rankings if len(r)]
    doc_column = strings(_joined(docs))
    path_column = _joined(paths)
    path, vocabulary = _path_rows(path_column, None, path_column.size)
    return _Rows(offsets, doc_column, path, vocabulary)


def _joined(arrays: list[np.ndarray]) -> np.ndarray:
    """The arrays one after another (the array itself when there is one: no copy)."""
    if len(arrays) == 1:
        return arrays[0]
    return np.concatenate(arrays) if arrays else np.zeros(0, dtype=object)


def _rows_stamp(run: Run, topics: list[str]) -> list:
    """What identifies the rows of ``topics`` of ``run``: its shared columns, or each ranking
    (by the rows of shared columns it views, else by identity: the rankings of a plain dict
    may be replaced at any time)."""
    if isinstance(run.topics, TopicRankings):
        columns = run.topics.columns()
        if columns is not None:
            return [run.topics, columns.bounds, columns.docs]
    rankings = [run.topics.get(t) for t in topics]
    return [r if r is None or r.origin is None else r.origin for r in rankings]


def _same(a: list, b: list) -> bool:
    return len(a) == len(b) and all(x is y or (isinstance(x, tuple) and x == y)
                                    for x, y in zip(a, b))


def run_lookup(qrels: Qrels, run: Run, topics: list[str], quant: Quantisation,
               ctx: Any = None) -> RunLookup:
    """Quantised value of every result of ``run`` on ``topics``, for all topics at once.

    The last lookup is kept in ``ctx.cache`` (one slot), so that the measures and families of
    one evaluation (classic, XCG) share it."""
    cache = getattr(ctx, "cache", None)
    stamp = (id(qrels), quant.name, len(qrels.topics), tuple(topics))
    held = _rows_stamp(run, topics)
    if cache is not None:
        last = cache.get(_LOOKUP)
        if last is not None and last[0] == stamp and last[1] is run and _same(last[2], held):
            return last[3]
    found = judgements(qrels, topics, quant, ctx)
    with system_allocator():
        out = _join(found, _run_rows(run, topics))
    if cache is not None:
        cache[_LOOKUP] = (stamp, run, held, out)
    return out


#: rows of a run joined at once (bounds the temporary arrays of the join)
_CHUNK = CHUNK


def _join(js: Judgements, rows: _Rows) -> RunLookup:
    """Match each row of the run to an assessed element of its topic (module docstring).

    A row's ``(topic, document)`` code is looked up among the judged pairs
    (``topic * (documents + 1) + document + 1``: a document not judged for any evaluated
    topic, code -1, never matches); the pair's element is the result's when their paths
    agree.  A path the same for every row (document runs) is a number, not a column."""
    offsets = rows.offsets
    size = int(offsets[-1])
    q = np.zeros(size)
    found = np.zeros(size, dtype=bool)
    repeat = np.zeros(size, dtype=bool)
    if not size or not js.pairs.size:
        return RunLookup(offsets, q, found, repeat, size, False, False)
    index = {p: i for i, p in enumerate(js.paths)}
    vocabulary = rows.vocabulary
    path_of = np.array([index.get(ROOT if p is None else p, -1) for p in vocabulary],
                       dtype=np.int64)
    deep_of = np.array([p is not None and p.count("/") > 1 for p in vocabulary], dtype=bool)
    none_of = np.array([p is None for p in vocabulary], dtype=bool)
    one_path = len(vocabulary) == 1  # every row's path is path_of[0]
    n_paths = max(len(js.paths), 1)
    stride = max(len(js.docs), 1) + 1
    one_each = js.keys.size == js.pairs.size  # one assessed element per judged document
    if one_each:  # per pair: its element's path, and its value where it has content
        row_of = js.key_rows
        pair_path, pair_value = js.path[row_of], js.value[row_of]
        pair_value = np.where(js.content, pair_value, 0.0)
    last = js.pairs.size - 1
    # which codes are judged pairs, a byte a code when that is at most a few bytes a row:
    # the binary search is then made for the judged rows only
    codes = js.n_topics * stride
    judged_table = None
    if codes <= max(4 * size, 1 << 16):
        judged_table = np.zeros(codes, dtype=bool)
        judged_table[js.pairs] = True
    unknown, nested, none_paths = 0, False, False
    key_parts = []
    known: dict = {}  # positions of the run's document dictionaries (:func:`_codes`)
    for lo in range(0, size, _CHUNK):
        hi = min(lo + _CHUNK, size)
        code = topic_of_range(offsets, lo, hi)
        code *= stride
        code += _codes(rows.docs.slice(lo, hi - lo), js.docs, known)
        code += 1
        if judged_table is not None:
            judged_doc = judged_table[code]
            at = np.zeros(code.size, dtype=np.int64)  # (any pair for the rows not judged)
            at[judged_doc] = np.searchsorted(js.pairs, code[judged_doc])
        else:
            at = np.searchsorted(js.pairs, code)
            np.minimum(at, last, out=at)
            judged_doc = js.pairs[at] == code
        del code
        unknown += int(judged_doc.size - np.count_nonzero(judged_doc))
        if one_path:
            path: np.ndarray | int = int(path_of[0])
            deep, none = bool(deep_of[0]), bool(none_of[0])
        else:
            local = rows.path[lo:hi]
            path, deep, none = path_of[local], deep_of[local], none_of[local]
        if one_each:  # the pair's element, if the result is it
            same = pair_path[at] == path if n_paths > 1 or not one_path else path == 0
            hit_rows = judged_doc & same if not isinstance(same, bool) else (
                judged_doc if same else np.zeros_like(judged_doc))
            value = np.where(hit_rows, pair_value[at], 0.0)
            key = at if n_paths == 1 and one_path and path == 0 else at * n_paths + path
        else:
            key = at * n_paths + path
            where = np.minimum(np.searchsorted(js.keys, key), js.keys.size - 1)
            hit_rows = judged_doc & (path >= 0) & (js.keys[where] == key)
            value = np.where(hit_rows & js.content[at], js.value[js.key_rows[where]], 0.0)
        found[lo:hi] = hit_rows
        q[lo:hi] = value
        if not nested and (not one_path or deep):
            content = judged_doc & js.content[at]
            nested = bool(np.any(content & ~hit_rows & deep))
        if not none_paths and (not one_path or none):
            content = judged_doc & js.content[at]
            none_paths = bool(np.any(content & none))
        positive = value > 0
        key_parts.append(key[positive])
    positive = np.flatnonzero(q > 0)
    if positive.size:
        _, first = np.unique(np.concatenate(key_parts), return_index=True)
        if first.size < positive.size:
            later = np.ones(positive.size, dtype=bool)
            later[first] = False
            repeat[positive[later]] = True
    return RunLookup(offsets, q, found, repeat, unknown, nested, none_paths)
