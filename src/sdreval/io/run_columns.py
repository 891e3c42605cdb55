"""The rows of a TREC-like run as the block reader gathers them (:class:`RunColumns`), where
each row comes from (:class:`RowIndex`, shared with the judgement readers), and the memory
given back to the system between blocks (:func:`release_heap_memory`)."""
from __future__ import annotations

import numpy as np

from .columnar import in_first_appearance_order
from .trec_lines import DOCUMENT_PATH


class RunColumns:
    """The valid results read so far, as columns in file order, piece by piece (an Arrow chunk
    or a careful block).  Topics and canonical paths (few) get global ids in order of first
    appearance; documents (many) a code per row into the piece's names, made common to all
    pieces when the columns are joined (:meth:`columns`); lines: :class:`RowIndex`."""

    def __init__(self, layout: str) -> None:
        self.layout = layout
        self.topic_ids: dict[str, int] = {}
        self.path_ids: dict[str, int] = {DOCUMENT_PATH: 0} if layout == "document" else {}
        self.run_ids: dict[str, int] = {}  # run-id -> line of first appearance (note_run_id)
        self.raw_paths: dict[str, str] = {}  # XPath as written -> canonical
        #: topics, and XPaths as written (with their canonical path's id), met so far
        self.topics_seen = SeenValues(self.topic_ids)
        self.raw_seen = SeenValues()
        self.index = RowIndex()
        self.names: list = []  # per piece: its document names (Arrow strings), by code
        self.coded: list[bool] = []  # per piece: names kept by code (else one per row)
        self.exact_docs = True  # set by columns()
        self.parts: list[list[np.ndarray]] = [[] for _ in _COLUMNS]  # per column, per piece

    def __len__(self) -> int:
        return self.index.rows

    def add(self, topic, doc, dictionary, path, offset, length, rank, rsv, line) -> None:
        """One piece of rows: global topic and path ids, document codes into the piece's
        ``dictionary`` of names (Arrow strings), the line numbers.  The names are kept by
        code when they repeat (:func:`names_repeat`), else as a string per row."""
        self.index.add(np.asarray(line, dtype=np.int64))
        doc = np.asarray(doc, dtype=np.int32)
        by_code = names_repeat(len(dictionary), len(doc))
        self.names.append(dictionary if by_code else _take(dictionary, doc))
        self.coded.append(by_code)
        if self.layout != "element":  # every path id is 0: made when the columns are joined
            path = None
        values = (topic, doc, path, offset, length, rank, rsv)
        for column, dtype, value in zip(self.parts, _COLUMNS, values):
            if value is not None:
                column.append(narrow(np.asarray(value, dtype)))

    def columns(self, objects: bool = True, coded: bool = False) -> list:
        """All rows, the columns emptied (each column's pieces released as it is joined):
        topic, doc, doc names, piece, path, offset, length, rank, rsv, line (offset and length
        None but for passage runs).  Document names as a numpy array of Python strings; with
        ``objects=False`` as Arrow strings (``coded``: a dictionary array when
        :attr:`exact_docs`), and piece and line None (:attr:`joined` tells them)."""
        index, self.index = self.index, RowIndex(self.index.first_piece + len(self.index.starts))
        #: the :class:`RowIndex` of the rows last given by :meth:`columns`
        self.joined = index
        doc, names = self._documents(coded and not objects)
        columns: list = []
        for i, dtype in enumerate(_COLUMNS):
            chunks, self.parts[i] = self.parts[i], []
            if i in (3, 4) and self.layout != "passage":
                columns.append(None)
            elif i == 1:
                columns.append(doc)
            elif i == 2 and self.layout != "element":  # untouched pages, no memory
                columns.append(np.zeros(index.rows, dtype))
            else:
                columns.append(joined(chunks, dtype))
            del chunks
            if columns[-1] is not None and columns[-1].nbytes >= TRIM_BYTES:
                release_heap_memory()
        del doc
        if objects:
            columns[3:6] = [None if c is None else c.astype(np.int64) for c in columns[3:6]]
            names = names.to_numpy() if len(names) else np.zeros(0, dtype=object)
            piece, line = index.every_row()
        else:
            piece = line = None
        return columns[:2] + [names, piece] + columns[2:] + [line]

    def _documents(self, coded: bool) -> tuple[np.ndarray, object]:
        """The document code of every row (int32) and the rows' names (a ChunkedArray of
        strings, or of codes if ``coded`` and :attr:`exact_docs`); the pieces are released.
        When every piece keeps its names by code, the codes are made common to the pieces
        (Arrow's dictionary unification) and :attr:`exact_docs` is True.  Else codes are
        unique within a piece only (a topic spanning pieces is then looked at alone:
        :mod:`.run_topics`): hashing names that seldom repeat would cost more than it saves."""
        import pyarrow as pa
        from .. import arrow_kernels as pc
        from .columnar import arrow_pool

        codes, names, by_code = self.parts[1], self.names, self.coded
        self.parts[1], self.names, self.coded = [], [], []
        #: the document codes last given by :meth:`columns` are common to all its rows
        self.exact_docs = len(codes) <= 1 or all(by_code)
        if not codes:
            return np.zeros(0, np.int32), pa.chunked_array([], type=pa.string())
        if self.exact_docs:  # one dictionary for all the rows
            if len(codes) > 1:
                unified = pa.chunked_array([
                    pa.DictionaryArray.from_arrays(pc.from_numpy(c), d, safe=False)
                    for c, d in zip(codes, names)]).unify_dictionaries(arrow_pool())
                del names
                doc = np.concatenate([numpy_of(chunk.indices) for chunk in unified.chunks])
                names = [unified.chunks[0].dictionary]
                del unified
            else:
                doc = codes[0]
            if by_code[0] and coded:
                return doc, pa.chunked_array([pa.DictionaryArray.from_arrays(
                    pc.from_numpy(doc), names[0], safe=False)])
            return doc, pa.chunked_array([_take(names[0], doc) if by_code[0] else names[0]],
                                         type=pa.string())
        strings = []
        for i, (c, d) in enumerate(zip(codes, names)):
            strings.append(_take(d, c) if by_code[i] else d)
            names[i] = None  # each piece's names released once taken
        return np.concatenate(codes), pa.chunked_array(strings, type=pa.string())


def joined(parts: list[np.ndarray], dtype=np.int8) -> np.ndarray:
    """The pieces of a column one after another (a single piece itself: no copy)."""
    return parts[0] if len(parts) == 1 else np.concatenate(parts) if parts else np.zeros(0, dtype)


def names_repeat(names: int, rows: int) -> bool:
    """Whether ``rows`` holding ``names`` distinct names are kept by code: few, or repeated."""
    return names <= max(rows // 2, 256)


def _take(names, codes: np.ndarray):
    """``names[codes]``, in the C library's allocator (:func:`~.columnar.arrow_pool`)."""
    from .. import arrow_kernels as pc
    from .columnar import arrow_pool

    return pc.take(names, codes, memory_pool=arrow_pool())


def narrow(values: np.ndarray) -> np.ndarray:
    """64-bit integers (ranks, offsets, lengths) kept as unsigned 32-bit ones when they fit;
    a topic's ranking is given int64 arrays again (:func:`sdreval.model.run.row_reader`)."""
    if values.dtype == np.int64 and len(values) and values.min() >= 0 and values.max() < 1 << 32:
        return values.astype(np.uint32)
    return values


#: dtypes of the columns of :class:`RunColumns` (topic, doc, path, offset, length, rank, rsv)
_COLUMNS = (np.int32, np.int32, np.int32, np.int64, np.int64, np.int64, np.float64)


class RowIndex:
    """The piece and the line of each row, kept per piece: its first row and first line, and
    its lines only if they are not consecutive (blank or bad lines between)."""

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

    def every_row(self) -> tuple[np.ndarray, np.ndarray]:
        """The piece and the line of every row."""
        starts = np.asarray(self.starts + [self.rows], dtype=np.int64)
        counts = np.diff(starts)
        piece = np.repeat(np.arange(self.first_piece, self.first_piece + len(counts),
                                    dtype=np.int32), counts)
        line = np.arange(self.rows, dtype=np.int64) + np.repeat(
            np.asarray(self.first_lines, dtype=np.int64) - starts[:-1], counts)
        for p, lines in self.gaps.items():
            line[starts[p]:starts[p + 1]] = lines
        return piece, line

    def pieces(self, rows: np.ndarray) -> np.ndarray:
        """The piece of each row (rows as an integer array)."""
        return self.first_piece + (np.searchsorted(np.asarray(self.starts, dtype=np.int64),
                                                   rows, side="right") - 1).astype(np.int32)

    def lines(self, rows: np.ndarray) -> np.ndarray:
        """The line number of each row (rows as an integer array)."""
        rows = np.asarray(rows, dtype=np.int64)
        if not self.starts:
            return rows.copy()
        piece = self.pieces(rows) - self.first_piece
        within = rows - np.asarray(self.starts, dtype=np.int64)[piece]
        out = np.asarray(self.first_lines, dtype=np.int64)[piece] + within
        for p, lines in self.gaps.items():
            hit = piece == p
            if hit.any():
                out[hit] = lines[within[hit]]
        return out


class SeenValues:
    """The values of a dictionary-encoded column met so far, and a global id for each.  A
    chunk's values are first looked up among the previous chunk's at C speed (a run grouped
    by topic mostly repeats the last topic), only the rest as Python strings in a dict:
    linear in the chunks' distinct values (a lookup in the set of all values met rebuilt its
    hash table per chunk: 14 s of a 100,000-topic run).  ``numbering``: the owner's dict
    value -> id, a new value getting the next id; else ids come from ``ids_of``
    (:meth:`global_ids`) and are kept here."""

    def __init__(self, numbering: dict[str, int] | None = None) -> None:
        self.numbering = numbering
        self.position: dict[str, int] = {} if numbering is None else numbering
        self.previous = None
        self.previous_found = np.zeros(0, dtype=np.int32)

    def global_ids(self, chunk, ids_of=None) -> np.ndarray:
        """The global id of each row of a dictionary chunk; new values (in order of first
        appearance) numbered by ``ids_of(values)`` (which may raise before anything is
        recorded) or :attr:`numbering`."""
        from .. import arrow_kernels as pc

        indices = numpy_of(chunk.indices)
        dictionary = chunk.dictionary
        found = np.full(len(dictionary), -1, dtype=np.int32)  # (the id columns are int32)
        if self.previous is not None and len(self.previous):
            hit = np.asarray(pc.fill_null(pc.index_in(dictionary, value_set=self.previous), -1)
                             .to_numpy(zero_copy_only=False), dtype=np.int64)
            known = hit >= 0
            found[known] = self.previous_found[hit[known]]
        missing = np.flatnonzero(found < 0)
        if len(missing):
            if not (len(missing) == len(dictionary) and in_first_appearance_order(indices)):
                missing = missing[np.argsort(_first_rows(indices, len(dictionary))[missing],
                                             kind="stable")]
            names = pc.take(dictionary, missing).to_pylist()
            if self.numbering is not None:  # one dict operation a value
                numbering = self.numbering
                found[missing] = [numbering.setdefault(name, len(numbering))
                                  for name in names]
            else:
                position = self.position
                at = np.array([position.get(name, -1) for name in names], dtype=np.int64)
                new = np.flatnonzero(at < 0)
                if len(new):
                    added = [names[i] for i in new.tolist()]
                    ids = [int(i) for i in ids_of(added)]
                    at[new] = ids
                    position.update(zip(added, ids))
                found[missing] = at
        self.previous, self.previous_found = dictionary, found
        return found[indices]


def _first_rows(indices: np.ndarray, size: int) -> np.ndarray:
    """The first row of each dictionary code (``len(indices)`` for codes not used)."""
    firsts = np.full(size, len(indices), dtype=np.int64)
    # only the first row of each stretch of equal codes can be a code's first row (a chunk
    # of a run grouped by topic holds a few stretches): ``minimum.at`` over those rows only
    starts = np.flatnonzero(indices[1:] != indices[:-1]) + 1
    starts = np.concatenate(([0], starts)) if len(indices) else starts
    np.minimum.at(firsts, indices[starts], starts)
    return firsts


def numpy_of(array) -> np.ndarray:
    """A numpy view of an Arrow array of numbers without nulls (``to_numpy()`` would copy)."""
    import pyarrow as pa

    try:
        return array.to_numpy(zero_copy_only=True)
    except pa.ArrowInvalid:  # pragma: no cover - nulls or a type numpy cannot view
        return array.to_numpy(zero_copy_only=False)


def release_heap_memory() -> None:
    """Return free memory to the system (Arrow's pool, then glibc's ``malloc_trim``): else
    the allocators keep the memory of the pieces of a column just joined."""
    import pyarrow as pa

    pa.default_memory_pool().release_unused()
    global _TRIM
    if _TRIM is None:
        import ctypes

        try:  # the C library this process runs on (ctypes.util.find_library would start
            # a process to look for it at every evaluation)
            _TRIM = ctypes.CDLL(None).malloc_trim
        except (OSError, AttributeError):
            _TRIM = False
    if _TRIM:
        _TRIM(0)


_TRIM = None
_HEAP_SET = False


def keep_heap_pages() -> None:
    """Once per process, on glibc: allocations below 8 MiB (a block, its parsed columns)
    come from the heap, which keeps up to 32 MiB free between blocks.  With glibc's defaults
    each block's buffers are mapped, unmapped and faulted in again page by page (50 files of
    4 MB: ~250,000 page faults, ~1 s of system time, ~45,000 after)."""
    global _HEAP_SET
    if _HEAP_SET:
        return
    _HEAP_SET = True
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return
    mallopt(-3, 8 << 20)  # M_MMAP_THRESHOLD
    mallopt(-1, 32 << 20)  # M_TRIM_THRESHOLD


#: blocks read between two calls of :func:`release_heap_memory` (a few ms each, and the pages
#: given back fault in again when reused)
TRIM_BLOCKS = 16
#: columns smaller than this are joined without :func:`release_heap_memory`
TRIM_BYTES = 1 << 20
#: new topics read between two calls of :func:`release_heap_memory` (a block of many distinct
#: topics leaves much free memory that the allocator would keep)
TRIM_TOPICS = 1 << 15
