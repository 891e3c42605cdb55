"""TREC qrels: ``qid iter docno rel``, one judged document a line (trec_eval's format).

The second field (the "iteration") is ignored, as trec_eval ignores it.  ``rel`` is an integer
grade; as in trec_eval a document with ``rel <= 0`` is judged non-relevant (negative grades are
kept as written: gains clip them to 0).  Each judgement is a whole document, stored as the
element ``(docno, "/article[1]")`` with ``e = s = rel`` on the ``graded`` scale -- the
representation of document runs and of document qrels given as dicts -- so the classic measures
(AP, P@k, Rprec, nDCG@k, ...) evaluate document runs against them directly.

Read in blocks as the runs are (:mod:`sdreval.io.columnar`): Arrow parses a clean block; a
block it refuses is halved, and the lines of a small part still refused are parsed one by one
(:func:`parse_line`), which says what is wrong with each.  A document judged twice in a topic
may span blocks, so repeats are found once every line is read (vectorised), then every problem
is reported in line order.  The judgements are kept as :class:`~sdreval.judgements.columns.ElementColumns`
(each one the element ``(docno, /article[1])`` with ``e = s = rel``, the grade kept once as a
small integer), grouped by topic; blocks leave only compact columns behind
(:class:`~sdreval.io.tokens.KeyedRows`), so that reading peaks at about 1.3 times the file's
size (plus the problems waiting to be reported).

Policies (docs/inputs.md): a line without exactly 4 fields or with a non-integer ``rel`` is an
error (file:line) and the line is not used; a document judged twice in a topic: an identical
repeat is a warning, a conflicting one an error (the first line is kept).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import ProblemLog
from ..judgements.qrels import Qrels
from .textlines import finish, is_repeat, parse_int
from .tokens import (TREC_QRELS_BLOCK_BYTES, Collect, HeldProblems, KeyedRows, find_repeats,
                     read_in_blocks, release_unused, report_in_line_order,
                     smallest_integers, system_allocator)

DOCUMENT_PATH = "/article[1]"
LAYOUT = "qid iter docno rel"


def parse_line(fields: list[str], number: int, file: str, log: ProblemLog
               ) -> tuple[str, str, int] | None:
    """``(topic, doc, rel)`` of one line (split on white space), or None after reporting why
    it cannot be used: the explanation of a line the block parser rejects."""
    if len(fields) != 4:
        log.error(file, number, f"expected 4 fields ({LAYOUT}), found {len(fields)}")
        return None
    rel = parse_int(fields[3])
    if rel is None:
        log.error(file, number, f"relevance {fields[3]!r} is not an integer")
        return None
    return fields[0], fields[2], rel


def parse_block(block, before: int, newlines: int, threads: bool = False):
    """``(line numbers, topics, docs, rel)`` of a block parsed by Arrow (numpy arrays; the
    topics as a dictionary-encoded Arrow column, the documents as an Arrow string array), or
    None if the block is not plain or a line is invalid."""
    import pyarrow as pa

    from .. import arrow_kernels as pc
    from .columnar import (has_blank_or_comment_lines, integers, parse_columns, prepare,
                           text_ok)

    text = pa.dictionary(pa.int32(), pa.string())
    names = ["topic", "iter", "doc", "rel"]
    types = {"topic": text, "doc": text, "rel": pa.int64()}
    for filtered in (False, True):
        if filtered and not has_blank_or_comment_lines(block):
            return None
        prepared = prepare(block, before, newlines, filtered)
        if prepared is None:
            return None
        table = parse_columns(prepared, names, types, ["topic", "doc", "rel"], threads)
        if (table is not None and text_ok(table.column("topic"), first=True)
                and text_ok(table.column("doc"))):
            break
    else:
        return None
    rel = integers(table.column("rel"))
    if rel is None:
        return None
    return (prepared.lines, table.column("topic"),
            pc.cast(table.column("doc"), pa.string()).combine_chunks(), rel)


def read_trec_qrels(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """Read TREC qrels; problems go to ``log`` (without one, all errors are raised at the end).
    The file is read by blocks into shared columns (module docstring)."""
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

    def explain(pairs) -> None:  # the lines of a part Arrow refused, one by one
        rows = [(number, *found) for number, fields in pairs
                if (found := parse_line(fields, number, file, held)) is not None]
        if rows:
            numbers, topics, docs, rel = zip(*rows)
            keyed.add(np.array(numbers, dtype=np.int64), keyed.ids_of_names(list(topics)),
                      pa.array(docs, pa.string()))
            grades.append(smallest_integers(np.array(rel, dtype=np.int64)))

    with system_allocator():
        read_in_blocks(path, fast, explain, file, held, TREC_QRELS_BLOCK_BYTES)
    with system_allocator():
        qrels = judgements_of_rows(keyed, grades, held.held, file, log)
    release_unused()
    if not qrels.topics and not log.errors:
        log.warn(file, None, "the qrels hold no judgements")
    finish(log, own)
    return qrels


def judgements_of_rows(keyed: KeyedRows, grades: list[np.ndarray], held: list, file: str,
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
