"""TREC qrels read by blocks into shared columns, with the careful reader's judgements and reports.

Blocks are parsed by Arrow (:func:`sdreval.io.trec_qrels.parse_block`), the others line by line
by the careful code (:func:`sdreval.io.trec_qrels.parse_line`), as for runs.  A document judged
twice in a topic may span blocks, so repeats are found once every line is read (vectorised),
then every problem is reported in line order as the careful reader reports it.  The judgements
are kept as :class:`~sdreval.judgements.columns.ElementColumns` (each one the element
``(docno, /article[1])`` with ``e = s = rel``), grouped by topic: many small topics take a
fraction of the memory of one object each.  Should more than
:data:`~sdreval.io.tokens.PROBLEMS_HELD` problems wait to be reported, the file is read again
by the careful reader.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import ProblemLog
from ..judgements.qrels import Qrels
from .textlines import finish, is_repeat
from .tokens import (Collect, HeldProblems, TooManyProblems, first_occurrences, read_in_blocks,
                     release_unused, report_in_line_order)
from .trec_qrels import DOCUMENT_PATH, parse_block, parse_line, read_trec_qrels


def read_trec_qrels_columns(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """:func:`sdreval.io.trec_qrels.read_trec_qrels` by blocks (module docstring)."""
    import pyarrow as pa

    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    chunks: list[tuple] = []
    held = HeldProblems()

    def fast(block, before: int, newlines: int) -> bool:
        parsed = parse_block(block, before, newlines)
        if parsed is not None and len(parsed[0]):
            chunks.append(parsed)
        return parsed is not None

    def careful(pairs) -> None:
        rows = [(number, *found) for number, fields in pairs
                if (found := parse_line(fields, number, file, held)) is not None]
        if rows:
            numbers, topics, docs, rel = zip(*rows)
            chunks.append((np.array(numbers, dtype=np.int64), pa.array(topics, pa.string()),
                           pa.array(docs, pa.string()), np.array(rel, dtype=np.int64)))

    try:
        read_in_blocks(path, fast, careful, file, held)
    except TooManyProblems:
        return read_trec_qrels(path, log if not own else None, careful=True)
    qrels = _judgements(chunks, held.held, file, log)
    release_unused()
    if not qrels.topics and not log.errors:
        log.warn(file, None, "the qrels hold no judgements")
    finish(log, own)
    return qrels


def _judgements(chunks: list[tuple], held: list, file: str, log: ProblemLog) -> Qrels:
    """Repeats found and reported (with the held problems, in line order), columns built."""
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..judgements.columns import ElementColumns

    if not chunks:
        report_in_line_order(held, iter(()), file, log)
        return Qrels("graded", source=file)
    columns = list(zip(*chunks))
    lines = np.concatenate(columns[0])
    topics = pc.dictionary_encode(pa.chunked_array(columns[1], pa.string())).combine_chunks()
    docs = pa.concat_arrays(columns[2])
    rel = np.concatenate(columns[3])
    codes = topics.indices.to_numpy()
    repeats, first_of = first_occurrences([codes, docs])

    def events():
        for row in np.flatnonzero(repeats).tolist():
            topic, doc, first = topics[row].as_py(), docs[row].as_py(), int(first_of[row])
            found = Collect()
            is_repeat({(topic, doc): (int(lines[first]), int(rel[first]))}, (topic, doc),
                      int(rel[row]), int(lines[row]), f"topic {topic}: document {doc}", file,
                      found)
            yield int(lines[row]), found.items

    report_in_line_order(held, events(), file, log)
    kept = np.flatnonzero(~repeats)
    codes = codes[kept]
    if len(codes) > 1 and (np.diff(codes) < 0).any():
        order = np.argsort(codes, kind="stable")
        kept, codes = kept[order], codes[order]
    names = topics.dictionary.to_pylist()
    bounds = np.concatenate(([0], np.cumsum(np.bincount(codes, minlength=len(names)))))
    if len(kept) != len(lines) or (np.diff(kept) != 1).any():
        docs, rel = docs.take(pa.array(kept)), rel[kept]
    grade = rel.astype(np.float64)
    table = ElementColumns(docs, DOCUMENT_PATH, grade, grade, np.full(len(grade), np.nan))
    return Qrels.from_columns("graded", names, bounds, table, source=file)
