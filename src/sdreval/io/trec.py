"""TREC-like runs of INEX 2006+, read in one streaming pass.

Layouts (whitespace-separated, one result per line):

* element runs  ``topic Q0 doc rank rsv run-id xpath``       (7 fields)
* passage runs  ``topic Q0 doc rank rsv run-id offset length`` (8 fields, "FOL")
* document runs ``topic Q0 doc rank rsv run-id``              (6 fields); every result is the
  whole document, stored with unit ``document`` and path ``/article[1]`` (the root of INEX
  IEEE and Wikipedia articles).

Memory: each line is appended to per-topic typed columns (``array('q')``/``array('d')``) with
document ids and XPaths interned, and per-topic numpy arrays are built at the end; no object is
created per result, so a 100 MB run stays far below 1 GB.

Policies (docs/inputs.md): a line with the wrong number of fields, a non-integer rank, a
non-finite or non-numeric RSV, a non-integer or negative offset/length, or a malformed XPath
is an error naming file and line, and the line is not used.  Ranks out of order keep file order
(one warning per topic).  A repeated result in a topic (same document and path, or same
document, offset and length) is a warning and is kept (measures decide how a repeat counts:
fully seen in XCG, characters counted once in the passage tasks).  Overlapping
passages in a topic are a warning (tasks that forbid them decide at evaluation time).  Several
run-ids in one file are a warning; the run is named by the first.  Topics are not checked
against qrels here: evaluation reports run topics without judgements.
"""
from __future__ import annotations

from array import array
from pathlib import Path

import numpy as np

from ..errors import ProblemLog
from ..model.run import Ranking, Run, Unit
from ..model.xpath import XPathError, canonical_xpath
from .textlines import finish, iter_fields, parse_float, parse_int

DOCUMENT_PATH = "/article[1]"

LAYOUTS: dict[str, tuple[int, str]] = {
    "element": (7, "topic Q0 doc rank rsv run-id xpath"),
    "passage": (8, "topic Q0 doc rank rsv run-id offset length"),
    "document": (6, "topic Q0 doc rank rsv run-id"),
}


class _Columns:
    """Typed growing columns of one topic."""

    __slots__ = ("doc", "path", "offset", "length", "rank", "rsv", "line",
                 "last_rank", "disorder", "first_disorder")

    def __init__(self) -> None:
        self.doc = array("q")
        self.path = array("q")
        self.offset = array("q")
        self.length = array("q")
        self.rank = array("q")
        self.rsv = array("d")
        self.line = array("q")
        self.last_rank: int | None = None
        self.disorder = 0
        self.first_disorder: tuple[int, int, int] | None = None  # line, rank, previous rank


def parse_result_fields(fields: list[str], number: int, layout: str,
                        raw_paths: dict[str, str], file: str, log: ProblemLog
                        ) -> tuple[int, float, int, int, str | None] | None:
    """Validate one result line of ``layout``; report every problem (file, line) to ``log``.

    Returns ``(rank, rsv, offset, length, canonical path)`` (offset/length -1 and path None where
    the layout has none), or None when the line is not used.  ``raw_paths`` caches XPaths as
    written -> canonical form."""
    expected, spelled = LAYOUTS[layout]
    if len(fields) != expected:
        log.error(file, number, f"expected {expected} fields ({spelled}), found {len(fields)}")
        return None
    bad: list[str] = []
    rank = parse_int(fields[3])
    if rank is None:
        bad.append(f"rank {fields[3]!r} is not an integer")
    rsv = parse_float(fields[4])
    if rsv is None:
        bad.append(f"rsv {fields[4]!r} is not a finite number")
    offset = length = -1
    canon: str | None = None
    if layout == "element":
        raw = fields[6]
        canon = raw_paths.get(raw)
        if canon is None:
            try:
                canon = raw_paths[raw] = canonical_xpath(raw)
            except XPathError as error:
                bad.append(error.problems[0].message)
    elif layout == "passage":
        offset = parse_int(fields[6])  # type: ignore[assignment]
        length = parse_int(fields[7])  # type: ignore[assignment]
        if offset is None or offset < 0:
            bad.append(f"offset {fields[6]!r} is not a non-negative integer")
        if length is None or length < 0:
            bad.append(f"length {fields[7]!r} is not a non-negative integer")
    if bad:
        for message in bad:
            log.error(file, number, message)
        return None
    if layout == "passage" and length == 0:
        log.warn(file, number, "passage of length 0 (kept; it retrieves no text)")
    return rank, rsv, offset, length, canon  # type: ignore[return-value]


def note_run_id(run_ids: dict[str, int], run_id: str, number: int, file: str,
                log: ProblemLog) -> None:
    """Remember the line where each run-id first appears; warn when a file has several."""
    if run_id in run_ids:
        return
    run_ids[run_id] = number
    if len(run_ids) == 2:
        first = next(iter(run_ids))
        log.warn(file, number, f"run-id {run_id!r} differs from {first!r} (line "
                               f"{run_ids[first]}); the run is named {first!r}")
    elif len(run_ids) > 2:
        log.warn(file, number, f"another run-id {run_id!r}")


def note_rank(cols: _Columns, rank: int, number: int) -> None:
    """Track ranks out of order in a topic (reported once per topic by :func:`warn_disorder`)."""
    if cols.last_rank is not None and rank < cols.last_rank:
        cols.disorder += 1
        if cols.first_disorder is None:
            cols.first_disorder = (number, rank, cols.last_rank)
    cols.last_rank = rank


def warn_disorder(topic: str, cols: _Columns, file: str, log: ProblemLog) -> None:
    """One warning per topic whose ranks are out of file order."""
    if cols.disorder:
        line, rank, previous = cols.first_disorder  # type: ignore[misc]
        log.warn(file, line, f"topic {topic}: ranks out of order ({cols.disorder} line(s); "
                             f"first rank {rank} after {previous}); file order is kept "
                             f"(--order rank sorts by rank)")


def read_trec_run(path: str | Path, layout: str, log: ProblemLog | None = None,
                  name: str | None = None) -> Run:
    """Read a TREC-like run in ``layout`` ``element``, ``passage`` or ``document``.

    Problems go to ``log`` (file, line, message); without a log every error is raised at the
    end in one :class:`~sdreval.errors.InputError`.  The run is named ``name``, else by its
    first run-id, else by the file name without extension.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown run layout {layout!r}")
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    doc_ids: dict[str, int] = {}
    path_ids: dict[str, int] = {}  # canonical path -> id
    raw_paths: dict[str, str] = {}  # path as written -> canonical path
    if layout == "document":
        path_ids[DOCUMENT_PATH] = 0
    topics: dict[str, _Columns] = {}
    run_ids: dict[str, int] = {}

    for number, fields in iter_fields(path, log):
        parsed = parse_result_fields(fields, number, layout, raw_paths, file, log)
        if parsed is None:
            continue
        rank, rsv, offset, length, canon = parsed
        path_id = 0 if canon is None else path_ids.setdefault(canon, len(path_ids))
        note_run_id(run_ids, fields[5], number, file, log)
        cols = topics.get(fields[0])
        if cols is None:
            cols = topics[fields[0]] = _Columns()
        doc = doc_ids.get(fields[2])
        if doc is None:
            doc = doc_ids[fields[2]] = len(doc_ids)
        note_rank(cols, rank, number)
        cols.doc.append(doc)
        cols.path.append(path_id)
        cols.offset.append(offset)
        cols.length.append(length)
        cols.rank.append(rank)  # type: ignore[arg-type]
        cols.rsv.append(rsv)  # type: ignore[arg-type]
        cols.line.append(number)

    docs = np.array(list(doc_ids), dtype=object)
    paths = np.array(list(path_ids) if layout != "passage" else [None], dtype=object)
    unit: Unit = layout  # type: ignore[assignment]
    rankings: dict[str, Ranking] = {}
    for topic in list(topics):
        cols = topics.pop(topic)
        warn_disorder(topic, cols, file, log)
        rankings[topic] = _build(topic, cols, docs, paths, unit, file, log)
    if not rankings and not log.errors:
        log.warn(file, None, "the run holds no results")
    run_name = name or (next(iter(run_ids)) if run_ids else file_stem(file))
    finish(log, own)
    return Run(run_name, rankings, unit, source=file)


def file_stem(path: str | Path) -> str:
    """The file name without extension (``.gz`` and then one more suffix removed)."""
    path = Path(path)
    if path.suffix == ".gz":
        path = path.with_suffix("")
    return path.stem


def _build(topic: str, cols: _Columns, docs: np.ndarray, paths: np.ndarray, unit: Unit,
           file: str, log: ProblemLog) -> Ranking:
    """Columns -> Ranking; reports repeated results and overlapping passages (all rows kept)."""
    doc = np.array(cols.doc, dtype=np.int64)
    path = np.array(cols.path, dtype=np.int64)
    offset = np.array(cols.offset, dtype=np.int64)
    length = np.array(cols.length, dtype=np.int64)
    line = np.array(cols.line, dtype=np.int64)
    repeat = _report_repeats(topic, doc, path, offset, length, line, docs, paths, unit, file,
                             log)
    if unit == "passage":
        _report_overlaps(topic, doc, offset, length, line, docs, file, log, repeat)
        path_col = np.full(len(doc), None, dtype=object)
    else:
        path_col = paths[path]
    return Ranking(docs[doc], path_col, offset, length, np.array(cols.rank, dtype=np.int64),
                   np.array(cols.rsv, dtype=np.float64), unit)


def _report_repeats(topic, doc, path, offset, length, line, docs, paths, unit, file, log):
    """Warn about each result repeating an earlier one of the topic; mask of the repeats."""
    repeat = np.zeros(len(doc), dtype=bool)
    if len(doc) < 2:
        return repeat
    keys = (doc, path) if unit != "passage" else (doc, offset, length)
    order = np.lexsort(keys[::-1])  # stable: equal rows keep file order
    same = np.ones(len(doc) - 1, dtype=bool)
    for key in keys:
        ordered = key[order]
        same &= ordered[1:] == ordered[:-1]
    if not same.any():
        return repeat
    # the first of each group of equal rows in sorted order is the earliest in the file
    starts = np.concatenate(([True], ~same))
    first_of = order[np.flatnonzero(starts)][np.cumsum(starts) - 1]
    for position in np.flatnonzero(same) + 1:
        row, first = order[position], first_of[position]
        repeat[row] = True
        what = (f"{docs[doc[row]]} {offset[row]}:{length[row]}" if unit == "passage"
                else f"{docs[doc[row]]} {paths[path[row]]}")
        log.warn(file, int(line[row]), f"topic {topic}: result {what} repeats line "
                                       f"{int(line[first])} (kept; measures decide how a "
                                       f"repeat counts)")
    return repeat


def _report_overlaps(topic, doc, offset, length, line, docs, file, log, repeat) -> None:
    """Warn about each passage overlapping an earlier-offset passage of the same document
    (repeats, already reported, and empty passages are left out)."""
    mask = (length > 0) & ~repeat
    if mask.sum() < 2:
        return
    index = np.flatnonzero(mask)
    order = index[np.lexsort((offset[index], doc[index]))]
    d, start = doc[order], offset[order]
    end = start + length[order]
    new_doc = np.concatenate(([True], d[1:] != d[:-1]))
    # running maximum of ends within each document (documents sorted: shift by group number)
    group = np.cumsum(new_doc) - 1
    big = int(end.max()) + 1
    reach = np.maximum.accumulate(group * big + end) - group * big
    hit = np.flatnonzero(~new_doc[1:] & (start[1:] < reach[:-1])) + 1
    for position in hit:
        row = order[position]
        # the earlier passage reaching furthest (Python loop over the few overlapping rows)
        lo = position - 1
        while lo > 0 and not new_doc[lo] and end[lo] < reach[position - 1]:
            lo -= 1
        other = order[lo]
        log.warn(file, int(line[row]),
                 f"topic {topic}: passage {docs[d[position]]} {start[position]}:"
                 f"{length[row]} overlaps {offset[other]}:{length[other]} (line "
                 f"{int(line[other])})")
