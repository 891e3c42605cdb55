"""The columnar reader of TREC-like runs: :func:`sdreval.io.trec.read_trec_run` by blocks.

Each block of the file is parsed by Arrow when it passes the checks of
:mod:`sdreval.io.columnar`, else line by line by the careful code of :mod:`sdreval.io.trec`;
both append the block's valid results to the same columns (topic, document and path ids given
in order of first appearance, rank, RSV, offset, length, line).  At the end the rows are
grouped by topic (stable: file order within a topic) and each topic's ranking is built by the
careful reader's own code (:func:`~sdreval.io.trec.build_ranking`: repeats and overlaps), so
the run and every problem are the careful reader's.

Memory: the run keeps its document names as Arrow strings (a few bytes a row, turned into
Python strings one topic at a time when the topic is read), its canonical paths as a code per
row, and no offsets and lengths for element and document runs
(:func:`sdreval.model.run.column_rows`).  Only topics that may hold a repeat or an overlap
(found with vectorised checks over all rows) are checked by the careful code.
"""
from __future__ import annotations

from array import array
from pathlib import Path

import numpy as np

from ..errors import ProblemLog
from ..model.result_rules import (disorder_in_groups, disorder_message, topics_with_overlaps,
                                  topics_with_repeats)
from ..model.run import Coded, Filled, Ranking, Run, Unit
from ..model.xpath import XPathError, canonical_xpath
from . import columnar
from .columnar import (Pending, ReadFailed, arrow_pool, split_block, in_first_appearance_order,
                       careful_lines, lines_after, has_blank_or_comment_lines, iter_blocks,
                       parse_columns, parse_halving, prepare, text_ok)
from .textlines import CHAR_LIMIT, INT_LIMIT, finish
from .trec_lines import (DOCUMENT_PATH, build_ranking, file_stem, note_run_id,
                         parse_result_fields, warn_disorder)

_NAMES = {
    "element": ["topic", "q0", "doc", "rank", "rsv", "run", "path"],
    "passage": ["topic", "q0", "doc", "rank", "rsv", "run", "offset", "length"],
    "document": ["topic", "q0", "doc", "rank", "rsv", "run"],
}
_ZERO_LENGTH = "passage of length 0 (kept; it retrieves no text)"


class RunColumns:
    """The valid results read so far, as columns in file order, piece by piece (an Arrow chunk
    or a careful block).

    Topics and canonical paths (few distinct values) get global ids in order of first
    appearance; documents (many) are kept as Arrow strings per piece with a code per distinct
    value within the piece, made comparable across pieces per topic when a topic spans
    several (:func:`doc_codes`).  Line numbers and pieces are not kept per row: a piece of
    consecutive lines keeps its first line only (:class:`RowIndex`)."""

    def __init__(self, layout: str) -> None:
        self.layout = layout
        self.topic_ids: dict[str, int] = {}
        self.path_ids: dict[str, int] = {DOCUMENT_PATH: 0} if layout == "document" else {}
        self.run_ids: dict[str, int] = {}  # run-id -> line of first appearance (note_run_id)
        self.raw_paths: dict[str, str] = {}  # XPath as written -> canonical
        #: topics, and XPaths as written (with their canonical path's id), met so far
        self.topics_seen = SeenValues()
        self.raw_seen = SeenValues()
        self.index = RowIndex()
        self.names: list = []  # per piece: the rows' document names (Arrow strings)
        self.parts: list[list[np.ndarray]] = [[] for _ in _COLUMNS]  # per column, per piece

    def __len__(self) -> int:
        return self.index.rows

    def add(self, topic, doc, doc_names, path, offset, length, rank, rsv, line) -> None:
        """One piece of rows: global topic and path ids, document codes unique within the
        piece, the documents' names (Arrow strings), the line numbers."""
        n = len(line)
        self.index.add(np.asarray(line, dtype=np.int64))
        self.names.append(doc_names)
        if path is None:
            path = np.zeros(n, dtype=np.int32)
        values = (topic, doc, path, offset, length, rank, rsv)
        for column, dtype, value in zip(self.parts, _COLUMNS, values):
            if value is not None:
                column.append(narrow(np.asarray(value, dtype)))

    def columns(self, objects: bool = True) -> list:
        """All rows, one column at a time (each column's pieces released as it is joined):
        topic, doc, doc names, piece, path, offset, length, rank, rsv, line (offset and length
        None for element and document runs).  Document names as a numpy array of Python
        strings; with ``objects=False`` as an Arrow ChunkedArray, and piece and line None
        (:attr:`joined` tells them).  The columns start empty again."""
        import pyarrow as pa

        index, self.index = self.index, RowIndex(self.index.first_piece + len(self.index.starts))
        #: the :class:`RowIndex` of the rows last given by :meth:`columns`
        self.joined = index
        columns: list = []
        for i, dtype in enumerate(_COLUMNS):
            chunks, self.parts[i] = self.parts[i], []
            if i in (3, 4) and self.layout != "passage":
                columns.append(None)
            else:
                columns.append(np.concatenate(chunks) if chunks else np.zeros(0, dtype))
            del chunks
            if columns[-1] is not None and columns[-1].nbytes >= TRIM_BYTES:
                release_heap_memory()
        names = pa.chunked_array(self.names, type=pa.string())
        self.names = []
        if objects:
            columns[3:6] = [None if c is None else c.astype(np.int64) for c in columns[3:6]]
            names = names.to_numpy() if len(names) else np.zeros(0, dtype=object)
            everything = np.arange(index.rows)
            piece, line = index.pieces(everything), index.lines(everything)
        else:
            piece = line = None
        return columns[:2] + [names, piece] + columns[2:] + [line]


def narrow(values: np.ndarray) -> np.ndarray:
    """64-bit integers kept in 32 bits when they fit (ranks, and offsets and lengths, which are
    below 2**32): the run's columns take less memory; a topic's ranking is given int64
    arrays again (:func:`sdreval.model.run.row_reader`)."""
    if values.dtype != np.int64 or not len(values):
        return values
    low, high = int(values.min()), int(values.max())
    if low >= 0 and high < 1 << 32:
        return values.astype(np.uint32)
    if -(1 << 31) <= low and high < 1 << 31:
        return values.astype(np.int32)
    return values


#: dtypes of the columns of :class:`RunColumns` (topic, doc, path, offset, length, rank, rsv)
_COLUMNS = (np.int32, np.int32, np.int32, np.int64, np.int64, np.int64, np.float64)


class RowIndex:
    """Where each row of :class:`RunColumns` comes from: its piece and its line, found from
    per-piece data (the first row and, for a piece of consecutive lines, the first line; the
    lines themselves only for pieces with gaps, such as blank or bad lines)."""

    def __init__(self, first_piece: int = 0) -> None:
        #: pieces are numbered from this on (unique over all the rows of a file)
        self.first_piece = first_piece
        self.rows = 0
        self.starts: list[int] = []  # first row of each piece
        self.first_lines: list[int] = []  # first line of each piece
        self.gaps: dict[int, np.ndarray] = {}  # piece -> its lines, if not consecutive

    def add(self, lines: np.ndarray) -> None:
        piece = len(self.starts)
        self.starts.append(self.rows)
        self.first_lines.append(int(lines[0]) if len(lines) else 0)
        if len(lines) and int(lines[-1]) - int(lines[0]) != len(lines) - 1:
            self.gaps[piece] = lines
        self.rows += len(lines)

    def pieces(self, rows: np.ndarray) -> np.ndarray:
        """The piece of each row (rows as an integer array)."""
        return self.first_piece + (np.searchsorted(np.asarray(self.starts, dtype=np.int64),
                                                   rows, side="right") - 1).astype(np.int32)

    def lines(self, rows: np.ndarray) -> np.ndarray:
        """The line number of each row (rows as an integer array)."""
        rows = np.asarray(rows, dtype=np.int64)
        piece = self.pieces(rows) - self.first_piece
        starts = np.asarray(self.starts, dtype=np.int64)
        within = rows - starts[piece] if len(starts) else rows
        out = np.asarray(self.first_lines, dtype=np.int64)[piece] + within \
            if len(starts) else rows.copy()
        for p, lines in self.gaps.items():
            hit = piece == p
            if hit.any():
                out[hit] = lines[within[hit]]
        return out


def release_heap_memory() -> None:
    """Return free memory to the system (Arrow's pool, then glibc's ``malloc_trim``): the
    pieces of a column just joined are freed, but the allocators would keep their memory, so
    that the process would hold both the pieces and the joined columns."""
    import pyarrow as pa

    pa.default_memory_pool().release_unused()
    global _TRIM
    if _TRIM is None:
        import ctypes
        import ctypes.util

        try:
            _TRIM = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
        except (OSError, AttributeError):
            _TRIM = False
    if _TRIM:
        _TRIM(0)


_TRIM = None
#: blocks read between two calls of :func:`release_heap_memory` (a call takes a few ms, and
#: the pages given back fault in again when reused: what the allocators keep between blocks is
#: bounded, so this is rare)
TRIM_BLOCKS = 16
#: columns smaller than this are joined without :func:`release_heap_memory`
TRIM_BYTES = 1 << 20
#: new topics read between two calls of :func:`release_heap_memory` (Arrow's parse of a
#: block of many distinct topics leaves much free memory that the allocator would keep)
TRIM_TOPICS = 1 << 15


def exact_doc_codes(doc: np.ndarray, names, lo: int, hi: int, piece: np.ndarray
                    ) -> np.ndarray:
    """Codes equal exactly where the documents of one topic's rows ``lo:hi`` are (``names``:
    the Arrow names of all rows): the piece codes if the rows come from one piece, else codes
    of the names, found by Arrow."""
    if len(piece) < 2 or piece[0] == piece[-1] and (piece == piece[0]).all():
        return doc
    import pyarrow.compute as pc

    encoded = pc.dictionary_encode(names.slice(lo, hi - lo).combine_chunks())
    return numpy_of(encoded.indices).astype(np.int32)


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
                       name: str | None = None,
                       byte_range: tuple[int, int, int] | None = None) -> Run:
    """:func:`sdreval.io.trec.read_trec_run` parsing blocks columnar (module documentation);
    ``byte_range``: only that piece of the file (:func:`~sdreval.io.columnar.iter_blocks`).

    Arrow parses the next block in a second thread while this one checks and adds the rows of
    the block before (Arrow releases the interpreter while it parses): the two cores of a
    small machine work at once.  Arrow's own thread pool is not used: a threaded parse that
    fails leaves tasks running, and a process that exits then aborts
    (:func:`~sdreval.io.columnar.parse_columns`)."""
    from concurrent.futures import ThreadPoolExecutor

    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    state = RunColumns(layout)
    ahead = None  # the block being parsed, and its parse
    trimmed = 0  # topics read at the last release_heap_memory()
    with ThreadPoolExecutor(1, thread_name_prefix="sdreval-parse") as parser:
        try:
            for count, (block, before, newlines) in enumerate(iter_blocks(path, None, byte_range), 1):
                parse = parser.submit(parse_run_block, block, before, newlines, layout)
                if ahead is not None:
                    add_parsed(*ahead, state, file, log)
                ahead = (block, before, newlines, parse)
                del block
                if count % TRIM_BLOCKS == 0 or len(state.topic_ids) >= trimmed + TRIM_TOPICS:
                    release_heap_memory()
                    trimmed = len(state.topic_ids)
        except ReadFailed as failure:  # a damaged .gz: the rest line by line, up to the damage
            if ahead is not None:
                add_parsed(*ahead, state, file, log)
                ahead = None
            careful_rows(lines_after(path, failure.before, file, log), state, file, log)
        if ahead is not None:
            add_parsed(*ahead, state, file, log)
            ahead = None
    large = len(state) * 8 >= TRIM_BYTES or len(state.topic_ids) >= TRIM_TOPICS
    run = assemble(state, file, log, name)
    if large:
        release_heap_memory()
    finish(log, own)
    return run


def add_parsed(block: bytes, before: int, newlines: int, parse, state: RunColumns, file: str,
               log: ProblemLog) -> None:
    """Add the rows of a block parsed by :func:`parse_run_block` (``parse``: its future); a
    block Arrow could not take, or whose values fail a check, is halved and each half tried
    again, down to the careful per-line code (:func:`parse_block` after the first try)."""
    table, prepared = parse.result()
    if table is not None and add_table(table, prepared.lines, state, file, log):
        return
    del table, prepared
    halves = split_block(block, before, newlines) if len(block) > columnar.CAREFUL_BYTES \
        else None
    if halves is None:
        careful_block(block, before, state, file, log)
        return
    for half, start, count in halves:
        parse_block(half, start, count, state, file, log)


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
    table, prepared = parse_run_block(block, before, newlines, state.layout, False)
    if table is None:
        return False
    return add_table(table, prepared.lines, state, file, log)


def parse_run_block(block: bytes, before: int, newlines: int, layout: str,
                    threads: bool = False):
    """``(Arrow table, Prepared)`` of a block of a run in ``layout``, or ``(None, None)``
    when Arrow cannot cut it into the layout's fields as ``str.split()`` would (a block with
    blank or comment lines is tried once more without them)."""
    import pyarrow as pa

    names = _NAMES[layout]
    text = pa.dictionary(pa.int32(), pa.string())
    types = {"topic": text, "doc": text, "run": text, "rank": pa.int64(), "rsv": pa.float64()}
    types["q0"] = text  # kept to check it for empty values (the scans of prepare skipped)
    keep = ["topic", "q0", "doc", "rank", "rsv", "run"]
    if layout == "element":
        types["path"] = text
        keep.append("path")
    elif layout == "passage":
        types["offset"] = types["length"] = pa.int64()
        keep += ["offset", "length"]
    for filtered in (False, True):
        if filtered and not has_blank_or_comment_lines(block):
            break
        prepared = prepare(block, before, newlines, filtered, empty_fields=False)
        if prepared is None:
            break
        table = parse_columns(prepared, names, types, keep, threads)
        if table is not None and text_ok(table.column("topic"), first=True) and all(
                text_ok(table.column(c)) for c in ("q0", "doc", "run", "path") if c in keep):
            return table, prepared
    return None, None


def numpy_of(array) -> np.ndarray:
    """A numpy view of an Arrow array of numbers without nulls (``to_numpy()`` copies the
    arrays of Arrow's CSV reader, at about a millisecond a chunk)."""
    import pyarrow as pa

    try:
        return array.to_numpy(zero_copy_only=True)
    except pa.ArrowInvalid:  # pragma: no cover - nulls or a type numpy cannot view
        return array.to_numpy(zero_copy_only=False)


def chunk_values(column, low: int | None = None) -> list[np.ndarray] | None:
    """The values of a numeric Arrow column, one numpy view per chunk (no copy), if all are
    finite and, for integers, in ``[low, INT_LIMIT)`` (``low``: None for floats); else None."""
    values = [numpy_of(chunk) for chunk in column.chunks]
    for part in values:
        if not len(part):
            continue
        if low is None:
            if not np.isfinite(part).all():
                return None
        elif part.min() < low or part.max() > INT_LIMIT - 1:
            return None
    return values


def add_table(table, lines: np.ndarray, state: RunColumns, file: str, log: ProblemLog) -> bool:
    """Check a parsed block's values as :func:`~sdreval.io.trec.parse_result_fields` does and,
    if all are valid, add its rows to ``state``; False (``state`` untouched) otherwise."""
    import pyarrow.compute as pc
    layout = state.layout
    rank = chunk_values(table.column("rank"), 0 if layout == "document" else 1)
    rsv = chunk_values(table.column("rsv"))
    if rank is None or rsv is None:
        return False
    offset = length = None
    if layout == "passage":
        offset = chunk_values(table.column("offset"), 0)
        length = chunk_values(table.column("length"), 0)
        if offset is None or length is None or any(
                len(o) and (o + n).max() >= CHAR_LIMIT for o, n in zip(offset, length)):
            return False
    paths = None
    if layout == "element":
        try:
            paths = [canonical_codes(chunk, state) for chunk in table.column("path").chunks]
        except XPathError:
            return False
    # every line is valid: report per line (in line order), give ids, add the rows
    pending = Pending()
    if layout == "passage":
        for line in lines[np.concatenate(length) == 0].tolist():  # type: ignore[arg-type]
            pending.add(line, 0, _ZERO_LENGTH)
    collect = _Collect(pending, 1)
    start = 0
    for i, run_chunk in enumerate(table.column("run").chunks):
        codes = numpy_of(run_chunk.indices)
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
        topic = _global_codes(topic_chunk, state)
        path = paths[i] if paths is not None else None
        state.add(topic, numpy_of(doc_chunk.indices), pc.take(
            doc_chunk.dictionary, doc_chunk.indices, memory_pool=arrow_pool()), path,
            None if offset is None else offset[i], None if length is None else length[i],
            rank[i], rsv[i], lines[rows])
        start += n
    pending.flush(file, log)
    return True


class SeenValues:
    """The values of a dictionary-encoded column met so far by the columnar path (Arrow
    strings, so that a chunk's values are looked up at C speed) and a global id for each."""

    def __init__(self) -> None:
        self.values = None
        self.ids = np.zeros(0, dtype=np.int32)

    def global_ids(self, chunk, ids_of) -> np.ndarray:
        """The global id of each row of a dictionary chunk.  Values not met before become
        Python strings once and get their ids from ``ids_of(values)`` (in order of first
        appearance; it may raise before anything is recorded)."""
        import pyarrow as pa
        import pyarrow.compute as pc

        indices = numpy_of(chunk.indices)
        dictionary = chunk.dictionary
        if self.values is None:
            found = np.full(len(dictionary), -1, dtype=np.int64)
        else:
            found = np.array(pc.index_in(dictionary, value_set=self.values).fill_null(-1)
                             .to_numpy(), dtype=np.int64)
        new = np.flatnonzero(found < 0)
        if len(new):
            if not (len(new) == len(dictionary) and in_first_appearance_order(indices)):
                new = new[np.argsort(_first_rows(indices, len(dictionary))[new], kind="stable")]
            added = dictionary.take(pa.array(new))
            ids = np.asarray(ids_of(added.to_pylist()), dtype=np.int32)
            seen = len(self.ids)
            found[new] = np.arange(seen, seen + len(new))
            self.values = added if self.values is None else pa.concat_arrays([self.values, added])
            self.ids = np.concatenate((self.ids, ids))
        return self.ids[found][indices]


def _global_codes(chunk, state: "RunColumns") -> np.ndarray:
    """Global topic ids (in order of first appearance) of a dictionary chunk's rows (a Python
    string per topic, not per chunk: a run of very many topics would otherwise make and drop
    a string per row)."""
    ids = state.topic_ids
    return state.topics_seen.global_ids(
        chunk, lambda names: [ids.setdefault(name, len(ids)) for name in names])


def _first_rows(indices: np.ndarray, size: int) -> np.ndarray:
    """The first row of each dictionary code (``len(indices)`` for codes not used)."""
    firsts = np.full(size, len(indices), dtype=np.int64)
    np.minimum.at(firsts, indices, np.arange(len(indices)))
    return firsts


def canonical_codes(chunk, state: RunColumns) -> np.ndarray:
    """The canonical path id of each row of a dictionary chunk of XPaths as written (raises
    XPathError for a malformed path, before anything is recorded).  A new XPath is
    canonicalised once and its canonical path given the next id, in order of first
    appearance."""
    def ids_of(raw_values: list[str]) -> list[int]:
        canon = [state.raw_paths.get(raw) or canonical_xpath(raw) for raw in raw_values]
        state.raw_paths.update(zip(raw_values, canon))
        return [state.path_ids.setdefault(path, len(state.path_ids)) for path in canon]

    return state.raw_seen.global_ids(chunk, ids_of)


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
        import pyarrow as pa

        passage = layout == "passage"
        state.add(topic, doc, pa.array(names, type=pa.string()), path, offset if passage else None,
                  length if passage else None, rank, np.frombuffer(cols[6], np.float64),
                  np.frombuffer(cols[7], np.int64))


#: rows checked at once for repeats and overlaps (memory: a few arrays of this many rows)
BATCH_ROWS = 1 << 18


def topic_batches(bounds: np.ndarray) -> list[tuple[int, int]]:
    """``(first topic, end topic)`` ranges of whole topics of about :data:`BATCH_ROWS` rows (a
    larger topic alone)."""
    batches: list[tuple[int, int]] = []
    first, count = 0, len(bounds) - 1
    while first < count:
        last = int(np.searchsorted(bounds, bounds[first] + BATCH_ROWS, side="right")) - 1
        last = min(max(last, first + 1), count)
        batches.append((first, last))
        first = last
    return batches


def spread_topics(present: np.ndarray, first_piece: np.ndarray, last_piece: np.ndarray,
                  count: int) -> np.ndarray:
    """Per topic id (``count`` topics): True if its rows come from several pieces, given the
    smallest and largest piece of each topic in ``present``."""
    spread = np.zeros(count, dtype=bool)
    spread[present] = first_piece != last_piece
    return spread


def grouped_spread(piece: np.ndarray, order: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """:func:`spread_topics` from the piece of every row and the order grouping rows by topic."""
    present = np.flatnonzero(bounds[:-1] < bounds[1:])
    if not len(present):
        return np.zeros(len(bounds) - 1, dtype=bool)
    ordered = piece[order]
    starts = bounds[present]
    return spread_topics(present, np.minimum.reduceat(ordered, starts),
                         np.maximum.reduceat(ordered, starts), len(bounds) - 1)


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
    suspects = topics_with_repeats(topic, doc, path, offset, length,
                                   grouped_spread(piece, order, bounds))
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
        warn_disorder(name_t, topic_rank, topic_line, file, log)
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
    """The run from the columns, topics in order of first appearance; ranks out of order,
    repeats and overlaps reported topic by topic as the careful reader reports them."""
    topics = list(state.topic_ids)
    columns = state.columns(objects=False)
    paths = path_names(state)
    topic, _, names, _, path, offset, length, rank, rsv, _ = columns
    n = len(topic)
    order = (None if n < 2 or bool((topic[1:] >= topic[:-1]).all())
             else np.argsort(topic, kind="stable"))
    bounds = np.searchsorted(topic if order is None else topic[order],
                             np.arange(len(topics) + 1))
    if order is not None and n:
        import pyarrow as pa
        import pyarrow.compute as pc

        columns[2] = names = pc.take(names, pa.array(order), memory_pool=arrow_pool())
    report_topics(columns, state.joined, order, bounds, topics, paths, state.layout, file, log)
    present = bounds[1:] > bounds[:-1]
    if not present.any() and not log.errors:
        log.warn(file, None, "the run holds no results")
    run_name = name or (next(iter(state.run_ids)) if state.run_ids else file_stem(file))

    def grouped(values: np.ndarray) -> np.ndarray:
        return values if order is None else values[order]

    if state.layout == "passage":
        path_col = Filled(None)
    elif state.layout == "document":
        path_col = Filled(DOCUMENT_PATH)
    else:
        path_col = Coded(grouped(path), paths)
    offset_col = Filled(-1, np.int64) if offset is None else grouped(offset)
    length_col = Filled(-1, np.int64) if length is None else grouped(length)
    kept = state.topic_ids if present.all() else [t for t, p in zip(topics, present) if p]
    kept_bounds = bounds if present.all() else np.concatenate(
        ([0], bounds[1:][present]))
    return Run.from_columns(run_name, kept, kept_bounds, names, path_col,  # type: ignore
                            offset_col, length_col, grouped(rank), grouped(rsv), state.layout,
                            source=file)


def report_topics(columns: list, index: RowIndex, order: np.ndarray | None,
                  bounds: np.ndarray, topics: list[str], paths: np.ndarray, layout: str,
                  file: str, log: ProblemLog) -> None:
    """Report, topic by topic in topic order, ranks out of order (found for all rows at once),
    then repeated results and overlapping passages, checked by the careful reader's code for
    the topics the vectorised tests single out (:func:`topics_with_repeats`,
    :func:`topics_with_overlaps`).  ``columns`` as :meth:`RunColumns.columns` gives them with
    ``objects=False``, but the document names already grouped by topic; ``index`` tells rows'
    pieces and lines; ``order`` groups the rows by topic (None: they are)."""
    topic, doc, names, _, path, offset, length, rank, rsv, _ = columns
    if len(topic) < 2:
        return
    suspects = np.zeros(len(topics), dtype=bool)
    overlapping = suspects if layout != "passage" else np.zeros(len(topics), dtype=bool)
    spread_all = (None if order is None else
                  grouped_spread(index.pieces(np.arange(len(topic))), order, bounds))
    for first, last in topic_batches(bounds):  # whole topics, a bounded number of rows at once
        lo, hi = int(bounds[first]), int(bounds[last])
        rows = slice(lo, hi) if order is None else order[lo:hi]
        part = slice(first, last)
        batch_topic = topic[rows]
        if order is None:
            present = np.flatnonzero(bounds[first:last] < bounds[first + 1:last + 1]) + first
            spread = spread_topics(present, index.pieces(bounds[present]),
                                   index.pieces(bounds[present + 1] - 1), len(topics))
        else:
            spread = spread_all.copy()  # type: ignore[union-attr]
            spread[:first] = spread[last:] = False
        path_rows = path[rows]
        offset_rows = None if offset is None else offset[rows]
        length_rows = None if length is None else length[rows]
        suspects[part] = topics_with_repeats(batch_topic, doc[rows], path_rows, offset_rows,
                                             length_rows, spread)[part]
        if layout == "passage":
            overlapping[part] = topics_with_overlaps(batch_topic, doc[rows], offset_rows,
                                                     length_rows, suspects)[part]
        del batch_topic, path_rows, offset_rows, length_rows

    def grouped(values: np.ndarray) -> np.ndarray:
        return values if order is None else values[order]

    grouped_rank = grouped(rank)
    with_disorder, first_down, counts = disorder_in_groups(grouped(topic), grouped_rank)
    disorder = np.zeros(len(topics), dtype=np.int64)
    disorder[with_disorder] = counts
    first_of = dict(zip(with_disorder.tolist(), first_down.tolist()))
    flagged = np.flatnonzero((disorder > 0) | suspects | overlapping).tolist()
    for t in flagged:
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
        topic_doc = exact_doc_codes(doc[rows], names, lo, hi, index.pieces(rows))
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
        if offset is None:
            topic_offset = topic_length = np.full(k, -1, dtype=np.int64)
        topic_names = names.slice(lo, k).to_numpy()
        build_ranking(name_t, topic_doc, topic_names, topic_path, None if layout == "passage"
                      else paths[topic_path], topic_offset, topic_length, rank[rows],
                      rsv[rows], index.lines(rows), layout, file, log,  # type: ignore
                      repeats=repeats, overlaps=overlaps)
