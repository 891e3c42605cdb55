"""Qrels and runs from tables: pandas DataFrames, records (dicts or namedtuples), column dicts
and nested ``{topic: {unit: value}}`` dicts, validated by the rules of the file readers.

Columns are found by name (first match wins; ir_measures, ir_datasets, ranx and PyTerrier
spellings included):

============  ==============================================================
topic         ``topic``, ``query_id``, ``qid``, ``q_id``, ``query``
document      ``doc``, ``doc_id``, ``docno``, ``docid``, ``file``
element       ``path``, ``xpath`` (element qrels and runs)
span          ``offset`` + ``length``, or ``start`` + ``end`` (end exclusive): passages
score         ``score``, ``rsv`` (runs); ``rank`` optional
relevance     ``relevance``, ``grade``, ``rel``, ``label``; or ``exhaustivity``/``e`` and
              ``specificity``/``s`` (element qrels, scale ``inex2003``)
============  ==============================================================

The unit follows the columns: a span makes passages (qrels of scale ``fol``, runs of unit
``passage``), a path makes elements, otherwise whole documents (``/article[1]``).

Validation is the file readers' (TREC-like runs, FOL qrels): a non-finite or non-numeric score,
a non-integer rank, a negative or non-integer offset/length, an integer out of the 64-bit range,
a malformed XPath and a missing topic or document id are errors; every bad row is reported
(``row <index label>: ...``, the first 20 per problem and a count) and one
:class:`~sdreval.errors.InputError` is raised.  As in files, a repeated result is a warning and
is kept; an element judged twice is a warning when both rows agree (the repeat is ignored) and
an error when they differ; a repeated highlighted passage is a warning (ignored), a document
given two ``doclen`` an error.  A table with both a path and passage columns is refused.

Passage qrels rows: a row whose relevance is above 0 (or that has no relevance column) is a
highlighted passage; a row with relevance 0, or with neither offset nor length, marks a judged
document without relevant text there (INEX passage judgements are binary: graded relevance
above 0 counts as highlighted).  Optional columns ``doclen`` and ``bep`` give the document
length and best entry point, as in FOL qrels.

Run order: with a ``rank`` column, the rows' order within each topic, exactly as a run file's
line order (the INEX convention; ranks out of order get one warning per topic and the
evaluation option ``order="rank"`` sorts by rank, ``order="rsv"`` by score).  Without ranks
(dicts, tables of scores), by score descending with ties broken by document id descending,
then path (elements) or offset and length (passages) descending (trec_eval's order, followed
by ranx and ir_measures), ranked 1, 2, ...  Span runs read by :mod:`sdreval.io.spans` follow
the same rule (:mod:`sdreval.model.ordering`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..errors import InputError, Problem, ProblemLog, UsageError
from ..judgements.qrels import DocPassages, ElementAssessment, Qrels
from ..model.ordering import trec_order
from ..model.result_rules import (ROW_ORDER_KEPT, disorder_message, rank_disorder,
                                  repeat_message, repeated_rows)
from ..model.run import Ranking, Run, Unit
from ..model.xpath import XPathError, canonical_xpath
from .textlines import CHAR_LIMIT, INT_LIMIT, finish

ROOT = "/article[1]"
TOPIC = ("topic", "query_id", "qid", "q_id", "query")
DOC = ("doc", "doc_id", "docno", "docid", "file")
PATH = ("path", "xpath")
GRADE = ("relevance", "grade", "rel", "label")
E = ("exhaustivity", "e")
S = ("specificity", "s")
SCORE = ("score", "rsv")
OFFSET = ("offset",)
LENGTH = ("length",)
START = ("start",)
END = ("end",)
#: rows reported per problem before a count of the rest
EXAMPLES = 20


# ------------------------------------------------------------------------------ validation

class Checker:
    """Reports bad rows of one table to a :class:`ProblemLog` as ``row <label>: ...``."""

    def __init__(self, source: str, log: ProblemLog, where: Callable[[int], str]):
        self.source, self.log, self.where = source, log, where

    def report(self, bad: np.ndarray, message: Callable[[int], str]) -> None:
        rows = np.flatnonzero(bad) if bad.dtype == bool else bad
        for i in rows[:EXAMPLES]:
            self.log.error(self.source, None, f"{self.where(int(i))}: {message(int(i))}")
        if len(rows) > EXAMPLES:
            self.log.error(self.source, None, f"... and {len(rows) - EXAMPLES} more rows "
                                              f"with the same problem")

    def warn(self, rows: Sequence[int], message: Callable[[int], str]) -> None:
        for i in list(rows)[:EXAMPLES]:
            self.log.warn(self.source, None, f"{self.where(int(i))}: {message(int(i))}")
        if len(rows) > EXAMPLES:
            self.log.warn(self.source, None, f"... and {len(rows) - EXAMPLES} more rows "
                                             f"with the same warning")

    def floats(self, values: Any, name: str) -> np.ndarray:
        """Finite float64 values (``name ... is not a finite number`` otherwise)."""
        raw = np.asarray(values)
        if raw.dtype.kind in "fiu":
            numbers = raw.astype(np.float64)
        else:
            numbers = _numeric(raw)
        bad = ~np.isfinite(numbers)
        if bad.any():
            self.report(bad, lambda i: f"{name} {_shown(raw[i])} is not a finite number")
            numbers = np.where(bad, 0.0, numbers)
        return numbers

    def integers(self, values: Any, name: str, minimum: int | None = 0,
                 missing: np.ndarray | None = None) -> np.ndarray:
        """int64 values within the 64-bit bound (and ``>= minimum``); rows in ``missing``
        are skipped (set to -1)."""
        raw = np.asarray(values)
        skip = np.zeros(len(raw), dtype=bool) if missing is None else missing
        if raw.dtype.kind in "iu" and raw.dtype.itemsize <= 8:
            ints = raw.astype(np.int64) if raw.dtype != np.uint64 else raw
            bad = (ints >= INT_LIMIT) | (ints <= -INT_LIMIT) if raw.dtype.kind == "i" else \
                ints >= INT_LIMIT
            ints = ints.astype(np.int64, copy=False) if not bad.any() else \
                np.where(bad, 0, ints).astype(np.int64)
        else:
            numbers = raw.astype(np.float64) if raw.dtype.kind == "f" else _numeric(raw)
            with np.errstate(invalid="ignore"):
                bad = ~np.isfinite(numbers) | (np.abs(numbers) >= INT_LIMIT) | \
                    (numbers != np.floor(numbers))
            ints = np.where(bad, 0, numbers).astype(np.int64)
        if minimum is not None:
            bad = bad | (ints < minimum)
        bad &= ~skip
        if bad.any():
            kind = "a non-negative integer" if minimum == 0 else (
                "a positive integer" if minimum == 1 else "an integer")
            self.report(bad, lambda i: f"{name} {_shown(raw[i])} is not {kind}")
        return np.where(bad | skip, -1, ints)

    def ids(self, values: Any, name: str) -> np.ndarray:
        """Identifiers as an object array of str (integral floats lose their ``.0``)."""
        raw = np.asarray(values)
        if raw.dtype == object:
            try:  # the common case, every id a str: one pass, no conversion
                if min(map(len, map(str.strip, raw)), default=1) > 0:
                    return raw
            except TypeError:
                pass
        if raw.dtype.kind == "f":
            missing = np.isnan(raw)
            whole = ~missing & (raw == np.floor(raw)) & (np.abs(raw) < INT_LIMIT)
            text = np.array([str(int(v)) if w else str(v) for v, w in zip(raw, whole)],
                            dtype=object)
        elif raw.dtype.kind in "iu":
            return raw.astype(str).astype(object)
        elif raw.dtype == object:
            missing = np.asarray(pd.isna(raw), dtype=bool)
            text = np.array([str(v) for v in raw], dtype=object)
        else:
            missing = np.zeros(len(raw), dtype=bool)
            text = raw.astype(str).astype(object)
        blank = missing | np.array([not s.strip() for s in text], dtype=bool)
        if blank.any():
            self.report(blank, lambda i: f"{name} {_shown(raw[i])} is missing or empty")
        return text

    def xpaths(self, values: np.ndarray, name: str) -> np.ndarray:
        """Canonical XPaths (malformed ones reported with the reader's message)."""
        try:
            codes, distinct = pd.factorize(values)
        except TypeError:  # unhashable values (lists, dicts): shown as text
            values = np.array([str(v) for v in values], dtype=object)
            codes, distinct = pd.factorize(values)
        canonical: list[str | None] = []
        problems: list[str | None] = []
        for raw in distinct:
            try:
                canonical.append(canonical_xpath(raw if isinstance(raw, str) else str(raw)))
                problems.append(None)
            except XPathError as error:
                canonical.append(None)
                problems.append(error.problems[0].message)
        canonical.append(None)  # code -1: missing
        problems.append("missing")
        out = np.array(canonical, dtype=object)[codes]
        bad = np.array([p is not None for p in problems], dtype=bool)[codes]
        if bad.any():
            self.report(bad, lambda i: problems[codes[i]] if codes[i] >= 0 else
                        f"{name} {_shown(values[i])} is missing")
        return out


def _numeric(raw: np.ndarray) -> np.ndarray:
    """float64 of an object array; NaN where a value is not a number (booleans included)."""
    out = np.full(len(raw), np.nan)
    for i, value in enumerate(raw):
        if isinstance(value, (bool, np.bool_)) or value is None:
            continue
        try:
            out[i] = float(value)
        except (TypeError, ValueError, OverflowError):
            pass
    return out


def _shown(value: Any) -> str:
    """A value as the file readers show a field: quoted text (``'nan'``, ``'-3'``)."""
    if isinstance(value, np.generic):
        value = value.item()
    text = repr(value if isinstance(value, str) else str(value))
    return text if len(text) <= 60 else text[:57] + "..."


# ------------------------------------------------------------------------------------- runs

def build_run(name: str, source: str, topic_codes: np.ndarray, topic_names: Sequence[str],
              docs: np.ndarray, unit: Unit, scores: np.ndarray | None = None,
              ranks: np.ndarray | None = None, paths: np.ndarray | None = None,
              offsets: np.ndarray | None = None, lengths: np.ndarray | None = None
              ) -> Run:
    """A run from validated columns (``topic_codes`` index ``topic_names``); rankings in the
    order described in the module docstring.  Rows are grouped by topic (a stable sort,
    skipped when they already are) and each topic is ordered on its own."""
    codes = np.asarray(topic_codes, dtype=np.int64)
    n = len(docs)
    columns = {"docs": docs, "scores": scores, "ranks": ranks, "paths": paths,
               "offsets": offsets, "lengths": lengths}
    if n > 1 and (codes[1:] < codes[:-1]).any():
        grouped = np.argsort(codes, kind="stable")
        codes = codes[grouped]
        columns = {k: None if v is None else v[grouped] for k, v in columns.items()}
    starts = np.flatnonzero(np.concatenate(([n > 0], codes[1:] != codes[:-1])))
    bounds = np.append(starts, n)
    topics: dict[str, Ranking] = {}
    for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
        segment = {k: None if v is None else v[lo:hi] for k, v in columns.items()}
        topics[str(topic_names[codes[lo]])] = _ranking(segment, unit)
    ordered = {str(t): topics.get(str(t)) or Ranking.empty(unit) for t in topic_names}
    return Run(name, ordered, unit, source)  # topics in the order given, empty ones kept


_ROOTS = np.full(1024, ROOT, dtype=object)


def _roots(m: int) -> np.ndarray:
    """A new object array of ``m`` document roots (copied from a cached block: fast)."""
    global _ROOTS
    if m > len(_ROOTS):
        _ROOTS = np.full(max(m, 2 * len(_ROOTS)), ROOT, dtype=object)
    return _ROOTS[:m].copy()


def _ranking(columns: dict[str, np.ndarray | None], unit: Unit) -> Ranking:
    """One topic's rows: in row order when ranks are given, else by score descending with
    ties broken by document id, then path or offset and length, descending
    (:mod:`sdreval.model.ordering`)."""
    docs, scores, ranks, paths = (columns["docs"], columns["scores"], columns["ranks"],
                                  columns["paths"])
    m = len(docs)
    offsets, lengths = columns["offsets"], columns["lengths"]
    if ranks is not None:  # row order, as a file's line order
        order = np.arange(m)
    else:  # trec_eval's order: score descending, ties by id descending
        ties = ((docs,) if paths is None else (docs, paths)) if offsets is None else (
            docs, offsets, lengths)
        order = trec_order(scores, ties)  # type: ignore[arg-type]
    none = np.full(m, -1, dtype=np.int64)
    if unit == "passage":
        path_col = np.full(m, None, dtype=object)
    elif paths is None:
        path_col = _roots(m)
    else:
        path_col = paths[order]
    return Ranking(docs[order], path_col,
                   none if offsets is None else offsets[order],
                   none.copy() if lengths is None else lengths[order],
                   np.arange(1, m + 1, dtype=np.int64) if ranks is None else ranks[order],
                   np.arange(m, 0, -1).astype(np.float64) if scores is None else
                   scores[order], unit)


def run_from_table(frame: pd.DataFrame, name: str = "run", source: str = "(DataFrame)",
                   log: ProblemLog | None = None, where: Callable[[int], str] | None = None,
                   topics: tuple[np.ndarray, list[str]] | None = None) -> Run:
    """A run from a DataFrame (columns: module docstring); ``where(i)`` names row ``i`` in
    messages (default ``row <index label>``).  ``topics``: ``(codes, names)`` when the
    caller holds the rows' topics already (a nested dict: no topic column; topics without
    rows are kept, empty, in the order of ``names``)."""
    own = log is None
    log = log if log is not None else ProblemLog()
    check = _checker(frame, source, log, where)
    topic = None if topics is not None else column(frame, TOPIC, "topic")
    doc = column(frame, DOC, "document")
    score = column(frame, SCORE, "score", required=False)
    rank = column(frame, ("rank",), "rank", required=False)
    path = column(frame, PATH, "path", required=False)
    if score is None and rank is None:
        raise UsageError("a run table needs a score (or rsv) or a rank column; columns: "
                         + _listed(frame))
    spans = _span_columns(frame)
    _one_unit(frame, spans)
    topic_ids = None if topic is None else check.ids(frame[topic].to_numpy(), topic)
    if topics is not None:
        check_topic_names(topics[1], check)
    docs = check.ids(frame[doc].to_numpy(), doc)
    scores = check.floats(frame[score].to_numpy(), score) if score else None
    ranks = check.integers(frame[rank].to_numpy(), rank, minimum=None) if rank else None
    offsets = lengths = paths = None
    if spans is not None:
        offsets, lengths = _spans(frame, spans, check)
        unit: Unit = "passage"
    elif path is not None:
        paths = check.xpaths(frame[path].to_numpy(), path)
        unit = "element"
    else:
        unit = "document"
    if log.errors:
        finish(log, own)
        log.raise_if_errors()
    codes, names = pd.factorize(topic_ids, sort=False) if topics is None else topics
    if unit != "document" or topics is None:  # a dict's document keys are distinct
        _warn_repeats(check, codes, docs, paths, offsets, lengths)
    if ranks is not None:
        _warn_disorder(check, codes, names, ranks)
    run = build_run(name, source, codes, list(names), docs, unit, scores, ranks, paths,
                    offsets, lengths)
    finish(log, own)
    return run


def check_topic_names(names: Sequence[str], check: Checker) -> None:
    """Topic ids given apart from the rows (a dict's keys) must not be empty (as in files)."""
    for topic in names:
        if not topic.strip():
            check.log.error(check.source, None, f"topic id {topic!r} is empty")


def _spans(frame: pd.DataFrame, spans: tuple[str, str, bool], check: Checker,
           missing: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Offsets and lengths (-1 where bad or ``missing``); a passage must end before
    character 2**32, the largest position supported (as in the passage files)."""
    first, second, is_end = spans
    offsets = check.integers(frame[first].to_numpy(), first, missing=missing)
    if not is_end:
        lengths = check.integers(frame[second].to_numpy(), second, missing=missing)
    else:
        ends = check.integers(frame[second].to_numpy(), second, missing=missing)
        lengths = ends - offsets
        bad = (offsets >= 0) & (ends >= 0) & (lengths < 0)
        if bad.any():
            check.report(bad, lambda i: f"{second} {ends[i]} is before {first} {offsets[i]}")
        lengths = np.where(bad, -1, lengths)
    beyond = (offsets >= 0) & (lengths >= 0) & (offsets + lengths >= CHAR_LIMIT)
    if beyond.any():
        check.report(beyond, lambda i: f"passage {offsets[i]}:{lengths[i]} ends beyond "
                                       f"{CHAR_LIMIT - 1} characters, the largest character "
                                       f"position supported")
    return offsets, np.where(beyond, -1, lengths)


def _warn_disorder(check: Checker, codes: np.ndarray, names: Any, ranks: np.ndarray) -> None:
    """One warning per topic whose ranks go down somewhere in row order (as files)."""
    for row, previous, count in rank_disorder(codes, ranks):
        check.log.warn(check.source, None, f"{check.where(int(row))}: " + disorder_message(
            names[codes[row]], count, ranks[row], ranks[previous], rows="row",
            kept=ROW_ORDER_KEPT))


def _warn_repeats(check: Checker, codes: np.ndarray, docs: np.ndarray,
                  paths: np.ndarray | None, offsets: np.ndarray | None,
                  lengths: np.ndarray | None) -> None:
    """A result repeating an earlier one of its topic: a warning, kept (as in files)."""
    keys = [codes, pd.factorize(docs)[0]]
    if paths is not None:
        keys.append(pd.factorize(paths)[0])
    if offsets is not None:
        keys += [offsets, lengths]  # type: ignore[list-item]
    repeated, first = repeated_rows(tuple(keys))
    if repeated.any():
        check.warn(np.flatnonzero(repeated),
                   lambda i: repeat_message(docs[i], check.where(int(first[i]))))


# ------------------------------------------------------------------------------------ qrels

def qrels_from_table(frame: pd.DataFrame, scale: str | None = None,
                     source: str = "(DataFrame)", log: ProblemLog | None = None,
                     where: Callable[[int], str] | None = None) -> Qrels:
    """Qrels from a DataFrame (columns: module docstring); ``where`` as for
    :func:`run_from_table`."""
    own = log is None
    log = log if log is not None else ProblemLog()
    check = _checker(frame, source, log, where)
    topic, doc = column(frame, TOPIC, "topic"), column(frame, DOC, "document")
    topics = check.ids(frame[topic].to_numpy(), topic)
    docs = check.ids(frame[doc].to_numpy(), doc)
    spans = _span_columns(frame)
    grade = column(frame, GRADE, "relevance", required=False)
    _one_unit(frame, spans)
    if spans is not None:
        qrels = _passage_qrels(frame, spans, grade, topics, docs, check, source)
    else:
        qrels = _element_qrels(frame, grade, scale, topics, docs, check, source)
    finish(log, own)
    return qrels


def _element_qrels(frame, grade, scale, topics, docs, check: Checker, source: str) -> Qrels:
    path = column(frame, PATH, "path", required=False)
    e_col, s_col = column(frame, E, "e", False), column(frame, S, "s", False)
    if grade is None and (e_col is None or s_col is None):
        raise UsageError("a qrels table needs a relevance column (relevance, grade, rel or "
                         "label), exhaustivity and specificity columns, or offset/length "
                         "columns; columns: " + _listed(frame))
    paths = check.xpaths(frame[path].to_numpy(), path) if path else \
        np.full(len(frame), ROOT, dtype=object)
    if grade is not None:
        e = s = check.floats(frame[grade].to_numpy(), grade)
    else:
        e = check.floats(frame[e_col].to_numpy(), e_col)
        s = check.floats(frame[s_col].to_numpy(), s_col)
    size = check.floats(frame["size"].to_numpy(), "size") if "size" in frame.columns else None
    check.log.raise_if_errors()
    qrels = Qrels(scale or ("graded" if grade is not None else "inex2003"), source=source)
    # an element judged again: identical = warning, different = error (as the files)
    repeated, first_of = repeated_rows(tuple(pd.factorize(c)[0] for c in (topics, docs, paths)))
    again = np.flatnonzero(repeated)
    earlier = first_of[again]
    same = (e[again] == e[earlier]) & (s[again] == s[earlier])
    if size is not None:
        same &= size[again] == size[earlier]
    repeats = list(zip(again[same].tolist(), earlier[same].tolist()))
    conflicts = list(zip(again[~same].tolist(), earlier[~same].tolist()))
    keep = ~repeated
    judged: dict[str, dict] = {}  # topic -> its elements (one look-up per topic)
    sizes = [None] * int(keep.sum()) if size is None else size[keep].tolist()
    for topic, doc, path, e_i, s_i, size_i in zip(topics[keep].tolist(), docs[keep].tolist(),
                                                   paths[keep].tolist(), e[keep].tolist(),
                                                   s[keep].tolist(), sizes):
        elements = judged.get(topic)
        if elements is None:
            elements = judged[topic] = qrels.topic(topic).elements
        elements[(doc, path)] = ElementAssessment(doc, path, e_i, s_i, size_i)
    first = dict(repeats + conflicts)
    what = (lambda i: f"topic {topics[i]}: element {docs[i]} {paths[i]}")
    check.warn([i for i, _ in repeats], lambda i: f"{what(i)} repeats "
                                                  f"{check.where(first[i])} (identical; ignored)")
    check.report(np.array([i for i, _ in conflicts], dtype=np.int64),
                 lambda i: f"{what(i)} judged again, differently from {check.where(first[i])} "
                           f"({check.where(first[i])} kept)")
    check.log.raise_if_errors()
    check_pairs(qrels, source)
    return qrels


def check_pairs(qrels: Qrels, source: str) -> None:
    """Raise :class:`InputError` listing every assessment invalid on the qrels' scale
    (invalid pairs such as (0, 2) are reported, never guessed)."""
    from .native_fast import pair_problem

    problems = []
    for topic, judged in qrels.topics.items():
        for (doc, path), a in judged.elements.items():
            why = pair_problem(qrels.scale, a.e, a.s)
            if why:
                problems.append(Problem(source, None, f"topic {topic} {doc} {path} "
                                                      f"({a.e:g}, {a.s:g}): {why}"))
    if problems:
        raise InputError(problems)


def _passage_qrels(frame, spans, grade, topics, docs, check: Checker, source: str) -> Qrels:
    first, second, _ = spans
    no_span = (frame[first].isna() & frame[second].isna()).to_numpy()
    offsets, lengths = _spans(frame, spans, check, missing=no_span)
    grades = check.floats(frame[grade].to_numpy(), grade) if grade else None
    doclen = check.integers(frame["doclen"].to_numpy(), "doclen",
                            missing=frame["doclen"].isna().to_numpy()) \
        if "doclen" in frame.columns else None
    bep = check.integers(frame["bep"].to_numpy(), "best entry point",
                         missing=frame["bep"].isna().to_numpy()) \
        if "bep" in frame.columns else None
    check.log.raise_if_errors()
    highlighted = ~no_span if grades is None else (~no_span & (grades > 0))
    qrels = Qrels("fol", source=source)
    seen: dict[tuple, int] = {}
    repeats, other_doclen, other_bep = [], [], []
    for i in range(len(frame)):
        judged = qrels.topic(topics[i]).passages
        entry = judged.get(docs[i])
        if entry is None:
            entry = judged[docs[i]] = DocPassages(docs[i])
        if highlighted[i]:
            key = (topics[i], docs[i], int(offsets[i]), int(lengths[i]))
            if key in seen:  # as the passage judgement files: a warning, ignored
                repeats.append((i, seen[key]))
            else:
                seen[key] = i
                entry.ranges.append(key[2:])
                entry.relevant_chars += key[3]
        if doclen is not None and doclen[i] >= 0:
            if entry.doc_length is not None and entry.doc_length != doclen[i]:
                other_doclen.append(i)
            elif entry.doc_length is None:
                entry.doc_length = int(doclen[i])
        if bep is not None and bep[i] >= 0:
            if entry.bep is None:
                entry.bep = int(bep[i])
            elif entry.bep != bep[i]:
                other_bep.append(i)
    first = dict(repeats)
    where = (lambda i: f"topic {topics[i]}, document {docs[i]}")
    check.warn([i for i, _ in repeats], lambda i: f"{where(i)}: passage {offsets[i]}:"
                                                  f"{lengths[i]} repeats {check.where(first[i])}"
                                                  f" (ignored)")
    check.warn(other_bep, lambda i: f"{where(i)}: best entry point {bep[i]} differs from an "
                                    f"earlier row's (the first kept)")
    check.report(np.array(other_doclen, dtype=np.int64),
                 lambda i: f"{where(i)}: doclen {doclen[i]} differs from an earlier row's")
    check.log.raise_if_errors()
    beyond = [i for i in np.flatnonzero(highlighted) if doclen is not None
              and qrels.topics[topics[i]].passages[docs[i]].doc_length is not None
              and offsets[i] + lengths[i] > qrels.topics[topics[i]].passages[docs[i]].doc_length]
    check.warn(beyond, lambda i: f"topic {topics[i]}, document {docs[i]}: passage "
                                 f"{offsets[i]}:{lengths[i]} reaches beyond doclen (kept)")
    return qrels


# ---------------------------------------------------------------------------------- helpers

def column(frame: pd.DataFrame, names: Sequence[str], what: str, required: bool = True
           ) -> str | None:
    """The first of ``names`` that is a column of ``frame``."""
    for name in names:
        if name in frame.columns:
            return name
    if required:
        raise UsageError(f"the table has no {what} column (one of {', '.join(names)}); "
                         f"columns: {_listed(frame)}")
    return None


def _span_columns(frame: pd.DataFrame) -> tuple[str, str, bool] | None:
    offset, length = column(frame, OFFSET, "", False), column(frame, LENGTH, "", False)
    start, end = column(frame, START, "", False), column(frame, END, "", False)
    if offset and length:
        return offset, length, False
    if start and end:
        return start, end, True
    partial = [c for c in (offset, length, start, end) if c]
    if partial:
        raise UsageError(f"column {partial[0]!r} needs its partner: passages are given by "
                         "offset and length, or by start and end (end exclusive)")
    return None


def _one_unit(frame: pd.DataFrame, spans: tuple[str, str, bool] | None) -> None:
    """A table holds elements (a path column) or passages (spans), not both."""
    path = column(frame, PATH, "path", required=False)
    if spans is not None and path is not None:
        raise UsageError(f"the table has both a {path!r} column and passage columns "
                         f"({spans[0]}, {spans[1]}): a table holds elements or passages; "
                         "drop one")


def _listed(frame: pd.DataFrame) -> str:
    return ", ".join(map(str, frame.columns)) or "none"


def _checker(frame: pd.DataFrame, source: str, log: ProblemLog,
             where: Callable[[int], str] | None = None) -> Checker:
    if frame.columns.duplicated().any():
        raise UsageError("the table has repeated column names: "
                         + ", ".join(map(str, frame.columns[frame.columns.duplicated()])))
    labels = frame.index
    return Checker(source, log, where or (lambda i: f"row {labels[i]}"))


def as_frame(source: Any) -> pd.DataFrame | None:
    """A DataFrame from a column dict (``{"topic": [...], ...}``), records (dicts or
    namedtuples, any iterable) or a DataFrame; None when ``source`` is none of them."""
    if isinstance(source, pd.DataFrame):
        return source
    if isinstance(source, dict) and source and all(
            isinstance(v, (list, tuple, np.ndarray, pd.Series)) for v in source.values()) and \
            any(k in source for k in TOPIC):
        try:
            return pd.DataFrame(source)
        except (TypeError, ValueError) as error:
            raise UsageError(f"cannot make a table of the column dict: {error}") from None
    return None


def records_frame(rows: list, positional: Sequence[str]) -> pd.DataFrame:
    """Records -> DataFrame: dicts by key, namedtuples by field, plain tuples by position
    (``positional`` names their columns, as in ir_measures)."""
    first = rows[0]
    fields = getattr(first, "_fields", None)
    kind = dict if isinstance(first, dict) else (type(first) if fields is not None else None)
    if kind is not None:
        if not all(isinstance(r, kind) for r in rows):
            raise UsageError(f"records must all be of one kind ({kind.__name__}); found "
                             + ", ".join(sorted({type(r).__name__ for r in rows})))
        return pd.DataFrame.from_records(rows, columns=None if kind is dict else list(fields))
    if isinstance(first, (tuple, list)):
        width = {len(r) if isinstance(r, (tuple, list)) else -1 for r in rows}
        if len(width) != 1 or min(width) < len(positional):
            raise UsageError(f"records must all be tuples of ({', '.join(positional)}[, ...]); "
                             f"got {first!r}")
        extra = [f"column{i}" for i in range(len(positional), min(width))]
        return pd.DataFrame.from_records(rows, columns=list(positional) + extra)
    raise UsageError(f"cannot read records of {type(first).__name__} (expected dicts, "
                     f"namedtuples or tuples)")
