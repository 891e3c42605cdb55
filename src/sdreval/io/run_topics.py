"""The rows of a TREC-like run grouped by topic (file order within a topic), and each topic's
ranks out of order, repeated results and overlapping passages reported by the rules of
:mod:`sdreval.model.result_rules` (:func:`report_topics`), for a whole run (:func:`assemble`)
and for the topics a streaming reader yields (:func:`part_run`).
"""
from __future__ import annotations

import numpy as np

from ..errors import ProblemLog
from ..model.result_rules import (disorder_in_groups, disorder_message, overlap_message,
                                  overlapping_rows, repeat_message, repeated_rows,
                                  topics_with_overlaps, topics_with_repeats)
from ..model.run import Coded, Filled, Run
from ..model.runnames import file_stem
from .columnar import arrow_pool
from .run_columns import RowIndex, RunColumns
from .trec_lines import DOCUMENT_PATH


def doc_codes(doc: np.ndarray, names: np.ndarray, piece: np.ndarray) -> np.ndarray:
    """Codes equal exactly where one topic's documents are: the piece codes if the rows come
    from one piece, else codes of the names (a numpy array)."""
    if len(piece) < 2 or piece[0] == piece[-1] and (piece == piece[0]).all():
        return doc
    return np.unique(names, return_inverse=True)[1].astype(np.int64).reshape(-1)


def topic_bounds(grouped: np.ndarray, count: int) -> np.ndarray:
    """The first row of each of ``count`` topic ids in rows grouped by topic id (and the end),
    searched in the rows' own integer type (a wider one would copy every row)."""
    return np.searchsorted(grouped, np.arange(count + 1, dtype=grouped.dtype)).astype(np.int64)


#: rows checked at once for repeats and overlaps (memory: a few arrays of this many rows)
BATCH_ROWS = 1 << 18


def topic_batches(bounds: np.ndarray) -> list[tuple[int, int]]:
    """``(first, end)`` ranges of whole topics of about :data:`BATCH_ROWS` rows."""
    batches: list[tuple[int, int]] = []
    first, count = 0, len(bounds) - 1
    while first < count:
        last = int(np.searchsorted(bounds, bounds[first] + BATCH_ROWS, side="right")) - 1
        last = min(max(last, first + 1), count)
        batches.append((first, last))
        first = last
    return batches


class RowsAt:
    """:class:`~sdreval.io.run_columns.RowIndex` of rows whose piece and line are arrays."""

    def __init__(self, piece: np.ndarray, line: np.ndarray) -> None:
        self.piece, self.line = piece, line

    def pieces(self, rows: np.ndarray) -> np.ndarray:
        return self.piece[rows]

    def lines(self, rows: np.ndarray) -> np.ndarray:
        return self.line[rows]


def part_run(columns: list, topics: list[str], paths: np.ndarray, layout: str, file: str,
              log: ProblemLog, wanted: list[int], name: str) -> Run:
    """The run of the topics ``wanted`` (ids into ``topics``, in this order; their problems
    reported in this order) of rows as :meth:`RunColumns.columns` gives them with
    ``objects=False``, plus each row's piece and line (positions 3 and 9)."""
    # positions over the range of these ids only (one over every id of the file would make
    # streaming quadratic in the topics)
    low = min(wanted)
    position = np.full(max(wanted) - low + 1, -1, dtype=np.int32)
    position[np.asarray(wanted) - low] = np.arange(len(wanted), dtype=np.int32)
    columns = [position[columns[0] - low], *columns[1:]]
    return run_of(columns, RowsAt(columns[3], columns[9]), [topics[t] for t in wanted], paths,
                  layout, file, log, name)


def path_names(state: RunColumns) -> np.ndarray:
    """The canonical paths by id (``[None]`` for passage runs)."""
    return np.array(list(state.path_ids) if state.layout != "passage" else [None], dtype=object)


def assemble(state: RunColumns, file: str, log: ProblemLog, name: str | None) -> Run:
    """The run from the columns, topics in order of first appearance, problems reported."""
    run_name = name or (next(iter(state.run_ids)) if state.run_ids else file_stem(file))
    run = run_of(state.columns(objects=False, coded=True), state.joined, state.topic_ids,
                 path_names(state), state.layout, file, log, run_name, state.exact_docs)
    if not run.topics and not log.errors:
        log.warn(file, None, "the run holds no results")
    return run


def run_of(columns: list, index: RowIndex | RowsAt, topics, paths: np.ndarray, layout: str,
           file: str, log: ProblemLog, name: str, exact: bool = False) -> Run:
    """The run of rows as :meth:`RunColumns.columns` gives them with ``objects=False``
    (``topics``: the names of the topic ids, a list or a dict numbering them in order), the
    problems of every topic reported (:func:`report_topics`); topics without rows left out."""
    columns = list(columns)
    topic, _, names, _, path, offset, length, rank, rsv, _ = columns
    n = len(topic)
    order = (None if n < 2 or bool((topic[1:] >= topic[:-1]).all())
             else np.argsort(topic, kind="stable"))
    bounds = topic_bounds(topic if order is None else topic[order], len(topics))
    if order is not None:
        from .. import arrow_kernels as pc

        columns[2] = names = pc.take(names, order, memory_pool=arrow_pool())
    report_topics(columns, index, order, bounds, list(topics), paths, layout, file, log,
                  exact=exact)
    present = bounds[1:] > bounds[:-1]
    grouped = _in_order(order)
    if layout == "passage":
        path_col = Filled(None)
    elif layout == "document":
        path_col = Filled(DOCUMENT_PATH)
    else:
        path_col = Coded(grouped(path), paths)
    offset_col = Filled(-1, np.int64) if offset is None else grouped(offset)
    length_col = Filled(-1, np.int64) if length is None else grouped(length)
    kept = topics if present.all() else [t for t, p in zip(topics, present) if p]
    kept_bounds = bounds if present.all() else np.concatenate(
        ([0], bounds[1:][present]))
    return Run.from_columns(name, kept, kept_bounds, names, path_col,  # type: ignore
                            offset_col, length_col, grouped(rank), grouped(rsv), layout,
                            source=file)


def _in_order(order: np.ndarray | None):
    """A column's rows grouped by topic: taken in ``order`` (None: they are already)."""
    return (lambda values: values) if order is None else (lambda values: values[order])


def report_topics(columns: list, index: RowIndex | RowsAt, order: np.ndarray | None,
                  bounds: np.ndarray, topics: list[str], paths: np.ndarray, layout: str,
                  file: str, log: ProblemLog, exact: bool = False) -> None:
    """Report, topic by topic, each topic's ranks out of order, then repeated results, then
    overlapping passages, in line order; only the topics the vectorised tests single out
    (:func:`topics_with_repeats`, :func:`topics_with_overlaps`, in batches of whole topics)
    are looked at one by one.  ``columns`` as :meth:`RunColumns.columns` gives them with
    ``objects=False``, the document names grouped by topic; ``index``: rows' pieces and
    lines; ``order`` groups the rows by topic (None: they are); ``exact``: the document codes
    are common to all rows (else a topic spanning pieces is looked at with codes of its
    names)."""
    topic, doc, names, _, path, offset, length, rank, rsv, _ = columns
    if len(topic) < 2:
        return
    suspects = np.zeros(len(topics), dtype=bool)
    overlapping = suspects if layout != "passage" else np.zeros(len(topics), dtype=bool)
    # per topic: True if its rows come from several pieces (their codes then differ)
    spread = np.zeros(len(topics), dtype=bool)
    present = np.flatnonzero(bounds[:-1] < bounds[1:])
    if not exact and order is None:
        spread[present] = index.pieces(bounds[present]) != index.pieces(bounds[present + 1] - 1)
    elif not exact and len(present):
        ordered, starts = index.pieces(np.arange(len(topic)))[order], bounds[present]
        spread[present] = (np.minimum.reduceat(ordered, starts)
                           != np.maximum.reduceat(ordered, starts))
    for first, last in topic_batches(bounds):  # whole topics, a bounded number of rows at once
        lo, hi = int(bounds[first]), int(bounds[last])
        rows = slice(lo, hi) if order is None else order[lo:hi]
        part = slice(first, last)
        batch_topic = topic[rows]
        path_rows = path[rows]
        offset_rows = None if offset is None else offset[rows]
        length_rows = None if length is None else length[rows]
        if layout == "passage":
            # a non-empty passage repeating another overlaps it: the repeat test is needed
            # for the empty passages only (one sort of the rows fewer)
            batch_doc = doc[rows]
            overlapping[part] = topics_with_overlaps(batch_topic, batch_doc, offset_rows,
                                                     length_rows, spread)[part]
            empty = length_rows == 0
            if empty.any():
                suspects[part] = topics_with_repeats(
                    batch_topic[empty], batch_doc[empty], path_rows[empty],
                    offset_rows[empty], length_rows[empty], overlapping)[part]
            else:
                suspects[part] = overlapping[part]
            del batch_doc
        else:
            suspects[part] = topics_with_repeats(batch_topic, doc[rows], path_rows,
                                                 offset_rows, length_rows, spread)[part]
        del batch_topic, path_rows, offset_rows, length_rows
    grouped = _in_order(order)
    grouped_rank = grouped(rank)
    with_disorder, first_down, counts = disorder_in_groups(grouped(topic), grouped_rank)
    disorder = np.zeros(len(topics), dtype=np.int64)
    disorder[with_disorder] = counts
    first_of = dict(zip(with_disorder.tolist(), first_down.tolist()))
    noted = (disorder > 0) | suspects | overlapping
    for t in np.flatnonzero(noted).tolist():
        name_t = topics[t]
        lo, hi = int(bounds[t]), int(bounds[t + 1])
        rows = np.arange(lo, hi) if order is None else order[lo:hi]
        first = first_of.get(t)
        if first is not None:
            row = np.array([first if order is None else order[first]])
            log.warn(file, int(index.lines(row)[0]), disorder_message(
                name_t, int(disorder[t]), int(grouped_rank[first]), int(grouped_rank[first - 1])))
        if not (suspects[t] or overlapping[t]):
            continue
        k = hi - lo
        topic_names = (names[lo:hi] if isinstance(names, np.ndarray)
                       else names.slice(lo, k).to_numpy())
        topic_doc = (doc[rows].astype(np.int64) if exact
                     else doc_codes(doc[rows], topic_names, index.pieces(rows)))
        topic_path = path[rows].astype(np.int64)
        if offset is None:
            topic_offset = topic_length = None
        else:
            topic_offset, topic_length = offset[rows], length[rows]
        # the same tests on this topic alone, with exact document codes: most topics singled
        # out only spanned pieces, and hold neither repeats nor overlaps
        alone, no = np.zeros(k, dtype=np.int32), np.zeros(1, dtype=bool)
        repeats = bool(topics_with_repeats(alone, topic_doc, topic_path, topic_offset,
                                           topic_length, no)[0])
        overlaps = (layout == "passage" and bool(overlapping[t]) and bool(
            topics_with_overlaps(alone, topic_doc, topic_offset, topic_length, no)[0]))
        if not (repeats or overlaps):
            continue
        line = index.lines(rows)
        repeat = np.zeros(k, dtype=bool)
        if repeats:
            repeat = report_repeats(name_t, topic_doc, topic_path, topic_offset, topic_length,
                                    line, topic_names, None if layout in ("passage",
                                                                          "document")
                                    else paths[topic_path], layout, file, log)
        if overlaps:
            report_overlaps(name_t, topic_doc, topic_offset, topic_length, line, topic_names,
                            file, log, repeat)


def report_repeats(topic, doc, path, offset, length, line, doc_names, path_names, unit, file,
                    log):
    """Warn (in line order) about each result repeating an earlier one; mask of the repeats."""
    keys = (doc, path) if unit != "passage" else (doc, offset, length)
    repeat, first_of = repeated_rows(keys)
    for row in np.flatnonzero(repeat).tolist():
        log.warn(file, int(line[row]), f"topic {topic}: " + repeat_message(
            result_text(doc_names, path_names, offset, length, row),
            f"line {int(line[first_of[row]])}"))
    return repeat


def result_text(docs: np.ndarray, paths: np.ndarray | None, offsets: np.ndarray | None,
                lengths: np.ndarray | None, i: int, ends: bool = False) -> str:
    """Result ``i`` as the runs' messages show it: its document and path or range, the range
    as ``start-end`` where the input gave ends (``ends``: span files, start/end columns), else
    as ``offset:length`` (TREC passage runs, offset/length columns)."""
    if paths is not None:
        return f"{docs[i]} {paths[i]}"
    if offsets is None:
        return str(docs[i])
    return f"{docs[i]} {range_text(int(offsets[i]), int(lengths[i]), ends)}"  # type: ignore


def range_text(offset: int, length: int, ends: bool = False) -> str:
    """A passage's range in messages: ``start-end`` (``ends``) or ``offset:length``."""
    return f"{offset}-{offset + length}" if ends else f"{offset}:{length}"


def report_overlaps(topic, doc, offset, length, line, doc_names, file, log, repeat) -> None:
    """Warn (in line order) about each passage overlapping an earlier-offset one of its
    document (repeats, already reported, and empty passages left out)."""
    for row, other in overlapping_rows(doc, offset, length, repeat):
        log.warn(file, int(line[row]), f"topic {topic}: " + overlap_message(
            f"{doc_names[row]} {offset[row]}:{length[row]}", f"{offset[other]}:{length[other]}",
            int(line[other])))
