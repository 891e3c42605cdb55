"""INEX XML run submissions (2003-2005) and assessments (2002-2005), streaming and safe.

Both readers use :func:`lxml.etree.iterparse` with ``resolve_entities=False``,
``no_network=True``, ``load_dtd=False`` (no entity expansion, the DTD is never fetched) and free
each element once read, so memory stays proportional to one topic (to one batch of 4,096
results inside a longer topic).  Submission results in plain shape are read in bulk, a batch at
a time, with XPath evaluated in C (``_read_plain``); anything else is read result by result,
with the same run and the same problems (``tests/io/test_inex_xml_fast.py``).

Policies (``docs/formats-xml.md``): every problem names file and line.  A result or assessment
that cannot be used (no file, malformed XPath, non-numeric rank/rsv, invalid (e, s) pair) is an
error and is not used; missing ``rank``/``rsv`` are tolerated (rank = position in the topic,
rsv = n - position + 1); a repeated result, ranks out of order and a topic given twice are
warnings (everything kept, file order).  A repeated assessment with the same values is a
warning, with different values an error (the first is kept).
"""
from __future__ import annotations

import gc
import math
import operator
import re
from array import array
from pathlib import Path
from typing import Iterator
from xml.sax.saxutils import escape, quoteattr

import numpy as np
from lxml import etree

from ..errors import InputError, ProblemLog
from ..judgements.qrels import COVERAGE_CODES, TOO_SMALL, DocPassages, Qrels
from ..judgements.quantise import pair_error
from ..model.run import Ranking, Run
from ..model.xpath import XPathError, canonical_xpath

SUBMISSION = "inex-submission"
ASSESSMENTS = "inex-assessments"

_ROOT_TAG = re.compile(rb"<([A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?)")
_ASSESSMENT_ROOTS = {b"assessments", b"inex-assessments", b"assessment"}


# --- detection ------------------------------------------------------------------------------
def sniff_inex_xml(head: bytes) -> str | None:
    """``"inex-submission"``, ``"inex-assessments"`` or None from the first bytes of a file:
    the name of the first element (after the XML declaration, comments and DOCTYPE)."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text[:2] in (b"\xff\xfe", b"\xfe\xff"):  # UTF-16: decode what we have
        try:
            text = head.decode("utf-16", "ignore").encode("utf-8")
        except (UnicodeDecodeError, LookupError):
            return None
    pos = 0
    while True:
        start = text.find(b"<", pos)
        if start < 0 or start + 1 >= len(text):
            return None
        nxt = text[start + 1:start + 2]
        if text.startswith(b"<!--", start):
            end = text.find(b"-->", start + 4)
            if end < 0:
                return None
            pos = end + 3
        elif nxt == b"?":
            end = text.find(b"?>", start + 2)
            if end < 0:
                return None
            pos = end + 2
        elif nxt == b"!":  # DOCTYPE, possibly with an internal subset [...]
            bracket = text.find(b"[", start)
            close = text.find(b">", start)
            if 0 <= bracket < close:
                close = text.find(b"]", bracket)
                close = text.find(b">", close) if close >= 0 else -1
            if close < 0:
                return None
            pos = close + 1
        else:
            match = _ROOT_TAG.match(text, start)
            if match is None:
                return None
            name = match.group(1).split(b":")[-1].lower()
            if name == b"inex-submission":
                return SUBMISSION
            if name in _ASSESSMENT_ROOTS or b"<assessments" in text[start:]:
                return ASSESSMENTS
            return None


# --- shared parsing helpers -------------------------------------------------------------------
def _iterparse(path: Path, events: tuple[str, ...], tag=None):
    return etree.iterparse(str(path), events=events, tag=tag, resolve_entities=False,
                           no_network=True, load_dtd=False, huge_tree=False,
                           remove_comments=True, remove_pis=True)


_DOCTYPE = re.compile(rb"<!DOCTYPE", re.IGNORECASE)
_PROLOG_LIMIT = 1 << 20


def _refuse_entity_declarations(path: Path, file: str, log: ProblemLog) -> bool:
    """True (and an error logged) if the document declares entities in an internal DTD subset:
    libxml2 expands internal entities inside attribute values even with
    ``resolve_entities=False``, so such files are refused outright (as defusedxml does)."""
    with open(path, "rb") as handle:
        head = handle.read(_PROLOG_LIMIT)
    match = _DOCTYPE.search(head)
    if match is None:
        return False
    root = re.compile(rb"<[A-Za-z_]").search(head, match.end())
    prolog = head[match.start():root.start() if root else len(head)]
    if b"<!ENTITY" in prolog.upper():
        line = head.count(b"\n", 0, match.start()) + 1
        log.error(file, line, "the DOCTYPE declares entities; entity declarations are refused "
                  "(no entity expansion): the file is not read")
        return True
    return False


def _local(tag) -> str:
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1].lower()


def _attr(el: etree._Element, *names: str) -> str | None:
    """The first attribute present among ``names`` (case-insensitive, ``-``/``_`` alike)."""
    wanted = {n.lower().replace("_", "-") for n in names}
    for key, value in el.attrib.items():
        if _local(key).replace("_", "-") in wanted:
            return value.strip()
    return None


def _child_texts(el: etree._Element) -> dict[str, tuple[str, None]]:
    """Child element name -> (text, None); an unexpanded entity reference in the text is
    kept as ``&name;`` (and reported by the caller)."""
    out: dict[str, tuple[str, None]] = {}
    for child in el:
        name = child.tag
        if type(name) is not str:
            continue
        if name[0] == "{":
            name = name.rsplit("}", 1)[-1]
        name = name.lower()
        if name not in out:
            text = child.text if not len(child) else "".join(child.itertext())
            out[name] = ((text or "").strip(), None)
    return out


def _value(el: etree._Element, *names: str) -> str | None:
    """An attribute among ``names``, else the text of a child element with one of the names
    (``<element path="..."><exhaustivity>2</exhaustivity>...</element>``)."""
    found = _attr(el, *names)
    if found is not None or not len(el):
        return found
    wanted = {n.lower().replace("_", "-") for n in names}
    for child in el:
        if _local(child.tag).replace("_", "-") in wanted:
            return "".join(child.itertext()).strip()
    return None


def _entity_refs(el: etree._Element) -> list[str]:
    return [node.text for node in el.iter(etree.Entity)]


def _free(el: etree._Element) -> None:
    """Release a processed element and its already processed preceding siblings."""
    el.clear(keep_tail=True)
    parent = el.getparent()
    if parent is not None:
        while el.getprevious() is not None:
            del parent[0]


def _syntax_error(log: ProblemLog, file: str, exc: etree.XMLSyntaxError) -> None:
    line = exc.lineno if getattr(exc, "lineno", None) else None
    log.error(file, line, f"malformed XML: {exc.msg if hasattr(exc, 'msg') else exc}")


def _finish(log: ProblemLog, own: bool) -> None:
    from .textlines import finish

    finish(log, own)


# --- submissions ----------------------------------------------------------------------------
class _Topic:
    __slots__ = ("docs", "paths", "ranks", "rsv", "lines", "has_rank", "has_rsv", "line")

    def __init__(self, line: int | None) -> None:
        self.docs: list[str] = []
        self.paths: list[str] = []
        self.ranks = array("q")
        self.rsv = array("d")
        self.lines = array("q")
        self.has_rank = array("b")
        self.has_rsv = array("b")
        self.line = line


class SubmissionInfo:
    """What :func:`iter_submission_topics` learns besides the topics: ``read`` (False if the
    file was refused before parsing: empty, or entity declarations), ``root_seen`` and the
    root's ``attributes`` (``run-id``, ``participant-id``, ``task`` ...)."""

    __slots__ = ("read", "root_seen", "attributes")

    def __init__(self) -> None:
        self.read = False
        self.root_seen = False
        self.attributes: dict[str, str] = {}


class TopicsNotContiguous(InputError):
    """A topic given again after it was yielded (streaming policies only)."""


#: streaming: the interned document names are dropped past this many (bounded memory)
_INTERN_LIMIT = 1 << 18


def topic_counts(path: Path) -> dict[str, int]:
    """First pass over an XML submission: topic id -> number of ``<topic>`` elements with it
    (lxml iterparse, start events of ``<topic>`` only; finished topics are freed)."""
    counts: dict[str, int] = {}
    try:
        for _, el in _iterparse(path, ("start",), tag="{*}topic"):
            topic_id = _attr(el, "topic-id", "topicid", "id", "topic")
            if topic_id:
                counts[topic_id] = counts.get(topic_id, 0) + 1
            previous = el.getprevious()
            parent = el.getparent()
            if parent is not None:
                while previous is not None:
                    parent.remove(previous)
                    previous = el.getprevious()
    except Exception:  # noqa: BLE001 - malformed XML is reported by the second pass
        pass
    return counts


def read_inex_submission(path: str | Path, log: ProblemLog | None = None,
                         name: str | None = None, *, bulk: bool = True) -> Run:
    """Read an INEX 2003-2005 XML submission (``<inex-submission run-id=...>`` with
    ``<topic topic-id=...>`` holding ``<result><file/><path/><rank/><rsv/></result>``).

    The run is named ``name``, else by the ``run-id`` attribute, else by the file name without
    extension.  Metadata elements (``description``, ``collections``, ``topic-fields`` ...) are
    skipped.  Problems go to ``log``; without one, errors are raised together at the end.
    The parsing is :func:`iter_submission_topics` (whole-file policy; ``bulk`` as there).
    """
    own = log is None
    log = log if log is not None else ProblemLog()
    info = SubmissionInfo()
    rankings = dict(iter_submission_topics(path, log, bulk=bulk, info=info))
    stem = Path(path).name.split(".")[0]
    if not info.read:
        _finish(log, own)
        return Run(name or stem, {}, "element", source=str(path))
    run = Run(name or info.attributes.get("run-id") or stem, rankings, "element",
              source=str(path))
    run.attributes = info.attributes  # type: ignore[attr-defined]  (participant-id, task, ...)
    _finish(log, own)
    return run


def iter_submission_topics(path: str | Path, log: ProblemLog, *, policy: str = "file",
                           bulk: bool = True, info: SubmissionInfo | None = None
                           ) -> Iterator[tuple[str, Ranking]]:
    """The one reader of INEX XML submissions: ``(topic, Ranking)`` pairs, problems to ``log``
    (the caller finishes it), the root's attributes in ``info``.

    When a topic is yielded (``policy``; its build warnings -- missing rank/rsv, ranks out of
    order, repeats -- are logged then):

    * ``"file"`` (:func:`read_inex_submission`): every topic once the whole file has been
      read, in order of first appearance; a topic given again is appended to (warning);
    * ``"last-block"`` (``--stream``): a topic as soon as its last ``<topic>`` element has
      been read (a first pass, :func:`topic_counts`, counts them; a resumed topic is held);
    * ``"block"`` (``--stream`` contiguous): a topic at the end of each ``<topic>`` element.

    In both streaming policies a topic given again after it was yielded is an error, raised as
    :class:`TopicsNotContiguous`; topics cut short by malformed XML are yielded at the end.

    Results are read in batches (:func:`_flush`): a batch of plain results is read in bulk
    (XPath in C, :func:`_read_plain`), anything else result by result (:func:`_read_result`);
    both give the same run and the same problems.  ``bulk=False`` reads every result one by one
    (the reference the tests compare the bulk path with).  The garbage collector is off while
    parsing and restored while the caller holds a yielded topic.
    """
    info = info if info is not None else SubmissionInfo()
    errors_before = log.error_count
    file = str(path)
    path = Path(path)
    if not path.is_file():
        raise InputError("no such file", file)
    empty = path.stat().st_size == 0
    if empty:
        log.error(file, None, "empty file: no XML element")
    if empty or _refuse_entity_declarations(path, file, log):
        return
    info.read = True
    if policy not in ("file", "last-block", "block"):
        raise ValueError(f"unknown policy {policy!r}")
    streaming = policy != "file"
    counts = topic_counts(path) if policy == "last-block" else None
    topics: dict[str, _Topic] = {}
    seen: dict[str, int] = {}  # topic id -> <topic> elements read so far
    done: set[str] = set()  # topics yielded (streaming)
    current: _Topic | None = None
    current_id: str | None = None
    topic_el: etree._Element | None = None
    yielded = 0
    doc_intern: dict[str, str] = {}
    path_cache: dict[str, str | None] = {}
    fast_paths: dict[str, str] = {}
    batch: list[etree._Element] = []  # results ended since the last flush
    limit = _BATCH if bulk else 1
    gc_was_enabled = gc.isenabled()
    gc.disable()  # many short-lived objects, no reference cycles: collections only cost
    try:
        events = _iterparse(path, ("start", "end"),
                            tag=("{*}inex-submission", "{*}topic", "{*}result"))
        for event, el in events:
            if el.tag == "result":  # the hot path: no per-result work beyond this
                if event == "end":
                    batch.append(el)
                    if len(batch) >= limit:
                        _flush(batch, topic_el, current, current_id, info.root_seen, file, log,
                               doc_intern, path_cache, fast_paths, bulk, final=not bulk)
                continue
            if batch:
                _flush(batch, topic_el, current, current_id, info.root_seen, file, log,
                       doc_intern, path_cache, fast_paths, bulk)
            tag = _local(el.tag)
            if event == "start":
                if tag == SUBMISSION:
                    if info.root_seen or el.getparent() is not None:
                        log.error(file, el.sourceline, "nested <inex-submission> ignored")
                        continue
                    info.root_seen = True
                    info.attributes = {_local(k): v for k, v in el.attrib.items()}
                elif tag == "topic":
                    topic_id = _attr(el, "topic-id", "topicid", "id", "topic")
                    if not topic_id:
                        log.error(file, el.sourceline, "<topic> without a topic-id attribute:"
                                  " its results are not used")
                        current, current_id, topic_el = None, None, None
                        continue
                    if topic_id in done:
                        log.error(file, el.sourceline, f"topics not contiguous: topic "
                                  f"{topic_id} given again after its results were evaluated; "
                                  "use the non-streaming mode (no --stream)")
                        raise TopicsNotContiguous(log.errors[-1:])
                    current_id, topic_el = topic_id, el
                    seen[topic_id] = seen.get(topic_id, 0) + 1
                    current = topics.get(topic_id)
                    if current is None:
                        current = topics[topic_id] = _Topic(el.sourceline)
                    else:
                        log.warn(file, el.sourceline, f"topic {topic_id} given again (first "
                                 f"at line {current.line}): its results are appended in file "
                                 "order")
                continue
            # end events
            if tag == "result":  # a namespaced result: one by one
                if current is not None:
                    _read_result(el, current, current_id, file, log, doc_intern, path_cache)
                elif info.root_seen:
                    log.error(file, el.sourceline, "<result> outside a <topic> with a "
                              "topic-id: not used")
                _free(el)
            elif tag == "topic":
                _free(el)
                if streaming and current_id is not None and (
                        counts is None or seen[current_id] >= counts.get(current_id, 0)):
                    done.add(current_id)
                    yielded += 1
                    ranking = _build_ranking(current_id, topics.pop(current_id), file, log)
                    if gc_was_enabled:
                        gc.enable()
                    yield current_id, ranking
                    gc.disable()
                    if len(doc_intern) > _INTERN_LIMIT:
                        doc_intern.clear()
                        fast_paths.clear()
                current, current_id, topic_el = None, None, None
        if batch:
            _flush(batch, topic_el, current, current_id, info.root_seen, file, log, doc_intern,
                   path_cache, fast_paths, bulk)
    except etree.XMLSyntaxError as exc:
        if batch:  # results that ended before the error, as if read one by one
            _flush(batch, topic_el, current, current_id, info.root_seen, file, log, doc_intern,
                   path_cache, fast_paths, bulk)
        _syntax_error(log, file, exc)
    finally:
        if gc_was_enabled:
            gc.enable()
    no_root = not info.root_seen and log.error_count == errors_before
    if no_root and not streaming:
        log.error(file, None, "no <inex-submission> root element: not an INEX XML submission")
    for topic_id in list(topics):  # whole file: every topic; streaming: topics cut short
        yielded += 1
        yield topic_id, _build_ranking(topic_id, topics.pop(topic_id), file, log)
    if no_root and streaming:
        log.error(file, None, "no <inex-submission> root element: not an INEX XML submission")
    if info.root_seen and not yielded and log.error_count == errors_before:
        log.warn(file, None, "the submission holds no topic")


def _read_result(el: etree._Element, topic: _Topic, topic_id: str | None, file: str,
                 log: ProblemLog, doc_intern: dict[str, str],
                 path_cache: dict[str, str | None]) -> None:
    line = el.sourceline
    fields = _child_texts(el)
    bad: list[str] = []
    if any("&" in text for text, _ in fields.values()):
        refs = _entity_refs(el)
        if refs:
            bad.append(f"entity reference(s) {', '.join(sorted(set(refs)))} not expanded "
                       "(entities are never expanded)")
    doc = fields.get("file", ("", None))[0] or (_attr(el, "file") or "")
    raw_path = fields.get("path", ("", None))[0] or (_attr(el, "path") or "")
    if not doc:
        bad.append("result without <file>")
    if not raw_path:
        bad.append("result without <path>")
    canon = None
    if raw_path:
        if raw_path not in path_cache:
            try:
                path_cache[raw_path] = canonical_xpath(raw_path)
            except XPathError as error:
                path_cache[raw_path] = None
                log.error(file, line, f"topic {topic_id}: {error.problems[0].message}; the "
                          "result is not used")
                return
        canon = path_cache[raw_path]
        if canon is None:
            bad.append(f"malformed XPath {raw_path!r}")
    rank_text = fields.get("rank", (None, None))[0]
    rank = 0
    if rank_text:
        try:
            rank = int(rank_text)
            if rank < 1:
                raise ValueError
            if rank > _MAX_RANK:
                rank = 0
                bad.append(f"rank {rank_text!r} is too large (at most {_MAX_RANK})")
        except ValueError:
            bad.append(f"rank {rank_text!r} is not a positive integer")
    rsv_text = fields.get("rsv", (None, None))[0]
    rsv = 0.0
    if rsv_text:
        try:
            rsv = float(rsv_text)
            if not math.isfinite(rsv):
                raise ValueError
        except ValueError:
            bad.append(f"rsv {rsv_text!r} is not a finite number")
    unknown = sorted(set(fields) - {"file", "path", "rank", "rsv"})
    if unknown:
        log.warn(file, line, f"topic {topic_id}: result elements {', '.join(unknown)} ignored")
    if bad:
        for message in bad:
            log.error(file, line, f"topic {topic_id}: {message}; the result is not used")
        return
    topic.docs.append(doc_intern.setdefault(doc, doc))
    topic.paths.append(canon)  # type: ignore[arg-type]
    topic.ranks.append(rank)
    topic.rsv.append(rsv)
    topic.lines.append(line or 0)
    topic.has_rank.append(1 if rank_text else 0)
    topic.has_rsv.append(1 if rsv_text else 0)


# --- bulk reading of plain results ------------------------------------------------------------
_BATCH = 4096  # results held before a flush (bounds memory inside one very long topic)
_MAX_RANK = 2**63 - 1
_FIELDS = ("file", "path", "rank", "rsv")
# Counts over a batch of <result> elements moved under one container: element children, second
# nodes of a child, second file/path/rank/rsv of a result (aggregate paths and positional
# steps only: libxml2 evaluates other per-node predicates slowly).  Entity reference nodes are
# invisible to libxml2 XPath: they are looked for separately.
_SHAPE = etree.XPath("concat(count(result/*), ' ', count(result/*/node()[2]), ' ', "
                     + " + ".join(f"count(result/{f}[2])" for f in _FIELDS) + ")")
_TEXTS = {name: etree.XPath(f"result/{name}/text()", smart_strings=False) for name in _FIELDS}
# the usual layout, fields in the order file, path, [rank], [rsv]: positional steps only, then
# every text of the batch in one list
_ORDERED = etree.XPath("concat(count(result/*), ' ', count(result/*/node()[2]), ' ', "
                       "count(result/*[1]/self::file), ' ', count(result/*[2]/self::path), ' ', "
                       "count(result/*[3]/self::rank), ' ', count(result/*[3]/self::rsv), ' ', "
                       "count(result/*[4]/self::rsv))")
_ALL_TEXTS = etree.XPath("result/*/text()", smart_strings=False)


def _batch_texts(box: etree._Element, n: int) -> tuple[list[str], ...] | None:
    """The texts of ``file``, ``path``, ``rank`` and ``rsv`` (the last two possibly empty) of
    the ``n`` results under ``box``, aligned, or None if not every result holds exactly
    ``file`` and ``path`` once, ``rank`` and ``rsv`` at most once (each in all results or in
    none), nothing else, each of them a single text node."""
    children, second_nodes, file1, path2, rank3, rsv3, rsv4 = map(int, _ORDERED(box).split())
    if second_nodes == 0 and file1 == path2 == n:
        # every result starts with file, path; then rank, rsv, both or none in all of them?
        width = {(0, 0, 0): 2, (n, 0, 0): 3, (0, n, 0): 3, (n, 0, n): 4}.get((rank3, rsv3, rsv4))
        if width is not None and children == width * n:
            texts = _ALL_TEXTS(box)  # no child holds a second node: one text per child
            if len(texts) == children:
                rank = texts[2::width] if rank3 else []
                rsv = texts[width - 1::width] if rsv3 or rsv4 else []
                return texts[0::width], texts[1::width], rank, rsv
    # any order: counts per name (aggregate paths only: libxml2 evaluates per-node predicates
    # slowly); no child holds two nodes, and the text nodes under file/path/rank/rsv are as
    # many as the children: each child is one of them holding one text node; none twice
    children, second_nodes, second_fields = map(int, _SHAPE(box).split())
    files, raw_paths, rank_texts, rsv_texts = (_TEXTS[name](box) for name in _FIELDS)
    if not (len(files) == len(raw_paths) == n and len(rank_texts) in (0, n)
            and len(rsv_texts) in (0, n) and second_nodes == second_fields == 0
            and children == 2 * n + len(rank_texts) + len(rsv_texts)):
        return None
    return files, raw_paths, rank_texts, rsv_texts


def _flush(batch: list[etree._Element], topic_el: etree._Element | None, topic: _Topic | None,
           topic_id: str | None, root_seen: bool, file: str, log: ProblemLog,
           doc_intern: dict[str, str], path_cache: dict[str, str | None],
           fast_paths: dict[str, str], bulk: bool = True, final: bool = True) -> None:
    """Read the results of ``batch`` (in end-tag order) into ``topic``: in bulk when they are
    plain children of ``topic_el`` (:func:`_read_plain`), else one by one exactly as each end
    event would have been handled.  ``batch`` is emptied, except that a flush that is not
    ``final`` (the parser is inside the topic, at the end of ``batch[-1]``) leaves that last
    element for the next batch: the element of the current event stays where it is."""
    if not final and len(batch) < 2:
        return
    keep = None if final else batch.pop()
    if not (bulk and topic is not None and topic_el is not None
            and _read_plain(batch, topic_el, topic, doc_intern, fast_paths)):
        for el in batch:
            if topic is not None:
                _read_result(el, topic, topic_id, file, log, doc_intern, path_cache)
            elif root_seen:
                log.error(file, el.sourceline, "<result> outside a <topic> with a topic-id: "
                          "not used")
            _free(el)
    batch.clear()
    if keep is not None:
        batch.append(keep)


def _read_plain(batch: list[etree._Element], parent: etree._Element, topic: _Topic,
                doc_intern: dict[str, str], fast_paths: dict[str, str]) -> bool:
    """Append ``batch`` to ``topic`` in bulk and return True if the batch is a run of
    consecutive children of ``parent``, each ``<result>`` holding ``file`` and ``path`` once,
    ``rank`` and ``rsv`` at most once (each given in all results or in none), nothing else,
    every one of these a single text node, and the values raise no problem (non-empty file and
    path, a well-formed XPath, positive integer ranks, finite rsv).  Otherwise nothing is
    appended and False is returned: the caller reads them one by one, which reports problems.

    Equal to :func:`_read_result` on each element: in plain shape ``_child_texts`` sees
    exactly these four texts, there is nothing to warn about, and each value goes through the
    same conversion (``int``, ``float``, :func:`canonical_xpath` of the stripped text).
    The elements are moved out of the parsed tree (so it stays small) into a container that
    the XPath counts run on."""
    n = len(batch)
    try:
        first = parent.index(batch[0])
    except ValueError:
        return False
    if first:
        del parent[:first]  # results read before (and what one-by-one reading would free)
    run = parent[:n]
    if len(run) != n or not all(map(operator.is_, run, batch)):
        return False  # not siblings (nested results, other elements between): one by one
    box = etree.Element("batch")
    box.extend(batch)
    if next(box.iter(etree.Entity), None) is not None:
        return False
    texts = _batch_texts(box, n)
    if texts is None:
        return False
    files, raw_paths, rank_texts, rsv_texts = texts
    docs = [text.strip() for text in files]
    if not all(docs):
        return False
    for raw in set(raw_paths).difference(fast_paths):
        stripped = raw.strip()
        if not stripped:
            return False
        try:
            fast_paths[raw] = canonical_xpath(stripped)
        except XPathError:
            return False
    try:
        ranks = list(map(int, rank_texts)) if rank_texts else [0] * n
        rsv = np.fromiter(map(float, rsv_texts), np.float64, n) if rsv_texts else \
            np.zeros(n)
    except ValueError:
        return False
    if (rank_texts and not 1 <= min(ranks) <= max(ranks) <= _MAX_RANK) or \
            not np.isfinite(rsv).all():
        return False
    topic.docs.extend(map(doc_intern.setdefault, docs, docs))
    topic.paths.extend(map(fast_paths.__getitem__, raw_paths))
    topic.ranks.extend(ranks)
    topic.rsv.frombytes(rsv.tobytes())
    topic.lines.extend([el.sourceline or 0 for el in batch])
    topic.has_rank.frombytes((b"\x01" if rank_texts else b"\x00") * n)
    topic.has_rsv.frombytes((b"\x01" if rsv_texts else b"\x00") * n)
    return True


def _build_ranking(topic_id: str, cols: _Topic, file: str, log: ProblemLog) -> Ranking:
    n = len(cols.docs)
    if n == 0:
        return Ranking.empty("element")
    position = np.arange(1, n + 1, dtype=np.int64)
    has_rank = np.frombuffer(cols.has_rank, dtype=np.int8).astype(bool)
    has_rsv = np.frombuffer(cols.has_rsv, dtype=np.int8).astype(bool)
    ranks = np.where(has_rank, np.frombuffer(cols.ranks, dtype=np.int64), position)
    rsv = np.where(has_rsv, np.frombuffer(cols.rsv, dtype=np.float64),
                   (n - position + 1).astype(np.float64))
    lines = np.frombuffer(cols.lines, dtype=np.int64)
    if not has_rank.all() and has_rank.any():
        log.warn(file, int(lines[np.argmin(has_rank)]), f"topic {topic_id}: some results have "
                 "no <rank>: their rank is their position in the topic")
    if not has_rsv.all() and has_rsv.any():
        log.warn(file, int(lines[np.argmin(has_rsv)]), f"topic {topic_id}: some results have "
                 "no <rsv>: their rsv is n - position + 1")
    down = np.flatnonzero(ranks[1:] < ranks[:-1]) + 1
    if len(down):
        first = int(down[0])
        log.warn(file, int(lines[first]), f"topic {topic_id}: ranks out of order ({len(down)}"
                 f" result(s); first rank {int(ranks[first])} after {int(ranks[first - 1])});"
                 " file order is kept (--order rank sorts by rank)")
    docs = np.array(cols.docs, dtype=object)
    paths = np.array(cols.paths, dtype=object)
    repeats: np.ndarray | list = []
    if len(set(zip(cols.docs, cols.paths))) < n:  # XML text holds no NUL: keys are distinct
        keys = np.char.add(np.char.add(docs.astype(str), "\x00"), paths.astype(str))
        _, first_index, inverse = np.unique(keys, return_index=True, return_inverse=True)
        repeats = np.flatnonzero(first_index[inverse] != np.arange(n))
    for row in repeats:
        first = int(first_index[inverse[row]])
        log.warn(file, int(lines[row]), f"topic {topic_id}: result {docs[row]} {paths[row]} "
                 f"repeats line {int(lines[first])} (kept; measures decide how a repeat counts)")
    return Ranking(docs, paths, np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64),
                   ranks.astype(np.int64), rsv, "element")


def write_inex_submission(run: Run, path: str | Path, task: str | None = None,
                          participant_id: str | None = None) -> int:
    """Write an element run as an INEX XML submission (UTF-8); returns the number of results.

    Results are written per topic in the ranking's order with ``<file>``, ``<path>``,
    ``<rank>`` and ``<rsv>``; ``task`` and ``participant_id`` default to the attributes the
    run was read with, else ``CO.Thorough`` and ``sdreval``."""
    if run.unit != "element":
        from ..errors import UsageError

        raise UsageError(f"an INEX XML submission holds element results; this run holds "
                         f"{run.unit} results (write it as a TREC-like run)")
    attrs = dict(getattr(run, "attributes", {}) or {})
    attrs["participant-id"] = participant_id or attrs.get("participant-id", "sdreval")
    attrs["run-id"] = run.name
    attrs["task"] = task or attrs.get("task", "CO.Thorough")
    order = ["participant-id", "run-id", "task"]
    keys = order + sorted(k for k in attrs if k not in order)
    count = 0
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        out.write("<inex-submission " + " ".join(f"{k}={quoteattr(str(attrs[k]))}"
                                                  for k in keys) + ">\n")
        for topic, ranking in run.topics.items():
            out.write(f"  <topic topic-id={quoteattr(str(topic))}>\n")
            for doc, xpath, rank, rsv in zip(ranking.docs, ranking.paths, ranking.ranks,
                                             ranking.rsv):
                out.write(f"    <result><file>{escape(str(doc))}</file><path>"
                          f"{escape(str(xpath))}</path><rank>{int(rank)}</rank><rsv>"
                          f"{float(rsv)!r}</rsv></result>\n")
                count += 1
            out.write("  </topic>\n")
        out.write("</inex-submission>\n")
    return count


# --- assessments ----------------------------------------------------------------------------
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
    errors_before = log.error_count
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
    if not qrels.topics and log.error_count == errors_before:
        log.warn(str(root), None, "no assessment found")
    _finish(log, own)
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
    if _refuse_entity_declarations(file_path, file, log):
        return
    try:
        for event, el in _iterparse(file_path, ("start", "end")):
            tag = _local(el.tag)
            if event == "start":
                if not seen_root:
                    seen_root = True
                    if tag not in ("assessments", "inex-assessments", "assessment") and \
                            tag != "recall-base":
                        log.error(file, el.sourceline, f"root element <{tag}> is not "
                                  "<assessments>: not INEX assessments")
                        return
                if tag in ("assessments", "assessment", "inex-assessments") and \
                        _attr(el, "topic", "topic-id", "topicid", "id") is not None:
                    topic = _attr(el, "topic", "topic-id", "topicid", "id")
                    version = _attr(el, "version", "year") or ""
                    if "2005" in version:
                        hints["2005"] = True
                elif tag == "file":
                    doc = _attr(el, "file", "name", "id", "doc")
                    if not doc:
                        log.error(file, el.sourceline, "<file> without a file/name attribute:"
                                  " its assessments are not used")
                continue
            if tag == "file":
                doc = None
                _free(el)
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
            raw_path = _attr(el, "path", "xpath")
            if raw_path is None:
                continue
            row = _read_element(el, topic, doc, raw_path, file, log, hints)
            if row is not None:
                rows.append(row)
    except etree.XMLSyntaxError as exc:
        _syntax_error(log, file, exc)
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
    size = _number(_value(el, "size", "length", "chars"))
    rsize = _number(_value(el, "rsize", "relevant-size", "hsize"))
    relevance = _value(el, "relevance", "rel")
    coverage = _value(el, "coverage", "cov")
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
    e_text = _value(el, *_E_NAMES)
    s_text = _value(el, *_S_NAMES)
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
    offset = _number(_attr(el, "offset", "start"))
    length = _number(_attr(el, "length"))
    if length is None:
        end = _number(_attr(el, "end"))
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
    bep = _number(_attr(el, "bep", "best-entry-point"))
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
