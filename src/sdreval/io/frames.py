"""Runs from tables: pandas DataFrames, records (dicts or namedtuples), column dicts and
nested ``{topic: {unit: value}}`` dicts (:mod:`sdreval.io.interop` makes them tables), validated
by the rules of the file readers (:mod:`sdreval.io.table_checks`).  As in files, a repeated
result is a warning and is kept; the order of a topic's results is the one rule of files,
tables and dicts (docs/inputs.md, "Run order"; :mod:`sdreval.model.ordering`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..errors import ProblemLog, UsageError
from ..lazy import lazy_module
from ..model.ordering import grouped_order, trec_order
from ..model.result_rules import (disorder_message, overlapping_rows, rank_disorder,
                                  repeat_message, repeated_rows)
from ..model.run import Filled, Run, Unit
from .run_topics import range_text, result_text
from .table_checks import (Checker, checker, chosen_run_name, column, listed, single_run_name,
                           span_columns, span_values)
from .table_syntax import DOC, PATH, SCORE, TOPIC
from .tables import run_name
from .textlines import finish, given_log
from .trec_lines import DOCUMENT_PATH

pd = lazy_module("pandas")  # imported on first use: span files met by detection need none


def table_run(check: Checker, name: str, codes: np.ndarray, names: Sequence[str],
              docs: np.ndarray, unit: Unit, scores: np.ndarray | None,
              ranks: np.ndarray | None, paths: np.ndarray | None, offsets: np.ndarray | None,
              lengths: np.ndarray | None, make: type[Run] = Run, rows: np.ndarray | None = None,
              ties: tuple[np.ndarray, ...] | None = None, repeats: bool = True,
              overlaps: bool = False, labels: np.ndarray | None = None,
              ends: bool = False, **fields: Any) -> tuple[Run, np.ndarray]:
    """The run (``make.from_columns``: shared columns, as the file readers') of a table's
    validated rows, and their order, by the rules of a TREC run's lines: repeated results,
    ranks going down (one per topic), passages of length 0 (one) and, with ``overlaps``
    (passage tables: span runs overlap by design), overlapping passages are warnings, kept.
    ``codes`` index ``names`` (topics in that order, those without rows kept empty); each
    topic in the order of every run (docs/inputs.md, "Run order"): row order with ranks, else
    score descending, ``ties`` descending (trec_eval's order; by default the ids); without
    ranks the rows are ranked 1, 2, ..., without scores the RSV is minus the rank.  ``rows``:
    the table row of each result (increasing; all rows by default); ``labels``: the ids the
    rows give their results (chunk ids), named in the messages; ``ends``: the rows gave start
    and end, so messages name a range ``start-end`` (else ``offset:length``)."""
    at = np.arange(len(docs)) if rows is None else rows
    of = (lambda row: int(np.searchsorted(at, row)))  # a table row's result
    repeated = np.zeros(len(docs), dtype=bool)
    if repeats:
        keys = [codes, pd.factorize(docs)[0]]
        if paths is not None:
            keys.append(pd.factorize(paths)[0])
        if offsets is not None:
            keys += [offsets, lengths]  # type: ignore[list-item]
        repeated, first = repeated_rows(tuple(keys))
        def named(i: int) -> str:
            text = result_text(docs, paths, offsets, lengths, i, ends)
            return text if labels is None else f"{labels[i]} ({text})"

        check.warn(at[repeated], lambda r: f"topic {names[codes[of(r)]]}: " + repeat_message(
            named(of(r)), check.before(int(at[first[of(r)]]), int(r))))
    if overlaps and offsets is not None and len(docs):
        doc_codes = pd.factorize(docs)[0].astype(np.int64)
        topic_doc = np.asarray(codes, dtype=np.int64) * (int(doc_codes.max()) + 1) + doc_codes
        pairs = overlapping_rows(topic_doc, offsets, lengths, repeated)
        for i, other in pairs:
            check.warn([at[i]], lambda _: f"topic {names[codes[i]]}: passage "
                       f"{result_text(docs, None, offsets, lengths, i, ends)} overlaps "
                       f"{range_text(int(offsets[other]), int(lengths[other]), ends)} "
                       f"({check.before(int(at[other]), int(at[i]))})")
    if ranks is not None:
        for i, previous, count in rank_disorder(codes, ranks):
            check.warn([at[i]], lambda _: disorder_message(
                names[codes[i]], count, ranks[i], ranks[previous], rows="row"))
    if ties is None:
        ties = (docs,) if paths is None else (docs, paths)
        ties = ties if offsets is None else (docs, offsets, lengths)  # type: ignore[assignment]
    order = grouped_order(codes) if ranks is not None else trec_order(scores, ties, codes)
    if lengths is not None:  # passages of length 0: kept, said once (as a TREC run's lines)
        empty = np.flatnonzero(np.asarray(lengths)[order] == 0)
        if empty.size:
            check.warn([at[order[empty[0]]]], lambda _: f"{empty.size} empty retrieved span(s) "
                       "(kept: they take a rank and retrieve nothing)")
    counts = np.bincount(np.asarray(codes, dtype=np.int64), minlength=len(names))
    bounds = np.concatenate(([0], np.cumsum(counts)))
    ranked = (np.arange(1, len(order) + 1, dtype=np.int64) - np.repeat(bounds[:-1], counts)
              if ranks is None else np.asarray(ranks, dtype=np.int64)[order])
    none = Filled(-1, np.int64)
    path = Filled(None) if unit == "passage" else (
        Filled(DOCUMENT_PATH) if paths is None else paths[order])
    return make.from_columns(
        name, {str(t): i for i, t in enumerate(names)}, bounds, docs[order], path,
        none if offsets is None else offsets[order], none if lengths is None else lengths[order],
        ranked, -ranked.astype(np.float64) if scores is None else scores[order], unit,
        check.source, **fields), order


def run_from_table(frame: pd.DataFrame, name: str | None = None, source: str = "(DataFrame)",
                   log: ProblemLog | None = None, where: Callable[[int], str] | None = None,
                   topics: tuple[np.ndarray, list[str]] | None = None, table: Any = None,
                   named: Any = ...) -> Run:
    """A run from a DataFrame (columns: docs/inputs.md); ``where(i)`` names row ``i`` in
    messages (default ``row <index label>``; ``table``: the
    :class:`~sdreval.io.table_model.Table` of a file, whose rows are named ``file:line``).
    ``topics``: ``(codes, names)`` when the caller holds the rows' topics already, checked
    as ids (a nested dict: no topic column; topics without rows are kept, empty, in the order
    of ``names``).
    ``named``: the run the run column names when the caller has read it
    (:func:`~sdreval.io.table_checks.single_run_name`), not read again."""
    log, own = given_log(log)
    errors_before = log.error_count  # (a log that lists problems as found keeps none)
    check = checker(frame, source, log, where, table)
    name = run_name(table, name) if table is not None else chosen_run_name(
        name, single_run_name(frame, source) if named is ... else named)[0]
    topic = None if topics is not None else column(frame, TOPIC, "topic", check=check)
    doc = column(frame, DOC, "document", check=check)
    score = column(frame, SCORE, "score", False, check)
    rank = column(frame, ("rank",), "rank", required=False)
    path = column(frame, PATH, "path", False, check)
    if score is None and rank is None:
        raise UsageError("a run table needs a score (or rsv) or a rank column; columns: "
                         + listed(frame))
    spans = span_columns(frame)
    topic_ids = None if topic is None else check.ids(frame[topic].to_numpy(), topic)
    docs = check.ids(frame[doc].to_numpy(), doc)
    scores = check.floats(frame[score].to_numpy(), score) if score else None
    offsets = lengths = paths = None
    if spans is not None:
        offsets, lengths = span_values(frame, spans, check)
        unit: Unit = "passage"
    elif path is not None:
        paths = check.xpaths(frame[path].to_numpy(), path)
        unit = "element"
    else:
        unit = "document"
    ranks = check.ranks(frame[rank].to_numpy(), rank, 0 if unit == "document" else 1) \
        if rank else None
    if log.error_count > errors_before:
        finish(log, own)
        log.raise_if_errors()
    codes, names = pd.factorize(topic_ids, sort=False) if topics is None else topics
    run = table_run(check, name, codes, list(names), docs, unit, scores, ranks, paths, offsets,
                    lengths, repeats=unit != "document" or topics is None,  # dict keys differ
                    overlaps=unit == "passage", ends=spans is not None and spans[2])[0]
    finish(log, own)
    return run
