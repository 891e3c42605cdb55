"""TREC qrels: ``qid iter docno rel``, one judged document a line (trec_eval's format).

The second field (the "iteration") is ignored, as trec_eval ignores it.  ``rel`` is an integer
grade; as in trec_eval a document with ``rel <= 0`` is judged non-relevant (negative grades are
kept as written: gains clip them to 0).  Each judgement is a whole document, stored as the
element ``(docno, "/article[1]")`` with ``e = s = rel`` on the ``graded`` scale -- the
representation of document runs and of document qrels given as dicts -- so the classic measures
(AP, P@k, Rprec, nDCG@k, ...) evaluate document runs against them directly.

Policies (docs/inputs.md): a line without exactly 4 fields or with a non-integer ``rel`` is an
error (file:line) and the line is not used; a document judged twice in a topic: an identical
repeat is a warning, a conflicting one an error (the first line is kept).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import ProblemLog
from ..judgements.qrels import Qrels
from .textlines import finish, iter_fields, parse_int

DOCUMENT_PATH = "/article[1]"
LAYOUT = "qid iter docno rel"


def read_trec_qrels(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """Read TREC qrels; problems go to ``log`` (without one, all errors are raised at the end)."""
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    qrels = Qrels("graded", source=file)
    seen: dict[tuple[str, str], tuple[int, int]] = {}
    for number, fields in iter_fields(path, log):
        if len(fields) != 4:
            log.error(file, number, f"expected 4 fields ({LAYOUT}), found {len(fields)}")
            continue
        rel = parse_int(fields[3])
        if rel is None:
            log.error(file, number, f"relevance {fields[3]!r} is not an integer")
            continue
        add_judgement(qrels, seen, fields[0], fields[2], rel, number, file, log)
    if not qrels.topics and not log.errors:
        log.warn(file, None, "the qrels hold no judgements")
    finish(log, own)
    return qrels


def add_judgement(qrels: Qrels, seen: dict[tuple[str, str], tuple[int, int]], topic: str,
                  doc: str, rel: int, number: int, file: str, log: ProblemLog) -> None:
    """Store one judgement unless it repeats an earlier one (warning if identical, else error)."""
    key = (topic, doc)
    earlier = seen.get(key)
    if earlier is not None:
        first, previous = earlier
        if previous == rel:
            log.warn(file, number, f"topic {topic}: document {doc} repeats line {first} "
                                   f"(identical; ignored)")
        else:
            log.error(file, number, f"topic {topic}: document {doc} judged again, differently "
                                    f"from line {first} (line {first} kept)")
        return
    seen[key] = (number, rel)
    qrels.add_element(topic, doc, DOCUMENT_PATH, float(rel), float(rel))
