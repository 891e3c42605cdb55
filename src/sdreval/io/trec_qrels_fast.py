"""TREC qrels read by blocks into shared columns, with the careful reader's judgements and reports.

Blocks are parsed by Arrow (:func:`sdreval.io.trec_qrels.parse_block`), the others line by line
by the careful code (:func:`sdreval.io.trec_qrels.parse_line`), as for runs.  A document judged
twice in a topic may span blocks, so repeats are found once every line is read (vectorised),
then every problem is reported in line order as the careful reader reports it.  The judgements
are kept as :class:`~sdreval.judgements.columns.ElementColumns` (each one the element
``(docno, /article[1])`` with ``e = s = rel``, the grade kept once as a small integer),
grouped by topic: many small topics take a fraction of the memory of one object each.  Blocks
leave only compact columns behind (:class:`~sdreval.io.tokens.KeyedRows`), so that reading
peaks at about 1.3 times the file's size.  Should more than
:data:`~sdreval.io.tokens.PROBLEMS_HELD` problems wait to be reported, the file is read again
by the careful reader.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import ProblemLog
from ..judgements.qrels import Qrels
from .textlines import finish, is_repeat
from .tokens import (find_repeats, TREC_QRELS_BLOCK_BYTES, Collect, HeldProblems, KeyedRows, TooManyProblems,
                     read_in_blocks, release_unused, report_in_line_order, smallest_integers,
                     system_allocator)
from .trec_qrels import DOCUMENT_PATH, parse_block, parse_line, read_trec_qrels


def read_trec_qrels_columns(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """:func:`sdreval.io.trec_qrels.read_trec_qrels` by blocks (module docstring)."""
    import pyarrow as pa

    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    keyed = KeyedRows()
    grades: list[np.ndarray] = []
    held = HeldProblems()

    def fast(block, before: int, newlines: int) -> bool:
        parsed = parse_block(block, before, newlines, False)
        if parsed is None:
            return False
        lines, topics, docs, rel = parsed
        if len(lines):
            keyed.add(lines, keyed.ids_of_column(topics), docs)
            grades.append(smallest_integers(rel))
        return True

    def careful(pairs) -> None:
        rows = [(number, *found) for number, fields in pairs
                if (found := parse_line(fields, number, file, held)) is not None]
        if rows:
            numbers, topics, docs, rel = zip(*rows)
            keyed.add(np.array(numbers, dtype=np.int64), keyed.ids_of_names(list(topics)),
                      pa.array(docs, pa.string()))
            grades.append(smallest_integers(np.array(rel, dtype=np.int64)))

    try:
        with system_allocator():
            read_in_blocks(path, fast, careful, file, held, TREC_QRELS_BLOCK_BYTES)
    except TooManyProblems:
        return read_trec_qrels(path, log if not own else None, careful=True)
    with system_allocator():
        qrels = _judgements(keyed, grades, held.held, file, log)
    release_unused()
    if not qrels.topics and not log.errors:
        log.warn(file, None, "the qrels hold no judgements")
    finish(log, own)
    return qrels


def _judgements(keyed: KeyedRows, grades: list[np.ndarray], held: list, file: str,
                log: ProblemLog) -> Qrels:
    """Repeats found and reported (with the held problems, in line order), columns built."""
    import pyarrow as pa

    from ..judgements.columns import ElementColumns

    repeats = find_repeats(keyed, held, file, log)
    if repeats is None:
        return Qrels("graded", source=file)
    rel = np.concatenate(grades)
    grades.clear()
    docs = keyed.doc_column()
    names = keyed.names()

    def events():
        noted = np.array(sorted(repeats), dtype=np.int64)
        lines = keyed.index.lines(noted).tolist()
        for row, line, code in zip(noted.tolist(), lines, keyed.topic_of(noted).tolist()):
            topic, doc, first = names[code], docs[row].as_py(), repeats[row]
            found = Collect()
            is_repeat({(topic, doc): (keyed.line_of(first), int(rel[first]))}, (topic, doc),
                      int(rel[row]), line, f"topic {topic}: document {doc}", file, found)
            yield line, found.items

    report_in_line_order(held, events(), file, log)
    kept = None
    if repeats:
        kept = np.delete(np.arange(len(keyed)), np.fromiter(repeats, np.int64))
    order, bounds = keyed.grouped(kept)
    if order is not None:
        docs, rel = docs.take(pa.array(order)), rel[order]
    table = ElementColumns(docs, DOCUMENT_PATH, rel, rel, None)
    return Qrels.from_columns("graded", names, bounds, table, source=file)
