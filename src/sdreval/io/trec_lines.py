"""TREC-like runs line by line: the fields of one line, the per-topic reports, the reference
reader.

Layouts (whitespace-separated, one result per line):

* element runs  ``topic Q0 doc rank rsv run-id xpath``       (7 fields)
* passage runs  ``topic Q0 doc rank rsv run-id offset length`` (8 fields, "FOL")
* document runs ``topic Q0 doc rank rsv run-id``              (6 fields); every result is the
  whole document, stored with unit ``document`` and path ``/article[1]`` (the root of INEX
  IEEE and Wikipedia articles).

:func:`parse_result_fields` checks one line's fields (its messages are the reader's: the
block reader, :mod:`sdreval.io.trec_fast`, parses here every line it cannot read as
columns); :func:`build_ranking` makes one topic's ranking and reports its repeated results
and overlapping passages; :func:`read_trec_run_careful` reads a whole file line by line, the
reference the block reader is tested against.

Policies (docs/inputs.md): a line with the wrong number of fields, a rank that is not a
positive integer (as in INEX XML submissions; document runs, the TREC layout, also accept rank
0, which PyTerrier and other tools write for 0-based ranks and trec_eval ignores), a non-finite or
non-numeric RSV, a non-integer or negative offset/length, a passage ending at or beyond
character 2**32, or a malformed XPath is an error naming file and line, and the line is not
used.  Ranks out of order keep file order
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
from ..model.result_rules import (disorder_in_groups, disorder_message, overlap_message,
                                  overlapping_rows, repeat_message, repeated_rows)
from ..model.run import Ranking, Run, Unit
from ..model.xpath import XPathError, canonical_xpath
from .textlines import CHAR_LIMIT, beyond_char_limit, finish, iter_fields, parse_float, parse_int

DOCUMENT_PATH = "/article[1]"

LAYOUTS: dict[str, tuple[int, str]] = {
    "element": (7, "topic Q0 doc rank rsv run-id xpath"),
    "passage": (8, "topic Q0 doc rank rsv run-id offset length"),
    "document": (6, "topic Q0 doc rank rsv run-id"),
}


class _Columns:
    """Typed growing columns of one topic."""

    __slots__ = ("doc", "path", "offset", "length", "rank", "rsv", "line")

    def __init__(self) -> None:
        self.doc = array("q")
        self.path = array("q")
        self.offset = array("q")
        self.length = array("q")
        self.rank = array("q")
        self.rsv = array("d")
        self.line = array("q")


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
    elif rank < (0 if layout == "document" else 1):
        bad.append(f"rank {fields[3]!r} is not a positive integer" if layout != "document"
                   else f"rank {fields[3]!r} is negative")
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
        if not bad and offset + length >= CHAR_LIMIT:  # type: ignore[operator]
            bad.append(beyond_char_limit(f"{offset}:{length}"))
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


def warn_disorder(topic: str, rank: np.ndarray, line: np.ndarray, file: str,
                  log: ProblemLog) -> None:
    """One warning per topic whose ranks (in file order) are out of order."""
    _, first, counts = disorder_in_groups(np.zeros(len(rank), dtype=np.int8), rank)
    if len(first):
        i = int(first[0])
        log.warn(file, int(line[i]), disorder_message(topic, int(counts[0]), int(rank[i]),
                                                       int(rank[i - 1])))


def read_trec_run_careful(path: str | Path, layout: str, log: ProblemLog | None = None,
                          name: str | None = None) -> Run:
    """The careful reader: every line parsed in Python (the reference of the columnar
    reader, which must build the same run and report the same problems).

    Read a TREC-like run in ``layout`` ``element``, ``passage`` or ``document``.

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
    topic_ids: dict[str, int] = {}
    rows = _Columns()  # every result, with its topic's code in ``topic``
    topic_codes = array("q")
    run_ids: dict[str, int] = {}

    for number, fields in iter_fields(path, log):
        parsed = parse_result_fields(fields, number, layout, raw_paths, file, log)
        if parsed is None:
            continue
        rank, rsv, offset, length, canon = parsed
        path_id = 0 if canon is None else path_ids.setdefault(canon, len(path_ids))
        note_run_id(run_ids, fields[5], number, file, log)
        topic = topic_ids.get(fields[0])
        if topic is None:
            topic = topic_ids[fields[0]] = len(topic_ids)
        doc = doc_ids.get(fields[2])
        if doc is None:
            doc = doc_ids[fields[2]] = len(doc_ids)
        topic_codes.append(topic)
        rows.doc.append(doc)
        rows.path.append(path_id)
        rows.offset.append(offset)
        rows.length.append(length)
        rows.rank.append(rank)  # type: ignore[arg-type]
        rows.rsv.append(rsv)  # type: ignore[arg-type]
        rows.line.append(number)

    docs = np.array(list(doc_ids), dtype=object)
    paths = np.array(list(path_ids) if layout != "passage" else [None], dtype=object)
    del doc_ids, raw_paths
    unit: Unit = layout  # type: ignore[assignment]
    if not topic_ids and not log.errors:
        log.warn(file, None, "the run holds no results")
    run_name = name or (next(iter(run_ids)) if run_ids else file_stem(file))
    run = _assemble(run_name, topic_ids, topic_codes, rows, docs, paths, unit, file, log)
    finish(log, own)
    return run


def _assemble(run_name: str, topic_ids: dict[str, int], topic_codes: array, rows: _Columns,
              docs: np.ndarray, paths: np.ndarray, unit: Unit, file: str,
              log: ProblemLog) -> Run:
    """The run from all rows (file order, ``topic_codes`` index ``topics``), its rows grouped
    by topic in shared columns (:meth:`Run.from_columns`).  Reports, topic by topic, ranks out
    of order, repeated results and overlapping passages (all rows kept)."""
    codes = np.frombuffer(topic_codes, dtype=np.int64) if len(topic_codes) else \
        np.zeros(0, dtype=np.int64)
    order = None if len(codes) < 2 or (codes[1:] >= codes[:-1]).all() else \
        np.argsort(codes, kind="stable")
    bounds = np.searchsorted(codes if order is None else codes[order],
                             np.arange(len(topic_ids) + 1))

    def column(name: str, dtype) -> np.ndarray:
        out = np.array(getattr(rows, name), dtype=dtype)
        setattr(rows, name, None)  # each growing column released once copied
        return out if order is None else out[order]

    doc, path = column("doc", np.int64), column("path", np.int64)
    offset, length = column("offset", np.int64), column("length", np.int64)
    rank, rsv = column("rank", np.int64), column("rsv", np.float64)
    line = column("line", np.int64)
    doc_col = docs[doc]
    topics = list(topic_ids) if len(bounds) > 1 and (np.diff(bounds) >= 2).any() else []
    path_col = np.full(len(doc), None, dtype=object) if unit == "passage" else paths[path]
    for t in np.flatnonzero(np.diff(bounds) >= 2):  # one result: nothing to report
        lo, hi = int(bounds[t]), int(bounds[t + 1])
        topic = topics[t]
        warn_disorder(topic, rank[lo:hi], line[lo:hi], file, log)
        repeat = _report_repeats(topic, doc[lo:hi], path[lo:hi], offset[lo:hi], length[lo:hi],
                                 line[lo:hi], doc_col[lo:hi],
                                 None if unit == "passage" else path_col[lo:hi], unit, file, log)
        if unit == "passage":
            _report_overlaps(topic, doc[lo:hi], offset[lo:hi], length[lo:hi], line[lo:hi],
                             doc_col[lo:hi], file, log, repeat)
    return Run.from_columns(run_name, topic_ids, bounds, doc_col, path_col, offset, length, rank,
                            rsv, unit, source=file)


def file_stem(path: str | Path) -> str:
    """The file name without extension (``.gz`` and then one more suffix removed)."""
    path = Path(path)
    if path.suffix == ".gz":
        path = path.with_suffix("")
    return path.stem


def build_ranking(topic: str, doc: np.ndarray, doc_names: np.ndarray, path: np.ndarray,
                  path_names: np.ndarray | None, offset: np.ndarray, length: np.ndarray,
                  rank: np.ndarray, rsv: np.ndarray, line: np.ndarray, unit: Unit, file: str,
                  log: ProblemLog, repeats: bool = True, overlaps: bool = True) -> Ranking:
    """One topic's Ranking from its rows in file order; reports repeated results and
    overlapping passages, each in line order (all rows kept).  ``doc`` and ``path`` are codes
    equal exactly where the documents (paths) are; ``doc_names`` and ``path_names`` the values
    of each row (``path_names`` None for passages).  ``repeats=False`` / ``overlaps=False``:
    the caller knows that no result repeats another / no passages overlap."""
    if repeats:
        repeat = _report_repeats(topic, doc, path, offset, length, line, doc_names,
                                 path_names, unit, file, log)
    else:
        repeat = np.zeros(len(doc), dtype=bool)
    if unit == "passage":
        if overlaps:
            _report_overlaps(topic, doc, offset, length, line, doc_names, file, log, repeat)
        path_names = np.full(len(doc), None, dtype=object)
    return Ranking(doc_names, path_names, offset, length, rank, rsv, unit)


def _report_repeats(topic, doc, path, offset, length, line, doc_names, path_names, unit, file,
                    log):
    """Warn (in line order) about each result repeating an earlier one of the topic; mask of
    the repeats."""
    keys = (doc, path) if unit != "passage" else (doc, offset, length)
    repeat, first_of = repeated_rows(keys)
    for row in np.flatnonzero(repeat).tolist():
        what = (f"{doc_names[row]} {offset[row]}:{length[row]}" if unit == "passage"
                else f"{doc_names[row]} {path_names[row]}")
        log.warn(file, int(line[row]), f"topic {topic}: " + repeat_message(
            what, f"line {int(line[first_of[row]])}"))
    return repeat


def _report_overlaps(topic, doc, offset, length, line, doc_names, file, log, repeat) -> None:
    """Warn (in line order) about each passage overlapping an earlier-offset passage of the
    same document (repeats, already reported, and empty passages are left out)."""
    for row, other in overlapping_rows(doc, offset, length, repeat):
        log.warn(file, int(line[row]), f"topic {topic}: " + overlap_message(
            f"{doc_names[row]} {offset[row]}:{length[row]}", f"{offset[other]}:{length[other]}",
            int(line[other])))
