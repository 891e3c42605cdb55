"""The rules of the native judgement TSV, stated once (format in :mod:`sdreval.io.native`): a
data line's fields (:func:`native_line`, which explains a line the block reader rejects), the
``# scale=`` directive, the scale inferred from the values' columns (:func:`infer_scale`) and
the valid ``(e, s)`` pairs of each scale (:func:`pair_problem`, after the scales' papers:
:mod:`sdreval.judgements.quantise`).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import numpy as np

from ..errors import ProblemLog, UsageError
from ..judgements.qrels import COVERAGE_CODES, COVERAGE_LETTERS, TOO_SMALL
from ..model.xpath import XPathError, canonical_xpath
from .textlines import parse_float

SCALES = ("inex2002", "inex2003", "inex2005", "graded")
#: a ``# scale=NAME`` comment line (after a byte-order mark on the first line), wherever it is
_DIRECTIVE = re.compile(rb"^(?:\xef\xbb\xbf)?[ \t]*#[ \t]*scale[ \t]*[=:][ \t]*(\S+)",
                        re.IGNORECASE | re.MULTILINE)


def check_scale(scale: str) -> None:
    """Refuse a scale given by the caller that is no scale of element judgements
    (:data:`SCALES`)."""
    if scale not in SCALES:
        raise UsageError(f"unknown scale {scale!r}; expected one of {', '.join(SCALES)}")


def scale_directive(path: str | Path, file: str, log: ProblemLog) -> str | None:
    """The scale named by a ``# scale=`` comment line, wherever it is in the file (a directive
    under the header line, or after data lines, is one too: it was ignored there, and the
    scale inferred instead); None if none, or after reporting an unknown scale or a second
    directive naming another scale."""
    from .columnar import ReadFailed, iter_blocks

    found: list[tuple[int, str]] = []
    try:
        for block, before, _ in iter_blocks(path):
            for match in _DIRECTIVE.finditer(block):
                found.append((before + block.count(b"\n", 0, match.start()) + 1,
                              match.group(1).decode("utf-8", "replace").lower()))
    except ReadFailed:  # a damaged .gz: the reader reports where
        pass
    for line, scale in found:
        if scale not in SCALES:
            log.error(file, line, f"unknown scale {scale!r} in directive; expected one of "
                                  f"{', '.join(SCALES)}")
            return None
        if scale != found[0][1]:
            log.error(file, line, f"a second # scale= directive names another scale ({scale!r};"
                                  f" line {found[0][0]}: {found[0][1]!r}): keep one")
            return None
    return found[0][1] if found else None


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
    if log.refuse(file, number, bad):
        return None
    return (number, fields[0], fields[1], canon, e, s, letter,  # type: ignore[return-value]
            fields[3] == "?", size)


def show_value(value: float) -> str:
    """A value as messages and the writer show it (integers without a decimal point)."""
    value = float(value)
    return str(int(value)) if value.is_integer() else repr(value)


def pair_problem(scale: str, e: float, s: float, letter: bool = False,
                 question: bool | None = None) -> str | None:
    """Why ``(e, s)`` is not a valid assessment on ``scale`` (one of :data:`SCALES`, checked
    by the caller; None if it is).  ``question``: the exhaustivity was written ``?`` (default:
    ``e == TOO_SMALL``)."""
    if question is None:
        question = e == TOO_SMALL and scale == "inex2005"
    if question and scale != "inex2005":
        return "'?' exists only on scale inex2005"
    if scale == "inex2005" and e == TOO_SMALL and not question:
        return "exhaustivity must be 0, 1, 2 or ?"
    if scale == "graded":
        return None
    if letter and scale in ("inex2003", "inex2005"):
        return "coverage letters exist only on scale inex2002"
    if scale == "inex2002":
        if e not in (0.0, 1.0, 2.0, 3.0):
            return "relevance must be 0..3"
        if s not in COVERAGE_LETTERS:
            return "coverage must be N, S, L or E"
    elif scale == "inex2003":
        if e not in (0.0, 1.0, 2.0, 3.0) or s not in (0.0, 1.0, 2.0, 3.0):
            return ("exhaustivity and specificity must be integers 0..3 (INEX 2005's pairs, "
                    "exhaustivity 0..2 and specificity in [0, 1], are scale inex2005)")
    elif scale == "inex2005":
        if e not in (0.0, 1.0, 2.0, TOO_SMALL):
            return "exhaustivity must be 0, 1, 2 or ?"
        if not 0.0 <= s <= 1.0:
            return "specificity must be in [0, 1]"
    if (e == 0) != (s == 0):
        return "an element is non-relevant in both dimensions or in neither"
    from ..judgements.quantise import pair_error  # the rules of the scale's papers

    return pair_error(scale, e, s)


def infer_scale(e: np.ndarray, s: np.ndarray, letter: np.ndarray, question: np.ndarray) -> str:
    """The scale of the assessments' columns of values (``letter``: s was a coverage letter,
    ``question``: e was ``?``): ``inex2002`` if a specificity is a letter; else ``inex2005``
    if an exhaustivity is ``?``; else ``inex2003`` if every value is an integer 0..3; else
    ``inex2005`` if every e is 0, 1 or 2 and every s in [0, 1]; else ``graded``."""
    if letter.any():
        return "inex2002"
    if question.any():
        return "inex2005"
    if np.isin(e, (0.0, 1.0, 2.0, 3.0)).all() and np.isin(s, (0.0, 1.0, 2.0, 3.0)).all():
        return "inex2003"
    if np.isin(e, (0.0, 1.0, 2.0)).all() and ((s >= 0.0) & (s <= 1.0)).all():
        return "inex2005"
    return "graded"


def inex2005_too(e: np.ndarray, s: np.ndarray) -> bool:
    """Whether pairs read as ``inex2003`` (integers 0..3) fit ``inex2005`` as well: every e is
    0, 1 or 2 and every s 0 or 1 (``(1, 1)`` is then marginally exhaustive and marginally
    specific on the one, partly exhaustive and fully specific on the other)."""
    return bool(len(e)) and bool(np.isin(e, (0.0, 1.0, 2.0)).all() and
                                 np.isin(s, (0.0, 1.0)).all())


#: at most this many assessments off the nearest INEX scale: graded is named a possible typo
FEW_OFF_SCALE = 10
#: the values of each INEX scale of numbers, as the warning of :func:`chosen_scale` names them
_RANGES = {"inex2003": "exhaustivity and specificity integers 0..3",
           "inex2005": "exhaustivity 0, 1, 2 or ? and specificity in [0, 1]"}


def chosen_scale(given: str | None, e: np.ndarray, s: np.ndarray, letter: np.ndarray,
                 question: np.ndarray, how: str,
                 warn: Callable[[np.ndarray, Callable[[int], str]], None] | None = None,
                 graded_how: str = "") -> tuple[str, str | None]:
    """The scale of element assessments, by one rule for every source (the native TSV, tables):
    ``given`` (a directive, a column, ``scale=``), else inferred from the values
    (:func:`infer_scale`); and the warning stating the rule applied when pairs read as
    ``inex2003`` fit ``inex2005`` too (None otherwise; ``how``: how the source names its
    scale).  When ``graded`` is inferred because of few assessments (at most
    :data:`FEW_OFF_SCALE`, not all) that every other one would read on an INEX scale,
    ``warn(rows, message)`` is told of each (a typo turns the whole file graded;
    ``graded_how``: how the source says graded is meant)."""
    if given is not None:
        return given, None
    scale = infer_scale(e, s, letter, question)
    if scale == "graded" and warn is not None:
        _few_off_scale(e, s, warn, graded_how)
    return scale, read_as_inex2003(how) if scale == "inex2003" and inex2005_too(e, s) else None


def _few_off_scale(e: np.ndarray, s: np.ndarray,
                   warn: Callable[[np.ndarray, Callable[[int], str]], None],
                   graded_how: str) -> None:
    """Tell ``warn`` of the assessments that alone keep the values off an INEX scale of
    numbers (inex2003 or inex2005, the nearer), when they are few."""
    off = {"inex2003": ~(np.isin(e, (0.0, 1.0, 2.0, 3.0)) & np.isin(s, (0.0, 1.0, 2.0, 3.0))),
           "inex2005": ~(np.isin(e, (0.0, 1.0, 2.0)) & (s >= 0.0) & (s <= 1.0))}
    nearest = min(off, key=lambda name: int(off[name].sum()))
    rows = np.flatnonzero(off[nearest])
    if not 0 < len(rows) <= FEW_OFF_SCALE or len(rows) == len(e):
        return
    warn(rows, lambda i: off_scale_note(e[i], s[i], len(rows), len(e), nearest, graded_how))


def off_scale_note(e: float, s: float, few: int, total: int, nearest: str, how: str) -> str:
    """The warning of an assessment that, with ``few - 1`` others, turns all ``total`` to
    scale graded where the rest fit ``nearest`` (``how``: how the source says graded)."""
    return (f"exhaustivity {show_value(e)} and specificity {show_value(s)} fit no INEX scale, "
            f"so all {total} assessments are read on scale graded (fitting no INEX scale: "
            f"{few}; the others fit {nearest}: {_RANGES[nearest]}); if a typo, correct the "
            f"value; if graded is meant, {how}")


def read_as_inex2003(how: str) -> str:
    """The warning stating the rule applied to pairs that fit both scales
    (:func:`inex2005_too`); ``how``: how the file or table names its scale."""
    return ("assessments read on scale inex2003 (INEX 2003/2004: exhaustivity and specificity "
            "0..3, Kazai & Lalmas 2006): every exhaustivity is 0, 1 or 2 and every specificity "
            "0 or 1, which fits inex2005 too (INEX 2005: exhaustivity 0..2, specificity a "
            "fraction, Ogilvie & Lalmas 2006), where the same pairs quantise to other gains; "
            f"{how} to say which")
