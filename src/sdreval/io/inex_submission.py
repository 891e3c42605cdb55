"""INEX XML run submissions (2003-2005): the one streaming reader, and the writer.

The reader uses :func:`~sdreval.io.xmlsafe.safe_iterparse` (no entity expansion, the DTD is
never fetched) and frees each element once read, so memory stays proportional to one topic (to
one batch of 4,096 results inside a longer topic).  Results in plain shape are read in bulk, a
batch at a time, with XPath evaluated in C (:mod:`sdreval.io.inex_results`); anything else is
read result by result, with the same run and the same problems
(``tests/io/test_inex_xml_fast.py``).

Policies (``docs/formats-xml.md``): every problem names file and line.  A result that cannot be
used (no file, malformed XPath, non-numeric rank/rsv) is an error and is not used; missing
``rank``/``rsv`` are tolerated (rank = position in the topic, rsv = n - position + 1); a
repeated result, ranks out of order and a topic given twice are warnings (everything kept, file
order).
"""
from __future__ import annotations

import gc
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator
from xml.sax.saxutils import escape, quoteattr

from lxml import etree

from ..errors import InputError, ProblemLog, UsageError
from ..model.run import Ranking, Run
from ..model.runnames import file_stem
from .inex_results import ResultReader, TopicColumns, build_ranking
from .detect import SUBMISSION
from .textlines import finish, given_log, local_path
from .written import whole_file
from .xmlsafe import (GivenTwice, checked_events, drop_preceding, free_element, local_name,
                      report_syntax_error, safe_iterparse, topic_attr, xml_attributes)


@dataclass
class SubmissionInfo:
    """What :func:`iter_submission_topics` learns besides the topics: ``root_seen`` and the
    root's ``attributes`` (``run-id``, ``participant-id``, ``task`` ...)."""

    root_seen: bool = False
    attributes: dict[str, str] = field(default_factory=dict)


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
            topic_id, clash = topic_attr(el)
            if topic_id and clash is None:
                counts[topic_id] = counts.get(topic_id, 0) + 1
            drop_preceding(el)
    except Exception:  # noqa: BLE001 - malformed XML is reported by the second pass
        pass
    return counts


def read_inex_submission(path: str | Path, log: ProblemLog | None = None,
                         name: str | None = None, *, bulk: bool = True) -> Run:
    """Read an INEX 2003-2005 XML submission (``<inex-submission run-id=...>`` with ``<topic
    topic-id=...>`` holding ``<result><file/><path/><rank/><rsv/></result>``; metadata
    elements such as ``description`` skipped) with :func:`iter_submission_topics`.  The run is
    named ``name``, else by ``run-id``, else by the file name without extension.  Problems go
    to ``log``; without one, errors are raised together at the end."""
    log, own = given_log(log)
    info = SubmissionInfo()
    rankings = dict(iter_submission_topics(path, log, bulk=bulk, info=info))
    run = Run(name or info.attributes.get("run-id") or file_stem(path), rankings,
              "element", source=str(path))
    run.attributes = info.attributes  # type: ignore[attr-defined]  (participant-id, task, ...)
    finish(log, own)
    return run


def iter_submission_topics(path: str | Path, log: ProblemLog, *, policy: str = "file",
                           bulk: bool = True, info: SubmissionInfo | None = None
                           ) -> Iterator[tuple[str, Ranking]]:
    """The one reader of INEX XML submissions: ``(topic, Ranking)`` pairs, problems to ``log``
    (the caller finishes it), the root's attributes in ``info``.  ``policy`` says when a topic
    is yielded (its build warnings -- missing rank/rsv, ranks out of order, repeats -- logged
    then): ``"file"`` (:func:`read_inex_submission`), every topic once the whole file is read,
    in order of first appearance, a topic given again appended to (warning); ``"last-block"``
    (``--stream``), a topic once its last ``<topic>`` element is read (counted by a first
    pass, :func:`topic_counts`); ``"block"`` (``--stream`` contiguous), at the end of each
    ``<topic>`` element.  Streaming, a topic given again after it was yielded is an error
    (:class:`TopicsNotContiguous`), and topics cut short by malformed XML are yielded at the
    end.  ``bulk=False`` reads every result one by one (the reference the tests compare the
    bulk path with).  Garbage collection is paused while parsing, not while a topic is held.
    """
    info = info if info is not None else SubmissionInfo()
    errors_before = log.error_count
    file = str(path)  # messages name the input given (``-``: <stdin>), not its spooled copy
    path = local_path(path)
    if not path.is_file():
        raise InputError("no such file", file)
    if path.stat().st_size == 0:
        log.error(file, None, "empty file: no XML element")
        return
    if policy not in ("file", "last-block", "block"):
        raise ValueError(f"unknown policy {policy!r}")
    streaming = policy != "file"
    counts: dict[str, int] | None = None
    topics: dict[str, TopicColumns] = {}
    seen: dict[str, int] = {}  # topic id -> <topic> elements read so far
    done: set[str] = set()  # topics yielded (streaming)
    reader = ResultReader(file, log, bulk)
    yielded = 0
    gc_was_enabled = gc.isenabled()
    gc.disable()  # many short-lived objects, no reference cycles: collections only cost
    try:
        events = checked_events(safe_iterparse(
            path, ("start", "end"), tag=("{*}inex-submission", "{*}topic", "{*}result")),
            file, log)
        if events is None:  # entity declarations: refused, nothing read
            return
        if policy == "last-block":
            counts = topic_counts(path)
        for event, el in events:
            if el.tag == "result":  # the hot path
                if event == "end":
                    reader.ended(el)
                continue
            reader.flush()
            tag = local_name(el.tag)
            if event == "start":
                if tag == SUBMISSION:
                    parent = el.getparent()
                    if parent is not None:  # a submission is one run: its root element
                        log.error(file, el.sourceline, f"<inex-submission> nested in "
                                  f"<{local_name(parent.tag)}>: a submission is one run, its "
                                  "root element; which run the results that follow belong to "
                                  "is not clear; the file is not read further")
                        break
                    info.root_seen = reader.root_seen = True
                    try:  # run-id, participant-id, task ...
                        info.attributes.update(xml_attributes(el))
                    except GivenTwice as clash:  # run-id='a' RUN-ID='b': the rule of xml_attr
                        log.error(file, el.sourceline, f"<{tag}> with {clash}: which is meant "
                                  "is not clear; the file is not read further")
                        break
                elif tag == "topic":
                    topic_id, clash = topic_attr(el)
                    unclear = f"with two topic ids, {clash}" if clash is not None else \
                        f"{topic_id + ' ' if topic_id else ''}nested in another <topic>" \
                        if next(el.iterancestors("{*}topic"), None) is not None else None
                    if unclear or not topic_id:
                        log.error(file, el.sourceline, f"<topic> {unclear}: which topic its "
                                  "results answer is not clear; they are not used" if unclear
                                  else "<topic> without a topic-id attribute: its results are "
                                  "not used")
                        reader.leave()
                        continue
                    if topic_id in done:
                        log.error(file, el.sourceline, f"topics not contiguous: topic "
                                  f"{topic_id} given again after its results were evaluated; "
                                  "use the non-streaming mode (no --stream)")
                        raise TopicsNotContiguous(log.errors[-1:])
                    reader.topic_id, reader.topic_el = topic_id, el
                    seen[topic_id] = seen.get(topic_id, 0) + 1
                    current = reader.topic = topics.get(topic_id)
                    if current is None:
                        reader.topic = topics[topic_id] = TopicColumns(el.sourceline)
                    else:
                        log.warn(file, el.sourceline, f"topic {topic_id} given again (first "
                                 f"at line {current.line}): its results are appended in file "
                                 "order")
                continue
            # end events
            if tag == "result":  # a namespaced result: one by one
                reader.read_one(el)
            elif tag == "topic":
                reader.strays(el)  # what no result end event freed
                free_element(el)
                current_id = reader.topic_id
                if streaming and current_id is not None and (
                        counts is None or seen[current_id] >= counts.get(current_id, 0)):
                    done.add(current_id)
                    yielded += 1
                    ranking = build_ranking(current_id, topics.pop(current_id), file, log)
                    if gc_was_enabled:
                        gc.enable()
                    yield current_id, ranking
                    gc.disable()
                    if len(reader.doc_intern) > _INTERN_LIMIT:
                        reader.forget()
                reader.leave()
        reader.flush()
    except etree.XMLSyntaxError as exc:
        reader.flush()  # results that ended before the error, as if read one by one
        report_syntax_error(log, file, exc)
    except (EOFError, OSError, zlib.error) as exc:  # a damaged FILE.xml.gz
        reader.flush()
        log.error(file, None, f"cannot read: {exc}")
    finally:
        if gc_was_enabled:
            gc.enable()
    no_root = not info.root_seen and log.error_count == errors_before
    if no_root and not streaming:
        log.error(file, None, "no <inex-submission> root element: not an INEX XML submission")
    for topic_id in list(topics):  # whole file: every topic; streaming: topics cut short
        yielded += 1
        yield topic_id, build_ranking(topic_id, topics.pop(topic_id), file, log)
    if no_root and streaming:
        log.error(file, None, "no <inex-submission> root element: not an INEX XML submission")
    if info.root_seen and not yielded and log.error_count == errors_before:
        log.warn(file, None, "the submission holds no topic")


def write_inex_submission(run: Run, path: str | Path, task: str | None = None,
                          participant_id: str | None = None) -> int:
    """Write an element run as an INEX XML submission (UTF-8); returns the number of results.

    Results are written per topic in the ranking's order with ``<file>``, ``<path>``,
    ``<rank>`` and ``<rsv>``; ``task`` and ``participant_id`` default to the attributes the
    run was read with, else ``CO.Thorough`` and ``sdreval``."""
    if run.unit != "element":
        raise UsageError(f"an INEX XML submission holds element results; this run holds "
                         f"{run.unit} results (write it as a TREC-like run)")
    attrs = dict(getattr(run, "attributes", {}) or {})
    attrs["participant-id"] = participant_id or attrs.get("participant-id", "sdreval")
    attrs["run-id"] = run.name
    attrs["task"] = task or attrs.get("task", "CO.Thorough")
    order = ["participant-id", "run-id", "task"]
    keys = order + sorted(k for k in attrs if k not in order)
    count = 0
    with whole_file(path) as out:
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
