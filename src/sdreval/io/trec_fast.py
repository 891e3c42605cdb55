"""The columnar reader of TREC-like runs: :func:`sdreval.io.trec.read_trec_run` by blocks.

Each block of the file is parsed by Arrow when it passes the checks of
:mod:`sdreval.io.columnar`, else line by line by the careful code of :mod:`sdreval.io.trec`;
both append the block's valid results to the same columns (topic, document and path ids given
in order of first appearance, rank, RSV, offset, length, line).  At the end the rows are
grouped by topic (stable: file order within a topic) and each topic's ranking is built by the
careful reader's own code (:func:`~sdreval.io.trec.build_ranking`: repeats and overlaps), so
the run and every problem are the careful reader's.
"""
from __future__ import annotations

from array import array
from pathlib import Path

import numpy as np

from ..errors import ProblemLog
from ..model.run import Ranking, Run, Unit
from ..model.xpath import XPathError, canonical_xpath
from .columnar import (Pending, ReadFailed, in_first_appearance_order,
                       careful_lines, finite, lines_after,
                       has_blank_or_comment_lines, integers, iter_blocks, parse_columns,
                       parse_halving, prepare, text_ok)
from .textlines import CHAR_LIMIT, finish
from .trec import (DOCUMENT_PATH, build_ranking, file_stem, note_run_id, parse_result_fields,
                   warn_disorder)

_NAMES = {
    "element": ["topic", "q0", "doc", "rank", "rsv", "run", "path"],
    "passage": ["topic", "q0", "doc", "rank", "rsv", "run", "offset", "length"],
    "document": ["topic", "q0", "doc", "rank", "rsv", "run"],
}
_ZERO_LENGTH = "passage of length 0 (kept; it retrieves no text)"


class RunColumns:
    """The valid results read so far, as columns in file order, block by block.

    Topics and canonical paths (few distinct values) get global ids in order of first
    appearance; documents (many) are kept as one name object per row with a code per distinct
    value of its Arrow chunk (or careful block), made comparable across chunks per topic when a
    topic spans several (:meth:`doc_codes`)."""

    def __init__(self, layout: str) -> None:
        self.layout = layout
        self.topic_ids: dict[str, int] = {}
        self.path_ids: dict[str, int] = {DOCUMENT_PATH: 0} if layout == "document" else {}
        self.run_ids: dict[str, int] = {}  # run-id -> line of first appearance (note_run_id)
        self.raw_paths: dict[str, str] = {}  # XPath as written -> canonical
        self.next_doc_code = 0
        self.pieces = 0
        self.parts: list[list[np.ndarray]] = [[] for _ in _COLUMNS]  # per column, per piece

    def __len__(self) -> int:
        return sum(len(part) for part in self.parts[-1])

    def add(self, topic, doc, doc_names, path, offset, length, rank, rsv, line) -> None:
        """One piece of rows (an Arrow chunk or a careful block): global topic and path ids,
        document codes unique within the piece (made unique across pieces here)."""
        n = len(line)
        piece = np.full(n, self.pieces, dtype=np.int32)
        self.pieces += 1
        doc = np.asarray(doc, dtype=np.int64) + self.next_doc_code
        self.next_doc_code = int(doc.max()) + 1 if n else self.next_doc_code
        values = (topic, doc, doc_names, piece, path, offset, length, rank, rsv, line)
        for column, dtype, value in zip(self.parts, _COLUMNS, values):
            if value is not None:
                column.append(np.asarray(value, dtype))

    def columns(self) -> list[np.ndarray | None]:
        """All rows, one column at a time (each column's pieces released as it is joined):
        topic, doc, doc names, piece, path, offset, length, rank, rsv, line (offset and length
        None for element and document runs)."""
        columns: list[np.ndarray | None] = []
        for i, dtype in enumerate(_COLUMNS):
            chunks, self.parts[i] = self.parts[i], []
            if i in (5, 6) and self.layout != "passage":
                columns.append(None)
            else:
                columns.append(np.concatenate(chunks) if chunks else np.zeros(0, dtype))
            del chunks
        return columns


#: dtypes of the columns of :class:`RunColumns`
_COLUMNS = (np.int32, np.int64, object, np.int32, np.int32, np.int64, np.int64, np.int64,
            np.float64, np.int64)


def doc_codes(doc: np.ndarray, names: np.ndarray, piece: np.ndarray) -> np.ndarray:
    """Codes equal exactly where the documents are, for one topic's rows: the piece codes
    if the rows come from one piece, else codes of the names."""
    if len(piece) < 2 or piece[0] == piece[-1] and (piece == piece[0]).all():
        return doc
    import pandas as pd

    return pd.factorize(names, sort=False)[0].astype(np.int64)


class _Collect:
    """A stand-in log gathering warnings for :class:`Pending` (run-id notes of a block)."""

    def __init__(self, pending: Pending, order: int) -> None:
        self.pending, self.order = pending, order

    def warn(self, file, line, message) -> None:
        self.pending.add(line, self.order, message)


def read_trec_run_fast(path: str | Path, layout: str, log: ProblemLog | None = None,
                       name: str | None = None) -> Run:
    """:func:`sdreval.io.trec.read_trec_run` parsing blocks columnar (module documentation)."""
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    state = RunColumns(layout)
    try:
        for block, before, newlines in iter_blocks(path):
            parse_block(block, before, newlines, state, file, log)
    except ReadFailed as failure:  # a damaged .gz: the rest line by line, up to the damage
        careful_rows(lines_after(path, failure.before, file, log), state, file, log)
    run = assemble(state, file, log, name)
    release_arrow_memory()
    finish(log, own)
    return run


def release_arrow_memory() -> None:
    """Give the memory Arrow's pool keeps for reuse back to the system."""
    import pyarrow as pa

    pa.default_memory_pool().release_unused()


def parse_block(block: bytes, before: int, newlines: int, state: RunColumns, file: str,
                log: ProblemLog) -> None:
    """Append the valid results of one block to ``state``: columnar if the block passes every
    check, else halves tried again, else the careful per-line code."""
    parse_halving(block, before, newlines,
                  lambda b, n, c: fast_block(b, n, c, state, file, log),
                  lambda b, n: careful_block(b, n, state, file, log))


def fast_block(block: bytes, before: int, newlines: int, state: RunColumns, file: str,
               log: ProblemLog) -> bool:
    """Parse a block with Arrow; False (``state`` untouched) if any check fails."""
    table, prepared = parse_run_block(block, before, newlines, state.layout)
    if table is None:
        return False
    return add_table(table, prepared.lines, state, file, log)


def parse_run_block(block: bytes, before: int, newlines: int, layout: str):
    """``(Arrow table, Prepared)`` of a block of a run in ``layout``, or ``(None, None)``
    when Arrow cannot cut it into the layout's fields as ``str.split()`` would (a block with
    blank or comment lines is tried once more without them)."""
    import pyarrow as pa

    names = _NAMES[layout]
    text = pa.dictionary(pa.int32(), pa.string())
    types = {"topic": text, "doc": text, "run": text, "rank": pa.int64(), "rsv": pa.float64()}
    keep = ["topic", "doc", "rank", "rsv", "run"]
    if layout == "element":
        types["path"] = text
        keep.append("path")
    elif layout == "passage":
        types["offset"] = types["length"] = pa.int64()
        keep += ["offset", "length"]
    for filtered in (False, True):
        if filtered and not has_blank_or_comment_lines(block):
            break
        prepared = prepare(block, before, newlines, filtered)
        if prepared is None:
            break
        table = parse_columns(prepared, names, types, keep)
        if table is not None and text_ok(table.column("topic"), first=True) and all(
                text_ok(table.column(c)) for c in ("doc", "run", "path") if c in keep):
            return table, prepared
    return None, None


def add_table(table, lines: np.ndarray, state: RunColumns, file: str, log: ProblemLog) -> bool:
    """Check a parsed block's values as :func:`~sdreval.io.trec.parse_result_fields` does and,
    if all are valid, add its rows to ``state``; False (``state`` untouched) otherwise."""
    layout = state.layout
    rank = integers(table.column("rank"), 0 if layout == "document" else 1)
    rsv = finite(table.column("rsv"))
    if rank is None or rsv is None:
        return False
    offset = length = None
    if layout == "passage":
        offset = integers(table.column("offset"), 0)
        length = integers(table.column("length"), 0)
        if (offset is None or length is None
                or (len(offset) and (offset + length).max() >= CHAR_LIMIT)):
            return False
    paths = None
    if layout == "element":
        try:
            paths = [canonical_codes(chunk, state.raw_paths)
                     for chunk in table.column("path").chunks]
        except XPathError:
            return False
    # every line is valid: report per line (in line order), give ids, add the rows
    pending = Pending()
    if layout == "passage":
        for line in lines[length == 0].tolist():
            pending.add(line, 0, _ZERO_LENGTH)
    collect = _Collect(pending, 1)
    start = 0
    for i, run_chunk in enumerate(table.column("run").chunks):
        codes = run_chunk.indices.to_numpy()
        for code, value in enumerate(run_chunk.dictionary.to_pylist()):
            if value not in state.run_ids:
                where = np.flatnonzero(codes == code)
                if len(where):
                    note_run_id(state.run_ids, value, int(lines[start + where[0]]), file,
                                collect)  # type: ignore[arg-type]
        start += len(codes)
    start = 0
    topic_chunks = table.column("topic").chunks
    doc_chunks = table.column("doc").chunks
    for i, (topic_chunk, doc_chunk) in enumerate(zip(topic_chunks, doc_chunks)):
        n = len(topic_chunk)
        rows = slice(start, start + n)
        topic = _global_codes(topic_chunk, state.topic_ids)
        doc = doc_chunk.indices.to_numpy()
        names = doc_chunk.dictionary.to_numpy(zero_copy_only=False)[doc]
        if paths is not None:
            canon_codes, distinct = paths[i]
            mapping = np.array([state.path_ids.setdefault(c, len(state.path_ids))
                                for c in distinct], dtype=np.int64)
            path = mapping[canon_codes] if len(mapping) else np.zeros(n, dtype=np.int64)
        else:
            path = np.zeros(n, dtype=np.int64)
        state.add(topic, doc, names, path, None if offset is None else offset[rows],
                  None if length is None else length[rows], rank[rows], rsv[rows], lines[rows])
        start += n
    pending.flush(file, log)
    return True


def _global_codes(chunk, ids: dict[str, int]) -> np.ndarray:
    """Global ids (in order of first appearance) of a dictionary chunk's rows, for columns
    with few distinct values (topics)."""
    indices = chunk.indices.to_numpy()
    values = chunk.dictionary.to_pylist()
    mapping = np.zeros(len(values), dtype=np.int64)
    for code in appearance_order(indices, len(values)):
        mapping[code] = ids.setdefault(values[code], len(ids))
    return mapping[indices]


def appearance_order(indices: np.ndarray, size: int) -> list[int]:
    """The dictionary codes in order of their first appearance in ``indices`` (Arrow numbers
    a chunk's dictionary that way already: checked in linear time, else sorted)."""
    if size <= 1 or in_first_appearance_order(indices):
        return list(range(size))
    codes, firsts = np.unique(indices, return_index=True)
    return codes[np.argsort(firsts, kind="stable")].tolist()


def canonical_codes(chunk, cache: dict[str, str]) -> tuple[np.ndarray, list[str]]:
    """Codes of a dictionary chunk of XPaths by canonical form, and the distinct canonical
    paths in order of first appearance (raises XPathError for a malformed path)."""
    indices = chunk.indices.to_numpy()
    raw_values = chunk.dictionary.to_pylist()
    order = appearance_order(indices, len(raw_values))
    canon_of: dict[str, int] = {}
    distinct: list[str] = []
    mapping = np.zeros(len(raw_values), dtype=np.int64)
    for i in order:
        raw = raw_values[i]
        canon = cache.get(raw)
        if canon is None:
            canon = cache[raw] = canonical_xpath(raw)
        code = canon_of.get(canon)
        if code is None:
            code = canon_of[canon] = len(distinct)
            distinct.append(canon)
        mapping[i] = code
    return mapping[indices], distinct


def careful_block(block: bytes, before: int, state: RunColumns, file: str,
                  log: ProblemLog) -> None:
    """The careful reader's loop on one block, adding its rows to the same columns."""
    careful_rows(careful_lines(block, before, file, log), state, file, log)


def careful_rows(lines, state: RunColumns, file: str, log: ProblemLog) -> None:
    """The careful reader's loop on ``(line number, fields)`` pairs, adding the valid results
    to the columns of ``state``."""
    layout = state.layout
    topics, paths = state.topic_ids, state.path_ids
    docs: dict[str, int] = {}
    names: list[str] = []
    cols = [array("q") for _ in range(6)] + [array("d"), array("q")]
    for number, fields in lines:
        parsed = parse_result_fields(fields, number, layout, state.raw_paths, file, log)
        if parsed is None:
            continue
        rank, rsv, offset, length, canon = parsed
        path_id = 0 if canon is None else paths.setdefault(canon, len(paths))
        note_run_id(state.run_ids, fields[5], number, file, log)
        topic = topics.setdefault(fields[0], len(topics))
        doc = docs.setdefault(fields[2], len(docs))
        names.append(fields[2])
        for column, value in zip(cols, (topic, doc, path_id, offset, length, rank, rsv,
                                        number)):
            column.append(value)
    if len(cols[0]):
        topic, doc, path, offset, length, rank = (np.frombuffer(c, dtype=np.int64)
                                                  for c in cols[:6])
        name_array = np.empty(len(names), dtype=object)
        name_array[:] = names
        passage = layout == "passage"
        state.add(topic, doc, name_array, path, offset if passage else None,
                  length if passage else None, rank, np.frombuffer(cols[6], np.float64),
                  np.frombuffer(cols[7], np.int64))


class _Disorder:
    """Ranks out of order in one topic, as :func:`~sdreval.io.trec.warn_disorder` reads them."""

    __slots__ = ("disorder", "first_disorder")

    def __init__(self, rank: np.ndarray, line: np.ndarray) -> None:
        down = np.flatnonzero(rank[1:] < rank[:-1])
        self.disorder = len(down)
        self.first_disorder = None
        if len(down):
            i = int(down[0])
            self.first_disorder = (int(line[i + 1]), int(rank[i + 1]), int(rank[i]))


def topics_with_repeats(topic, doc, piece, path, offset, length, order, bounds
                        ) -> np.ndarray:
    """Per topic id: True if a result may repeat another (the careful code then checks):
    rows of a topic whose mixed document code, path and range collide, or a topic spread over
    several pieces (its document codes are not comparable)."""
    count = len(bounds) - 1
    suspects = np.zeros(count, dtype=bool)
    if not len(topic):
        return suspects
    if count >= 1 << 23:  # pragma: no cover - more topics than the key holds: check each
        suspects[:] = True
        return suspects
    mix = np.uint64(0x9E3779B97F4A7C15)
    with np.errstate(over="ignore"):
        rest = doc.astype(np.uint64) * mix + path.astype(np.uint64)
        if offset is not None:
            rest = (rest * mix + offset.astype(np.uint64)) * mix + length.astype(np.uint64)
    key = (topic.astype(np.uint64) << np.uint64(40)) | (rest & np.uint64((1 << 40) - 1))
    key.sort()
    same = key[1:] == key[:-1]
    if same.any():
        suspects[np.unique(key[1:][same] >> np.uint64(40)).astype(np.int64)] = True
    starts = bounds[:-1][bounds[:-1] < bounds[1:]]
    ordered = piece[order]
    spread = np.minimum.reduceat(ordered, starts) != np.maximum.reduceat(ordered, starts)
    suspects[topic[order][starts][spread]] = True
    return suspects


def topics_with_overlaps(topic, doc, offset, length, spread) -> np.ndarray:
    """Per topic id: True if two non-empty passages of one document may overlap (the careful
    code then checks and reports), or the topic's document codes are not comparable
    (``spread``: the topic spans several pieces)."""
    suspects = spread.copy()
    rows = np.flatnonzero(length > 0)
    if len(rows) < 2:
        return suspects
    order = rows[np.lexsort((offset[rows], doc[rows], topic[rows]))]
    t, d, start = topic[order], doc[order], offset[order]
    end = start + length[order]
    new = np.ones(len(order), dtype=bool)
    new[1:] = (t[1:] != t[:-1]) | (d[1:] != d[:-1])
    group = np.cumsum(new) - 1
    big = int(end.max()) + 1
    reach = np.maximum.accumulate(group * big + end) - group * big
    hit = np.flatnonzero(~new[1:] & (start[1:] < reach[:-1])) + 1
    suspects[np.unique(t[hit])] = True
    return suspects


def build_rankings(columns: list, topics: list[str], paths: np.ndarray, layout: str,
                   file: str, log: ProblemLog, wanted: list[int] | None = None
                   ) -> dict[int, Ranking]:
    """Rankings of the topics (ids into ``topics``) of rows given as
    :meth:`RunColumns.columns` gives them: rows grouped by topic (file order kept), each
    ranking built and checked by the careful reader's code; ``wanted``: the topic ids to build,
    in this order (default: every id present, in id order)."""
    topic, doc, names, piece, path, offset, length, rank, rsv, line = columns
    unit: Unit = layout  # type: ignore[assignment]
    order = np.argsort(topic, kind="stable")
    bounds = np.searchsorted(topic[order], np.arange(len(topics) + 1))
    in_order = bool(np.all(order[1:] > order[:-1])) if len(order) else True
    suspects = topics_with_repeats(topic, doc, piece, path, offset, length, order, bounds)
    overlapping = (topics_with_overlaps(topic, doc, offset, length, suspects)
                   if layout == "passage" else suspects)
    if wanted is None:
        wanted = [t for t in range(len(topics)) if bounds[t] < bounds[t + 1]]
    rankings: dict[int, Ranking] = {}
    for t in wanted:
        name_t = topics[t]
        lo, hi = int(bounds[t]), int(bounds[t + 1])
        rows = slice(lo, hi) if in_order else order[lo:hi]
        topic_rank, topic_line = rank[rows], line[rows]
        warn_disorder(name_t, _Disorder(topic_rank, topic_line), file, log)  # type: ignore
        topic_names = names[rows]
        topic_path = path[rows].astype(np.int64)
        n = len(topic_line)
        if offset is None:
            topic_offset = topic_length = np.full(n, -1, dtype=np.int64)
        else:
            topic_offset, topic_length = offset[rows], length[rows]
        rankings[t] = build_ranking(
            name_t, doc_codes(doc[rows], topic_names, piece[rows]), topic_names, topic_path,
            None if layout == "passage" else paths[topic_path], topic_offset, topic_length,
            topic_rank, rsv[rows], topic_line, unit, file, log, repeats=bool(suspects[t]),
            overlaps=bool(overlapping[t]))
    return rankings


def path_names(state: RunColumns) -> np.ndarray:
    """The canonical paths by id (``[None]`` for passage runs)."""
    return np.array(list(state.path_ids) if state.layout != "passage" else [None], dtype=object)


def assemble(state: RunColumns, file: str, log: ProblemLog, name: str | None) -> Run:
    """The run from the columns, topics in order of first appearance."""
    topics = list(state.topic_ids)
    columns = state.columns()
    paths = path_names(state)
    topic, _, names, _, path, offset, length, rank, rsv, _ = columns
    order = np.argsort(topic, kind="stable")
    in_order = bool(np.all(order[1:] > order[:-1])) if len(order) else True
    bounds = np.searchsorted(topic[order], np.arange(len(topics) + 1))
    sizes = np.diff(bounds)
    # warnings (ranks out of order, repeats, overlaps) concern topics of two results or more:
    # checked by build_rankings a batch at a time, the rankings it builds dropped
    several = np.flatnonzero(sizes >= 2).tolist()
    for start in range(0, len(several), 1000):
        build_rankings(columns, topics, paths, state.layout, file, log,
                       wanted=several[start:start + 1000])
    present = sizes > 0
    if not present.any() and not log.errors:
        log.warn(file, None, "the run holds no results")
    run_name = name or (next(iter(state.run_ids)) if state.run_ids else file_stem(file))

    def grouped(values: np.ndarray) -> np.ndarray:
        return values if in_order else values[order]

    n = len(topic)
    doc_col = grouped(names)
    path_col = (np.full(n, None, dtype=object) if state.layout == "passage"
                else grouped(paths[path.astype(np.int64)]))
    offset_col = np.full(n, -1, dtype=np.int64) if offset is None else grouped(offset)
    length_col = np.full(n, -1, dtype=np.int64) if length is None else grouped(length)
    kept = state.topic_ids if present.all() else [t for t, p in zip(topics, present) if p]
    kept_bounds = bounds if present.all() else np.concatenate(
        ([0], bounds[1:][present]))
    return Run.from_columns(run_name, kept, kept_bounds, doc_col, path_col,  # type: ignore
                            offset_col, length_col, grouped(rank), grouped(rsv), state.layout,
                            source=file)
