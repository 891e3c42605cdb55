"""Helpers of the columnar readers of judgement files (:mod:`sdreval.io.fol_fast`,
:mod:`sdreval.io.native_fast`): a block's lines split into fields as ``str.split()`` splits
them, integers checked and converted, repeated keys found, problems reported in line order."""
from __future__ import annotations

import heapq
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

import numpy as np

from ..errors import Problem, ProblemLog

_BOM = b"\xef\xbb\xbf"
#: bytes that Arrow would not read as str.split() does
_UNSPLIT = [b"\x01", b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e", b"\x1f"]
#: bytes read at a time (smaller than a run's blocks: a block's parse into tokens takes several
#: times its size while it lasts)
BLOCK_BYTES = 1 << 20
#: the same for TREC qrels (half: their parse by Arrow's CSV reader held 10 MB more at 1 MiB)
TREC_QRELS_BLOCK_BYTES = 1 << 19
#: blocks read between two calls of :func:`~sdreval.io.trec_fast.release_heap_memory` (the
#: memory freed after each block is mostly reused by the next; a call every block made
#: reading FOL qrels 20% slower)
TRIM_EVERY = 4
#: the most digits of an integer taken by the fast path (then it fits int64, as in Python)
DIGITS = 18


@dataclass
class Fields:
    """The data lines of a block, split: line ``i`` (number ``numbers[i]`` in the file) has
    ``counts[i]`` fields, field ``k`` being ``tokens[starts[i] + k]``."""

    tokens: Any  # Arrow string array
    counts: np.ndarray
    starts: np.ndarray
    numbers: np.ndarray

    def field(self, k: int, where: np.ndarray | None = None):
        """Field ``k`` of every line (of the lines in ``where``), as an Arrow array."""
        import pyarrow as pa

        chosen = self.starts + k if where is None else (self.starts + k)[where]
        return self.tokens.take(pa.array(chosen))

    def rows(self, keep: slice | np.ndarray) -> "Fields":
        """The lines in ``keep`` only."""
        return Fields(self.tokens, self.counts[keep], self.starts[keep], self.numbers[keep])


def split_fields(block, before: int, newlines: int) -> Fields | None:
    """The block's data lines split on white space exactly as ``str.split()`` splits them
    (blank and ``#`` lines left out, as :func:`~sdreval.io.textlines.iter_fields` skips them), or None if that is
    not certain (:func:`_plain`).  Any mix of spaces and tabs is split as ``str.split()``
    splits it."""
    from .. import arrow_kernels as pc

    prepared = _plain(block, before, newlines)
    if prepared is None:
        return None
    data, numbers = prepared
    lines = block_lines(data, len(numbers))
    if lines is None:
        return None
    split = pc.ascii_split_whitespace(lines)
    offsets = split.offsets.to_numpy()
    tokens = split.flatten()
    line_start, line_tokens = offsets[:-1] - offsets[0], np.diff(offsets)
    # white space at a line start or end gives an empty token there (only there): left out
    if not len(tokens):
        return None
    bounds = np.frombuffer(tokens.buffers()[1], dtype=np.int32, count=len(tokens) + 1,
                           offset=4 * tokens.offset)
    first = np.minimum(line_start, len(tokens) - 1)
    last = np.maximum(line_start + line_tokens - 1, 0)
    empty_first = bounds[first + 1] == bounds[first]
    empty_last = (bounds[last + 1] == bounds[last]) & (line_tokens > 1)
    counts = line_tokens - empty_first - empty_last
    starts = line_start + empty_first
    data_lines = counts > 0  # blank lines are skipped, as are comments
    if b"#" in data and data_lines.any():
        firsts = tokens.take(starts[data_lines])
        comment = pc.starts_with(firsts, "#").to_numpy(zero_copy_only=False)
        if comment.any():
            data_lines[np.flatnonzero(data_lines)[comment]] = False
    return Fields(tokens, counts[data_lines], starts[data_lines], numbers[data_lines])


def read_in_blocks(path, fast, explain, file: str, log: ProblemLog,
                   size: int = 0) -> None:
    """Read ``path`` by blocks of ``size`` bytes (:data:`BLOCK_BYTES` by default):
    ``fast(block, before, newlines)`` takes a block or refuses it (then it is halved,
    :func:`sdreval.io.columnar.parse_halving`) and ``explain(pairs)`` gets the
    ``(line number, fields)`` of the parts refused, to be parsed one by one (their problems
    go to ``log``), and of the rest of a ``.gz`` file that cannot be read to its end.  The memory freed is
    given back to the system every :data:`TRIM_EVERY` blocks.  (Parsing the next block in a
    second thread, as the run reader does, was slower here: the checks of a block are many
    small steps that hold the interpreter.)"""
    from . import columnar
    from .columnar import ReadFailed, careful_lines, iter_blocks, lines_after, parse_halving
    from .trec_fast import release_heap_memory

    try:
        size = min(columnar.BLOCK_BYTES, size or BLOCK_BYTES)
        for count, (block, before, newlines) in enumerate(iter_blocks(path, size), 1):
            parse_halving(block, before, newlines, fast,
                          lambda b, n: explain(careful_lines(b, n, file, log)))
            del block
            if count % TRIM_EVERY == 0:
                release_heap_memory()
    except ReadFailed as failure:  # a damaged .gz: line by line up to the damage
        explain(lines_after(path, failure.before, file, log))


def _plain(block, before: int, newlines: int) -> tuple[bytes, np.ndarray] | None:
    """The block (without a byte-order mark at the file start) and the number of each of its
    lines, or None unless Arrow splits its lines and fields as ``str.split()`` would: ASCII
    only, without the rarer white space ``\\v \\f \\x1c-\\x1f`` (``str.split()`` splits on all
    of them, Arrow on the first two only: left to the per-line parse) nor ``\\x01`` (the column
    separator given to Arrow), every ``\\r`` in a CRLF line end."""
    if before == 0 and block.startswith(_BOM):
        block = block[3:]
    if not block.isascii() or any(c in block for c in _UNSPLIT):
        return None
    if b"\r" in block and block.count(b"\r") != block.count(b"\r\n"):
        return None
    count = newlines + (0 if block.endswith(b"\n") else 1)
    return block, np.arange(before + 1, before + 1 + count, dtype=np.int64)


def block_lines(data, count: int):
    """The block's lines, each with its line end, as one Arrow string array over the block's
    own bytes (no copy; None unless there are ``count`` lines).  The line end is white space
    to the split (:func:`split_fields` drops the empty token it leaves)."""
    import pyarrow as pa

    if not len(data):
        return None
    ends = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10) + 1
    if not len(ends) or ends[-1] != len(data):
        ends = np.append(ends, len(data))
    if len(ends) != count or len(data) >= 1 << 31:
        return None
    offsets = np.concatenate(([0], ends)).astype(np.int32)
    return pa.StringArray.from_buffers(count, pa.py_buffer(offsets), pa.py_buffer(data))


def digit_integers(text) -> np.ndarray | None:
    """int64 values of ASCII digit strings of 1 to 18 digits (None if one is not)."""
    import pyarrow as pa
    from .. import arrow_kernels as pc

    if not len(text):
        return np.zeros(0, dtype=np.int64)
    sizes = pc.binary_length(text).to_numpy()
    if sizes.min() == 0 or sizes.max() > DIGITS or not pc.all(pc.ascii_is_decimal(text)).as_py():
        return None
    return pc.cast(text, pa.int64()).to_numpy()


def first_occurrences(columns: list) -> tuple[np.ndarray, np.ndarray]:
    """For rows keyed by ``columns`` (each an integer numpy array or an Arrow string array):
    which rows repeat an earlier row's key, and the first row of each row's key.  Rows are told
    apart by a 64-bit hash of the key; the rows sharing a hash (repeats, rarely collisions) are
    then compared exactly."""
    import pyarrow as pa

    count = len(columns[0])
    repeats = np.zeros(count, dtype=bool)
    first_of = np.arange(count)
    if count < 2:
        return repeats, first_of
    hashed = np.zeros(count, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for column in columns:
            part = (column.astype(np.uint64) if isinstance(column, np.ndarray)
                    else string_hashes(column))
            hashed = hashed * np.uint64(0x9E3779B97F4A7C15) + part
    ordered = np.sort(hashed)
    same = ordered[1:] == ordered[:-1]
    if not same.any():
        return repeats, first_of
    candidates = np.flatnonzero(np.isin(hashed, ordered[1:][same]))
    keys = zip(*(column[candidates].tolist() if isinstance(column, np.ndarray)
                 else column.take(pa.array(candidates)).to_pylist() for column in columns))
    seen: dict[tuple, int] = {}
    for row, key in zip(candidates.tolist(), keys):
        earlier = seen.setdefault(key, row)
        if earlier != row:
            repeats[row], first_of[row] = True, earlier
    return repeats, first_of


def string_hashes(names) -> np.ndarray:
    """A 64-bit hash of each string of an Arrow string array, vectorised over the strings, one
    step per 8 bytes of the longest (each step reads 8 bytes of every string at once)."""
    import pyarrow as pa

    _, offsets, data = names.buffers()
    large = pa.types.is_large_string(names.type) or pa.types.is_large_binary(names.type)
    bounds = np.frombuffer(offsets, dtype=np.int64 if large else np.int32,
                           count=len(names) + 1, offset=(8 if large else 4) * names.offset)
    sizes = np.diff(bounds).astype(np.int64)
    hashed = sizes.astype(np.uint64) * np.uint64(0xC2B2AE3D27D4EB4F)
    if not len(sizes) or not sizes.max():
        return hashed
    first = int(bounds[0])
    padded = np.zeros(int(bounds[-1]) - first + 8, dtype=np.uint8)
    padded[:-8] = np.frombuffer(data, dtype=np.uint8)[first:int(bounds[-1])]
    # the 8 bytes starting at each byte (unaligned, little-endian)
    words = np.ndarray((len(padded) - 7,), dtype="<u8", buffer=padded.data, strides=(1,))
    starts = bounds[:-1].astype(np.int64) - first
    prime = np.uint64(0x100000001B3)
    with np.errstate(over="ignore"):
        for k in range(0, int(sizes.max()), 8):
            rows = np.flatnonzero(sizes > k) if sizes.min() <= k else slice(None)
            left = sizes[rows] - k
            word = words[starts[rows] + k]
            short = left < 8  # bytes beyond the string's end are masked out
            if short.any():
                keep = np.left_shift(np.uint64(1), (8 * left[short]).astype(np.uint64))
                word[short] &= keep - np.uint64(1)
            hashed[rows] = (hashed[rows] ^ word) * prime
    return hashed


class HeldProblems(ProblemLog):
    """Problems of the per-line explanations, held to be reported in line order at the end
    (merged with the repeats, found once the whole file is read).  They are held whatever
    their number: a Problem a rejected line, less than a line read into objects takes."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[Problem] = []

    def add(self, problem: Problem, kind: str | None = None) -> None:
        self.held.append(problem)


class Collect(ProblemLog):
    """Collects ``(severity, message)`` pairs."""

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[str, str]] = []

    def add(self, problem: Problem, kind: str | None = None) -> None:
        self.items.append((problem.severity, problem.message))


def report_in_line_order(held: list[Problem], events: Iterator[tuple[int, list[tuple[str, str]]]],
            file: str, log: ProblemLog) -> None:
    """Report the held problems and the judgements' problems merged in line order (a line
    has problems of one kind only: errors, a repeat, or warnings)."""
    def numbered() -> Iterator[tuple[int, int, list[tuple[str, str]], str | None]]:
        line = 0
        for p in held:  # in line order; one without a line stays where it was found
            line = p.line if p.line is not None else line
            yield line, 0, [(p.severity, p.message)], p
    second = ((line, 1, items, None) for line, items in events)
    for line, _, items, problem in heapq.merge(numbered(), second, key=lambda e: e[:2]):
        where, at = (file, line) if problem is None else (problem.file, problem.line)
        for severity, message in items:
            if severity == "error":
                log.error(where, at, message)
            else:
                log.warn(where, at, message)


def narrow(values: np.ndarray) -> np.ndarray:
    """Integers as int32 when they all fit (kept columns take half the memory)."""
    if not len(values) or (-(1 << 31) <= values.min() and values.max() < (1 << 31)):
        return values.astype(np.int32)
    return values


def release_unused() -> None:
    """Give the memory freed while reading back to the system (Arrow's allocator and the C
    library's keep freed pages otherwise, which count in the process's resident memory)."""
    from .trec_fast import release_heap_memory

    release_heap_memory()


def smallest_integers(values: np.ndarray) -> np.ndarray:
    """Integers in the narrowest signed type that holds them all (int8 to int64): the kept
    columns of a judgement file take a byte a value where they can (grades, passage counts)."""
    if not len(values):
        return values.astype(np.int8)
    low, high = int(values.min()), int(values.max())
    for dtype in (np.int8, np.int16, np.int32):
        limits = np.iinfo(dtype)
        if limits.min <= low and high <= limits.max:
            return values.astype(dtype)
    return values.astype(np.int64)


#: the key hashes are cut into 2**this parts when looking for repeats (by their top bits:
#: each part is sorted alone, so that the search needs a fraction of a sorted copy)
_HASH_PART_BITS = 4


class KeyedRows:
    """The judgements of a file keyed by ``(topic, document)``, held compact while it is read:
    the documents' ids as Arrow strings (a piece per block), each topic as a global id (in
    order of first appearance) stored as runs of equal ids, the line of each row as a
    :class:`~sdreval.io.trec_fast.RowIndex` (per piece, unless lines are missing).  The
    readers keep their other columns per piece beside it."""

    def __init__(self) -> None:
        from .trec_fast import RowIndex, SeenValues

        self.topic_ids: dict[str, int] = {}
        self.topics_seen = SeenValues()
        self.docs: list = []
        self.runs: list[tuple[np.ndarray, np.ndarray]] = []  # per piece: run ids, run lengths
        self.index = RowIndex()
        #: per piece, a 32-bit hash of each row's key
        self.hashes: list[np.ndarray] = []

    def __len__(self) -> int:
        return self.index.rows

    def ids_of_names(self, names: list[str]) -> np.ndarray:
        """Global ids of topic names (new names get the next ids)."""
        ids = self.topic_ids
        return np.fromiter((ids.setdefault(name, len(ids)) for name in names), np.int32,
                           count=len(names))

    def ids_of_column(self, column) -> np.ndarray:
        """Global ids of the rows of an Arrow column of topic names (plain or dictionary
        strings, an array or chunked): a Python string per new topic, not per row."""
        import pyarrow as pa
        from .. import arrow_kernels as pc

        chunks = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
        found = []
        for chunk in chunks:
            if not pa.types.is_dictionary(chunk.type):
                chunk = pc.dictionary_encode(chunk)
            found.append(self.topics_seen.global_ids(
                chunk, lambda names: self.ids_of_names(names).tolist()))
        return np.concatenate(found) if found else np.zeros(0, dtype=np.int32)

    def add(self, lines: np.ndarray, topics: np.ndarray, docs) -> None:
        """A piece of rows: their line numbers, global topic ids, document ids (Arrow)."""
        if not len(lines):
            return
        self.index.add(np.asarray(lines, dtype=np.int64))
        change = np.flatnonzero(topics[1:] != topics[:-1]) + 1
        starts = np.concatenate(([0], change))
        self.runs.append((topics[starts].astype(np.int32),
                          np.diff(np.append(starts, len(topics))).astype(np.int64)))
        self.docs.append(docs)
        with np.errstate(over="ignore"):
            full = string_hashes(docs)
            full += np.asarray(topics, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
            full ^= full >> np.uint64(32)
        self.hashes.append(full.astype(np.uint32))

    def names(self) -> list[str]:
        """The topics, in order of their ids."""
        return list(self.topic_ids)

    def run_columns(self) -> tuple[np.ndarray, np.ndarray]:
        """The topic id of each run of rows and the run's length, over all pieces."""
        if not self.runs:
            return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int64)
        return (np.concatenate([ids for ids, _ in self.runs]),
                np.concatenate([lengths for _, lengths in self.runs]))

    def topic_of(self, rows: np.ndarray) -> np.ndarray:
        """The topic id of each of ``rows``."""
        ids, lengths = self.run_columns()
        starts = np.cumsum(lengths) - lengths
        return ids[np.searchsorted(starts, rows, side="right") - 1]

    def doc_column(self):
        """The documents' ids of all rows (an Arrow ChunkedArray: not joined, no copy)."""
        import pyarrow as pa

        return pa.chunked_array(self.docs, pa.string())

    def repeats(self) -> dict[int, int]:
        """``row -> first row`` of the rows whose ``(topic, document)`` an earlier row has.
        Rows are told apart by a 32-bit hash of the key, made as each piece is added (4 bytes
        a row); the rows sharing a hash (repeats, and collisions: a few hundred in a million
        rows) are then compared exactly.  The hashes are searched a part at a time (by their
        top bits): the search holds a fraction of them twice."""
        if len(self) < 2:
            return {}
        firsts = np.cumsum([0] + [len(h) for h in self.hashes])
        candidates = []
        shift = np.uint32(32 - _HASH_PART_BITS)
        for part in range(1 << _HASH_PART_BITS):
            rows, found = [], []
            for first, hashes in zip(firsts.tolist(), self.hashes):
                chosen = np.flatnonzero((hashes >> shift) == part).astype(np.int32)
                rows.append(chosen + np.int64(first))
                found.append(hashes[chosen])
            rows, found = np.concatenate(rows), np.concatenate(found)
            values = np.sort(found)
            shared = values[1:][values[1:] == values[:-1]]
            del values
            if len(shared):
                shared = np.unique(shared)
                where = np.minimum(np.searchsorted(shared, found), len(shared) - 1)
                candidates.append(rows[shared[where] == found])
        self.hashes = []  # not needed any more
        if not candidates:
            return {}
        rows = np.sort(np.concatenate(candidates))
        docs = self.docs_of(rows)
        seen: dict[tuple, int] = {}
        out: dict[int, int] = {}
        for row, key in zip(rows.tolist(), zip(self.topic_of(rows).tolist(), docs)):
            earlier = seen.setdefault(key, row)
            if earlier != row:
                out[row] = earlier
        return out

    def docs_of(self, rows: np.ndarray) -> list[str]:
        """The documents' ids of ``rows`` (in order), taken piece by piece (a take over all
        pieces at once would join them first)."""
        import pyarrow as pa

        starts = np.cumsum([0] + [len(docs) for docs in self.docs])
        piece = np.searchsorted(starts, rows, side="right") - 1
        out: list[str] = []
        for p in np.unique(piece).tolist():
            out += self.docs[p].take(pa.array(rows[piece == p] - starts[p])).to_pylist()
        return out

    def line_of(self, row: int) -> int:
        """The line number of a row."""
        return int(self.index.lines(np.array([row]))[0])

    def grouped(self, kept: np.ndarray | None) -> tuple[np.ndarray | None, np.ndarray]:
        """How to order the rows by topic: ``(order, bounds)`` where ``order`` lists the
        rows to keep (``kept``, all rows if None) grouped by topic, stable (None: all rows,
        already grouped), and topic ``i`` holds ``bounds[i]:bounds[i + 1]`` of them."""
        ids, lengths = self.run_columns()
        names = len(self.topic_ids)
        if kept is None and (len(ids) < 2 or (np.diff(ids) >= 0).all()):
            # ids numbered in order of first appearance never decrease: each topic's rows
            # are together already
            return None, np.concatenate(([0], np.cumsum(
                np.bincount(ids, weights=lengths, minlength=names).astype(np.int64))))
        codes = np.repeat(ids, lengths)
        order = np.arange(len(codes)) if kept is None else kept
        codes = codes[order]
        if len(codes) > 1 and (np.diff(codes) < 0).any():
            sort = np.argsort(codes, kind="stable")
            order, codes = order[sort], codes[sort]
        return order, np.concatenate(([0], np.cumsum(np.bincount(codes, minlength=names))))


@contextmanager
def system_allocator() -> Iterator[None]:
    """Within the block: Arrow allocates with the C library's allocator
    (:func:`sdreval.io.columnar.arrow_pool`, which gives freed memory back), as the readers
    trim the heap as they go; Arrow's default pool afterwards."""
    import pyarrow as pa

    from .columnar import arrow_pool

    previous = pa.default_memory_pool()
    pa.set_memory_pool(arrow_pool())
    try:
        yield
    finally:
        pa.set_memory_pool(previous)


def find_repeats(keyed: "KeyedRows", held: list[Problem], file: str, log: ProblemLog
                 ) -> dict[int, int] | None:
    """The repeated rows of a whole file (:meth:`KeyedRows.repeats`), with the memory reading
    left given back first; None, every held problem reported, when no row was read."""
    from .trec_fast import release_heap_memory

    if not len(keyed):
        report_in_line_order(held, iter(()), file, log)
        return None
    release_heap_memory()  # what reading left
    repeats = keyed.repeats()
    release_heap_memory()
    return repeats
