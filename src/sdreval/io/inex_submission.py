"""INEX XML run submissions (2003-2005): the one streaming reader, and the writer.

The reader uses :func:`~sdreval.io.xmlsafe.safe_iterparse` (no entity expansion, the DTD is
never fetched) and frees each element once read, so memory stays proportional to one topic (to
one batch of 4,096 results inside a longer topic).  Results in plain shape are read in bulk, a
batch at a time, with XPath evaluated in C (``_read_plain``); anything else is read result by
result, with the same run and the same problems (``tests/io/test_inex_xml_fast.py``).

Policies (``docs/formats-xml.md``): every problem names file and line.  A result that cannot be
used (no file, malformed XPath, non-numeric rank/rsv) is an error and is not used; missing
``rank``/``rsv`` are tolerated (rank = position in the topic, rsv = n - position + 1); a
repeated result, ranks out of order and a topic given twice are warnings (everything kept, file
order).
"""
from __future__ import annotations

import gc
import math
import operator
from array import array
from pathlib import Path
from typing import Iterator
from xml.sax.saxutils import escape, quoteattr

import numpy as np
from lxml import etree

from ..errors import InputError, ProblemLog
from ..model.result_rules import (disorder_in_groups, disorder_message, repeat_message,
                                  repeated_rows)
from ..model.run import Ranking, Run
from ..model.xpath import XPathError, canonical_xpath
from .textlines import finish
from .xmlsafe import (checked_events, child_texts, entity_refs, free_element, local_name,
                      report_syntax_error, safe_iterparse, xml_attr)

SUBMISSION = "inex-submission"


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
    file was refused before its first element was read: empty, or entity declarations in its
    DOCTYPE), ``root_seen`` and the
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
        for _, el in safe_iterparse(path, ("start",), tag="{*}topic"):
            topic_id = xml_attr(el, "topic-id", "topicid", "id", "topic")
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
        finish(log, own)
        return Run(name or stem, {}, "element", source=str(path))
    run = Run(name or info.attributes.get("run-id") or stem, rankings, "element",
              source=str(path))
    run.attributes = info.attributes  # type: ignore[attr-defined]  (participant-id, task, ...)
    finish(log, own)
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
        return
    if policy not in ("file", "last-block", "block"):
        raise ValueError(f"unknown policy {policy!r}")
    streaming = policy != "file"
    counts: dict[str, int] | None = None
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
        events = checked_events(safe_iterparse(
            path, ("start", "end"), tag=("{*}inex-submission", "{*}topic", "{*}result")),
            file, log)
        if events is None:  # entity declarations: refused, nothing read
            return
        info.read = True
        if policy == "last-block":
            counts = topic_counts(path)
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
            tag = local_name(el.tag)
            if event == "start":
                if tag == SUBMISSION:
                    if info.root_seen or el.getparent() is not None:
                        log.error(file, el.sourceline, "nested <inex-submission> ignored")
                        continue
                    info.root_seen = True
                    info.attributes = {local_name(k): v for k, v in el.attrib.items()}
                elif tag == "topic":
                    topic_id = xml_attr(el, "topic-id", "topicid", "id", "topic")
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
                free_element(el)
            elif tag == "topic":
                free_element(el)
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
        report_syntax_error(log, file, exc)
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
    fields = child_texts(el)
    bad: list[str] = []
    if any("&" in text for text, _ in fields.values()):
        refs = entity_refs(el)
        if refs:
            bad.append(f"entity reference(s) {', '.join(sorted(set(refs)))} not expanded "
                       "(entities are never expanded)")
    doc = fields.get("file", ("", None))[0] or (xml_attr(el, "file") or "")
    raw_path = fields.get("path", ("", None))[0] or (xml_attr(el, "path") or "")
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
            free_element(el)
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
    _, down, count = disorder_in_groups(np.zeros(n, dtype=np.int8), ranks)
    if len(down):
        first = int(down[0])
        log.warn(file, int(lines[first]), disorder_message(
            topic_id, int(count[0]), int(ranks[first]), int(ranks[first - 1]), rows="result"))
    docs = np.array(cols.docs, dtype=object)
    paths = np.array(cols.paths, dtype=object)
    if len(set(zip(cols.docs, cols.paths))) < n:
        repeat, first_of = repeated_rows((np.unique(docs, return_inverse=True)[1].ravel(),
                                          np.unique(paths, return_inverse=True)[1].ravel()))
        for row in np.flatnonzero(repeat).tolist():
            log.warn(file, int(lines[row]), f"topic {topic_id}: " + repeat_message(
                f"{docs[row]} {paths[row]}", f"line {int(lines[first_of[row]])}"))
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
