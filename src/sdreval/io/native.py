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

from pathlib import Path

from ..errors import ProblemLog, UsageError
from ..judgements.qrels import COVERAGE_LETTERS, TOO_SMALL, Qrels
from .native_fast import read_native_qrels_fast
from .native_lines import SCALES



def read_native_qrels(path: str | Path, log: ProblemLog | None = None,
                      scale: str | None = None) -> Qrels:
    """Read the native TSV; ``scale`` forces a scale (else ``# scale=`` or inference).

    Read in blocks (:mod:`sdreval.io.native_fast`: fields split by Arrow, the rules checked on
    whole columns; the lines a check rejects are parsed one by one to say what is wrong) into
    shared columns."""
    return read_native_qrels_fast(path, log, scale)


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
