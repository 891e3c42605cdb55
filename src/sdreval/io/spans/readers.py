"""Span qrels, span runs, chunk maps and chunk-ID runs -> sdreval's passage model.

* span qrels ``{query_id, doc_id, start, end, relevance[, unit]}``: half-open offsets; each
  record with ``relevance > 0`` is one gold span, stored as a highlighted range of
  :class:`~sdreval.judgements.qrels.DocPassages` (qrels scale ``fol``, as FOL qrels), so the
  Focused and HiXEval measures read them unchanged; ``relevance <= 0`` marks the document
  judged with nothing relevant.  Grades are kept (``DocPassages.grades``) for the graded
  measures (SpanNDCG, SpanDocNDCG); the other character measures are binary.
* span runs ``{query_id, doc_id, start, end, score | rank[, unit]}``: with a ``rank`` key,
  in file order (ranks going down: one warning per query; ``--order rank`` sorts); with
  scores only, by ``score`` descending, ties by document id, start, end descending
  (trec_eval's order; the rule of :mod:`sdreval.model.ordering`, shared with DataFrames).
  Overlapping spans are normal (chunkers overlap): the run is marked ``overlap_expected`` and
  the Focused task's overlap warning is not given (``--strict`` still applies the rule).
* chunk map ``{chunk_id, doc_id, start, end[, unit]}`` and chunk runs ``{query_id, chunk_id,
  score | rank}`` (JSONL/CSV/Parquet) or TREC ``qid Q0 chunk_id rank score run-id`` (a TREC
  run has ranks: file order, as every TREC run; ``--order rsv`` is trec_eval's order, ties by
  chunk id descending): each chunk id becomes its span.

Errors (file:line, the row is not used; ids, offsets and numbers by the rules of every table,
:mod:`sdreval.io.table_checks`): a missing key, a missing id, an offset that is not a
non-negative integer, ``end < start``, a non-numeric score or rank, an unknown unit, a chunk id
absent from the chunk map, a chunk id mapped twice to different spans, a span beyond the end
of its document (documents given), a gold span given twice with different grades.  Warnings:
an empty span (kept in runs, dropped from qrels), a gold span repeated with the same grade
(ignored, but counted by ``--compat chroma``'s measures, as Chroma's code does), a document
missing from the documents file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ...errors import ProblemLog
from ...judgements.qrels import Qrels
from ...lazy import lazy_module
from ...model.run import Run
from ..frames import table_run
from ..frame_qrels import passage_judgements
from ..table_checks import Checker, span_values
from ..textlines import finish, given_log
from .documents import DOCUMENT_KEYS, UNITS, Documents, to_characters, unit_values
from .fields import canonical_table
from .objects import records, result_rows
from ..table_model import Table
from ..tables import load_table, run_name, table_from_frame

if TYPE_CHECKING:
    from .chunks import ChunkMap

pd = lazy_module("pandas")

# ------------------------------------------------------------------------ keys and checks

#: the keys each span input needs (RAG tools' names are mapped on them first:
#: :mod:`sdreval.io.spans.fields`)
SPAN_FORMATS = {
    "span-qrels": ("query_id", "doc_id", "start", "end", "relevance"),
    "span-run": ("query_id", "doc_id", "start", "end"),
    "chunk-run": ("query_id", "chunk_id"),
    "chunk-map": ("chunk_id", "doc_id", "start", "end"),
    "documents": DOCUMENT_KEYS,
}


def unit_column(table: Table, check: Checker) -> np.ndarray | None:
    """The unit of each row (None: all characters)."""
    values = unit_values(table.frame)
    if values is None:
        return None
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
                               rows, table, check.log)
    rows = rows[fine]
    return ids, Spans(rows, ids["query_id"][rows] if "query_id" in ids else None,
                      docs[fine], s[fine], e[fine])


def score_or_rank(table: Table, check: Checker
                  ) -> tuple[np.ndarray | None, np.ndarray | None]:
    """The scores and ranks of a run's rows (one may be None, never both: a retrieved list
    without either is ranked by row order, :func:`sdreval.io.spans.fields.canonical_table`)."""
    frame = table.frame
    # ranks as in a TREC chunk run (a document layout: 0-based ranks accepted)
    rank = check.ranks(frame["rank"].to_numpy(), "rank", 0) if "rank" in frame.columns \
        else None
    score = check.floats(frame["score"].to_numpy(), "score") \
        if "score" in frame.columns else None
    return score, rank


def as_table(data, name: str) -> Table:
    if isinstance(data, Table):
        return data
    if not isinstance(data, pd.DataFrame):
        data = pd.DataFrame.from_records(records(result_rows(data), None))
    return table_from_frame(data, name)


def built(build, table_of, log: ProblemLog | None, *args):
    """``build(table, log, *args)`` with the common log policy: without a caller's log every
    error is raised at the end and warnings are issued (:func:`~sdreval.io.textlines.finish`)."""
    log, own = given_log(log)
    result = build(table_of(log), log, *args)
    finish(log, own)
    return result


# ---------------------------------------------------------------------------------- qrels

def span_qrels_from_table(table: Table, log: ProblemLog, documents: Documents | None = None,
                          occurrences: str = "all") -> Qrels:
    """Span qrels from a loaded table (see the module docstring; RAG tools' keys and gold
    given as text: :mod:`sdreval.io.spans.fields`)."""
    table = canonical_table(table, documents, log, "gold", occurrences)
    table.require(SPAN_FORMATS["span-qrels"], "span qrels", log)
    check = table.checker(log)
    relevance = check.floats(table.frame["relevance"].to_numpy(), "relevance")
    ids, spans = span_rows(table, check, documents, ("query_id", "doc_id"))
    offsets = np.full(len(table.frame), -1, dtype=np.int64)
    lengths, keep = offsets.copy(), np.zeros(len(offsets), dtype=bool)
    offsets[spans.rows], lengths[spans.rows] = spans.starts, spans.ends - spans.starts
    keep[spans.rows] = True
    texts = {} if documents is None else documents.texts
    qrels = passage_judgements(check, ids["query_id"], ids["doc_id"], offsets, lengths,
                               relevance, keep, doc_length=lambda doc: len(texts[doc])
                               if doc in texts else None, ends=True)
    if not qrels.topics and not log.errors:
        log.warn(table.file, None, "the span qrels hold no judgements")
    return qrels


def read_span_qrels(path: str | Path, log: ProblemLog | None = None,
                    documents: Documents | None = None) -> Qrels:
    """Read span qrels from JSONL, CSV/TSV or Parquet."""
    return built(span_qrels_from_table, lambda log_: load_table(path, log_), log, documents)


@dataclass
class ChunkRun(Run):
    """A chunk-ID run mapped onto spans; ``chunk_ids[topic]`` are the ids in rank order;
    ``chunk_map``: the chunking its chunks come from (None if from several)."""

    chunk_ids: dict = field(default_factory=dict)
    chunk_map: "ChunkMap | None" = None


def ranked_run(table: Table, spans: Spans, check: Checker, name: str | None,
               score: np.ndarray | None, rank: np.ndarray | None,
               chunk_ids: np.ndarray | None = None) -> Run:
    """The run of the rows (queries in order of first appearance), ranked by the rule of
    every table (:func:`~sdreval.io.frames.table_run`; module docstring), ties by chunk id
    in chunk runs."""
    rows, (codes, uniques) = spans.rows, pd.factorize(spans.topics, sort=False)
    run, order = table_run(check, run_name(table, name), codes, list(uniques), spans.docs,
                           "passage", None if score is None else score[rows],
                           None if rank is None else rank[rows], None, spans.starts,
                           spans.ends - spans.starts, Run if chunk_ids is None else ChunkRun,
                           rows, None if chunk_ids is None else (chunk_ids,),
                           labels=chunk_ids, ends=True, overlap_expected=True)
    if chunk_ids is not None:
        ranked, edges = chunk_ids[order], np.cumsum([0] + [len(r) for r in run.topics.values()])
        run.chunk_ids = {t: ranked[lo:hi] for t, lo, hi in zip(run.topics, edges, edges[1:])}
    return run


def span_run_from_table(table: Table, log: ProblemLog, documents: Documents | None = None,
                        name: str | None = None, occurrences: str = "error") -> Run:
    """A span run from a loaded table (see the module docstring; RAG tools' keys and chunks
    given as text: :mod:`sdreval.io.spans.fields`)."""
    table = canonical_table(table, documents, log, "retrieved", occurrences)
    table.require(SPAN_FORMATS["span-run"], "span runs", log)
    check = table.checker(log)
    score, rank = score_or_rank(table, check)
    _, spans = span_rows(table, check, documents, ("query_id", "doc_id"))
    return ranked_run(table, spans, check, name, score, rank)


def read_span_run(path: str | Path, log: ProblemLog | None = None,
                  documents: Documents | None = None, name: str | None = None) -> Run:
    """Read a span run from JSONL, CSV/TSV or Parquet."""
    return built(span_run_from_table, lambda log_: load_table(path, log_), log, documents,
                  name)


# ------------------------------------------------------------------------------------- API

def span_qrels_from_frame(data, documents: Documents | None = None,
                          log: ProblemLog | None = None, occurrences: str = "all") -> Qrels:
    """Span qrels from a DataFrame or a list of records (dicts); problems name the row by
    its index label (``row 3: ...``).
    ``occurrences``: the rule for a gold text found more than once (``all``, ``first`` or
    ``error``; :mod:`sdreval.io.spans.locate`)."""
    return built(span_qrels_from_table, lambda _: as_table(data, "(span qrels)"), log,
                  documents, occurrences)


def span_run_from_frame(data, name: str | None = None, documents: Documents | None = None,
                        log: ProblemLog | None = None, occurrences: str = "error") -> Run:
    """A span run from a DataFrame or a list of records (dicts); problems name the row by
    its index label (``row 3: ...``).
    ``occurrences``: the rule for a chunk text found more than once (``error``, ``first`` or
    ``all``; :mod:`sdreval.io.spans.locate`)."""
    return built(span_run_from_table, lambda _: as_table(data, f"({name or 'run'})"), log,
                 documents, name, occurrences)
