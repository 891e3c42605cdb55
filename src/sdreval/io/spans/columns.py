"""The checks of span tables (span qrels, span runs, chunk maps, chunk-ID runs): required
keys, ids, integer offsets, numbers and units, each bad row reported as ``file:line`` and left
out (the rules listed in :mod:`sdreval.io.spans.readers`)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...errors import InputError, ProblemLog
from ...lazy import lazy_module
from ..table_checks import finite_values, id_text, integer_values
from ..textlines import finish
from .documents import UNITS, Documents, to_characters
from .tables import Table, table_from_frame

pd = lazy_module("pandas")

QRELS_KEYS = ("query_id", "doc_id", "start", "end", "relevance")
RUN_KEYS = ("query_id", "doc_id", "start", "end")
CHUNK_RUN_KEYS = ("query_id", "chunk_id")
CHUNK_MAP_KEYS = ("chunk_id", "doc_id", "start", "end")
MAX_OFFSET = 1 << 32  # one document's band on the character line of the passage kernels


def require(table: Table, keys: tuple[str, ...], what: str, log: ProblemLog) -> None:
    missing = [k for k in keys if k not in table.frame.columns]
    if missing and log.error_count:  # e.g. lines that are not JSON: those errors say why
        log.raise_if_errors()
    if missing:
        raise InputError(f"{what} need the keys {', '.join(keys)} (missing: "
                         f"{', '.join(missing)}; found: {', '.join(map(str, table.frame.columns))})",
                         table.file)


def report(table: Table, bad: np.ndarray, log: ProblemLog, message) -> None:
    """One error per bad row; ``message(i)`` describes row ``i``."""
    for i in np.flatnonzero(bad):
        log.error(table.file, int(table.lines[i]), message(i))


def id_column(table: Table, key: str, log: ProblemLog) -> tuple[np.ndarray, np.ndarray]:
    """Ids as text by the rule of every table (:func:`~sdreval.io.table_checks.id_text`),
    converted once per distinct id; a missing or empty one is an error."""
    codes, uniques = pd.factorize(table.frame[key])
    names, blank = id_text(np.asarray(uniques))
    values = np.append(names, "").astype(object)[codes]
    missing = np.append(blank, True)[codes]
    report(table, missing, log, lambda i: f"{key} is missing" if codes[i] < 0 else
           f"{key} {values[i]!r} is empty")
    return values, ~missing


def shown(value) -> str:
    """A value as the user wrote it: ``5.5``, ``'x'``, ``True`` (not ``np.float64(5.5)``)."""
    return repr(value.item() if isinstance(value, np.generic) else value)


def int_column(table: Table, key: str, log: ProblemLog,
               what: str = "a non-negative integer below 2^32", minimum: int = 0,
               maximum: int = MAX_OFFSET) -> tuple[np.ndarray, np.ndarray]:
    """Integer column ``key`` in ``[minimum, maximum)``
    (:func:`~sdreval.io.table_checks.integer_values`)."""
    raw = table.frame[key].to_numpy()
    values, bad = integer_values(raw, minimum, maximum)
    report(table, bad, log, lambda i: f"{key} {shown(raw[i])} is not {what}")
    return values, ~bad


def number_column(table: Table, key: str, log: ProblemLog) -> tuple[np.ndarray, np.ndarray]:
    """Finite numbers (:func:`~sdreval.io.table_checks.finite_values`)."""
    raw = table.frame[key].to_numpy()
    values, bad = finite_values(raw)
    report(table, bad, log, lambda i: f"{key} {shown(raw[i])} is not a finite number")
    return values, ~bad


def unit_column(table: Table, log: ProblemLog) -> tuple[np.ndarray | None, np.ndarray]:
    if "unit" not in table.frame.columns:
        return None, np.ones(len(table.frame), dtype=bool)
    column = table.frame["unit"]
    values = column.fillna("chars").astype(str).str.lower().to_numpy(dtype=object)
    ok = np.isin(values, UNITS)
    report(table, ~ok, log, lambda i: f"unit {values[i]!r} is not one of {', '.join(UNITS)}")
    if np.all(values[ok] == "chars"):
        return None, ok
    return values, ok


@dataclass
class Spans:
    """Validated span rows of a table (rows that failed are dropped)."""

    rows: np.ndarray      # indices into the table
    topics: np.ndarray | None
    docs: np.ndarray
    starts: np.ndarray
    ends: np.ndarray


def span_rows(table: Table, log: ProblemLog, documents: Documents | None, id_keys: tuple[str, ...],
           ok: np.ndarray) -> tuple[dict[str, np.ndarray], Spans]:
    """Ids, offsets (converted to characters) and the rows that are fine."""
    ids = {}
    for key in id_keys:
        ids[key], good = id_column(table, key, log)
        ok &= good
    starts, good_s = int_column(table, "start", log)
    ends, good_e = int_column(table, "end", log)
    ok &= good_s & good_e
    reversed_ = ok & (ends < starts)
    report(table, reversed_, log, lambda i: f"end {ends[i]} is before start {starts[i]}")
    ok &= ~reversed_
    units, good_u = unit_column(table, log)
    ok &= good_u
    rows = np.flatnonzero(ok)
    docs = ids["doc_id"][rows]
    s, e, fine = to_characters(docs, starts[rows], ends[rows],
                               None if units is None else units[rows], documents,
                               table.lines[rows], table.file, log)
    rows = rows[fine]
    return ids, Spans(rows, ids["query_id"][rows] if "query_id" in ids else None,
                      docs[fine], s[fine], e[fine])


def run_name(table: Table) -> str:
    for key in ("run_id", "run"):
        if key in table.frame.columns and len(table.frame):
            return str(table.frame[key].iloc[0])
    return Path(table.file).stem if not table.file.startswith("(") else "run"


def score_or_rank(table: Table, log: ProblemLog, ok: np.ndarray
                   ) -> tuple[np.ndarray | None, np.ndarray | None]:
    columns = table.frame.columns
    if "rank" in columns:
        rank, good = int_column(table, "rank", log, "an integer", minimum=-(1 << 62),
                               maximum=1 << 62)
        ok &= good
        return None if "score" not in columns else number_column(table, "score", log)[0], rank
    if "score" in columns:
        score, good = number_column(table, "score", log)
        ok &= good
        return score, None
    raise InputError("a run needs a score or a rank key", table.file)


def as_table(data, name: str) -> Table:
    if isinstance(data, Table):
        return data
    if isinstance(data, pd.DataFrame):
        return table_from_frame(data, name)
    return table_from_frame(pd.DataFrame.from_records(list(data)), name)


def built(build, table_of, log: ProblemLog | None, *args):
    """``build(table, log, *args)`` with the common log policy: without a caller's log every
    error is raised at the end and warnings are issued (:func:`~sdreval.io.textlines.finish`)."""
    own = log is None
    log = log if log is not None else ProblemLog()
    result = build(table_of(log), log, *args)
    finish(log, own)
    return result
