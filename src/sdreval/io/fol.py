"""FOL qrels of INEX 2008+ (highlighted passages).

Layout: ``topic Q0 doc relchars doclen [BEP off:len ...]``.

One line per judged document.  Five fields: the document was judged and holds no relevant text.
The sixth field is the best entry point (BEP); the following fields are the highlighted passages
as ``offset:length`` in Unicode characters of the document's text.  (A sixth field already of the
form ``offset:length`` is read as a passage, with no BEP.)  Stored as
:class:`~sdreval.judgements.qrels.DocPassages` in qrels of scale ``fol``.

Policies (docs/inputs.md): wrong field count, non-integer or negative numbers, malformed
``offset:length`` tokens and passages ending at or beyond character 2**32 are errors (file:line) and the line is not used.  Passages reaching
beyond ``doclen``, a BEP beyond ``doclen``, empty or overlapping passages, ``relchars`` not
equal to the passages' total length, and a relevant document without passages are warnings
(the line is kept as written).  A document judged twice in a topic: an identical repeat is a
warning, a conflicting one an error; the first line is kept.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import ProblemLog
from ..judgements.qrels import DocPassages, Qrels
from .fol_fast import read_fol_qrels_fast
from .textlines import CHAR_LIMIT, beyond_char_limit, finish, iter_fields, parse_int


def read_fol_qrels(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """Read FOL qrels; problems go to ``log`` (without one, all errors are raised at the end).

    Read in blocks (:mod:`sdreval.io.fol_fast`: fields split by Arrow, the rules checked on
    whole columns; the lines a check rejects are parsed one by one to say what is wrong) into
    shared columns."""
    return read_fol_qrels_fast(path, log)


def read_passage_qrels(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """Read highlighted-passage qrels ``topic doc offset length [BEP]``: one passage
    per line, a document's lines are gathered into one :class:`DocPassages` (scale ``fol``,
    document length unknown).  Errors as for FOL qrels; a repeated passage, overlapping
    passages and a second, different BEP for a document are warnings (the first BEP is kept).
    """
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    qrels = Qrels("fol", source=file)
    seen: dict[tuple[str, str, int, int], int] = {}
    bep_line: dict[tuple[str, str], int] = {}
    for number, fields in iter_fields(path, log):
        if len(fields) not in (4, 5):
            log.error(file, number, f"expected 4 or 5 fields (topic doc offset length [BEP]), "
                                    f"found {len(fields)}")
            continue
        topic, doc = fields[0], fields[1]
        offset, length = parse_int(fields[2]), parse_int(fields[3])
        bep = parse_int(fields[4]) if len(fields) == 5 else None
        bad = [f"{what} {text!r} is not a non-negative integer"
               for what, text, value in (("offset", fields[2], offset),
                                         ("length", fields[3], length))
               if value is None or value < 0]
        if len(fields) == 5 and (bep is None or bep < 0):
            bad.append(f"best entry point {fields[4]!r} is not a non-negative integer")
        if not bad and offset + length >= CHAR_LIMIT:  # type: ignore[operator]
            bad.append(beyond_char_limit(f"{offset}:{length}"))
        if bad:
            for message in bad:
                log.error(file, number, message)
            continue
        key = (topic, doc, offset, length)
        if key in seen:
            log.warn(file, number, f"topic {topic}: passage {doc} {offset}:{length} repeats "
                                   f"line {seen[key]} (ignored)")
            continue
        seen[key] = number
        dp = qrels.topic(topic).passages.get(doc)
        if dp is None:
            dp = qrels.topic(topic).passages[doc] = DocPassages(doc)
        if length == 0:
            log.warn(file, number, f"topic {topic}, document {doc}: empty passage {offset}:0")
        for o, n in dp.ranges:
            if n and length and offset < o + n and o < offset + length:  # type: ignore
                log.warn(file, number, f"topic {topic}, document {doc}: passage {offset}:"
                                       f"{length} overlaps {o}:{n}")
                break
        dp.ranges.append((offset, length))  # type: ignore[arg-type]
        dp.relevant_chars += length  # type: ignore[operator]
        if bep is not None:
            if dp.bep is None:
                dp.bep, bep_line[(topic, doc)] = bep, number
            elif dp.bep != bep:
                log.warn(file, number, f"topic {topic}, document {doc}: best entry point {bep}"
                                       f" differs from {dp.bep} (line {bep_line[(topic, doc)]},"
                                       f" kept)")
    if not qrels.topics and not log.errors:
        log.warn(file, None, "the qrels hold no judgements")
    finish(log, own)
    return qrels
