"""TREC qrels: ``qid iter docno rel``, one judged document a line (trec_eval's format).

The second field (the "iteration") is ignored, as trec_eval ignores it.  ``rel`` is an integer
grade; as in trec_eval a document with ``rel <= 0`` is judged non-relevant (negative grades are
kept as written: gains clip them to 0).  Each judgement is a whole document, stored as the
element ``(docno, "/article[1]")`` with ``e = s = rel`` on the ``graded`` scale -- the
representation of document runs and of document qrels given as dicts -- so the classic measures
(AP, P@k, Rprec, nDCG@k, ...) evaluate document runs against them directly.

Read in blocks as the runs are (:mod:`sdreval.io.columnar`): Arrow parses a clean block, the
careful per-line code the rest (``careful=True``: every line), with the same judgements and
problems.

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
    ``careful=True`` parses every line in Python (the reference of the block parser)."""
    from .columnar import ReadFailed, careful_lines, iter_blocks, lines_after, parse_halving

    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    qrels = Qrels("graded", source=file)
    seen: dict[tuple[str, str], tuple[int, int]] = {}

    def lines(pairs) -> None:
        for number, fields in pairs:
            add_line(qrels, seen, fields, number, file, log)

    if careful:
        lines(iter_fields(path, log))
    else:
        try:
            for block, before, newlines in iter_blocks(path):
                parse_halving(block, before, newlines,
                              lambda b, n, c: fast_block(b, n, c, qrels, seen, file, log),
                              lambda b, n: lines(careful_lines(b, n, file, log)))
        except ReadFailed as failure:  # a damaged .gz: line by line up to the damage
            lines(lines_after(path, failure.before, file, log))
    if not qrels.topics and not log.errors:
        log.warn(file, None, "the qrels hold no judgements")
    finish(log, own)
    return qrels


def add_line(qrels: Qrels, seen: dict, fields: list[str], number: int, file: str,
             log: ProblemLog) -> None:
    """The careful reading of one line (split on white space)."""
    if len(fields) != 4:
        log.error(file, number, f"expected 4 fields ({LAYOUT}), found {len(fields)}")
        return
    rel = parse_int(fields[3])
    if rel is None:
        log.error(file, number, f"relevance {fields[3]!r} is not an integer")
        return
    add_judgement(qrels, seen, fields[0], fields[2], rel, number, file, log)


def fast_block(block, before: int, newlines: int, qrels: Qrels, seen: dict, file: str,
               log: ProblemLog) -> bool:
    """Parse a block with Arrow and add its judgements; False (nothing added) if the block
    is not plain (see :func:`sdreval.io.columnar.prepare`) or a line is invalid."""
    import pyarrow as pa

    from .columnar import (has_blank_or_comment_lines, integers, parse_columns, prepare,
                           text_ok)

    text = pa.dictionary(pa.int32(), pa.string())
    names = ["topic", "iter", "doc", "rel"]
    types = {"topic": text, "doc": text, "rel": pa.int64()}
    for filtered in (False, True):
        if filtered and not has_blank_or_comment_lines(block):
            return False
        prepared = prepare(block, before, newlines, filtered)
        if prepared is None:
            return False
        table = parse_columns(prepared, names, types, ["topic", "doc", "rel"])
        if (table is not None and text_ok(table.column("topic"), first=True)
                and text_ok(table.column("doc"))):
            break
    else:
        return False
    rel = integers(table.column("rel"))
    if rel is None:
        return False
    for number, topic, doc, grade in zip(prepared.lines.tolist(),
                                         table.column("topic").to_pylist(),
                                         table.column("doc").to_pylist(), rel.tolist()):
        add_judgement(qrels, seen, topic, doc, grade, number, file, log)
    return True


def add_judgement(qrels: Qrels, seen: dict[tuple[str, str], tuple[int, int]], topic: str,
                  doc: str, rel: int, number: int, file: str, log: ProblemLog) -> None:
    """Store one judgement unless it repeats an earlier one (warning if identical, else error)."""
    if is_repeat(seen, (topic, doc), rel, number, f"topic {topic}: document {doc}", file, log):
        return
    qrels.add_element(topic, doc, DOCUMENT_PATH, float(rel), float(rel))
