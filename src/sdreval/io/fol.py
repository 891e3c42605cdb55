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
from .textlines import CHAR_LIMIT, finish, is_repeat, iter_fields, parse_int


def _parse_range(token: str) -> tuple[int, int] | None:
    offset, sep, length = token.partition(":")
    if not sep:
        return None
    o, n = parse_int(offset), parse_int(length)
    if o is None or n is None or o < 0 or n < 0:
        return None
    return o, n


def read_fol_qrels(path: str | Path, log: ProblemLog | None = None,
                   careful: bool = False) -> Qrels:
    """Read FOL qrels; problems go to ``log`` (without one, all errors are raised at the end).

    Read in blocks (:mod:`sdreval.io.fol_fast`: Arrow and vectorised checks, the lines in
    doubt by the careful per-line code below) into shared columns; ``careful=True`` reads every
    line in Python (the reference: the same judgements and problems, in plain objects)."""
    if not careful:
        from .fol_fast import read_fol_qrels_fast

        return read_fol_qrels_fast(path, log)
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


FolLine = tuple[str, str, int, int, "int | None", list[tuple[int, int]]]


def parse_fol_line(fields: list[str], number: int, file: str, log: ProblemLog
                   ) -> FolLine | None:
    """``(topic, doc, relchars, doclen, bep, ranges)`` of one line, or None after reporting
    why the line cannot be used."""
    if len(fields) < 5:
        log.error(file, number, f"expected at least 5 fields (topic Q0 doc relchars doclen "
                                f"[BEP offset:length ...]), found {len(fields)}")
        return None
    topic, doc = fields[0], fields[2]
    bad: list[str] = []
    relchars, doclen = parse_int(fields[3]), parse_int(fields[4])
    if relchars is None or relchars < 0:
        bad.append(f"relchars {fields[3]!r} is not a non-negative integer")
    if doclen is None or doclen < 0:
        bad.append(f"doclen {fields[4]!r} is not a non-negative integer")
    bep: int | None = None
    tokens = fields[5:]
    if tokens and ":" not in tokens[0]:
        bep = parse_int(tokens[0])
        if bep is None or bep < 0:
            bad.append(f"best entry point {tokens[0]!r} is not a non-negative integer")
        tokens = tokens[1:]
    ranges: list[tuple[int, int]] = []
    for token in tokens:
        parsed = _parse_range(token)
        if parsed is None:
            bad.append(f"passage {token!r} is not offset:length with non-negative "
                       f"integers")
        elif parsed[0] + parsed[1] >= CHAR_LIMIT:
            bad.append(f"passage {token} ends beyond {CHAR_LIMIT - 1} characters, the "
                       f"largest character position supported")
        else:
            ranges.append(parsed)
    if bad:
        for message in bad:
            log.error(file, number, message)
        return None
    return topic, doc, relchars, doclen, bep, ranges  # type: ignore[return-value]


def check_fol_line(topic: str, doc: str, relchars: int, doclen: int, bep: int | None,
                   ranges: list[tuple[int, int]]) -> list[str]:
    """Warnings about a line that is well-formed but inconsistent."""
    found: list[str] = []
    if not ranges and (bep is None or bep <= doclen):  # the usual non-relevant line
        if relchars > 0:
            found.append(f"topic {topic}, document {doc}: relchars {relchars} but no "
                         f"passage given")
        return found
    where = f"topic {topic}, document {doc}"
    total = sum(n for _, n in ranges)
    if ranges and total != relchars:
        found.append(f"{where}: relchars {relchars} differs from the passages' total "
                     f"length {total}")
    if relchars > 0 and not ranges:
        found.append(f"{where}: relchars {relchars} but no passage given")
    for offset, length in ranges:
        if length == 0:
            found.append(f"{where}: empty passage {offset}:0")
        if offset + length > doclen:
            found.append(f"{where}: passage {offset}:{length} reaches beyond doclen "
                         f"{doclen} (kept)")
    if bep is not None and bep > doclen:
        found.append(f"{where}: best entry point {bep} beyond doclen {doclen}")
    ordered = sorted(r for r in ranges if r[1] > 0)
    reach = -1
    for offset, length in ordered:
        if offset < reach:
            found.append(f"{where}: passage {offset}:{length} overlaps another "
                         f"passage of the line")
        reach = max(reach, offset + length)
    return found


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
            bad.append(f"passage {offset}:{length} ends beyond {CHAR_LIMIT - 1} characters, the "
                       f"largest character position supported")
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
