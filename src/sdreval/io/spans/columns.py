"""The checks of span tables (span qrels, span runs, chunk maps, chunk-ID runs): required
keys and units here; ids, offsets and numbers by the rules of every table
(:mod:`sdreval.io.table_checks`), each bad row reported as ``file:line`` and left out (the
rules listed in :mod:`sdreval.io.spans.readers`)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...errors import InputError, ProblemLog
from ...lazy import lazy_module
from ..table_checks import Checker, span_values
from ..textlines import finish
from .documents import UNITS, Documents, to_characters
from .tables import Table, table_from_frame

pd = lazy_module("pandas")

#: the keys each span input needs (RAG tools' names are mapped on them first:
#: :mod:`sdreval.io.spans.fields`)
SPAN_FORMATS = {
    "span-qrels": ("query_id", "doc_id", "start", "end", "relevance"),
    "span-run": ("query_id", "doc_id", "start", "end"),
    "chunk-run": ("query_id", "chunk_id"),
    "chunk-map": ("chunk_id", "doc_id", "start", "end"),
    "documents": ("doc_id", "text"),
}


def require(table: Table, kind: str, what: str, log: ProblemLog) -> None:
    """Refuse a table without the keys of ``kind`` (:data:`SPAN_FORMATS`)."""
    keys = SPAN_FORMATS[kind]
    missing = [k for k in keys if k not in table.frame.columns]
    if missing and log.error_count:  # e.g. lines that are not JSON: those errors say why
        log.raise_if_errors()
    if missing:
        raise InputError(f"{what} need the keys {', '.join(keys)} (missing: "
                         f"{', '.join(missing)}; found: {', '.join(map(str, table.frame.columns))})",
                         table.file)


def unit_column(table: Table, check: Checker) -> np.ndarray | None:
    """The unit of each row (None: all characters)."""
    if "unit" not in table.frame.columns:
        return None
    column = table.frame["unit"]
    values = column.fillna("chars").astype(str).str.lower().to_numpy(dtype=object)
    ok = np.isin(values, UNITS)
    check.report(~ok, lambda i: f"unit {values[i]!r} is not one of {', '.join(UNITS)}")
    return None if np.all(values[ok] == "chars") else values


@dataclass
class Spans:
    """Validated span rows of a table (rows that failed are dropped)."""

    rows: np.ndarray      # indices into the table
    topics: np.ndarray | None
    docs: np.ndarray
    starts: np.ndarray
    ends: np.ndarray


def span_rows(table: Table, check: Checker, documents: Documents | None,
              id_keys: tuple[str, ...]) -> tuple[dict[str, np.ndarray], Spans]:
    """Ids, offsets (converted to characters) and the rows without an error so far."""
    frame = table.frame
    ids = {key: check.ids(frame[key].to_numpy(), key) for key in id_keys}
    starts, lengths = span_values(frame, ("start", "end", True), check)
    units = unit_column(table, check)
    rows = np.flatnonzero(check.kept(len(frame)))
    docs = ids["doc_id"][rows]
    s, e, fine = to_characters(docs, starts[rows], starts[rows] + lengths[rows],
                               None if units is None else units[rows], documents,
                               table.lines[rows], table, check.log)
    rows = rows[fine]
    return ids, Spans(rows, ids["query_id"][rows] if "query_id" in ids else None,
                      docs[fine], s[fine], e[fine])


def run_name(table: Table) -> str:
    for key in ("run_id", "run"):
        if key in table.frame.columns and len(table.frame):
            return str(table.frame[key].iloc[0])
    return Path(table.file).stem if not table.file.startswith("(") else "run"


def score_or_rank(table: Table, check: Checker
                  ) -> tuple[np.ndarray | None, np.ndarray | None]:
    frame = table.frame
    if "score" not in frame.columns and "rank" not in frame.columns:
        raise InputError("a run needs a score or a rank key", table.file)
    # ranks as in a TREC chunk run (a document layout: 0-based ranks accepted)
    rank = check.ranks(frame["rank"].to_numpy(), "rank", 0) if "rank" in frame.columns \
        else None
    score = check.floats(frame["score"].to_numpy(), "score") \
        if "score" in frame.columns else None
    return score, rank


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
