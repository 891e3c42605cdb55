"""Reference readers of judgement files, for tests only: every line parsed in Python, the
judgements kept in plain dicts of :class:`~sdreval.judgements.qrels.TopicQrels`, repeats found
with a dict of the keys seen, so that the library's one reader of each format (blocks split by
Arrow, vectorised column checks, repeats found over the whole file) is compared with an
independent reading of the same file: same judgements, same problems in the same order.

Only the per-line parse (which the library keeps to explain a rejected line:
:func:`~sdreval.io.fol.parse_fol_line`, :func:`~sdreval.io.native_lines.native_line`,
:func:`~sdreval.io.trec_qrels.parse_line`), the rules of a line and of a pair
(:func:`~sdreval.io.fol.check_fol_line`, :func:`~sdreval.io.native_lines.pair_problem`,
and the messages are shared; the scale is inferred here from the rows (:func:`infer_scale`).
"""
from __future__ import annotations

from pathlib import Path

from sdreval.errors import ProblemLog
from sdreval.io.fol import check_fol_line, parse_fol_line
from sdreval.io.native_lines import (FEW_OFF_SCALE, native_line, off_scale_note, pair_problem,
                                     read_as_inex2003, scale_directive, show_value)
from sdreval.io.textlines import finish, is_repeat, iter_fields
from sdreval.io.trec_qrels import DOCUMENT_PATH, parse_line
from sdreval.judgements.qrels import DocPassages, Qrels


def read_fol_qrels_reference(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """FOL qrels and their problems, as :func:`sdreval.io.fol.read_fol_qrels` gives them."""
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    qrels = Qrels("fol", source=file)
    seen: dict[tuple[str, str], tuple[int, tuple]] = {}
    for number, fields in iter_fields(path, log):
        row = parse_fol_line(fields, number, file, log)
        if row is None:
            continue
        topic, doc, relchars, doclen, bep, ranges = row
        if is_repeat(seen, (topic, doc), (relchars, doclen, bep, tuple(ranges)), number,
                     f"topic {topic}: document {doc}", file, log):
            continue
        for message in check_fol_line(*row):
            log.warn(file, number, message)
        qrels.topic(topic).passages[doc] = DocPassages(doc, ranges, relchars, doclen, bep)
    if not qrels.topics and not log.errors:
        log.warn(file, None, "the qrels hold no judgements")
    finish(log, own)
    return qrels


def read_native_qrels_reference(path: str | Path, log: ProblemLog | None = None,
                                scale: str | None = None) -> Qrels:
    """A native judgement TSV and its problems, as
    :func:`sdreval.io.native.read_native_qrels` gives them."""
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    if scale is None:
        scale = scale_directive(path, file, log)
    rows = []
    first_line = True
    for number, fields in iter_fields(path, log):
        if first_line and fields[0].lower() == "topic":  # a header
            first_line = False
            continue
        first_line = False
        row = native_line(fields, number, file, log)
        if row is not None:
            rows.append(row)
    chosen = scale or infer_scale([row[4:8] for row in rows])
    qrels = Qrels(chosen, source=file)  # type: ignore[arg-type]
    seen: dict[tuple[str, str, str], tuple[int, tuple]] = {}
    notes = _off_scale(rows) if scale is None and chosen == "graded" else {}
    for number, topic, doc, canon, e, s, letter, question, size in rows:
        if number in notes:
            log.warn(file, number, notes[number])
        problem = pair_problem(chosen, e, s, letter, question)
        if problem:
            shown_e = "?" if question else show_value(e)
            log.error(file, number, f"invalid ({shown_e}, {show_value(s)}) on scale {chosen}: "
                                    f"{problem}")
            continue
        if is_repeat(seen, (topic, doc, canon), (e, s, size), number,
                     f"topic {topic}: element {doc} {canon}", file, log):
            continue
        qrels.add_element(topic, doc, canon, e, s, size)
    if scale is None and chosen == "inex2003" and rows and all(
            row[4] in (0.0, 1.0, 2.0) and row[5] in (0.0, 1.0) for row in rows):
        log.warn(file, None, read_as_inex2003("write '# scale=inex2005' (or '# scale="
                                              "inex2003') on a line of its own"))
    if not rows and not log.errors:
        log.warn(file, None, "the judgements file holds no assessments")
    finish(log, own)
    return qrels


def _off_scale(rows) -> dict[int, str]:
    """line -> the warning of each of the few rows (at most FEW_OFF_SCALE, not all) that keep
    the rows off the nearer INEX scale of numbers, inex2003 (tie) or inex2005."""
    off = {"inex2003": [r for r in rows if not (r[4] in (0, 1, 2, 3) and r[5] in (0, 1, 2, 3))],
           "inex2005": [r for r in rows if not (r[4] in (0, 1, 2) and 0 <= r[5] <= 1)]}
    nearest = "inex2003" if len(off["inex2003"]) <= len(off["inex2005"]) else "inex2005"
    few = off[nearest]
    if not 0 < len(few) <= FEW_OFF_SCALE or len(few) == len(rows):
        return {}
    how = "write '# scale=graded' on a line of its own"
    return {r[0]: off_scale_note(r[4], r[5], len(few), len(rows), nearest, how) for r in few}


def read_trec_qrels_reference(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """TREC qrels and their problems, as :func:`sdreval.io.trec_qrels.read_trec_qrels`
    gives them."""
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    qrels = Qrels("graded", source=file)
    seen: dict[tuple[str, str], tuple[int, int]] = {}
    for number, fields in iter_fields(path, log):
        parsed = parse_line(fields, number, file, log)
        if parsed is None:
            continue
        topic, doc, rel = parsed
        if not is_repeat(seen, (topic, doc), rel, number, f"topic {topic}: document {doc}",
                         file, log):
            qrels.add_element(topic, doc, DOCUMENT_PATH, float(rel), float(rel))
    if not qrels.topics and not log.errors:
        log.warn(file, None, "the qrels hold no judgements")
    finish(log, own)
    return qrels


def infer_scale(values: list[tuple[float, float, bool, bool]]) -> str:
    """The scale of a list of ``(e, s, s_was_letter, e_was_question_mark)`` (the rules of
    :mod:`sdreval.io.native`, written out again)."""
    if any(v[2] for v in values):
        return "inex2002"
    if any(v[3] for v in values):
        return "inex2005"
    ints = {0.0, 1.0, 2.0, 3.0}
    if all(v[0] in ints and v[1] in ints for v in values):
        return "inex2003"
    if all(v[0] in (0.0, 1.0, 2.0) and 0.0 <= v[1] <= 1.0 for v in values):
        return "inex2005"
    return "graded"
