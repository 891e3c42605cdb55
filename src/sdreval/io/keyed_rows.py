"""The rows of a judgement file as its readers keep them (:class:`KeyedRows`: compact columns
keyed by ``(topic, document)``), repeated keys found over the whole file, problems reported in
line order."""
from __future__ import annotations

import heapq
from typing import Any, Iterator, NamedTuple

import numpy as np

from ..errors import HeldProblems, Problem, ProblemLog
from .run_columns import RowIndex, numpy_of, release_heap_memory
from .textlines import finish, is_repeat


def repeated_values(ordered: np.ndarray) -> np.ndarray:
    """The values met more than once in a sorted array, each once (sorted)."""
    same = ordered[1:] == ordered[:-1]
    shared = ordered[1:][same]  # a value met n times is here n - 1 times
    return shared[np.concatenate(([True], shared[1:] != shared[:-1]))] if len(shared) \
        else shared


def members(hashes: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Which of ``hashes`` (uint32) are among ``values`` (sorted, not empty, few): by their top
    20 bits in a table, then a binary search for the few that pass (``np.isin`` sorts both)."""
    top = np.zeros(1 << 20, dtype=bool)
    top[values >> np.uint32(12)] = True
    out = top[hashes >> np.uint32(12)]
    maybe = np.flatnonzero(out)
    at = np.minimum(np.searchsorted(values, hashes[maybe]), len(values) - 1)
    out[maybe] = values[at] == hashes[maybe]
    return out


def confirm_repeats(rows: np.ndarray, keys) -> dict[int, int]:
    """``row -> first row`` of the ``rows`` whose key (``keys``, one per row) an earlier one
    of them has: the exact comparison after the hashes."""
    seen: dict[tuple, int] = {}
    out: dict[int, int] = {}
    for row, key in zip(rows.tolist(), keys):
        earlier = seen.setdefault(key, row)
        if earlier != row:
            out[row] = earlier
    return out


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


def report_in_line_order(held: list[Problem], events: Iterator[tuple[int, list[tuple[str, str]]]],
            file: str, log: ProblemLog) -> None:
    """Report the held problems and the judgements' ``events`` merged in line order (a line
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
            (log.error if severity == "error" else log.warn)(where, at, message)


def smallest_integers(values: np.ndarray) -> np.ndarray:
    """Integers in the narrowest signed type that holds them all (int8 to int64)."""
    if not len(values):
        return values.astype(np.int8)
    low, high = int(values.min()), int(values.max())
    for dtype in (np.int8, np.int16, np.int32):
        limits = np.iinfo(dtype)
        if limits.min <= low and high <= limits.max:
            return values.astype(dtype)
    return values.astype(np.int64)


#: the key hashes are cut into 2**this parts when looking for repeated values (by their top
#: bits: each part is sorted alone, so that the search needs a fraction of a sorted copy)
_HASH_PART_BITS = 3


class TopicCodes(NamedTuple):
    """The topics of a piece of rows: a code per row into the piece's own topic names (Arrow
    strings, in order of first appearance); global ids are given once every piece is read
    (one hash table of the names, built by Arrow)."""

    codes: np.ndarray
    names: Any


class KeyedRows:
    """The judgements of a file keyed by ``(topic, document)``, held compact while it is read,
    a piece per block: the documents' ids as Arrow strings, the topics as runs of equal codes
    (:class:`TopicCodes`), the lines (:class:`~sdreval.io.run_columns.RowIndex`).  The
    readers keep their other columns per piece beside it."""

    def __init__(self) -> None:
        self.docs: list = []
        #: per piece: the code of each run of equal topics, the run's length, the topic names
        self.pieces: list[tuple[np.ndarray, np.ndarray, object]] = []
        self._global: tuple[list[str], np.ndarray, np.ndarray] | None = None
        self.index = RowIndex()
        #: per piece, a 32-bit hash of each row's key
        self.hashes: list[np.ndarray] = []

    def __len__(self) -> int:
        return self.index.rows

    @staticmethod
    def ids_of_names(names: list[str]) -> TopicCodes:
        """The topics of a piece given as Python strings (lines parsed one by one)."""
        import pyarrow as pa

        position: dict[str, int] = {}
        codes = np.fromiter((position.setdefault(name, len(position)) for name in names),
                            np.int32, count=len(names))
        return TopicCodes(codes, pa.array(list(position), pa.string()))

    @staticmethod
    def ids_of_column(column) -> TopicCodes:
        """The topics of a piece given as an Arrow string array (a field of a block's lines,
        :meth:`sdreval.io.tokens.Fields.field`): Arrow's dictionary encoding (codes in order of
        first appearance), no Python string."""
        from .. import arrow_kernels as pc

        encoded = pc.dictionary_encode(column)
        return TopicCodes(numpy_of(encoded.indices).astype(np.int32, copy=False),
                          encoded.dictionary)

    def add(self, lines: np.ndarray, topics: TopicCodes, docs) -> None:
        """A piece of rows (at least one): their line numbers, topics (:meth:`ids_of_column`,
        :meth:`ids_of_names`), document ids (Arrow)."""
        self.index.add(np.asarray(lines, dtype=np.int64))
        codes = topics.codes
        change = np.flatnonzero(codes[1:] != codes[:-1]) + 1
        starts = np.concatenate(([0], change))
        self.pieces.append((codes[starts].astype(np.int32),
                            np.diff(np.append(starts, len(codes))).astype(np.int64),
                            topics.names))
        self._global = None
        self.docs.append(docs)
        with np.errstate(over="ignore"):
            full = string_hashes(docs)
            full += string_hashes(topics.names)[codes] * np.uint64(0x9E3779B97F4A7C15)
            full ^= full >> np.uint64(32)
        self.hashes.append(full.astype(np.uint32))

    def _globals(self) -> tuple[list[str], np.ndarray, np.ndarray]:
        """The topics in order of first appearance, and the global id and length of each
        run of rows of one topic, over all pieces."""
        if self._global is None:
            import pyarrow as pa
            from .. import arrow_kernels as pc

            if not self.pieces:
                self._global = ([], np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int64))
                return self._global
            # the pieces' names one after another, numbered by Arrow's dictionary encoding
            # (in order of first appearance: each piece's names are in that order)
            encoded = pc.dictionary_encode(pa.chunked_array(
                [names for _, _, names in self.pieces], pa.string()).combine_chunks())
            numbers = numpy_of(encoded.indices)
            ids, first = [], 0
            for codes, _, names in self.pieces:
                ids.append(numbers[first + codes])
                first += len(names)
            self._global = (encoded.dictionary.to_pylist(),
                            np.concatenate(ids).astype(np.int32, copy=False),
                            np.concatenate([lengths for _, lengths, _ in self.pieces]))
        return self._global

    def names(self) -> list[str]:
        """The topics, in order of their ids (first appearance)."""
        return self._globals()[0]

    def topic_of(self, rows: np.ndarray) -> np.ndarray:
        """The topic id of each of ``rows``."""
        ids, lengths = self._globals()[1:]
        starts = np.cumsum(lengths) - lengths
        return ids[np.searchsorted(starts, rows, side="right") - 1]

    def doc_column(self):
        """The documents' ids of all rows (an Arrow ChunkedArray: not joined, no copy)."""
        import pyarrow as pa

        return pa.chunked_array(self.docs, pa.string())

    def docs_in(self, order: np.ndarray | None):
        """The documents' ids of the rows in ``order`` (:meth:`grouped`; None: all rows)."""
        from .. import arrow_kernels as pc

        return self.doc_column() if order is None else pc.take(self.doc_column(), order)

    def repeats(self) -> dict[int, int]:
        """``row -> first row`` of the rows whose ``(topic, document)`` an earlier row has:
        rows sharing a 32-bit hash of the key (repeats, and a few hundred collisions in a
        million rows) are compared exactly; the hashes are searched a part at a time (by their
        top bits), so the search holds a fraction of them twice."""
        if len(self) < 2:
            return {}
        shared = []
        shift = np.uint32(32 - _HASH_PART_BITS)
        for part in range(1 << _HASH_PART_BITS):  # (parts in order: their values too)
            found = np.concatenate([hashes[(hashes >> shift) == part] for hashes in self.hashes])
            found.sort()
            shared.append(repeated_values(found))
            del found
        values = np.concatenate(shared)
        if not len(values):  # no shared hash
            self.hashes = []
            return {}
        firsts = np.cumsum([0] + [len(h) for h in self.hashes]).tolist()
        rows = np.concatenate([np.flatnonzero(members(hashes, values)) + first
                               for first, hashes in zip(firsts, self.hashes)])
        self.hashes = []  # not needed any more
        return confirm_repeats(rows, zip(self.topic_of(rows).tolist(), self.docs_of(rows)))

    def docs_of(self, rows: np.ndarray) -> list[str]:
        """The documents' ids of ``rows``, taken piece by piece (not joining the pieces)."""
        from .. import arrow_kernels as pc

        starts = np.cumsum([0] + [len(docs) for docs in self.docs])
        piece = np.searchsorted(starts, rows, side="right") - 1
        out: list[str] = []
        for p in sorted(set(piece.tolist())):  # (numpy.unique would import numpy.ma)
            out += pc.take(self.docs[p], rows[piece == p] - starts[p]).to_pylist()
        return out

    def line_of(self, row: int) -> int:
        """The line number of a row."""
        return int(self.index.lines(np.array([row]))[0])

    def report(self, repeats: dict[int, int], held: list[Problem], file: str, log: ProblemLog,
               content, warnings: dict[int, list[str]] | None = None) -> None:
        """Report the ``held`` problems and, merged with them in line order, each repeated
        row's (as :func:`~sdreval.io.textlines.is_repeat` reports it; ``content(row)``: what
        an identical repeat equals) and the ``warnings`` of the other rows (row -> messages)."""
        docs, names, warnings = self.doc_column(), self.names(), warnings or {}

        def events() -> Iterator[tuple[int, list[tuple[str, str]]]]:
            noted = np.array(sorted(set(repeats) | set(warnings)), dtype=np.int64)
            lines = self.index.lines(noted).tolist()
            for row, line, code in zip(noted.tolist(), lines, self.topic_of(noted).tolist()):
                if row not in repeats:
                    yield line, [("warning", m) for m in warnings[row]]
                    continue
                found, key, first = HeldProblems(), (names[code], docs[row].as_py()), repeats[row]
                is_repeat({key: (self.line_of(first), content(first))}, key, content(row), line,
                          f"topic {key[0]}: document {key[1]}", file, found)
                yield line, [(p.severity, p.message) for p in found.held]

        report_in_line_order(held, events(), file, log)

    def grouped(self, dropped: dict[int, int] | np.ndarray | None
                ) -> tuple[np.ndarray | None, np.ndarray]:
        """How to order the rows by topic: ``(order, bounds)`` where ``order`` lists the
        rows kept (all but those in ``dropped``: the repeats) grouped by topic, stable
        (None: all rows, already grouped), and topic ``i`` holds ``bounds[i]:bounds[i + 1]``
        of them."""
        kept = None
        if dropped is not None and len(dropped):
            kept = np.delete(np.arange(len(self)), np.fromiter(dropped, np.int64))
        ids, lengths = self._globals()[1:]
        names = len(self.names())
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


def find_repeats(keyed: "KeyedRows", held: list[Problem], file: str, log: ProblemLog
                 ) -> dict[int, int] | None:
    """The repeated rows of a whole file (:meth:`KeyedRows.repeats`; memory given back
    first); None, every held problem reported, when no row was read."""
    if not len(keyed):
        report_in_line_order(held, iter(()), file, log)
        return None
    release_heap_memory()  # what reading left
    repeats = keyed.repeats()
    release_heap_memory()
    return repeats


def finished(qrels, file: str, log: ProblemLog, own: bool):
    """The end of a judgement file's read: a warning if it holds none, then the log policy
    (:func:`~sdreval.io.textlines.finish`)."""
    if not qrels.topics and not log.errors:
        log.warn(file, None, "the qrels hold no judgements")
    finish(log, own)
    return qrels
