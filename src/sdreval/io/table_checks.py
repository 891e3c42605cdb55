"""Columns of qrels and run tables found by name and their values checked by the rules of the
file readers (:class:`Checker`: every bad row reported, as a file's lines are), for
:mod:`sdreval.io.frames` (runs) and :mod:`sdreval.io.frame_qrels` (qrels).  A column is the
first present of its names (:mod:`sdreval.io.table_syntax`); the unit follows the columns: a
span makes passages, a path elements, otherwise whole documents (:func:`span_columns`).  The
names and the rules: docs/inputs.md, "Runs and qrels as tables" and "Fields of tables and
text files".
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

import numpy as np

from ..errors import InputError, ProblemLog, UsageError, problem_kind
from ..lazy import lazy_module
from ..model.xpath import XPathError, canonical_xpath
from .ids import id_problem, id_text, is_missing, shown
from .table_syntax import OTHER_MEANINGS, PATH, RUN, TOPIC, case_hint, index_hint
from .text_rules import NUL_PROBLEM, text_number
from .textlines import CHAR_LIMIT, INT_LIMIT, NOT_A_RANK, beyond_char_limit, not_from_one

pd = lazy_module("pandas")  # imported on first use: span files met by detection need none


def single_run_name(frame: "pd.DataFrame", source: str) -> str | None:
    """The run a table's run column names (the first of :data:`RUN` present), ``None``
    without one; a column naming several runs is refused (a table is one run, as the
    run-id of a TREC line names its file's run)."""
    found = next((c for c in RUN if c in frame.columns), None)
    if found is None or not len(frame):
        return None
    names = pd.unique(frame[found].dropna().astype(str))
    if len(names) > 1:
        shown_names = ", ".join(map(repr, names[:5])) + (", ..." if len(names) > 5 else "")
        raise InputError(f"column {found!r} names {len(names)} runs ({shown_names}); "
                         f"a table is one run: give one table or file per run, e.g. "
                         f"sdreval.evaluate(qrels, dict(tuple(frame.groupby({found!r}))), ...)",
                         file=source)
    if len(names) and "\x00" in names[0]:
        raise InputError(f"column {found!r}: run name {shown(names[0])} {NUL_PROBLEM}",
                         file=source)
    return str(names[0]) if len(names) else None


def chosen_run_name(given: str | None, own: str | None, default: str = "run"
                    ) -> tuple[str, str | None]:
    """The name of the run a table holds: ``given`` (``name=``, a mapping's key) when given,
    else the one its run column names (``own``), else ``default`` (a file's stem, else
    ``run``); and the statement of a given name that differs from the run column's (None when
    they agree)."""
    differs = bool(given) and own is not None and own != given
    return given or own or default, (f"the run column names the run {own!r}; it is named "
                                   f"{given!r} as given") if differs else None


# ------------------------------------------------------------------------------ validation

class Checker:
    """Reports bad rows of one table to a :class:`ProblemLog`: as ``row <label>: ...``, or,
    for the rows of a file (``lines``: the file line of each row), at ``file:line`` as the
    line readers report (``sources(i)``: the file of row ``i`` when the rows come from
    several files, a Parquet dataset)."""

    def __init__(self, source: str, log: ProblemLog, where: Callable[[int], str],
                 lines: np.ndarray | None = None,
                 sources: Callable[[int], str] | None = None):
        self.source, self.log, self.where, self.lines = source, log, where, lines
        self.sources = sources
        self.rejected: list[np.ndarray] = []  # the rows of each error reported

    def report(self, bad: np.ndarray | Sequence[int], message: Callable[[int], str],
               severity: str = "error") -> None:
        """Report the rows ``bad`` (a mask or row numbers), every one, as the lines of a file:
        the log counts them all and keeps the first of each problem (``sdreval validate``
        lists them all)."""
        bad = np.asarray(bad)
        rows = np.flatnonzero(bad) if bad.dtype == bool else bad.astype(np.int64)
        say = self.log.error if severity == "error" else self.log.warn
        if severity == "error":
            self.rejected.append(rows)
        if self.lines is not None:
            for i in rows.tolist():
                say(self.source if self.sources is None else self.sources(i),
                    int(self.lines[i]), message(i))
            return
        for i in rows.tolist():  # grouped by the problem, not the row (the log keeps 20 a group)
            text = message(i)
            say(self.source, None, f"{self.where(i)}: {text}", kind=problem_kind(text))

    def kept(self, size: int) -> np.ndarray:
        """Which of the table's ``size`` rows no error was reported for."""
        ok = np.ones(size, dtype=bool)
        for rows in self.rejected:
            ok[rows] = False
        return ok

    def warn(self, rows: np.ndarray | Sequence[int], message: Callable[[int], str]) -> None:
        self.report(rows, message, "warning")

    def before(self, first: int, row: int) -> str:
        """Where row ``first`` is, named in a message about row ``row``: with its file where
        theirs differ (a dataset's parts), as ``an earlier entry of`` the place both share
        (a list expanded into rows: RAGAS's ids)."""
        place = self.where(first)
        if self.sources is not None and self.sources(first) != self.sources(row):
            return f"{place} of {self.sources(first)}"
        return f"an earlier entry of {place}" if place == self.where(row) else place

    def floats(self, values: Any, name: str) -> np.ndarray:
        """Finite float64 values (``name ... is not a finite number`` otherwise)."""
        raw = np.asarray(values)
        numbers = numbers_of(raw)
        bad = ~np.isfinite(numbers)
        self.report(bad, lambda i: bad_value(name, raw[i], "is not a finite number"))
        return np.where(bad, 0.0, numbers)

    def integers(self, values: Any, name: str, missing: np.ndarray | None = None
                 ) -> np.ndarray:
        """Non-negative int64 values within the 64-bit bound; rows in ``missing`` are
        skipped (set to -1)."""
        raw = np.asarray(values)
        skip = np.zeros(len(raw), dtype=bool) if missing is None else missing
        ints, bad = integer_values(raw)
        bad &= ~skip
        self.report(bad, lambda i: bad_value(name, raw[i], "is not a non-negative integer"))
        return np.where(bad | skip, -1, ints)

    def ranks(self, values: Any, name: str, first: int) -> np.ndarray:
        """Ranks by the rule and messages of run files: integers, at least ``first`` (1 in
        element and passage runs, as INEX submissions; 0 in document runs, as tools write
        0-based ranks); bad rows are reported and set to -1."""
        raw = np.asarray(values)
        ints, bad = integer_values(raw, 1 - INT_LIMIT)
        self.report(bad, lambda i: bad_value(name, raw[i], NOT_A_RANK))
        low = ~bad & (ints < first)
        self.report(low, lambda i: f"{name} {shown(raw[i])} "
                    + ("is negative" if first == 0 else not_from_one(ints[i])))
        return np.where(bad | low, -1, ints)

    def ids(self, values: Any, name: str) -> np.ndarray:
        """Identifiers as text (:func:`id_text`); a missing, empty or untyped-unsafe one (a
        boolean, a fraction, a date...) is reported (:func:`id_problem`)."""
        raw = np.asarray(values)
        text, bad = id_text(raw)
        self.report(bad, lambda i: f"{name} {id_problem(raw[i])}")
        return text

    def xpaths(self, values: np.ndarray, name: str) -> np.ndarray:
        """Canonical XPaths (malformed ones reported with the reader's message)."""
        try:
            codes, distinct = pd.factorize(values)
        except TypeError:  # unhashable values (lists, dicts): shown as text
            values = np.array([str(v) for v in values], dtype=object)
            codes, distinct = pd.factorize(values)

        def parsed(raw: Any) -> tuple[str | None, str | None]:  # (canonical, problem)
            try:
                return canonical_xpath(raw if isinstance(raw, str) else str(raw)), None
            except XPathError as error:
                return None, error.problems[0].message
        found = [parsed(raw) for raw in distinct] + [(None, "missing")]  # code -1: missing
        problems = [problem for _, problem in found]
        out = np.array([path for path, _ in found], dtype=object)[codes]
        bad = np.array([p is not None for p in problems], dtype=bool)[codes]
        self.report(bad, lambda i: problems[codes[i]] if codes[i] >= 0 else
                    bad_value(name, values[i], "is missing"))
        return out


def bad_value(name: str, raw: Any, problem: str) -> str:
    """``name 'value' problem``; ``name is missing`` for an empty field, a null or a NaN."""
    return f"{name} is missing" if is_missing(raw) else f"{name} {shown(raw)} {problem}"


def numbers_of(raw: np.ndarray) -> np.ndarray:
    """float64 of the values of a column (decimals, as Parquet's decimal128 columns give
    them, included); NaN where one is not a number: booleans, and text that is not a decimal
    number (``1_000`` and non-ASCII digits are refused, as in files)."""
    if raw.dtype.kind in "fiu":
        return raw.astype(np.float64)
    if raw.dtype.kind == "b":
        return np.full(len(raw), np.nan)
    numbers = np.full(len(raw), np.nan)
    plain = np.array([isinstance(v, (str, int, float, np.number, Decimal))
                      and not isinstance(v, (bool, np.bool_)) for v in raw], dtype=bool)
    if plain.any():
        values = pd.Series(raw[plain], dtype=object)
        try:
            converted = pd.to_numeric(values, errors="coerce")
        except OverflowError:  # an integer beyond float64 (10**400): not a finite number
            converted = pd.to_numeric(values.map(lambda v: None if isinstance(v, int) and
                                                 abs(v) > sys.float_info.max else v),
                                      errors="coerce")
        exact = converted.to_numpy(dtype=np.float64, na_value=np.nan, copy=True)
        read = ~np.isnan(exact)  # again by float (C loop): pandas 2's to_numeric is inexact
        try:
            exact[read] = values.to_numpy(dtype=object)[read].astype(np.float64)
        except (TypeError, ValueError, OverflowError):
            read[:] = False
        for i in np.flatnonzero(~read):  # as text files' numbers (pandas 2: 1e400 is NaN)
            if isinstance(values.iat[i], str):
                exact[i] = text_number(values.iat[i])
        numbers[plain] = exact
    return numbers


def integer_values(raw: np.ndarray, minimum: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """int64 values of a column (0 where bad) and which are not integers in
    ``[minimum, 2**62)``: the integer rule of every table.  Integer columns are taken
    exactly; other values must be whole numbers (:func:`numbers_of`), and text decimal
    digits with an optional sign, as in text files (``1e3`` and ``2.0`` are not integers)."""
    if raw.dtype.kind in "iu" and raw.dtype.itemsize <= 8:
        too_big = raw >= INT_LIMIT if raw.dtype == np.uint64 else np.zeros(len(raw), dtype=bool)
        ints = np.where(too_big, 0, raw).astype(np.int64)
        bad = too_big | (ints < minimum) | (ints >= INT_LIMIT)
    else:
        if raw.dtype == object and len(raw) and \
                pd.api.types.infer_dtype(raw, skipna=False) == "string":
            text = pd.Series(raw, dtype=object)  # all text (CSV): decimal digits, exactly
            if text.str.fullmatch(r"\s*[+-]?[0-9]{1,18}\s*").all():
                ints = text.astype(np.int64).to_numpy()
                bad = (ints < minimum) | (ints >= INT_LIMIT)
                return np.where(bad, 0, ints), bad
        numbers = numbers_of(raw)
        with np.errstate(invalid="ignore"):
            bad = ~np.isfinite(numbers) | (numbers != np.floor(numbers)) | \
                (numbers < minimum) | (numbers >= INT_LIMIT)
        ints = np.where(bad, 0, numbers).astype(np.int64)
        if raw.dtype == object:
            text = np.array([isinstance(v, str) for v in raw], dtype=bool)
            syntax = np.zeros(len(raw), dtype=bool)  # text that is not decimal digits
            syntax[text] = ~pd.Series(raw[text], dtype=object).str.fullmatch(
                r"\s*[+-]?[0-9]+\s*").to_numpy(dtype=bool)
            bad |= syntax
            # float64 rounds beyond 2**53: text and ints taken exactly
            for i in np.flatnonzero(~syntax & (np.abs(numbers) >= 2.0 ** 53)).tolist():
                value = raw[i]
                if isinstance(value, (str, int, np.integer)) and \
                        not isinstance(value, (bool, np.bool_)):
                    exact = int(value)
                    bad[i] = not minimum <= exact < INT_LIMIT
                    ints[i] = 0 if bad[i] else exact
    return np.where(bad, 0, ints), bad


def span_values(frame: pd.DataFrame, spans: tuple[str, str, bool], check: Checker,
                missing: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Offsets and lengths (-1 where bad or ``missing``); a passage must end before
    character 2**32, the largest position supported (as in the passage files)."""
    first, second, is_end = spans
    offsets = check.integers(frame[first].to_numpy(), first, missing=missing)
    lengths = check.integers(frame[second].to_numpy(), second, missing=missing)
    if is_end:
        ends, lengths = lengths, lengths - offsets
        bad = (offsets >= 0) & (ends >= 0) & (lengths < 0)
        check.report(bad, lambda i: f"{second} {ends[i]} is before {first} {offsets[i]}")
        lengths = np.where(bad, -1, lengths)
    beyond = (offsets >= 0) & (lengths >= 0) & (offsets + lengths >= CHAR_LIMIT)
    check.report(beyond, lambda i: beyond_char_limit(  # in the table's units
        f"{offsets[i]}-{offsets[i] + lengths[i]}" if is_end else f"{offsets[i]}:{lengths[i]}"))
    return offsets, np.where(beyond, -1, lengths)


def column(frame: pd.DataFrame, names: Sequence[str], what: str, required: bool = True,
           check: Checker | None = None) -> str | None:
    """The first of ``names`` that is a column of ``frame``; with ``check``, a row where
    another of ``names`` present (``qid`` beside ``query_id``) says otherwise is an error."""
    present = [name for name in names if name in frame.columns]
    if check is not None and len(present) > 1:
        for other in present[1:]:
            if other not in OTHER_MEANINGS:
                _agree(frame, present[0], other, what, check)
    if present:
        return present[0]
    if required:
        raise UsageError(f"the table has no {what} column (one of {', '.join(names)}); "
                         f"columns: {listed(frame)}")
    return None


def _agree(frame: pd.DataFrame, first: str, other: str, what: str, check: Checker) -> None:
    """Report the rows where two spellings of one column differ (as text; scores and grades
    as numbers), both blank counting as agreeing."""
    a, b = frame[first], frame[other]
    same = (a.isna() & b.isna()).to_numpy() | (a.astype(str).str.strip()
                                               == b.astype(str).str.strip()).to_numpy()
    if what in ("score", "relevance"):
        same |= numbers_of(a.to_numpy()) == numbers_of(b.to_numpy())
    check.report(~same, lambda i: f"columns {first!r} ({shown(a.iat[i])}) and {other!r} "
                                  f"({shown(b.iat[i])}) both give the {what} and disagree: "
                                  f"which is meant is not clear; drop one of them")


def passage_twice(columns: Sequence[str]) -> str | None:
    """The message refusing a table whose columns give the passage twice (more than two of
    offset, length, start, end: perhaps two different passages), else None; the one rule of
    run and qrels tables and of span inputs."""
    given = [c for c in ("offset", "length", "start", "end") if c in columns]
    if len(given) <= 2:
        return None
    return (f"columns {', '.join(given)} give the passage twice: which is meant is not clear; "
            "keep one pair: start and end (end exclusive), start and length, or offset and "
            "length")


def span_columns(frame: pd.DataFrame) -> tuple[str, str, bool] | None:
    """The passage columns: ``(offset, length, False)``, ``(start, end, True)`` (end
    exclusive), ``(start, length, False)`` (as in span files, ir_datasets) or None; a table
    holds elements (a path column) or passages, not both."""
    given = [c for c in ("offset", "length", "start", "end") if c in frame.columns]
    spans = ("offset", "length", False) if {"offset", "length"} <= set(given) else \
        ("start", "end", True) if {"start", "end"} <= set(given) else \
        ("start", "length", False) if {"start", "length"} <= set(given) else None
    if given and spans is None:
        raise UsageError(f"column {given[0]!r} needs its partner: passages are given by "
                         "offset and length, start and end (end exclusive), or start and "
                         "length")
    if (twice := passage_twice(given)) is not None:
        raise UsageError(twice)
    path = column(frame, PATH, "path", required=False)
    if spans is not None and path is not None:
        raise UsageError(f"the table has both a {path!r} column and passage columns "
                         f"({spans[0]}, {spans[1]}): a table holds elements or passages; "
                         "drop one")
    return spans


def listed(frame: pd.DataFrame, index: Any = None) -> str:
    """The columns of a table refused for lacking one, with the hints of a known name in
    another case (:func:`~sdreval.io.table_syntax.case_hint`) and of a named DataFrame index
    (``index``, default the frame's: :func:`~sdreval.io.table_syntax.index_hint`); every
    message of a missing column or key lists them so."""
    return ((", ".join(map(str, frame.columns)) or "none") + case_hint(frame.columns)
            + index_hint(frame.index if index is None else index))


def checker(frame: pd.DataFrame, source: str, log: ProblemLog,
             where: Callable[[int], str] | None = None, table: Any = None) -> Checker:
    """The :class:`Checker` of a table's rows: ``table`` (a :class:`sdreval.io.table_model.Table`,
    a file's rows) reports at ``file:line``, a DataFrame at ``row <label>`` (or ``where``)."""
    if frame.columns.duplicated().any():
        raise UsageError("the table has repeated column names: "
                         + ", ".join(map(str, frame.columns[frame.columns.duplicated()])))
    if table is not None:
        return table.checker(log)
    labels = frame.index
    return Checker(source, log, where or (lambda i: row_place(labels[i])))


def row_place(label: Any) -> str:
    """Where a row of a table (DataFrame, records) is, in messages: ``row <index label>``."""
    return f"row {label}"


def as_frame(source: Any) -> pd.DataFrame | None:
    """A DataFrame from a column dict (``{"topic": [...], ...}``); None when ``source`` is
    none (its callers, the dict readers, get DataFrames and records read elsewhere)."""
    if isinstance(source, dict) and source and all(
            isinstance(v, (list, tuple, np.ndarray, pd.Series)) for v in source.values()) and \
            any(k in source for k in TOPIC):
        try:
            return pd.DataFrame(source)
        except (TypeError, ValueError) as error:
            raise UsageError(f"cannot make a table of the column dict: {error}") from None
    return None


def records_frame(items: Any, positional: Sequence[str]) -> pd.DataFrame:
    """Records (any iterable) -> DataFrame: dicts by key, namedtuples by field, plain tuples by
    position (``positional`` names their columns, as in ir_measures); a DataFrame as it is."""
    if isinstance(items, pd.DataFrame):
        return items
    rows = list(items)
    if not rows:
        return pd.DataFrame({c: [] for c in positional})
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
