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
import sys
from functools import lru_cache
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from typing import Iterator

from lxml import etree

from ..errors import InputError, ProblemLog
from ..judgements.qrels import COVERAGE_CODES, TOO_SMALL, DocPassages, Qrels
from ..judgements.quantise import pair_error
from ..model.passage import merge_ranges
from ..model.tree import Collection
from ..model.xpath import XPathError, canonical_xpath
from .textlines import finish, parse_float
from .xmlsafe import (checked_events, element_values, free_element, local_name, pick,
                      report_syntax_error, safe_iterparse, xml_attr)
from ..model.xpointer import PointError, resolve_point, size_agrees

#: how two pools (assessment files) of one topic combine: ``main`` (default) reads only the
#: pool X-RAI marked main (the ``main`` directory) when a topic has one, else every pool and
#: a disagreement is an error; ``error``: every pool, a disagreement is an error; ``union``:
#: every pool, the main (else the lowest-numbered) pool's value wins a disagreement (warning)
#: and highlighted passages are united.
POOL_POLICIES = ("main", "error", "union")

_ROOTS = ("assessments", "assessment", "inex-assessments")
_E_NAMES = ("exhaustiveness", "exhaustivity", "e")
_S_NAMES = ("specificity", "s")
_UNASSESSED = {"", "u"}
_NUMERIC_LIKE = re.compile(r"^\s*[-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?\s*$")


def _numeric_like(text: str) -> bool:
    return _NUMERIC_LIKE.match(text) is not None


class _Row:
    __slots__ = ("topic", "doc", "path", "e", "s", "size", "letter", "line", "file",
                 "rsize")

    def __init__(self, topic, doc, path, e, s, size, letter, line, file, rsize):
        self.topic, self.doc, self.path = topic, doc, path
        self.e, self.s, self.size, self.letter = e, s, size, letter
        self.line, self.file, self.rsize = line, file, rsize


@dataclass
class _Point:
    """A highlighted passage (``end`` given) or a best entry point given as X-RAI points."""

    topic: str
    doc: str
    start: str
    end: str | None
    size: float | None
    line: int | None


@dataclass
class _Pool:
    """What one assessment file holds."""

    file: str
    pool: str
    main: bool | None
    strip_whitespace: bool = False
    rows: list[_Row] = field(default_factory=list)
    ranges: dict[tuple[str, str], list[tuple[int, int]]] = field(default_factory=dict)
    lines: dict[tuple[str, str], int | None] = field(default_factory=dict)
    points: list[_Point] = field(default_factory=list)
    beps: list[_Point] = field(default_factory=list)
    numeric_beps: dict[tuple[str, str], int] = field(default_factory=dict)
    judged: dict[tuple[str, str], int | None] = field(default_factory=dict)
    topics: set[str] = field(default_factory=set)
    tally: "_Tally" = field(default_factory=lambda: _Tally())

    def of(self, topic: str) -> "_Pool":
        """The part of this pool about ``topic`` (a view built once per topic: a file holding
        many topics is not scanned once per topic)."""
        if len(self.topics) <= 1:
            return self
        views = self.__dict__.setdefault("_views", None)
        if views is None:
            views = self.__dict__["_views"] = self._split()
        return views.get(topic) or _Pool(self.file, self.pool, self.main)

    def _split(self) -> dict[str, "_Pool"]:
        views = {t: _Pool(self.file, self.pool, self.main, self.strip_whitespace, topics={t})
                 for t in self.topics}
        for row in self.rows:
            views[row.topic].rows.append(row)
        for point in self.points:
            views[point.topic].points.append(point)
        for point in self.beps:
            views[point.topic].beps.append(point)
        for name in ("ranges", "lines", "numeric_beps", "judged"):
            for key, value in getattr(self, name).items():
                if key[0] in views:
                    getattr(views[key[0]], name)[key] = value
        return views

    @property
    def order(self) -> tuple[int, int, str]:
        number = re.sub(r"\D", "", self.pool)
        return (0 if self.main else 1, int(number) if number else 1 << 62, self.pool)


class _Tally:
    """Problems reported once per kind (a count and the first place), or once per kind and
    file where every problem is listed (``sdreval validate``)."""

    def __init__(self) -> None:
        self.kinds: dict[str, list] = {}
        self.files: dict[tuple[str, str], list] = {}

    def add(self, kind: str, file: str, line: int | None, detail: str = "", count: int = 1
            ) -> None:
        found = self.kinds.setdefault(kind, [0, file, line, detail])
        found[0] += count
        own = self.files.setdefault((kind, file), [0, file, line, detail])
        own[0] += count

    def update(self, other: "_Tally") -> None:
        for (kind, _), (count, file, line, detail) in other.files.items():
            self.add(kind, file, line, detail, count)

    def report(self, log: ProblemLog, messages: dict[str, str]) -> None:
        """One warning per kind at its first place, naming it (``detail``) when useful; with a
        log that lists every problem as found (a ``sink``), one per kind and file, so that each
        file of a directory tree is named with its own count."""
        groups = (sorted(((kind, *found) for (kind, _), found in self.files.items()),
                         key=lambda g: (g[2], g[3] or 0))
                  if log.sink is not None else
                  [(kind, *found) for kind, found in self.kinds.items()])
        for kind, count, file, line, detail in groups:
            first = f" (the first here: {detail})" if detail and count > 1 else \
                f" ({detail})" if detail else ""
            log.warn(file, line, messages[kind].format(n=count, first=first))


_MESSAGES = {
    "unassessed": "{n} element(s) without exhaustivity/specificity (unassessed, the INEX 2004 "
                  "DTD default 'U') skipped{first}",
    "inconsistent": "{n} assessment(s) marked inconsistant='true' by X-RAI are used as given"
                    "{first}",
    "topic-copy": "{n} file(s) hold a copy of the topic that is not well-formed XML (X-RAI "
                  "copied the topic text without escaping it): the copy was skipped{first}",
    "unresolved": "{n} highlighted passage(s) and best entry point(s) are given as XPointers "
                  "or element paths and were not resolved: no collection was given "
                  "(--collection DIR). The passage level (highlighted passages, best entry "
                  "points, judged documents) of these topics is left out; their element "
                  "judgements are read{first}",
    "size": "{n} passage(s) whose X-RAI size attribute does not fit the resolved text (neither "
            "its UTF-8 length, one more, nor with whitespace runs counted once); the resolved "
            "range is used{first}",
    "in-progress": "{n} file(s) under in_progress/ (pools X-RAI had not completed) not read{first}",
    "others": "{n} pool file(s) not marked main skipped: their topic has a main pool "
              "(--pool-policy main; union reads every pool){first}",
    "disagree": "{n} judgement(s) on which pools of one topic disagree: the main (else the "
                "lowest-numbered) pool's value is kept (--pool-policy union){first}",
    "bep-alone": "{n} best entry point(s) in a document without highlighted passage ignored"
                 "{first}",
}


def _assessment_files(path: Path, tally: _Tally | None = None) -> list[tuple[Path, bool | None]]:
    """The files to read with their main mark (True under ``main/``, False under ``others/``,
    else None); files under ``in_progress/`` are left out (counted)."""
    if path.is_dir():
        found: list[tuple[Path, bool | None]] = []
        for p in sorted(q for q in path.rglob("*") if q.is_file() and q.suffix.lower() == ".xml"):
            parts = [part.lower() for part in p.relative_to(path).parts[:-1]]
            if "in_progress" in parts:
                if tally is not None:
                    tally.add("in-progress", str(p), None)
                continue
            found.append((p, True if "main" in parts else False if "others" in parts else None))
        if not found:
            raise InputError("no .xml assessment file in this directory"
                             + (" (only in_progress/ pools)" if tally and tally.kinds else ""),
                             str(path))
        return found
    if not path.is_file():
        raise InputError("no such file or directory", str(path))
    return [(path, None)]


def read_inex_assessments(path: str | Path, log: ProblemLog | None = None,
                          scale: str | None = None, *, collection: Collection | None = None,
                          pool_policy: str = "main") -> Qrels:
    """Read INEX XML assessments: one file, or a directory of (per-topic, per-pool) files.

    Per topic (``<assessments topic="...">``), per document (``<file file="..."|name="...">``),
    elements are any child element with a ``path`` attribute carrying

    * INEX 2002: ``relevance="0..3" coverage="N|S|L|E"`` -> scale ``inex2002``;
    * INEX 2003/2004: ``exhaustiveness`` (or ``exhaustivity``) and ``specificity`` in 0..3,
      either quote style -> scale ``inex2003`` (a ``<path>`` without them is unassessed:
      skipped, counted);
    * INEX 2005-2007: ``exhaustivity`` 0/1/2/``?`` (``?`` -> TOO_SMALL), ``specificity`` in
      [0, 1] or ``size`` with ``rsize`` (s = rsize/size) -> scale ``inex2005``; highlighted
      passages ``<passage start= end=>`` as XPointers or paths (resolved against
      ``collection``), or as ``offset``/``length`` or numeric ``start``/``end``;
      ``<best-entry-point path=...>``; an empty ``<file>`` is a judged document with nothing
      relevant.

    The scale is inferred over all files (``?``, fractional specificity, ``rsize``, passages or
    the 2005+ file layout mean 2005) unless given.  Two pools of one topic combine by
    ``pool_policy`` (:data:`POOL_POLICIES`).
    """
    if pool_policy not in POOL_POLICIES:
        from ..errors import UsageError

        raise UsageError(f"unknown pool policy {pool_policy!r}: one of "
                         f"{', '.join(POOL_POLICIES)}")
    own = log is None
    log = log if log is not None else ProblemLog()
    errors_before = log.error_count
    root = Path(path)
    tally = _Tally()
    hints = {"2002": False, "2005": False}
    gc_was_enabled = gc.isenabled()
    gc.disable()  # many small objects, no reference cycles: collections only cost
    try:
        pools = [pool for file_path, main in _assessment_files(root, tally)
                 if (pool := _read_file(file_path, main, log, hints, tally)) is not None]
    finally:
        if gc_was_enabled:
            gc.enable()
    chosen = _choose_pools(pools, pool_policy, tally)
    rows = [row for topic, used in chosen.items() for pool in used for row in pool.of(topic).rows]
    if scale is None:
        scale = _infer_scale(hints, rows, pools)
    qrels = Qrels(scale, source=str(root))  # type: ignore[arg-type]
    union = pool_policy == "union"
    for topic, used in chosen.items():
        origin: dict[tuple[str, str], str] = {}
        for pool in used:
            for row in pool.of(topic).rows:
                _add_row(qrels, row, scale, log, pool.pool, origin, union, tally)
        _add_passage_level(qrels, topic, [pool.of(topic) for pool in used], collection, union,
                           log, tally)
    tally.report(log, _MESSAGES)
    if not qrels.topics and log.error_count == errors_before:
        log.warn(str(root), None, "no assessment found")
    finish(log, own)
    return qrels


def _infer_scale(hints: dict, rows: list[_Row], pools: list[_Pool]) -> str:
    if hints["2002"]:
        return "inex2002"
    if hints["2005"] or any(r.rsize is not None for r in rows) or any(
            p.ranges or p.points or p.judged for p in pools) or any(
            r.e == TOO_SMALL or (r.s is not None and r.s != int(r.s)) for r in rows):
        return "inex2005"
    return "inex2003"


def _choose_pools(pools: list[_Pool], policy: str, tally: _Tally) -> dict[str, list[_Pool]]:
    """topic -> the pools read for it, the main pool first (then by pool number)."""
    by_topic: dict[str, list[_Pool]] = {}
    for pool in pools:
        for topic in sorted(pool.topics):
            by_topic.setdefault(topic, []).append(pool)
    chosen: dict[str, list[_Pool]] = {}
    for topic, found in by_topic.items():
        found = sorted(found, key=lambda p: p.order)
        mains = [p for p in found if p.main]
        if policy == "main" and len(found) > 1 and len(mains) == 1:
            for other in found[1:]:
                tally.add("others", other.file, None, f"topic {topic}")
            found = mains
        chosen[topic] = found
    return chosen


def _number(text: str | None) -> float | None:
    """A finite decimal number, or None (absent, empty or not a number: the text readers' rule)."""
    return parse_float(text) if text else None


# --- one file -------------------------------------------------------------------------------
def _read_file(file_path: Path, main: bool | None, log: ProblemLog, hints: dict,
               tally: _Tally) -> _Pool | None:
    """Read one file; a topic copy that is not well-formed XML (X-RAI did not escape it) is
    blanked out (line numbers kept) and the file read again."""
    file = str(file_path)
    if file_path.stat().st_size == 0:
        log.error(file, None, "empty file: no XML element")
        return None
    first = _buffer()
    pool = _Pool(file, file_path.stem.removeprefix("pool-"), main)
    try:
        _parse(file_path, file_path, pool, first, hints)
    except etree.XMLSyntaxError as exc:
        data = file_path.read_bytes()
        blanked = _blank_topic_copy(data, exc.lineno)
        if blanked is None:
            _replay(first, log)
            tally.update(pool.tally)
            report_syntax_error(log, file, exc)
            return pool
        tally.add("topic-copy", file, exc.lineno)
        first = _buffer()
        pool = _Pool(file, file_path.stem.removeprefix("pool-"), main)
        try:
            _parse(BytesIO(blanked), file_path, pool, first, hints)
        except etree.XMLSyntaxError as again:
            report_syntax_error(first, file, again)
    _replay(first, log)
    tally.update(pool.tally)
    return pool


def _buffer() -> ProblemLog:
    """A log that keeps every problem of one file until the file is read for good (a file
    re-read after blanking its topic copy drops the first attempt's problems)."""
    return ProblemLog(examples=sys.maxsize)


def _replay(buffer: ProblemLog, log: ProblemLog) -> None:
    """Hand a file's problems to the caller's log (counted, kept or sent to its sink)."""
    for problem in buffer.problems:
        log.add(problem)


_TOPIC_COPY = re.compile(rb"<inex_topic\b.*?</inex_topic\s*>", re.DOTALL)


def _blank_topic_copy(data: bytes, line: int | None) -> bytes | None:
    """``data`` with its ``<inex_topic>`` copy replaced by spaces (newlines kept), if the
    syntax error at ``line`` lies inside that copy; else None."""
    match = _TOPIC_COPY.search(data)
    if match is None or line is None:
        return None
    first = data.count(b"\n", 0, match.start()) + 1
    last = first + match.group(0).count(b"\n")
    if not first <= line <= last:
        return None
    blank = re.sub(rb"[^\n]", b" ", match.group(0))
    return data[:match.start()] + blank + data[match.end():]


def _parse(source, file_path: Path, pool: _Pool, log: ProblemLog, hints: dict) -> None:
    """The event loop over one file (XML syntax errors propagate)."""
    file = pool.file
    topic: str | None = None
    doc: str | None = None
    layout_2005 = False  # <file name=...> / <file collection=...>: empty files are judged
    holds = False  # the current <file> holds a judgement
    seen_root = False
    events = checked_events(safe_iterparse(source, ("start", "end")), file, log)
    if events is None:  # entity declarations: refused, nothing read
        return
    for event, el in events:
        tag = local_name(el.tag)
        if event == "start":
            if not seen_root:
                seen_root = True
                if tag not in _ROOTS and tag != "recall-base":
                    log.error(file, el.sourceline, f"root element <{tag}> is not "
                              "<assessments>: not INEX assessments")
                    return
            if tag in _ROOTS and xml_attr(el, "topic", "topic-id", "topicid", "id") is not None:
                topic = xml_attr(el, "topic", "topic-id", "topicid", "id")
                pool.pool = xml_attr(el, "pool") or pool.pool
                if "2005" in (xml_attr(el, "version", "year") or "") or \
                        xml_attr(el, "whitespace-text-node") is not None:
                    hints["2005"] = True
                pool.strip_whitespace = (xml_attr(el, "whitespace-text-node") or "") == "strip"
            elif tag == "file":
                doc = xml_attr(el, "file", "name", "id", "doc")
                layout_2005 = xml_attr(el, "name") is not None or \
                    xml_attr(el, "collection") is not None
                holds = False
                if not doc:
                    log.error(file, el.sourceline, "<file> without a file/name attribute:"
                              " its assessments are not used")
            continue
        if tag == "file":
            if doc and not holds and layout_2005 and topic is not None:
                pool.judged.setdefault((topic, doc), el.sourceline)
                pool.topics.add(topic)
            doc = None
            free_element(el)
            continue
        if doc is None or tag in _ROOTS:
            continue
        if topic is None:
            topic = file_path.stem
            log.warn(file, el.sourceline, f"no topic attribute on <assessments>: topic id "
                     f"taken from the file name ({topic!r})")
        if tag == "passage":
            holds = True
            pool.topics.add(topic)
            _read_passage(el, topic, doc, pool, log)
        elif tag in ("best-entry-point", "bep"):
            holds = True
            pool.topics.add(topic)
            _read_bep(el, topic, doc, pool, log)
        else:
            raw_path = xml_attr(el, "path", "xpath")
            if raw_path is None:
                if tag in ("path", "element"):  # a judgement that names no element
                    log.warn(file, el.sourceline, f"<{tag}> without a path= attribute in "
                             f"file {doc!r}: ignored (name the element with path=)",
                             kind="judgement without path")
                continue
            holds = True
            pool.topics.add(topic)
            row = _read_element(el, topic, doc, raw_path, file, log, hints, pool)
            if row is not None:
                pool.rows.append(row)
    if not seen_root:
        log.error(file, None, "empty file: no XML element")


def _read_element(el, topic, doc, raw_path, file, log, hints, pool: _Pool) -> _Row | None:
    line = el.sourceline
    try:
        path = canonical_xpath(raw_path)
    except XPathError as error:
        log.error(file, line, f"topic {topic}, {doc}: {error.problems[0].message}; the "
                  "assessment is not used")
        return None
    values = element_values(el)
    size = _number(pick(values, "size", "length", "chars"))
    rsize = _number(pick(values, "rsize", "relevant-size", "hsize"))
    relevance = pick(values, "relevance", "rel")
    coverage = pick(values, "coverage", "cov")
    where = f"topic {topic}, {doc} {path}"
    if relevance is not None or coverage is not None:
        hints["2002"] = True
        e = _number(relevance)
        letter = (coverage or "").upper()
        if e is None or letter not in COVERAGE_CODES:
            log.error(file, line, f"{where}: relevance {relevance!r} / coverage {coverage!r} "
                      "must be 0..3 / N, S, L or E; the assessment is not used")
            return None
        return _Row(topic, doc, path, e, COVERAGE_CODES[letter], size, letter, line, file,
                    None)
    e_text = pick(values, *_E_NAMES)
    s_text = pick(values, *_S_NAMES)
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
    if e_text == "?":
        e: float | None = TOO_SMALL
    else:
        e = _number(e_text)
    if s_text is None and rsize is not None and size:
        s: float | None = rsize / size
    else:
        s = _number(s_text)
    if e is None or s is None:
        log.error(file, line, f"{where}: exhaustivity {e_text!r} / specificity {s_text!r} "
                  "are not numbers; the assessment is not used")
        return None
    return _Row(topic, doc, path, e, s, size, None, line, file, rsize)


def _read_passage(el, topic: str, doc: str, pool: _Pool, log: ProblemLog) -> None:
    line = el.sourceline
    start = xml_attr(el, "start", "offset")
    end = xml_attr(el, "end")
    length = _number(xml_attr(el, "length"))
    if start is not None and end is not None and not _numeric_like(start) \
            and not _numeric_like(end):
        pool.points.append(_Point(topic, doc, start, end, _number(xml_attr(el, "size")), line))
        return
    offset = _number(start)
    end_offset = _number(end)
    if length is None and offset is not None and end_offset is not None:
        length = end_offset - offset
    if offset is None or length is None or offset < 0 or length < 0 or \
            offset != int(offset) or length != int(length):
        log.error(pool.file, line, f"topic {topic}, {doc}: a passage needs start and end "
                  "(both XPointers/element paths, or both character offsets) or offset and "
                  "length; the passage is not used")
        return
    key = (topic, doc)
    pool.ranges.setdefault(key, []).append((int(offset), int(length)))
    pool.lines.setdefault(key, line)
    bep = _number(xml_attr(el, "bep", "best-entry-point"))
    if bep is not None:
        pool.numeric_beps.setdefault(key, int(bep))


def _read_bep(el, topic: str, doc: str, pool: _Pool, log: ProblemLog) -> None:
    raw = xml_attr(el, "path", "xpath", "offset", "start")
    if not raw:
        log.error(pool.file, el.sourceline, f"topic {topic}, {doc}: <{local_name(el.tag)}> "
                  "without a path: not used")
    elif _numeric_like(raw) and _number(raw) is not None and float(raw) == int(float(raw)) >= 0:
        pool.numeric_beps.setdefault((topic, doc), int(float(raw)))
    else:
        pool.beps.append(_Point(topic, doc, raw, None, None, el.sourceline))


# --- combining pools ------------------------------------------------------------------------
_pair_error = lru_cache(maxsize=1 << 16)(pair_error)  # few distinct (e, s) pairs per scale


def _add_row(qrels: Qrels, row: _Row, scale: str, log: ProblemLog, pool: str,
             origin: dict[tuple[str, str], str], union: bool, tally: _Tally) -> None:
    where = f"topic {row.topic}, {row.doc} {row.path}"
    if scale == "inex2002" and row.letter is None:
        log.error(row.file, row.line, f"{where}: exhaustivity/specificity in INEX 2002 "
                  "assessments (relevance/coverage expected); the assessment is not used")
        return
    if scale != "inex2002" and row.letter is not None:
        log.error(row.file, row.line, f"{where}: relevance/coverage in {scale} assessments; "
                  "the assessment is not used")
        return
    problem = _pair_error(scale, row.e, row.s)
    if problem is not None:
        log.error(row.file, row.line, f"{where}: {problem}; the assessment is not used")
        return
    elements = qrels.topic(row.topic).elements
    key = (row.doc, row.path)
    old = elements.get(key)
    if old is None:
        origin[key] = pool
        qrels.add_element(row.topic, row.doc, row.path, row.e, row.s, row.size)
        return
    same = (old.e, old.s) == (row.e, row.s)
    if origin.get(key) != pool:  # another pool of the topic
        if same:
            return
        if union:
            tally.add("disagree", row.file, row.line, where)
            return
        log.error(row.file, row.line, f"{where}: pools {origin.get(key)} and {pool} disagree "
                  f"(({old.e:g}, {old.s:g}) and ({row.e:g}, {row.s:g})); the first is kept "
                  "(--pool-policy union keeps the main pool's value, or point QRELS at one "
                  "pool file)")
        return
    if same:
        log.warn(row.file, row.line, f"{where}: assessed twice with the same values")
    else:
        log.error(row.file, row.line, f"{where}: assessed twice with different values "
                  f"({old.e:g}, {old.s:g}) and ({row.e:g}, {row.s:g}); the first is kept")


def _add_passage_level(qrels: Qrels, topic: str, pools: list[_Pool],
                       collection: Collection | None, union: bool, log: ProblemLog,
                       tally: _Tally) -> None:
    """Highlighted passages, best entry points and judged documents of ``topic``."""
    points = [(pool, p) for pool in pools for p in pool.points + pool.beps if p.topic == topic]
    if points and collection is None:
        for pool, point in points:
            tally.add("unresolved", pool.file, point.line, f"topic {topic}, {point.doc}")
        return
    per_pool: list[tuple[_Pool, dict[str, list[tuple[int, int]]], dict[str, int]]] = []
    for pool in pools:
        ranges = {doc: list(found) for (t, doc), found in pool.ranges.items() if t == topic}
        beps = {doc: bep for (t, doc), bep in pool.numeric_beps.items() if t == topic}
        for point in pool.points + pool.beps:
            if point.topic != topic:
                continue
            resolved = _resolve(point, pool, collection, log, tally)  # type: ignore[arg-type]
            if resolved is None:
                continue
            pool.lines.setdefault((topic, point.doc), point.line)
            if point.end is None:
                beps.setdefault(point.doc, resolved[0])
            else:
                ranges.setdefault(point.doc, []).append(resolved)
        for doc, found in ranges.items():
            _warn_overlap(found, topic, doc, pool, log)
        per_pool.append((pool, ranges, beps))
    passages = qrels.topic(topic).passages
    first_ranges: dict[str, tuple[str, list[tuple[int, int]]]] = {}
    for pool, ranges, beps in per_pool:
        for doc, found in ranges.items():
            merged = merge_ranges(found)
            seen = first_ranges.get(doc)
            if seen is not None and seen[1] != merged and not union:
                line = pool.lines.get((topic, doc))
                log.error(pool.file, line, f"topic {topic}, {doc}: pools {seen[0]} and "
                          f"{pool.pool} highlight different passages; the first is kept "
                          "(--pool-policy union unites them)")
                continue
            first_ranges.setdefault(doc, (pool.pool, merged))
            dp = passages.get(doc)
            if dp is None:
                dp = passages[doc] = DocPassages(doc)
            dp.ranges = merge_ranges(dp.ranges + found) if dp.ranges else sorted(found)
        for doc, bep in beps.items():
            dp = passages.get(doc)
            if dp is None or not dp.ranges:
                tally.add("bep-alone", pool.file, None, f"topic {topic}, {doc}")
                continue
            if dp.bep is None:
                dp.bep = bep
        for (t, doc), _line in pool.judged.items():
            if t == topic and doc not in passages:
                passages[doc] = DocPassages(doc)
    sizes = {(r.doc): r.size for pool in pools for r in pool.rows
             if r.topic == topic and r.size is not None and r.path.count("/") == 1}
    for doc, dp in passages.items():
        dp.relevant_chars = sum(n for _, n in merge_ranges(dp.ranges))
        if dp.doc_length is None:
            if collection is not None and doc in collection:
                try:
                    dp.doc_length = collection[doc].length
                except InputError:
                    pass
            if dp.doc_length is None and doc in sizes:
                dp.doc_length = int(sizes[doc])  # type: ignore[arg-type]


def _resolve(point: _Point, pool: _Pool, collection: Collection, log: ProblemLog,
             tally: _Tally) -> tuple[int, int] | None:
    """``(offset, length)`` of a passage, ``(offset, 0)`` of a best entry point, or None (an
    error logged)."""
    where = f"topic {point.topic}, {point.doc}"
    if point.doc not in collection:
        log.error(pool.file, point.line, f"{where}: the document is not in the collection; "
                  "its passage cannot be resolved (not used)")
        return None
    try:
        tree = collection[point.doc]
        start = resolve_point(tree, point.start, False, pool.strip_whitespace)
        if point.end is None:
            return start, 0
        end = resolve_point(tree, point.end, True, pool.strip_whitespace)
    except PointError as error:
        log.error(pool.file, point.line, f"{where}: {error}; not used")
        return None
    except InputError as error:
        log.error(pool.file, point.line, f"{where}: the document cannot be read "
                  f"({error.problems[0].message}); not used")
        return None
    if end <= start:
        log.error(pool.file, point.line, f"{where}: passage {point.start} .. {point.end} is "
                  f"empty or reversed (characters {start} to {end}); not used")
        return None
    if point.size is not None and not size_agrees((tree.text or "")[start:end], point.size):
        tally.add("size", pool.file, point.line, f"topic {point.topic}, {point.doc}: size "
                  f"{point.size:g}, resolved {end - start} characters")
    return start, end - start


def _warn_overlap(found: list[tuple[int, int]], topic: str, doc: str, pool: _Pool,
                  log: ProblemLog) -> None:
    reach = -1
    for offset, length in sorted(found):
        if offset < reach:
            log.warn(pool.file, pool.lines.get((topic, doc)), f"topic {topic}, {doc}: "
                     f"highlighted passages overlap (at offset {offset}); their characters "
                     "are counted once")
            return
        reach = max(reach, offset + length)


def iter_xml_files(directory: str | Path) -> Iterator[Path]:
    """XML files under ``directory`` in sorted order (helper for callers)."""
    yield from (p for p, _ in _assessment_files(Path(directory)))
