"""INEX XML assessments (2002-2005): one file, or a directory of per-topic files.

The reader uses :func:`~sdreval.io.xmlsafe.safe_iterparse` (no entity expansion, the DTD is
never fetched).  Policies (``docs/formats-xml.md``): every problem names file and line; an
assessment that cannot be used (malformed XPath, invalid (e, s) pair) is an error and is not
used; a repeated assessment with the same values is a warning, with different values an error
(the first is kept).
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Iterator

from lxml import etree

from ..errors import InputError, ProblemLog
from ..judgements.qrels import COVERAGE_CODES, TOO_SMALL, DocPassages, Qrels
from ..judgements.quantise import pair_error
from ..model.xpath import XPathError, canonical_xpath
from .textlines import finish
from .xmlsafe import (checked_events, free_element, local_name, report_syntax_error,
                      safe_iterparse, xml_attr, xml_value)


_E_NAMES = ("exhaustiveness", "exhaustivity", "e")
_S_NAMES = ("specificity", "s")


class _Row:
    __slots__ = ("topic", "doc", "path", "e", "s", "size", "letter", "line", "file",
                 "rsize")

    def __init__(self, topic, doc, path, e, s, size, letter, line, file, rsize):
        self.topic, self.doc, self.path = topic, doc, path
        self.e, self.s, self.size, self.letter = e, s, size, letter
        self.line, self.file, self.rsize = line, file, rsize


def _assessment_files(path: Path) -> list[Path]:
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() == ".xml")
        if not files:
            raise InputError("no .xml assessment file in this directory", str(path))
        return files
    if not path.is_file():
        raise InputError("no such file or directory", str(path))
    return [path]


def read_inex_assessments(path: str | Path, log: ProblemLog | None = None,
                          scale: str | None = None) -> Qrels:
    """Read INEX XML assessments: one file, or a directory of (per-topic) files.

    Per topic (``<assessments topic="...">``), per document (``<file file="..."|name="...">``),
    elements are any child element with a ``path`` attribute carrying

    * INEX 2002: ``relevance="0..3" coverage="N|S|L|E"`` -> scale ``inex2002``;
    * INEX 2003/2004: ``exhaustiveness`` (or ``exhaustivity``) and ``specificity`` in 0..3,
      either quote style -> scale ``inex2003``;
    * INEX 2005: ``exhaustivity`` 0/1/2/``?`` (``?`` -> TOO_SMALL), ``specificity`` in [0, 1]
      or ``size`` with ``rsize`` (relevant characters, s = rsize/size), optional ``size``
      -> scale ``inex2005``; highlighted passages ``<passage offset= length=>`` (or numeric
      ``start``/``end``) -> :class:`DocPassages`.

    The scale is inferred over all files (``?``, fractional specificity, ``rsize`` or passages
    mean 2005) unless given.  Invalid (e, s) pairs are errors and the assessment is not used.
    """
    own = log is None
    log = log if log is not None else ProblemLog()
    errors_before = len(log.errors)
    root = Path(path)
    rows: list[_Row] = []
    passages: dict[tuple[str, str], DocPassages] = {}
    passage_lines: dict[tuple[str, str], tuple[str, int | None]] = {}
    hints = {"2002": False, "2005": False, "e-2005": False}
    for file_path in _assessment_files(root):
        _read_assessment_file(file_path, log, rows, passages, passage_lines, hints)
    if scale is None:
        if hints["2002"]:
            scale = "inex2002"
        elif hints["2005"] or any(r.rsize is not None for r in rows) or passages or any(
                r.e == TOO_SMALL or (r.s is not None and r.s != int(r.s)) for r in rows):
            scale = "inex2005"
        else:
            scale = "inex2003"
    qrels = Qrels(scale, source=str(root))  # type: ignore[arg-type]
    for row in rows:
        _add_row(qrels, row, scale, log)
    root_sizes = {(r.topic, r.doc): r.size for r in rows
                  if r.size is not None and r.path.count("/") == 1} if passages else {}
    for (topic, doc), found in passages.items():
        if found.doc_length is None and (topic, doc) in root_sizes:
            found.doc_length = int(root_sizes[(topic, doc)])
        found.ranges.sort()
        reach = -1
        for offset, length in found.ranges:
            if offset < reach:
                file, line = passage_lines[(topic, doc)]
                log.warn(file, line, f"topic {topic}, {doc}: highlighted passages overlap "
                         f"(at offset {offset}); their characters are counted once")
                break
            reach = max(reach, offset + length)
        found.relevant_chars = sum(n for _, n in _merge(found.ranges))
        qrels.topic(topic).passages[doc] = found
    if not qrels.topics and len(log.errors) == errors_before:
        log.warn(str(root), None, "no assessment found")
    finish(log, own)
    return qrels


def _merge(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    from ..model.passage import merge_ranges

    return merge_ranges(ranges)


def _number(text: str | None) -> float | None:
    if text is None or text == "":
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _read_assessment_file(file_path: Path, log: ProblemLog, rows: list[_Row],
                          passages: dict, passage_lines: dict, hints: dict) -> None:
    file = str(file_path)
    topic: str | None = None
    doc: str | None = None
    seen_root = False
    if file_path.stat().st_size == 0:
        log.error(file, None, "empty file: no XML element")
        return
    try:
        events = checked_events(safe_iterparse(file_path, ("start", "end")), file, log)
        if events is None:  # entity declarations: refused, nothing read
            return
        for event, el in events:
            tag = local_name(el.tag)
            if event == "start":
                if not seen_root:
                    seen_root = True
                    if tag not in ("assessments", "inex-assessments", "assessment") and \
                            tag != "recall-base":
                        log.error(file, el.sourceline, f"root element <{tag}> is not "
                                  "<assessments>: not INEX assessments")
                        return
                if tag in ("assessments", "assessment", "inex-assessments") and \
                        xml_attr(el, "topic", "topic-id", "topicid", "id") is not None:
                    topic = xml_attr(el, "topic", "topic-id", "topicid", "id")
                    version = xml_attr(el, "version", "year") or ""
                    if "2005" in version:
                        hints["2005"] = True
                elif tag == "file":
                    doc = xml_attr(el, "file", "name", "id", "doc")
                    if not doc:
                        log.error(file, el.sourceline, "<file> without a file/name attribute:"
                                  " its assessments are not used")
                continue
            if tag == "file":
                doc = None
                free_element(el)
                continue
            if doc is None or tag in ("assessments", "assessment", "inex-assessments"):
                continue
            if topic is None:
                topic = file_path.stem
                log.warn(file, el.sourceline, f"no topic attribute on <assessments>: topic id "
                         f"taken from the file name ({topic!r})")
            if tag == "passage":
                _read_passage(el, topic, doc, file, log, passages, passage_lines)
                continue
            raw_path = xml_attr(el, "path", "xpath")
            if raw_path is None:
                continue
            row = _read_element(el, topic, doc, raw_path, file, log, hints)
            if row is not None:
                rows.append(row)
    except etree.XMLSyntaxError as exc:
        report_syntax_error(log, file, exc)
    if not seen_root and not any(p.file == file for p in log.errors):
        log.error(file, None, "empty file: no XML element")


def _read_element(el, topic, doc, raw_path, file, log, hints) -> _Row | None:
    line = el.sourceline
    try:
        path = canonical_xpath(raw_path)
    except XPathError as error:
        log.error(file, line, f"topic {topic}, {doc}: {error.problems[0].message}; the "
                  "assessment is not used")
        return None
    size = _number(xml_value(el, "size", "length", "chars"))
    rsize = _number(xml_value(el, "rsize", "relevant-size", "hsize"))
    relevance = xml_value(el, "relevance", "rel")
    coverage = xml_value(el, "coverage", "cov")
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
    e_text = xml_value(el, *_E_NAMES)
    s_text = xml_value(el, *_S_NAMES)
    if e_text is None and s_text is None and rsize is None:
        log.error(file, line, f"{where}: no exhaustivity/specificity (or relevance/coverage);"
                  " the assessment is not used")
        return None
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


def _read_passage(el, topic, doc, file, log, passages, passage_lines) -> None:
    line = el.sourceline
    offset = _number(xml_attr(el, "offset", "start"))
    length = _number(xml_attr(el, "length"))
    if length is None:
        end = _number(xml_attr(el, "end"))
        if offset is not None and end is not None:
            length = end - offset
    if offset is None or length is None or offset < 0 or length < 0 or \
            offset != int(offset) or length != int(length):
        log.error(file, line, f"topic {topic}, {doc}: passage needs character offsets "
                  "(offset/length or numeric start/end); XPointer-style positions are not "
                  "supported; the passage is not used")
        return
    found = passages.get((topic, doc))
    if found is None:
        found = passages[(topic, doc)] = DocPassages(doc)
        passage_lines[(topic, doc)] = (file, line)
    found.ranges.append((int(offset), int(length)))
    bep = _number(xml_attr(el, "bep", "best-entry-point"))
    if bep is not None and found.bep is None:
        found.bep = int(bep)


def _add_row(qrels: Qrels, row: _Row, scale: str, log: ProblemLog) -> None:
    where = f"topic {row.topic}, {row.doc} {row.path}"
    if scale == "inex2002" and row.letter is None:
        log.error(row.file, row.line, f"{where}: exhaustivity/specificity in INEX 2002 "
                  "assessments (relevance/coverage expected); the assessment is not used")
        return
    if scale != "inex2002" and row.letter is not None:
        log.error(row.file, row.line, f"{where}: relevance/coverage in {scale} assessments; "
                  "the assessment is not used")
        return
    problem = pair_error(scale, row.e, row.s)
    if problem is not None:
        log.error(row.file, row.line, f"{where}: {problem}; the assessment is not used")
        return
    elements = qrels.topic(row.topic).elements
    key = (row.doc, row.path)
    old = elements.get(key)
    if old is not None:
        if (old.e, old.s) == (row.e, row.s):
            log.warn(row.file, row.line, f"{where}: assessed twice with the same values")
        else:
            log.error(row.file, row.line, f"{where}: assessed twice with different values "
                      f"({old.e:g}, {old.s:g}) and ({row.e:g}, {row.s:g}); the first is kept")
        return
    qrels.add_element(row.topic, row.doc, row.path, row.e, row.s, row.size)


def iter_xml_files(directory: str | Path) -> Iterator[Path]:
    """XML files under ``directory`` in sorted order (helper for callers)."""
    yield from _assessment_files(Path(directory))
