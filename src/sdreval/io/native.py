"""The native judgement TSV: ``topic file path exhaustivity specificity [size]``.

One element assessment per line, tab-separated (any whitespace is accepted when reading).
Optional: comment lines starting with ``#`` (a comment ``# scale=NAME`` fixes the scale), and a
header line whose first field is ``topic``.  Exhaustivity is a number or ``?`` (INEX 2005 "too
small", stored as :data:`~sdreval.judgements.qrels.TOO_SMALL`); specificity is a number or, for
INEX 2002, a coverage letter ``N``/``S``/``L``/``E``; size is a non-negative number.

Scale (unless fixed by ``# scale=``), decided from all values of the file:
``inex2002`` if a specificity is a coverage letter; else ``inex2005`` if an exhaustivity is
``?``; else ``inex2003`` if every value is an integer 0..3; else ``inex2005`` if every
exhaustivity is 0, 1 or 2 and every specificity in [0, 1]; else ``graded`` (any numbers).
Integer-only files with e <= 2 and s <= 1 are therefore read as ``inex2003``: write
``# scale=inex2005`` to say otherwise (the writer always does).

Invalid pairs are errors (file:line; the line is not used): on the INEX scales an element is
non-relevant in both dimensions or in neither ((0, 2) and (2, 0) are invalid), values outside
the scale are invalid.  Repeated elements: identical repeat = warning, conflicting = error; the
first line is kept.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import ProblemLog, UsageError
from ..judgements.qrels import COVERAGE_CODES, COVERAGE_LETTERS, TOO_SMALL, Qrels
from ..model.xpath import XPathError, canonical_xpath
from .textlines import comment_lines, finish, is_repeat, iter_fields, parse_float

SCALES = ("inex2002", "inex2003", "inex2005", "graded")
_DIRECTIVE = re.compile(r"^#\s*scale\s*[=:]\s*(\S+)", re.IGNORECASE)


def read_native_qrels(path: str | Path, log: ProblemLog | None = None,
                      scale: str | None = None, careful: bool = False) -> Qrels:
    """Read the native TSV; ``scale`` forces a scale (else ``# scale=`` or inference).

    Read in blocks (:mod:`sdreval.io.native_fast`: Arrow and vectorised checks, the lines in
    doubt by the careful per-line code below) into shared columns; ``careful=True`` reads every
    line in Python (the reference: the same assessments and problems, in plain objects)."""
    if not careful:
        from .native_fast import read_native_qrels_fast

        return read_native_qrels_fast(path, log, scale)
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    if scale is None:
        scale = scale_directive(path, file, log)
    rows: list[tuple[int, str, str, str, float, float, bool, bool, float | None]] = []
    first_line = True
    for number, fields in iter_fields(path, log):
        if first_line and fields[0].lower() == "topic":
            first_line = False
            continue
        first_line = False
        row = native_line(fields, number, file, log)
        if row is not None:
            rows.append(row)
    chosen = scale or infer_scale([row[4:8] for row in rows])  # type: ignore[misc]
    qrels = Qrels(chosen, source=file)  # type: ignore[arg-type]
    seen: dict[tuple[str, str, str], tuple[int, tuple]] = {}
    for number, topic, doc, canon, e, s, letter, question, size in rows:
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
    if not rows and not log.errors:
        log.warn(file, None, "the judgements file holds no assessments")
    finish(log, own)
    return qrels


def scale_directive(path: str | Path, file: str, log: ProblemLog) -> str | None:
    """The scale named by a ``# scale=`` comment at the top of the file (None if none, or
    after reporting an unknown one)."""
    for comment in comment_lines(path):
        match = _DIRECTIVE.match(comment)
        if match:
            scale = match.group(1).lower()
            if scale not in SCALES:
                log.error(file, None, f"unknown scale {scale!r} in directive; expected one "
                                      f"of {', '.join(SCALES)}")
                return None
            return scale
    return None


def native_line(fields: list[str], number: int, file: str, log: ProblemLog
                ) -> tuple[int, str, str, str, float, float, bool, bool, float | None] | None:
    """``(line, topic, doc, canonical path, e, s, s was a letter, e was '?', size)`` of one
    data line, or None after reporting why the line cannot be used."""
    if len(fields) not in (5, 6):
        log.error(file, number, f"expected 5 or 6 fields (topic file path exhaustivity "
                                f"specificity [size]), found {len(fields)}")
        return None
    bad: list[str] = []
    try:
        canon = canonical_xpath(fields[2])
    except XPathError as error:
        bad.append(error.problems[0].message)
        canon = ""
    e = TOO_SMALL if fields[3] == "?" else parse_float(fields[3])
    if e is None:
        bad.append(f"exhaustivity {fields[3]!r} is not a number or '?'")
    letter = fields[4].upper() in COVERAGE_CODES
    s = COVERAGE_CODES[fields[4].upper()] if letter else parse_float(fields[4])
    if s is None:
        bad.append(f"specificity {fields[4]!r} is not a number or a coverage letter")
    size = None
    if len(fields) == 6:
        size = parse_float(fields[5])
        if size is None or size < 0:
            bad.append(f"size {fields[5]!r} is not a non-negative number")
    if bad:
        for message in bad:
            log.error(file, number, message)
        return None
    return (number, fields[0], fields[1], canon, e, s, letter,  # type: ignore[return-value]
            fields[3] == "?", size)


def show_value(value: float) -> str:
    """A value as messages show it (integers without a decimal point)."""
    return str(int(value)) if value == int(value) else repr(value)


def infer_scale(values: list[tuple[float, float, bool, bool]]) -> str:
    """The scale of a list of ``(e, s, s_was_letter, e_was_question_mark)`` (rules in the
    module docstring)."""
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


def pair_problem(scale: str, e: float, s: float, letter: bool = False,
                 question: bool | None = None) -> str | None:
    """Why ``(e, s)`` is not a valid assessment on ``scale`` (None if it is).  ``question``:
    the exhaustivity was written ``?`` (default: ``e == TOO_SMALL``)."""
    if question is None:
        question = e == TOO_SMALL and scale == "inex2005"
    if question and scale != "inex2005":
        return "'?' exists only on scale inex2005"
    if scale == "inex2005" and e == TOO_SMALL and not question:
        return "exhaustivity must be 0, 1, 2 or ?"
    if scale == "graded":
        return None
    if scale == "inex2002":
        if e not in (0.0, 1.0, 2.0, 3.0):
            return "relevance must be 0..3"
        if s not in COVERAGE_LETTERS:
            return "coverage must be N, S, L or E"
    elif scale == "inex2003":
        if letter:
            return "coverage letters exist only on scale inex2002"
        if e not in (0.0, 1.0, 2.0, 3.0) or s not in (0.0, 1.0, 2.0, 3.0):
            return "exhaustivity and specificity must be integers 0..3"
    elif scale == "inex2005":
        if letter:
            return "coverage letters exist only on scale inex2002"
        if e not in (0.0, 1.0, 2.0, TOO_SMALL):
            return "exhaustivity must be 0, 1, 2 or ?"
        if not 0.0 <= s <= 1.0:
            return "specificity must be in [0, 1]"
    else:
        return f"unknown scale {scale!r}"
    if (e == 0) != (s == 0):
        return "an element is non-relevant in both dimensions or in neither"
    from ..judgements.quantise import pair_error  # the rules of the scale's papers

    return pair_error(scale, e, s)


def _number(value: float) -> str:
    value = float(value)
    return str(int(value)) if value.is_integer() else repr(value)


def write_native_qrels(qrels: Qrels, path: str | Path) -> int:
    """Write the element assessments of ``qrels`` as native TSV (with ``# scale=`` and a
    header); returns the number of rows.  Passages are not representable: use FOL qrels."""
    if qrels.scale not in SCALES:
        raise UsageError(f"native TSV holds element assessments on scales {', '.join(SCALES)}; "
                         f"scale {qrels.scale!r} (passages) is written as FOL qrels")
    count = 0
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(f"# sdreval native judgements\n# scale={qrels.scale}\n")
        out.write("topic\tfile\tpath\texhaustivity\tspecificity\tsize\n")
        for topic, tq in qrels.topics.items():
            for (doc, canon), a in tq.elements.items():
                e = "?" if (qrels.scale == "inex2005" and a.e == TOO_SMALL) else _number(a.e)
                s = COVERAGE_LETTERS[a.s] if qrels.scale == "inex2002" else _number(a.s)
                size = "" if a.size is None else "\t" + _number(a.size)
                out.write(f"{topic}\t{doc}\t{canon}\t{e}\t{s}{size}\n")
                count += 1
    return count
