"""The results of one ``<topic>`` of an INEX XML submission read into columns
(:class:`TopicColumns`, by a :class:`ResultReader`: plain results in bulk, anything else one by
one, :mod:`sdreval.io.inex_submission`) and built into a :class:`~sdreval.model.run.Ranking`."""
from __future__ import annotations

import operator
from array import array
from functools import lru_cache
from typing import Callable, Iterable

import numpy as np
from lxml import etree

from ..errors import ProblemLog
from ..model.result_rules import disorder_in_groups, disorder_message
from ..model.run import Ranking
from ..model.xpath import XPathError, canonical_or_none, canonical_xpath
from .run_topics import report_repeats
from .textlines import INT_LIMIT, not_from_one, parse_float, parse_int
from .xmlsafe import GivenTwice, child_texts, free_element, local_name, same_value, xml_attr


class TopicColumns:
    """The results of one topic as read (rank 0: none given; ``has_rsv``: an rsv given)."""

    __slots__ = ("docs", "paths", "ranks", "rsv", "lines", "has_rsv", "line")

    def __init__(self, line: int | None) -> None:
        self.docs: list[str] = []
        self.paths: list[str] = []
        self.ranks = array("q")
        self.rsv = array("d")
        self.lines = array("q")
        self.has_rsv = array("b")
        self.line = line


class ResultReader:
    """Reads the ``<result>`` elements of a submission, in end-tag order, into the columns of
    the current topic (``topic``, ``topic_id`` and ``topic_el``, set by the event loop): a
    batch at a time, in bulk when the results are plain (``bulk``), else one by one
    (:meth:`read_one`, which reports every problem)."""

    def __init__(self, file: str, log: ProblemLog, bulk: bool = True) -> None:
        self.file, self.log, self.bulk = file, log, bulk
        self.limit = BATCH if bulk else 1
        self.batch: list[etree._Element] = []  # results ended since the last flush
        self.root_seen = False
        self.leave()
        self.forget()

    def leave(self) -> None:
        """No current topic (between topics, or in one whose results are not used)."""
        self.topic: TopicColumns | None = None
        self.topic_id: str | None = None
        self.topic_el: etree._Element | None = None

    def forget(self) -> None:
        """Drop the interned document names and canonical paths (bounded memory)."""
        self.doc_intern: dict[str, str] = {}
        self.path_cache: dict[str, str | None] = {}
        self.fast_paths: dict[str, str] = {}

    def ended(self, el: etree._Element) -> None:
        """A ``<result>`` end event (the hot path: no per-result work beyond this)."""
        self.batch.append(el)
        if len(self.batch) >= self.limit:
            self.flush(final=not self.bulk)

    def flush(self, final: bool = True) -> None:
        """Read the batch: in bulk when its results are plain children of ``topic_el``
        (:func:`_read_plain`), else one by one exactly as each end event would have been
        handled.  The batch is emptied, except that a flush that is not ``final`` (the parser
        is inside the topic, at the end of the batch's last element) leaves that last element
        for the next batch: the element of the current event stays where it is."""
        batch = self.batch
        if not batch or (not final and len(batch) < 2):
            return
        self.batch = [] if final else [batch.pop()]
        if not (self.bulk and self.topic is not None and self.topic_el is not None
                and _read_plain(batch, self.topic_el, self.topic, self.doc_intern,
                                self.fast_paths, self.strays)):
            for el in batch:
                self.read_one(el)

    def read_one(self, el: etree._Element) -> None:
        """Read one ``<result>`` (every problem reported), then free it; one nested in another
        ``<result>`` is an error, removed from it (the other is read as if it were not there)."""
        outer = next(el.iterancestors("{*}result"), None)
        if outer is not None:
            where = f"topic {self.topic_id}: " if self.topic_id else ""
            self.log.error(self.file, el.sourceline, f"{where}<result> nested in the <result> of "
                           f"line {outer.sourceline}: which result it is is not clear; not used")
            el.getparent().remove(el)
            return
        if self.topic is not None:
            self.strays(reversed(list(el.itersiblings(preceding=True))))  # freed next
            self._read(el)
        elif self.root_seen:
            self.log.error(self.file, el.sourceline, "<result> outside a <topic> with a "
                           "topic-id: not used")
        free_element(el)

    def strays(self, elements: Iterable[etree._Element]) -> None:
        """An error for each of ``elements`` (inside the current topic, about to be freed
        unread) that is not a ``<result>`` and holds none -- ``<RESULT>`` or ``<Result>`` too
        (XML names are case-sensitive): its content is not used, so a topic of such elements
        would silently score 0."""
        if self.topic is None:
            return
        for el in elements:
            name = el.tag.rsplit("}", 1)[-1] if type(el.tag) is str else "result"
            if name != "result" and next(el.iter("{*}result"), None) is None:
                self.log.error(self.file, el.sourceline, f"topic {self.topic_id}: <{name}> "
                               "inside <topic> is not a <result> (XML names are "
                               "case-sensitive): not used")

    def _read(self, el: etree._Element) -> None:
        topic, topic_id, file, log, path_cache = (self.topic, self.topic_id, self.file, self.log,
                                                   self.path_cache)
        line = el.sourceline
        fields = child_texts(el)
        names = [local_name(child.tag) for child in el if type(child.tag) is str]
        bad = [f"<{name}> given {names.count(name)} times: which one is meant is not clear"
               for name in sorted(_FIELDS.intersection(names)) if names.count(name) > 1]
        if any("&" in text for text in fields.values()):
            refs = [node.text for node in el.iter(etree.Entity)]
            if refs:
                bad.append(f"entity reference(s) {', '.join(sorted(set(refs)))} not expanded "
                           "(entities are never expanded)")
        attributes: dict[str, str | None] = {}
        for name in sorted(_FIELDS):  # file='d1' FILE='d2': which is meant is not clear
            try:
                attributes[name] = xml_attr(el, name, key=_KEYS.get(name))
            except GivenTwice as clash:
                attributes[name] = clash.first  # not used
                bad.append(f"{clash} say different things: which one is meant is not clear")
        for name, given in attributes.items():  # an attribute beside a child of that name
            if given is not None and fields.get(name) and \
                    not same_value(given, fields[name], _KEYS.get(name)):
                bad.append(f"<{name}> {fields[name]!r} and {name}={given!r} say different "
                           "things: which one is meant is not clear")
        # a child, else an attribute; decimal, finite: the text readers' field rules
        doc, raw_path, rank_text, rsv_text = (fields.get(name) or attributes[name]
                                              for name in ("file", "path", "rank", "rsv"))
        bad += [f"result without <{name}>" for name, text in (("file", doc), ("path", raw_path))
                if not text]
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
        rank = (parse_int(rank_text) or 0) if rank_text else 0
        if rank_text and rank < 1:
            bad.append(f"rank {rank_text!r} {not_from_one(parse_int(rank_text))}")
        rsv = parse_float(rsv_text) if rsv_text else 0.0
        if rsv is None:
            bad.append(f"rsv {rsv_text!r} is not a finite number")
        unknown = sorted(set(fields) - _FIELDS - _PASSAGES)
        if unknown:
            log.warn(file, line, f"topic {topic_id}: result elements {', '.join(unknown)} ignored")
        bad += [f"<{name}> in a result: passage results of INEX XML submissions are not read "
                "(convert the run to a FOL passage run: topic Q0 doc rank rsv run-id offset "
                "length)" for name in sorted(_PASSAGES & set(fields))]
        if log.refuse(file, line, [f"topic {topic_id}: {message}; the result is not used"
                                   for message in bad]):
            return
        topic.docs.append(self.doc_intern.setdefault(doc, doc))
        topic.paths.append(canon)  # type: ignore[arg-type]
        topic.ranks.append(rank)
        topic.rsv.append(rsv)
        topic.lines.append(line or 0)
        topic.has_rsv.append(1 if rsv_text else 0)


#: what a result's field says, where two spellings say one value (:func:`same_value`): the
#: same number (rank, rsv) or the same canonical path; a file is an id, compared as written
_KEYS = {"rank": parse_int, "rsv": parse_float, "path": canonical_or_none}


# --- bulk reading of plain results ----------------------------------------------------------
BATCH = 4096  # results held before a flush (bounds memory inside one very long topic)
_FIELDS = {"file", "path", "rank", "rsv"}
_PASSAGES = {"passage", "fol", "offset", "length"}  # passage, FOL results (INEX 2007, 2008)
_ALL_TEXTS = etree.XPath("result/*/text()", smart_strings=False)


#: an attribute whose local name is a field's, in any case (as :func:`xml_attr` matches)
_FIELD_ATTRIBUTE = ("contains(' file path rank rsv ', concat(' ', translate(local-name(), "
                    "'FILEPATHRANKSV', 'filepathranksv'), ' '))")


@lru_cache(maxsize=64)
def _layout_counts(names: tuple[str, ...]) -> etree.XPath:
    """Counts over a batch of ``<result>`` elements moved under one container: element
    children, second nodes of a child plus attributes of a result named as a field, in any case
    (either sends the batch one by one), and for each position the results whose child there
    is named as in ``names`` (positional steps only: libxml2 evaluates other per-node
    predicates slowly; entity reference nodes are invisible to XPath and looked for
    separately)."""
    return etree.XPath("concat(count(result/*), ' ', count(result/*/node()[2]) + "
                       f"count(result/@*[{_FIELD_ATTRIBUTE}])" + "".join(
        f", ' ', count(result/*[{i}]/self::{name})" for i, name in enumerate(names, 1)) + ")")


def _batch_texts(box: etree._Element, n: int) -> tuple[list[str], ...] | None:
    """The texts of ``file``, ``path``, ``rank`` and ``rsv`` (the last two possibly empty) of
    the ``n`` results under ``box``, aligned, or None if not every result holds the children of
    the first one in its order -- ``file`` and ``path`` once, ``rank`` and ``rsv`` at most once,
    nothing else -- each of them a single text node."""
    names = tuple(child.tag for child in box[0])
    if not {"file", "path"} <= set(names) <= _FIELDS or len(set(names)) < len(names):
        return None
    children, second_nodes, *found = map(int, _layout_counts(names)(box).split())
    if second_nodes or children != len(names) * n or found.count(n) < len(names):
        return None
    texts = _ALL_TEXTS(box)  # no child holds a second node: one text per child
    if len(texts) != children:
        return None
    column = {name: texts[i::len(names)] for i, name in enumerate(names)}
    return column["file"], column["path"], column.get("rank", []), column.get("rsv", [])


def _read_plain(batch: list[etree._Element], parent: etree._Element, topic: TopicColumns,
                doc_intern: dict[str, str], fast_paths: dict[str, str],
                strays: Callable[[Iterable[etree._Element]], None]) -> bool:
    """Append ``batch`` to ``topic`` in bulk and return True if the batch is a run of
    consecutive children of ``parent`` in plain shape (:func:`_batch_texts`) whose values raise
    no problem (non-empty file and path, a well-formed XPath, positive integer ranks, finite
    rsv); else append nothing and return False (the caller reads them one by one).  Equal to
    :meth:`ResultReader.read_one` on each element: the same four texts, the same conversions.
    The elements are moved out of the parsed tree (it stays small) into a container."""
    n = len(batch)
    try:
        first = parent.index(batch[0])
    except ValueError:
        return False
    if first:
        strays(parent[:first])
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
    # int() and float() of ASCII text without "_" are parse_int and parse_float
    for texts in (rank_texts, rsv_texts):
        joined = "".join(texts)
        if "_" in joined or not joined.isascii():
            return False
    try:
        ranks = list(map(int, rank_texts)) if rank_texts else [0] * n
        rsv = np.fromiter(map(float, rsv_texts), np.float64, n) if rsv_texts else \
            np.zeros(n)
    except ValueError:
        return False
    if (rank_texts and not 1 <= min(ranks) <= max(ranks) < INT_LIMIT) or \
            not np.isfinite(rsv).all():
        return False
    topic.docs.extend(map(doc_intern.setdefault, docs, docs))
    topic.paths.extend(map(fast_paths.__getitem__, raw_paths))
    topic.ranks.extend(ranks)
    topic.rsv.frombytes(rsv.tobytes())
    topic.lines.extend([el.sourceline or 0 for el in batch])
    topic.has_rsv.frombytes((b"\x01" if rsv_texts else b"\x00") * n)
    return True


def build_ranking(topic_id: str, cols: TopicColumns, file: str, log: ProblemLog) -> Ranking:
    n = len(cols.docs)
    if n == 0:
        return Ranking.empty("element")
    position = np.arange(1, n + 1, dtype=np.int64)
    has_rsv = np.frombuffer(cols.has_rsv, dtype=np.int8).astype(bool)
    given = np.frombuffer(cols.ranks, dtype=np.int64)
    has_rank = given > 0
    ranks = np.where(has_rank, given, position)
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
        report_repeats(topic_id, np.unique(docs, return_inverse=True)[1].ravel(),
                       np.unique(paths, return_inverse=True)[1].ravel(), None, None, lines,
                       docs, paths, "element", file, log)
    return Ranking(docs, paths, np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64),
                   ranks.astype(np.int64), rsv, "element")
