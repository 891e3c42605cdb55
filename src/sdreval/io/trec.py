"""The reader of TREC-like runs (:func:`read_trec_run`): each block parsed by Arrow where it
passes the checks of :mod:`sdreval.io.columnar`, else line by line
(:func:`~sdreval.io.trec_lines.parse_result_fields`, whose messages explain every rejected
line), into the same columns (:class:`~sdreval.io.run_columns.RunColumns`), then grouped and
checked by topic (:mod:`sdreval.io.run_topics`).  The streaming reader reads the same blocks
(:func:`read_blocks`) and cuts the topic field the same way (:func:`topic_runs`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

import numpy as np

from ..errors import HeldProblems, ProblemLog
from ..model.run import Run
from ..model.xpath import XPathError, canonical_xpath
from .columnar import (ReadFailed, arrow_pool, careful_lines, has_blank_or_comment_lines,
                       iter_blocks, parse_columns, parse_halving, prepare, text_ok)
from .run_columns import (TRIM_BLOCKS, TRIM_BYTES, TRIM_TOPICS, RunColumns, keep_heap_pages,
                          joined, names_repeat, numpy_of, release_heap_memory)
from .run_topics import assemble
from .textlines import CHAR_LIMIT, INT_LIMIT, finish, given_log, iter_fields
from .trec_lines import LAYOUTS, ZERO_LENGTH, note_run_id, parse_result_fields


_NAMES = {
    "element": ["topic", "q0", "doc", "rank", "rsv", "run", "path"],
    "passage": ["topic", "q0", "doc", "rank", "rsv", "run", "offset", "length"],
    "document": ["topic", "q0", "doc", "rank", "rsv", "run"],
}


def read_trec_run(path: str | Path, layout: str, log: ProblemLog | None = None,
                  name: str | None = None,
                  byte_range: tuple[int, int, int] | None = None) -> Run:
    """Read a TREC-like run in ``layout`` ``element``, ``passage`` or ``document``
    (:mod:`sdreval.io.trec_lines`).  Problems go to ``log``; without one every error is raised
    at the end in one :class:`~sdreval.errors.InputError`.  The run is named ``name``, else
    by its first run-id, else by the file name without extension.  ``byte_range`` ``(start,
    end, lines before start)``: only that piece of an uncompressed file, cut at line starts
    (one topic partition, read by a parallel worker)."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown run layout {layout!r}")
    log, own = given_log(log)
    file = str(path)
    state = RunColumns(layout)
    for _ in read_blocks(path, state, file, log, byte_range=byte_range):
        pass
    large = len(state) * 8 >= TRIM_BYTES or len(state.topic_ids) >= TRIM_TOPICS
    run = assemble(state, file, log, name)
    if large:
        release_heap_memory()
    finish(log, own)
    return run


def read_blocks(path: str | Path, state: RunColumns, file: str, log: ProblemLog,
                size: int | None = None, byte_range: tuple[int, int, int] | None = None
                ) -> Iterator[int]:
    """Add the valid results of every block of the file (of ``size`` bytes) to ``state``,
    yielding after each block the number of its last line; the whole-file reader and the
    streaming reader share this loop.  From the second block on (a thread costs more than a
    one-block file's parse), Arrow parses the next block in a second thread (it releases the
    interpreter) while this one adds the block before: two cores work at once (not Arrow's
    own pool: :func:`~sdreval.io.columnar.parse_columns`).  A damaged ``.gz`` is read line by
    line from the failed block on, up to the damage (nothing is yielded for those lines)."""
    keep_heap_pages()
    ahead = None  # the block before, and its parse (None: not parsed yet)
    trimmed = 0  # topics read at the last release_heap_memory()
    parser = None  # the parse-ahead thread
    failed = None  # lines before the block a damaged .gz could not give
    try:
        for count, (block, before, newlines) in enumerate(
                iter_blocks(path, size, byte_range), 1):
            if count == 2:
                from concurrent.futures import ThreadPoolExecutor

                parser = ThreadPoolExecutor(1, thread_name_prefix="sdreval-parse")
            parse = None if parser is None else parser.submit(
                parse_run_block, block, before, newlines, state.layout)
            if ahead is not None:
                yield add_parsed(*ahead, state, file, log)
            ahead = (block, before, newlines, parse)
            del block
            if count % TRIM_BLOCKS == 0 or len(state.topic_ids) >= trimmed + TRIM_TOPICS:
                release_heap_memory()
                trimmed = len(state.topic_ids)
    except ReadFailed as failure:
        failed = failure.before
    finally:
        if parser is not None:
            parser.shutdown()
    if ahead is not None:
        last, ahead = ahead, None
        yield add_parsed(*last, state, file, log)
    if failed is not None:  # a damaged .gz: the rest line by line, up to the damage
        careful_rows(iter_fields(path, log, failed), state, file, log)


def add_parsed(block: bytes, before: int, newlines: int, parse, state: RunColumns, file: str,
               log: ProblemLog) -> int:
    """Add the rows of a block parsed by :func:`parse_run_block` (``parse``: its future, or
    None: parsed here), halved down to the careful code where it fails
    (:func:`~sdreval.io.columnar.parse_halving`); the number of the block's last line."""
    ahead = [parse]  # the whole block's parse, taken by the first call only

    def fast(part: bytes, start: int, count: int) -> bool:
        parse, ahead[0] = ahead[0], None
        table, prepared = (parse_run_block(part, start, count, state.layout) if parse is None
                           else parse.result())
        return table is not None and add_table(table, prepared.lines, state, file, log)

    parse_halving(block, before, newlines, fast, lambda b, n: careful_block(b, n, state, file, log))
    return before + newlines + (0 if block.endswith(b"\n") else 1)


def parse_run_block(block: bytes, before: int, newlines: int, layout: str,
                    topics_only: bool = False):
    """``(Arrow table, Prepared)`` of a block of a run in ``layout``, or ``(None, None)``
    when Arrow cannot cut it as ``str.split()`` would (a block with blank or comment lines is
    tried once more without them); ``topics_only``: the topic column only."""
    import pyarrow as pa

    names = _NAMES[layout]
    text = pa.dictionary(pa.int32(), pa.string())
    # q0 (kept to check it for empty values, text_ok) and the run-id are plain strings: a
    # dictionary of each would hash every row for one or two distinct values
    types = {name: text for name in names} | {"q0": pa.string(), "run": pa.string(),
                                              "rank": pa.int64(), "rsv": pa.float64(),
                                              "offset": pa.int64(), "length": pa.int64()}
    keep = ["topic"] if topics_only else names
    for filtered in (False, True):
        if filtered and not has_blank_or_comment_lines(block):
            break
        prepared = prepare(block, before, newlines, filtered)
        if prepared is None:
            break
        table = parse_columns(prepared, names, types, keep)
        if table is not None and text_ok(table.column("topic"), first=True) and all(
                text_ok(table.column(c)) for c in ("q0", "doc", "run", "path") if c in keep):
            return table, prepared
    return None, None


def topic_runs(block: bytes, before: int, newlines: int, layout: str
               ) -> list[tuple[str, int]]:
    """The topic field of every line of a block as the reader cuts it (Arrow, or
    ``str.split()`` where the reader's checks fail), as runs of consecutive lines of one
    topic: ``(topic, number of the run's last line)``.  Lines the reader rejects for another
    field count too (a topic may then be held longer by the streaming reader, never yielded
    early)."""
    runs: list[tuple[str, int]] = []

    def fast(part: bytes, start: int, count: int) -> bool:
        table, prepared = parse_run_block(part, start, count, layout, topics_only=True)
        if table is None:
            return False
        row = 0
        for chunk in table.column("topic").chunks:
            codes = numpy_of(chunk.indices)
            ends = np.flatnonzero(np.append(codes[1:] != codes[:-1], True))
            names = chunk.dictionary.to_pylist()
            lines = prepared.lines[row + ends].tolist()
            runs.extend(zip([names[c] for c in codes[ends].tolist()], lines))
            row += len(codes)
        return True

    def careful(part: bytes, start: int) -> None:
        for number, fields in careful_lines(part, start, "", ProblemLog()):
            runs.append((fields[0], number))

    parse_halving(block, before, newlines, fast, careful)
    return runs


def chunk_values(column, low: int | None = None) -> list[np.ndarray] | None:
    """The values of a numeric Arrow column, one numpy view per chunk, if all are finite and,
    for integers, in ``[low, INT_LIMIT)`` (``low``: None for floats); else None."""
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
    """Check a parsed block's values as :func:`~sdreval.io.trec_lines.parse_result_fields`
    does and, if all are valid, add its rows to ``state``; else False, ``state`` untouched."""
    from .. import arrow_kernels as pc

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
    held = HeldProblems()  # reported in line order, as the careful path reports them
    if layout == "passage":
        for line in lines[np.concatenate(length) == 0].tolist():  # type: ignore[arg-type]
            held.warn(file, line, ZERO_LENGTH)
    runs = table.column("run")
    if not (runs[0].as_py() in state.run_ids and pc.all(
            pc.equal(runs, runs[0])).as_py()):  # not one run-id noted before
        runs = pc.dictionary_encode(runs)  # one dictionary, in order of first appearance
        codes = np.concatenate([numpy_of(chunk.indices) for chunk in runs.chunks])
        for code, value in enumerate(runs.chunk(0).dictionary.to_pylist()):
            if value not in state.run_ids:
                note_run_id(state.run_ids, value, int(lines[np.argmax(codes == code)]), file,
                            held)
    # the block is one piece, its document codes made common to Arrow's chunks (each chunk
    # has its own dictionary), when names repeat (a passage run): a topic spanning the chunks
    # then needs no second look; else each chunk is a piece (hashing names that seldom
    # repeat would cost more than it saves)
    docs = table.column("doc")
    if names_repeat(sum(len(chunk.dictionary) for chunk in docs.chunks), table.num_rows):
        docs = docs.unify_dictionaries(arrow_pool())
        pieces = [range(docs.num_chunks)]
    else:
        pieces = [range(i, i + 1) for i in range(docs.num_chunks)]
    topics, docs = table.column("topic").chunks, docs.chunks
    start = 0
    for piece in pieces:
        n = sum(len(docs[i]) for i in piece)
        state.add(joined([state.topics_seen.global_ids(topics[i]) for i in piece]),
                  joined([numpy_of(docs[i].indices) for i in piece]),
                  docs[piece[0]].dictionary, *(None if parts is None else joined(
                      [parts[i] for i in piece]) for parts in (paths, offset, length)),
                  joined([rank[i] for i in piece]), joined([rsv[i] for i in piece]),
                  lines[start:start + n])
        start += n
    held.flush(log)
    return True


def canonical_codes(chunk, state: RunColumns) -> np.ndarray:
    """The canonical path id of each row of a dictionary chunk of XPaths as written, each new
    XPath canonicalised once (XPathError for a malformed one, before anything is recorded)."""
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
    """The careful reader's loop on ``(line number, fields)`` pairs, into ``state``."""
    import pyarrow as pa

    topics, paths = state.topic_ids, state.path_ids
    docs: dict[str, int] = {}
    rows = []
    for number, fields in lines:
        parsed = parse_result_fields(fields, number, state.layout, state.raw_paths, file, log)
        if parsed is None:
            continue
        rank, rsv, offset, length, canon = parsed
        note_run_id(state.run_ids, fields[5], number, file, log)
        rows.append((topics.setdefault(fields[0], len(topics)),
                     docs.setdefault(fields[2], len(docs)),
                     0 if canon is None else paths.setdefault(canon, len(paths)),
                     offset, length, rank, rsv, number))
    if rows:
        topic, doc, path, offset, length, rank, rsv, line = (np.array(c) for c in zip(*rows))
        passage = state.layout == "passage"
        state.add(topic, doc, pa.array(list(docs), type=pa.string()), path,
                  offset if passage else None, length if passage else None, rank, rsv, line)
