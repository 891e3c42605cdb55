"""What INEX XML assessment files hold (:class:`Pool`: element judgements, highlighted
passages, best entry points) and how the pools of one topic combine into qrels (the pool
policies of :mod:`sdreval.io.inex_assessments`): element judgements checked on the scale,
X-RAI points resolved against the collection (:mod:`sdreval.model.xpointer`), repeated and
disagreeing judgements reported, problems that repeat across a directory counted once
(:class:`Tally`)."""
from __future__ import annotations

import re
from collections import namedtuple
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

import numpy as np

from ..errors import InputError, ProblemLog
from ..judgements.qrels import TOO_SMALL, DocPassages, Qrels
from ..judgements.quantise import pair_error
from ..model.passage import merge_ranges
from ..model.result_rules import overlapping_rows
from ..model.tree import Collection
from ..model.xpointer import PointError, resolve_point, size_agrees
from .textlines import is_repeat


def assessment_files(path: Path, tally: Tally) -> list[tuple[Path, bool | None]]:
    """The files to read with their main mark (True under ``main/``, False under ``others/``,
    else None); files under ``in_progress/`` are left out (counted)."""
    if path.is_dir():
        found: list[tuple[Path, bool | None]] = []
        for p in sorted(q for q in path.rglob("*") if q.is_file() and q.suffix.lower() == ".xml"):
            parts = [part.lower() for part in p.relative_to(path).parts[:-1]]
            if "in_progress" in parts:
                tally.add("in-progress", str(p), None)
                continue
            found.append((p, True if "main" in parts else False if "others" in parts else None))
        if not found:
            raise InputError("no .xml assessment file in this directory"
                             + (" (only in_progress/ pools)" if tally.kinds else ""),
                             str(path))
        return found
    if not path.is_file():
        raise InputError("no such file or directory", str(path))
    return [(path, None)]


_TOPIC_COPY = re.compile(rb"<inex_topic\b.*?</inex_topic\s*>", re.DOTALL)


def blank_topic_copy(data: bytes, line: int | None) -> bytes | None:
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


#: an element judgement as read (``letter``: INEX 2002's coverage; ``rsize``: highlighted size)
Row = namedtuple("Row", "topic doc path e s size letter line file rsize")


@dataclass
class Point:
    """A highlighted passage (``end`` given) or a best entry point given as X-RAI points."""

    topic: str
    doc: str
    start: str
    end: str | None
    size: float | None
    line: int | None
    length: int | None = None  #: a passage's ``length`` attribute, checked against its ends


@dataclass
class Pool:
    """What one assessment file holds."""

    file: str
    pool: str
    main: bool | None
    strip_whitespace: bool = False
    rows: list[Row] = field(default_factory=list)
    ranges: dict[tuple[str, str], list[tuple[int, int]]] = field(default_factory=dict)
    lines: dict[tuple[str, str], int | None] = field(default_factory=dict)
    points: list[Point] = field(default_factory=list)
    beps: list[Point] = field(default_factory=list)
    numeric_beps: dict[tuple[str, str], int] = field(default_factory=dict)
    judged: dict[tuple[str, str], int | None] = field(default_factory=dict)
    topics: set[str] = field(default_factory=set)
    tally: "Tally" = field(default_factory=lambda: Tally())

    def of(self, topic: str) -> "Pool":
        """The part of this pool about ``topic`` (a view built once per topic: a file holding
        many topics is not scanned once per topic)."""
        if len(self.topics) <= 1:
            return self
        return self._views.get(topic) or Pool(self.file, self.pool, self.main)

    @cached_property
    def _views(self) -> dict[str, "Pool"]:
        views = {t: Pool(self.file, self.pool, self.main, self.strip_whitespace, topics={t})
                 for t in self.topics}
        for name in ("rows", "points", "beps"):
            for item in getattr(self, name):
                getattr(views[item.topic], name).append(item)
        for name in ("ranges", "lines", "numeric_beps", "judged"):
            for key, value in getattr(self, name).items():  # key[0]: a topic of self.topics
                getattr(views[key[0]], name)[key] = value
        return views

    @property
    def order(self) -> tuple[int, int, str]:
        number = re.sub(r"\D", "", self.pool)
        return (0 if self.main else 1, int(number) if number else 1 << 62, self.pool)


class Tally:
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

    def update(self, other: "Tally") -> None:
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


MESSAGES = {
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


def keep_first_bep(beps: dict, key, bep: int, file: str, line: int | None, where: str,
                   log: ProblemLog) -> None:
    """Record a document's best entry point: the first given is kept, another, different one
    is a warning (the rule of every passage reader)."""
    first = beps.setdefault(key, bep)
    if first != bep:
        log.warn(file, line, f"{where}: best entry point {bep} differs from an earlier one "
                 f"({first}; the first kept)")


def infer_scale(hints: dict, rows: list[Row], pools: list[Pool]) -> str:
    if hints["2002"]:
        return "inex2002"
    if hints["2005"] or any(p.ranges or p.points or p.judged for p in pools) or any(
            r.rsize is not None or r.e == TOO_SMALL or r.s != int(r.s) for r in rows):
        return "inex2005"
    return "inex2003"


def choose_pools(pools: list[Pool], policy: str, tally: Tally) -> dict[str, list[Pool]]:
    """topic -> the pools read for it, the main pool first (then by pool number)."""
    by_topic: dict[str, list[Pool]] = {}
    for pool in pools:
        for topic in sorted(pool.topics):
            by_topic.setdefault(topic, []).append(pool)
    chosen: dict[str, list[Pool]] = {}
    for topic, found in by_topic.items():
        found = sorted(found, key=lambda p: p.order)
        mains = [p for p in found if p.main]
        if policy == "main" and len(found) > 1 and len(mains) == 1:
            for other in found[1:]:
                tally.add("others", other.file, None, f"topic {topic}")
            found = mains
        chosen[topic] = found
    return chosen


_pair_error = lru_cache(maxsize=1 << 16)(pair_error)  # few distinct (e, s) pairs per scale


def add_row(qrels: Qrels, row: Row, scale: str, log: ProblemLog, pool: str,
             origin: dict[tuple[str, str], tuple[str, int, str]], union: bool, tally: Tally
             ) -> None:
    """Add the element judgement ``row`` of ``pool``; ``origin``: the pool, line and file of
    each element added so far (a repeat in one file is reported by the text readers' rule; a
    file is one pool, two files are two, whatever their pool ids)."""
    where = f"topic {row.topic}, {row.doc} {row.path}"
    if (scale == "inex2002") == (row.letter is None):  # the other year's attributes
        problem = ("exhaustivity/specificity in INEX 2002 assessments (relevance/coverage "
                   "expected)" if row.letter is None else f"relevance/coverage in {scale} "
                   "assessments")
    else:
        problem = _pair_error(scale, row.e, row.s)
    if problem is not None:
        log.error(row.file, row.line, f"{where}: {problem}; the assessment is not used")
        return
    elements = qrels.topic(row.topic).elements
    key = (row.doc, row.path)
    old = elements.get(key)
    if old is None:
        origin[key] = (pool, row.line, row.file)
        qrels.add_element(row.topic, row.doc, row.path, row.e, row.s, row.size)
        return
    first_pool, first_line, first_file = origin[key]
    before, now = (old.e, old.s, old.size), (row.e, row.s, row.size)  # sizes: XCG, ESR
    if first_file != row.file:  # another pool of the topic
        if before == now:
            return
        if union:
            tally.add("disagree", row.file, row.line, where)
            return
        log.error(row.file, row.line, f"{where}: pools {first_pool} and {pool} disagree "
                  f"({_shown(before, now)} and {_shown(now, before)}); the first is kept "
                  "(--pool-policy union keeps the main pool's value, or point QRELS at one "
                  "pool file)")
        return
    is_repeat({key: (first_line, before)}, key, now, row.line, where, row.file, log)


def _shown(value: tuple[float, float, float | None], other: tuple) -> str:
    """``(e, s)`` of a judgement, and its size where the other's differs."""
    e, s, size = value
    return f"({e:g}, {s:g})" + ("" if size == other[2] else " no size" if size is None else
                                f" size {size:g}")


def add_passage_level(qrels: Qrels, topic: str, pools: list[Pool],
                       collection: Collection | None, union: bool, log: ProblemLog,
                       tally: Tally) -> None:
    """Highlighted passages, best entry points and judged documents of ``topic`` from
    ``pools``, each holding that topic only (:meth:`Pool.of`)."""
    points = [(pool, p) for pool in pools for p in pool.points + pool.beps]
    if points and collection is None:
        for pool, point in points:
            tally.add("unresolved", pool.file, point.line, f"topic {topic}, {point.doc}")
        return
    per_pool: list[tuple[Pool, dict[str, list[tuple[int, int]]], dict[str, int]]] = []
    for pool in pools:
        ranges = {doc: list(found) for (_, doc), found in pool.ranges.items()}
        beps = {doc: bep for (_, doc), bep in pool.numeric_beps.items()}
        for point in pool.points + pool.beps:
            resolved = _resolve(point, pool, collection, log, tally)  # type: ignore[arg-type]
            if resolved is None:
                continue
            pool.lines.setdefault((topic, point.doc), point.line)
            if point.end is None:
                keep_first_bep(beps, point.doc, resolved[0], pool.file, point.line,
                               f"topic {topic}, {point.doc}", log)
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
            dp = passages.setdefault(doc, DocPassages(doc))
            dp.ranges = merge_ranges(dp.ranges + found) if dp.ranges else sorted(found)
        for doc, bep in beps.items():
            dp = passages.get(doc)
            if dp is None or not dp.ranges:
                tally.add("bep-alone", pool.file, None, f"topic {topic}, {doc}")
                continue
            if dp.bep is None:
                dp.bep = bep
            elif dp.bep != bep:
                log.warn(pool.file, pool.lines.get((topic, doc)), f"topic {topic}, {doc}: pool "
                         f"{pool.pool}'s best entry point {bep} differs from an earlier pool's "
                         f"({dp.bep}; the first kept)")
        for _, doc in pool.judged:
            passages.setdefault(doc, DocPassages(doc))
    sizes = {r.doc: r.size for pool in pools for r in pool.rows
             if r.size is not None and r.path.count("/") == 1}
    for doc, dp in passages.items():
        dp.relevant_chars = sum(n for _, n in merge_ranges(dp.ranges))
        if dp.doc_length is None:
            if collection is not None and doc in collection:
                with suppress(InputError):
                    dp.doc_length = collection[doc].length
            if dp.doc_length is None and doc in sizes:
                dp.doc_length = int(sizes[doc])  # type: ignore[arg-type]
        end = max((offset + length for offset, length in dp.ranges), default=0)
        if dp.doc_length is not None and end > dp.doc_length:  # as the FOL qrels reader says
            pool = next((p for p in pools if (topic, doc) in p.lines), pools[0])
            log.warn(pool.file, pool.lines.get((topic, doc)), f"topic {topic}, {doc}: a "
                     f"highlighted passage reaches beyond the document's length {dp.doc_length} "
                     f"(to {end}; kept)")


def _resolve(point: Point, pool: Pool, collection: Collection, log: ProblemLog,
             tally: Tally) -> tuple[int, int] | None:
    """``(offset, length)`` of a passage (``(offset, 0)``: empty, a warning logged),
    ``(offset, 0)`` of a best entry point, or None (an error logged)."""
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
    if end < start:
        log.error(pool.file, point.line, f"{where}: passage {point.start} .. {point.end} is "
                  f"reversed (characters {start} to {end}); not used")
        return None
    if point.length is not None and point.length != end - start:  # which is meant: not clear
        log.error(pool.file, point.line, f"{where}: passage end {point.end!r} and length "
                  f"'{point.length}' say different things (start {point.start!r}: characters "
                  f"{start} to {end}); the passage is not used")
        return None
    if end == start:  # as an empty offset passage and in FOL qrels: it highlights nothing
        log.warn(pool.file, point.line, f"{where}: empty passage {start}:0 (ignored; points "
                 f"{point.start} .. {point.end})")
        return start, 0
    if point.size is not None and not size_agrees((tree.text or "")[start:end], point.size):
        tally.add("size", pool.file, point.line, f"topic {point.topic}, {point.doc}: size "
                  f"{point.size:g}, resolved {end - start} characters")
    return start, end - start


def _warn_overlap(found: list[tuple[int, int]], topic: str, doc: str, pool: Pool,
                  log: ProblemLog) -> None:
    """One warning if highlighted passages of ``doc`` overlap (the run rule of
    :func:`~sdreval.model.result_rules.overlapping_rows`), at the lowest overlapping offset."""
    offset, length = np.asarray(found, dtype=np.int64).reshape(-1, 2).T
    hits = overlapping_rows(np.zeros(len(found), np.int64), offset, length,
                            np.zeros(len(found), bool))
    if hits:
        log.warn(pool.file, pool.lines.get((topic, doc)), f"topic {topic}, {doc}: highlighted "
                 f"passages overlap (at offset {min(int(offset[row]) for row, _ in hits)}); "
                 "their characters are counted once")
