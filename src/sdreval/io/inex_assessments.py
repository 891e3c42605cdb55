"""INEX XML assessments (2002-2007): one file, or a directory of per-topic pool files.

The reader uses :func:`~sdreval.io.xmlsafe.safe_iterparse` (no entity expansion, the DTD is
never fetched; documents declaring entities are refused).  Every variant X-RAI, the INEX
assessment system, wrote is read (``docs/formats-xml.md`` lists them by year): element
judgements, INEX 2005-2007 highlighted passages and best entry points given as XPointers or
element paths (resolved to character offsets against the collection when one is given:
:mod:`sdreval.model.xpointer`), empty ``<file>`` elements (judged, nothing relevant), the unescaped
topic copy of 2005-2007 files, and INEX's directory trees
``done/<type>/[main|others/]topic-T/pool-P.xml`` (pool policy: :data:`POOL_POLICIES`).

Policies: every problem names file and line; an assessment that cannot be used (malformed
XPath, invalid (e, s) pair, a point not in its document) is an error and is not used; a repeated
assessment with the same values is a warning, with different values an error (the first is
kept).  Problems that repeat across a whole directory (unassessed 2004 paths, unresolved
points, skipped pools ...) are reported once each, with a count and the first place.
"""
from __future__ import annotations

import gc
import re
import zlib
from io import BytesIO
from pathlib import Path

from lxml import etree

from ..errors import HeldProblems, ProblemLog, UsageError
from ..judgements.qrels import COVERAGE_CODES, TOO_SMALL, Qrels
from ..model.tree import Collection
from ..model.xpath import XPathError, canonical_or_none, canonical_xpath
from .detect import ASSESSMENT_ROOTS
from .inex_pools import (MESSAGES, Point, Pool, Row, Tally, add_passage_level, add_row,
                         assessment_files, blank_topic_copy, choose_pools, infer_scale,
                         keep_first_bep)
from .inex_values import grade_key, number, numeric_like, offset_of, point_key
from .native_lines import check_scale
from .textlines import CHAR_LIMIT, beyond_char_limit, finish, given_log, local_path
from .xmlsafe import (GivenTwice, checked_events, element_values, free_element, given_twice,
                      local_name, pick, report_syntax_error, safe_iterparse, topic_attr, xml_attr)

#: how two pools (assessment files) of one topic combine: ``main`` (default) reads only the
#: pool X-RAI marked main (the ``main`` directory) when a topic has one, else every pool and
#: a disagreement is an error; ``error``: every pool, a disagreement is an error; ``union``:
#: every pool, the main (else the lowest-numbered) pool's value wins a disagreement (warning)
#: and highlighted passages are united.
POOL_POLICIES = ("main", "error", "union")

_E_NAMES = ("exhaustiveness", "exhaustivity", "e")
_S_NAMES = ("specificity", "s")
_SIZE, _RSIZE = ("size", "length", "chars"), ("rsize", "relevant-size", "hsize")
_RELEVANCE, _COVERAGE = ("relevance", "rel"), ("coverage", "cov")  # INEX 2002
_UNASSESSED = {"", "u"}
_PATH = ("path", "xpath")


def read_inex_assessments(path: str | Path, log: ProblemLog | None = None,
                          scale: str | None = None, *, collection: Collection | None = None,
                          pool_policy: str = "main") -> Qrels:
    """Read INEX XML assessments: one file, or a directory of (per-topic, per-pool) files.

    Per topic (``<assessments topic=...>``), per document (``<file file=...|name=...>``), any
    child element with a ``path`` is an element judgement: INEX 2002 ``relevance`` 0..3 and
    ``coverage`` N/S/L/E (scale ``inex2002``); 2003/2004 ``exhaustiveness`` (or
    ``exhaustivity``) and ``specificity`` 0..3 (``inex2003``; a ``<path>`` without them is
    unassessed: skipped, counted); 2005-2007 ``exhaustivity`` 0/1/2/``?`` (``?``: TOO_SMALL)
    and ``specificity`` in [0, 1] or ``size`` with ``rsize`` (s = rsize/size; ``inex2005``).
    2005-2007 files also hold ``<passage start= end=>`` (XPointers or paths, resolved against
    ``collection``; or character offsets, with ``offset``/``length``) and
    ``<best-entry-point path=...>``; there an empty ``<file>`` is judged, nothing relevant.
    The scale is inferred over all files unless given (``?``, fractional specificity,
    ``rsize``, passages or the 2005 layout mean 2005); two pools of one topic combine by
    ``pool_policy`` (:data:`POOL_POLICIES`).
    """
    if pool_policy not in POOL_POLICIES:
        raise UsageError(f"unknown pool policy {pool_policy!r}: one of "
                         f"{', '.join(POOL_POLICIES)}")
    if scale is not None:
        check_scale(scale)
    log, own = given_log(log)
    errors_before = log.error_count
    root = Path(path) if Path(path).is_dir() else local_path(path)  # ``-``, pipes: spooled
    given = None if root.is_dir() else str(path)  # messages name the input, not its copy
    tally = Tally()
    hints = {"2002": False, "2005": False}
    gc_was_enabled = gc.isenabled()
    gc.disable()  # many small objects, no reference cycles: collections only cost
    try:
        pools = [pool for file_path, main in assessment_files(root, tally)
                 if (pool := _read_file(file_path, main, log, hints, tally, given))
                 is not None]
    finally:
        if gc_was_enabled:
            gc.enable()
    chosen = choose_pools(pools, pool_policy, tally)
    rows = [row for topic, used in chosen.items() for pool in used for row in pool.of(topic).rows]
    if scale is None:
        scale = infer_scale(hints, rows, pools)
    qrels = Qrels(scale, source=str(path))  # type: ignore[arg-type]
    union = pool_policy == "union"
    for topic, used in chosen.items():
        origin: dict[tuple[str, str], tuple[str, int, str]] = {}
        for pool in used:
            for row in pool.of(topic).rows:
                add_row(qrels, row, scale, log, pool.pool, origin, union, tally)
        add_passage_level(qrels, topic, [pool.of(topic) for pool in used], collection, union,
                           log, tally)
    tally.report(log, MESSAGES)
    if not qrels.topics and log.error_count == errors_before:
        log.warn(str(path), None, "no assessment found")
    finish(log, own)
    return qrels


# --- one file -------------------------------------------------------------------------------
def _read_file(file_path: Path, main: bool | None, log: ProblemLog, hints: dict,
               tally: Tally, given: str | None = None) -> Pool | None:
    """Read one file; a topic copy that is not well-formed XML (X-RAI did not escape it) is
    blanked out (line numbers kept) and the file read again.  ``given``: the file's name as
    given (``-`` for standard input, read from its spooled copy ``file_path``)."""
    file = given or str(file_path)
    if file_path.stat().st_size == 0:
        log.error(file, None, "empty file: no XML element")
        return None
    blanked = None
    while True:
        held = HeldProblems()  # kept until the file is read for good (it may be read again)
        pool = Pool(file, Path(file).stem.removeprefix("pool-"), main)
        try:
            _parse(file_path if blanked is None else BytesIO(blanked), Path(file), pool, held,
                   hints)
        except etree.XMLSyntaxError as exc:
            if blanked is None:
                blanked = blank_topic_copy(file_path.read_bytes(), exc.lineno)
                if blanked is not None:
                    tally.add("topic-copy", file, exc.lineno)
                    continue
            report_syntax_error(held, file, exc)
        except (EOFError, OSError, zlib.error) as exc:  # a damaged FILE.xml.gz
            held.error(file, None, f"cannot read: {exc}")
        held.flush(log, by_line=False)
        tally.update(pool.tally)
        return pool


_TOPIC_FOLDER = re.compile(r"topic-([0-9]+)", re.IGNORECASE)
def _parse(source, file_path: Path, pool: Pool, log: ProblemLog, hints: dict) -> None:
    """The event loop over one file (XML syntax errors propagate)."""
    file = pool.file
    # the topic of the folder holding a pool file in X-RAI's tree (topic-T), if it is one
    folder = (m := _TOPIC_FOLDER.fullmatch(file_path.parent.name)) and m.group(1)
    topic: str | None = None
    doc: str | None = None
    layout_2005 = False  # <file name=...> / <file collection=...>: empty files are judged
    holds = False  # the current <file> holds a judgement
    seen_root = False
    open_files = 0  # <file> elements started and not ended
    files: dict[tuple[str | None, str], int] = {}  # (topic, document) -> its first <file>
    events = checked_events(safe_iterparse(source, ("start", "end")), file, log)
    if events is None:  # entity declarations: refused, nothing read
        return
    for event, el in events:
        tag = local_name(el.tag)
        try:
            if event == "start":
                if not seen_root:
                    seen_root = True
                    if tag not in ASSESSMENT_ROOTS and tag != "recall-base":
                        log.error(file, el.sourceline, f"root element <{tag}> is not "
                                  "<assessments>: not INEX assessments")
                        return
                found, clash = topic_attr(el) if tag in ASSESSMENT_ROOTS else (None, None)
                unclear = f"with two topic ids, {clash}" if clash is not None else \
                    f"for topic {found} in folder {file_path.parent.name} (move the file or "\
                    "correct its topic attribute)" \
                    if found is not None and folder and found != folder else \
                    f"for topic {found} nested in the <assessments> of topic {topic}" \
                    if found is not None and topic is not None and _inside_topic(el) else \
                    f"nested in the <file> of {doc or 'a document'}" \
                    if tag == "file" and open_files else None
                if unclear is not None:
                    log.error(file, el.sourceline, f"<{tag}> {unclear}: which "
                              f"{'document' if tag == 'file' else 'topic'} its judgements are for "
                              "is not clear; the file is not read further")
                    return
                if found is not None:
                    topic = found
                    pool.pool = xml_attr(el, "pool") or pool.pool
                    whitespace = xml_attr(el, "whitespace-text-node")
                    if "2005" in (xml_attr(el, "version", "year") or "") or whitespace is not None:
                        hints["2005"] = True
                    if (whitespace or "keep").lower() not in ("keep", "strip"):
                        log.error(file, el.sourceline, f"whitespace-text-node={whitespace!r} is "
                                  "not keep or strip: which text nodes text()[k] counts is not "
                                  "clear; the file is not read further")
                        return
                    pool.strip_whitespace = (whitespace or "").lower() == "strip"
                elif tag == "file":
                    open_files += 1
                    doc = xml_attr(el, "file", "name", "id", "doc") or None  # None: not used
                    layout_2005 = xml_attr(el, "name") is not None or \
                        xml_attr(el, "collection") is not None
                    holds = False
                    if not doc:
                        log.error(file, el.sourceline, "<file> without a file/name attribute:"
                                  " its assessments are not used")
                    elif (first := files.setdefault((topic, doc), el.sourceline)) \
                            != el.sourceline:  # as a topic given again in a submission
                        log.warn(file, el.sourceline, f"{f'topic {topic}, ' if topic else ''}"
                                 f"{doc}: <file> given again (first at line {first}): its "
                                 "judgements are added to the first's")
                continue
            if tag == "file":
                open_files -= 1
                if doc and not holds and layout_2005 and topic is not None:
                    pool.judged.setdefault((topic, doc), el.sourceline)
                    pool.topics.add(topic)
                doc = None
                free_element(el)
                continue
            if not open_files and (tag in ("passage", "best-entry-point", "bep")
                                   or xml_attr(el, *_PATH, key=canonical_or_none) is not None):
                log.error(file, el.sourceline, f"<{tag}> outside a <file>: which document it "
                          "judges is not clear; not used")
                continue
            if doc is None or tag in ASSESSMENT_ROOTS:
                continue
            if topic is None:
                topic = folder or file_path.stem
                log.warn(file, el.sourceline, f"no topic attribute on <assessments>: topic id "
                         f"taken from the {'folder' if folder else 'file'} name ({topic!r})")
            raw_path = None
            if tag not in ("passage", "best-entry-point", "bep"):
                raw_path = xml_attr(el, *_PATH, key=canonical_or_none)
                if raw_path is None:
                    if tag in ("path", "element"):  # a judgement that names no element
                        log.warn(file, el.sourceline, f"<{tag}> without a path= attribute in "
                                 f"file {doc!r}: ignored (name the element with path=)",
                                 kind="judgement without path")
                    continue
            holds = True
            pool.topics.add(topic)
            if tag == "passage":
                _read_passage(el, topic, doc, pool, log)
            elif raw_path is None:
                _read_bep(el, topic, doc, pool, log)
            elif row := _read_element(el, topic, doc, raw_path, file, log, hints, pool):
                pool.rows.append(row)
        except GivenTwice as clash:  # e.g. file='d1' FILE='d2': which is meant is not clear
            log.error(file, el.sourceline, f"<{tag}> with {clash}: which is meant is not clear; "
                      + ("the file is not read further" if tag in ASSESSMENT_ROOTS else "not used"))
            if tag in ASSESSMENT_ROOTS:
                return
            doc = None if tag == "file" and event == "start" else doc  # its judgements unused


def _inside_topic(el) -> bool:
    """True if an ancestor of ``el`` is an ``<assessments>`` element naming a topic."""
    return any(local_name(a.tag) in ASSESSMENT_ROOTS and topic_attr(a)[0]
               for a in el.iterancestors())


def _read_element(el, topic, doc, raw_path, file, log, hints, pool: Pool) -> Row | None:
    line = el.sourceline
    try:
        path = canonical_xpath(raw_path)
    except XPathError as error:
        log.error(file, line, f"topic {topic}, {doc}: {error.problems[0].message}; the "
                  "assessment is not used")
        return None
    values = element_values(el)
    twice = given_twice(values, _E_NAMES, _S_NAMES, _RELEVANCE, _COVERAGE, _SIZE, _RSIZE,
                        key=grade_key)
    if twice:  # e.g. exhaustiveness='3' beside exhaustivity='1': which is meant is not clear
        log.error(file, line, f"topic {topic}, {doc} {path}: {' and '.join(twice)} given twice"
                  " with different values; the assessment is not used")
        return None
    size, rsize = number(pick(values, *_SIZE)), number(pick(values, *_RSIZE))
    relevance, coverage = pick(values, *_RELEVANCE), pick(values, *_COVERAGE)
    where = f"topic {topic}, {doc} {path}"
    e_text, s_text = pick(values, *_E_NAMES), pick(values, *_S_NAMES)
    if relevance is not None or coverage is not None:
        if e_text is not None or s_text is not None or rsize is not None:  # which scale?
            log.error(file, line, f"{where}: INEX 2002 relevance/coverage beside exhaustivity, "
                      "specificity or rsize (INEX 2003-2007): which is meant is not clear; "
                      "the assessment is not used")
            return None
        hints["2002"] = True
        e = number(relevance)
        letter = (coverage or "").upper()
        if e is None or letter not in COVERAGE_CODES:
            log.error(file, line, f"{where}: relevance {relevance!r} / coverage {coverage!r} "
                      "must be 0..3 / N, S, L or E; the assessment is not used")
            return None
        return Row(topic, doc, path, e, COVERAGE_CODES[letter], size, letter, line, file,
                    None)
    if (e_text or "").lower() in _UNASSESSED and (s_text or "").lower() in _UNASSESSED \
            and rsize is None:
        if local_name(el.tag) == "path":  # INEX 2004: unassessed (the DTD default "U")
            pool.tally.add("unassessed", file, line, where)
            return None
        log.error(file, line, f"{where}: no exhaustivity/specificity (or relevance/coverage);"
                  " the assessment is not used")
        return None
    if (pick(values, "inconsistant", "inconsistent") or "").lower() == "true":
        pool.tally.add("inconsistent", file, line, where)
    e = TOO_SMALL if e_text == "?" else number(e_text)
    s = rsize / size if s_text is None and rsize is not None and size else number(s_text)
    if e is None or s is None:
        log.error(file, line, f"{where}: exhaustivity {e_text!r} / specificity {s_text!r} "
                  "are not numbers; the assessment is not used")
        return None
    if e == TOO_SMALL and e_text != "?":  # too small is written '?', never as its code
        log.error(file, line, f"{where}: exhaustivity {e_text!r} is not 0, 1, 2, 3 or '?'; "
                  "the assessment is not used")
        return None
    if s_text is not None and rsize is not None and size and abs(s - rsize / size) >= 0.01:
        log.error(file, line, f"{where}: specificity {s_text!r} and rsize/size {rsize:g}/{size:g} "
                  "say different things (X-RAI truncated s to two decimals); not used")
        return None
    return Row(topic, doc, path, e, s, size, None, line, file, rsize)


def _read_passage(el, topic: str, doc: str, pool: Pool, log: ProblemLog) -> None:
    line = el.sourceline
    start = xml_attr(el, "start", "offset", key=point_key)
    end = xml_attr(el, "end", key=point_key)
    given = {"start": start, "end": end, "length": xml_attr(el, "length", key=offset_of),
             "bep": xml_attr(el, "bep", "best-entry-point", key=offset_of)}
    points = start is not None and end is not None and not numeric_like(start) \
        and not numeric_like(end)
    if points:  # X-RAI points: resolved in the collection, the length checked there
        given = {"length": given["length"]}
    bad = [f"{name} {text!r}" for name, text in given.items() if text is not None
           and (name in ("length", "bep") or numeric_like(text))
           and ((value := offset_of(text)) is None or value < 0)]
    if bad:
        log.error(pool.file, line, f"topic {topic}, {doc}: passage {', '.join(bad)} is not "
                  "a non-negative integer (decimal digits); the passage is not used")
        return
    if points:
        size = number(xml_attr(el, "size", key=number))
        pool.points.append(Point(topic, doc, start, end, size, line, offset_of(given["length"])))
        return
    offset, end_offset, length = offset_of(start), offset_of(end), offset_of(given["length"])
    where = f"topic {topic}, {doc}"
    if offset is not None and end_offset is not None:
        if length is not None and length != end_offset - offset:  # which is meant: not clear
            log.error(pool.file, line, f"{where}: passage end {end!r} and length "
                      f"{given['length']!r} say different things (start {start!r}); the "
                      "passage is not used")
            return
        length = end_offset - offset
    why = ("a passage needs start and end (both XPointers/element paths, or both character "
           "offsets) or offset and length" if offset is None or length is None else
           f"passage end {end!r} is before its start {start!r}" if length < 0 else
           beyond_char_limit(f"{offset}:{length}") if offset + length >= CHAR_LIMIT else None)
    if why is not None:  # the last: the rule of every passage reader
        log.error(pool.file, line, f"{where}: {why}; the passage is not used")
        return
    if length == 0:  # as in FOL qrels: it highlights nothing
        log.warn(pool.file, line, f"{where}: empty passage {offset}:0 (ignored)")
    key = (topic, doc)
    pool.ranges.setdefault(key, []).append((offset, length))
    pool.lines.setdefault(key, line)
    bep = offset_of(given["bep"])
    if bep is not None:
        keep_first_bep(pool.numeric_beps, key, bep, pool.file, line, f"topic {topic}, {doc}",
                       log)


def _read_bep(el, topic: str, doc: str, pool: Pool, log: ProblemLog) -> None:
    raw = xml_attr(el, "path", "xpath", "offset", "start", key=point_key)
    if not raw:
        log.error(pool.file, el.sourceline, f"topic {topic}, {doc}: <{local_name(el.tag)}> "
                  "without a path: not used")
    elif numeric_like(raw):
        bep = offset_of(raw)
        if bep is None or bep < 0:
            log.error(pool.file, el.sourceline, f"topic {topic}, {doc}: best entry point "
                      f"{raw!r} is not a non-negative integer (decimal digits): not used")
        else:
            keep_first_bep(pool.numeric_beps, (topic, doc), bep, pool.file, el.sourceline,
                           f"topic {topic}, {doc}", log)
    else:
        pool.beps.append(Point(topic, doc, raw, None, None, el.sourceline))

