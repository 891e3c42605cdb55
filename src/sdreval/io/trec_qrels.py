"""TREC qrels: ``qid iter docno rel``, one judged document a line (trec_eval's format).

The second field (the "iteration") is ignored, as trec_eval ignores it.  ``rel`` is an integer
grade; as in trec_eval a document with ``rel <= 0`` is judged non-relevant (negative grades are
kept as written: gains clip them to 0).  Each judgement is a whole document, stored as the
element ``(docno, "/article[1]")`` with ``e = s = rel`` on the ``graded`` scale -- the
representation of document runs and of document qrels given as dicts -- so the classic measures
(AP, P@k, Rprec, nDCG@k, ...) evaluate document runs against them directly.

Read in blocks as the runs are (:mod:`sdreval.io.columnar`): Arrow parses a clean block, the
careful per-line code the rest (``careful=True``: every line), with the same judgements and
problems; the judgements are held in shared columns (:mod:`sdreval.io.trec_qrels_fast`).

Policies (docs/inputs.md): a line without exactly 4 fields or with a non-integer ``rel`` is an
error (file:line) and the line is not used; a document judged twice in a topic: an identical
repeat is a warning, a conflicting one an error (the first line is kept).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import ProblemLog
from ..judgements.qrels import Qrels
from .textlines import finish, is_repeat, iter_fields, parse_int

DOCUMENT_PATH = "/article[1]"
LAYOUT = "qid iter docno rel"


def read_trec_qrels(path: str | Path, log: ProblemLog | None = None,
                    careful: bool = False) -> Qrels:
    """Read TREC qrels; problems go to ``log`` (without one, all errors are raised at the end).
    The file is read by blocks into shared columns (:mod:`sdreval.io.trec_qrels_fast`);
    ``careful=True`` parses every line in Python (the reference of the block parser)."""
    if not careful:
        from .trec_qrels_fast import read_trec_qrels_columns

        return read_trec_qrels_columns(path, log)
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    qrels = Qrels("graded", source=file)
    seen: dict[tuple[str, str], tuple[int, int]] = {}
    for number, fields in iter_fields(path, log):
        add_line(qrels, seen, fields, number, file, log)
    if not qrels.topics and not log.errors:
        log.warn(file, None, "the qrels hold no judgements")
    finish(log, own)
    return qrels


def add_line(qrels: Qrels, seen: dict, fields: list[str], number: int, file: str,
             log: ProblemLog) -> None:
    """The careful reading of one line (split on white space)."""
    parsed = parse_line(fields, number, file, log)
    if parsed is not None:
        add_judgement(qrels, seen, *parsed, number, file, log)


def parse_line(fields: list[str], number: int, file: str, log: ProblemLog
               ) -> tuple[str, str, int] | None:
    """``(topic, doc, rel)`` of one line, or None after reporting why it cannot be used."""
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
            table.column("doc").cast(pa.string()).combine_chunks(), rel)


def add_judgement(qrels: Qrels, seen: dict[tuple[str, str], tuple[int, int]], topic: str,
                  doc: str, rel: int, number: int, file: str, log: ProblemLog) -> None:
    """Store one judgement unless it repeats an earlier one (warning if identical, else error)."""
    if is_repeat(seen, (topic, doc), rel, number, f"topic {topic}: document {doc}", file, log):
        return
    qrels.add_element(topic, doc, DOCUMENT_PATH, float(rel), float(rel))
