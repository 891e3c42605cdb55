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

Errors (file:line, the row is not used): a missing key, a missing id, an offset that is not a
non-negative integer, ``end < start``, a non-numeric score or rank, an unknown unit, a chunk id
absent from the chunk map, a chunk id mapped twice to different spans, a span beyond the end
of its document (documents given).  Warnings: an empty span (kept in runs, dropped from
qrels), a repeated gold span (ignored), a document missing from the documents file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ...errors import InputError, ProblemLog
from ...judgements.qrels import DocPassages, Qrels
from ...lazy import lazy_module
from ...model.ordering import grouped_order, trec_order
from ...model.result_rules import disorder_message, rank_disorder
from ...model.run import Ranking, Run
from ..textlines import finish
from .documents import UNITS, Documents, to_characters
from .fields import canonical_table
from .tables import Table, data_line_numbers, load_table, table_from_frame

pd = lazy_module("pandas")

QRELS_KEYS = ("query_id", "doc_id", "start", "end", "relevance")
RUN_KEYS = ("query_id", "doc_id", "start", "end")
CHUNK_RUN_KEYS = ("query_id", "chunk_id")
CHUNK_MAP_KEYS = ("chunk_id", "doc_id", "start", "end")
MAX_OFFSET = 1 << 32  # one document's band on the character line of the passage kernels


def _require(table: Table, keys: tuple[str, ...], what: str, log: ProblemLog) -> None:
    missing = [k for k in keys if k not in table.frame.columns]
    if missing and log.error_count:  # e.g. lines that are not JSON: those errors say why
        log.raise_if_errors()
    if missing:
        raise InputError(f"{what} need the keys {', '.join(keys)} (missing: "
                         f"{', '.join(missing)}; found: {', '.join(map(str, table.frame.columns))})",
                         table.file)


def _report(table: Table, bad: np.ndarray, log: ProblemLog, message) -> None:
    """One error per bad row; ``message(i)`` describes row ``i``."""
    for i in np.flatnonzero(bad):
        log.error(table.file, int(table.lines[i]), message(i))


def _ids(table: Table, key: str, log: ProblemLog) -> tuple[np.ndarray, np.ndarray]:
    column = table.frame[key]
    codes, uniques = pd.factorize(column)  # one Python string per distinct id, not per row
    if uniques.dtype.kind == "f":  # ids read as numbers: 1.0 -> "1"
        names = [str(int(v)) if float(v).is_integer() else str(v) for v in uniques]
    else:
        names = [str(v) for v in uniques]
    missing = codes < 0
    values = np.asarray(names + [""], dtype=object)[codes]
    _report(table, missing, log, lambda i: f"{key} is missing")
    return values, ~missing


def shown(value) -> str:
    """A value as the user wrote it: ``5.5``, ``'x'``, ``True`` (not ``np.float64(5.5)``)."""
    return repr(value.item() if isinstance(value, np.generic) else value)


def _integers(table: Table, key: str, log: ProblemLog,
              what: str = "a non-negative integer below 2^32", minimum: int = 0,
              maximum: int = MAX_OFFSET) -> tuple[np.ndarray, np.ndarray]:
    """Integer column ``key`` in ``[minimum, maximum)``; booleans (JSON ``true``) are refused."""
    column = table.frame[key]
    if column.dtype.kind in "iu":
        values = column.to_numpy(dtype=np.int64)
        ok = (values >= minimum) & (values < maximum)
    elif column.dtype.kind == "b":
        values, ok = np.zeros(len(column), dtype=np.int64), np.zeros(len(column), dtype=bool)
    else:
        numbers = pd.to_numeric(column, errors="coerce").to_numpy(dtype=np.float64)
        with np.errstate(invalid="ignore"):
            ok = np.isfinite(numbers) & (numbers == np.floor(numbers)) & (numbers >= minimum) \
                & (numbers < maximum)
        if column.dtype == object:  # mixed JSON values: true/false are not numbers
            ok &= ~column.map(lambda v: isinstance(v, (bool, np.bool_))).to_numpy(dtype=bool)
        values = np.where(ok, numbers, 0).astype(np.int64)
    raw = column.to_numpy()
    _report(table, ~ok, log, lambda i: f"{key} {shown(raw[i])} is not {what}")
    return values, ok


def _numbers(table: Table, key: str, log: ProblemLog) -> tuple[np.ndarray, np.ndarray]:
    column = table.frame[key]
    numbers = pd.to_numeric(column, errors="coerce").to_numpy(dtype=np.float64)
    ok = np.isfinite(numbers)
    raw = column.to_numpy()
    _report(table, ~ok, log, lambda i: f"{key} {shown(raw[i])} is not a finite number")
    return np.where(ok, numbers, 0.0), ok


def _units(table: Table, log: ProblemLog) -> tuple[np.ndarray | None, np.ndarray]:
    if "unit" not in table.frame.columns:
        return None, np.ones(len(table.frame), dtype=bool)
    column = table.frame["unit"]
    values = column.fillna("chars").astype(str).str.lower().to_numpy(dtype=object)
    ok = np.isin(values, UNITS)
    _report(table, ~ok, log, lambda i: f"unit {values[i]!r} is not one of {', '.join(UNITS)}")
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


def _spans(table: Table, log: ProblemLog, documents: Documents | None, id_keys: tuple[str, ...],
           ok: np.ndarray) -> tuple[dict[str, np.ndarray], Spans]:
    """Ids, offsets (converted to characters) and the rows that are fine."""
    ids = {}
    for key in id_keys:
        ids[key], good = _ids(table, key, log)
        ok &= good
    starts, good_s = _integers(table, "start", log)
    ends, good_e = _integers(table, "end", log)
    ok &= good_s & good_e
    reversed_ = ok & (ends < starts)
    _report(table, reversed_, log, lambda i: f"end {ends[i]} is before start {starts[i]}")
    ok &= ~reversed_
    units, good_u = _units(table, log)
    ok &= good_u
    rows = np.flatnonzero(ok)
    docs = ids["doc_id"][rows]
    s, e, fine = to_characters(docs, starts[rows], ends[rows],
                               None if units is None else units[rows], documents,
                               table.lines[rows], table.file, log)
    rows = rows[fine]
    return ids, Spans(rows, ids["query_id"][rows] if "query_id" in ids else None,
                      docs[fine], s[fine], e[fine])


# ---------------------------------------------------------------------------------- qrels

def span_qrels_from_table(table: Table, log: ProblemLog, documents: Documents | None = None,
                          occurrences: str = "all") -> Qrels:
    """Span qrels from a loaded table (see the module docstring; RAG tools' keys and gold
    given as text: :mod:`sdreval.io.spans.fields`)."""
    table = canonical_table(table, documents, log, "gold", occurrences)
    _require(table, QRELS_KEYS, "span qrels", log)
    relevance, ok = _numbers(table, "relevance", log)
    ids, spans = _spans(table, log, documents, ("query_id", "doc_id"), ok)
    qrels = Qrels("fol", source=table.file)
    seen: dict[tuple, int] = {}
    rel = relevance[spans.rows]
    lines = table.lines[spans.rows]
    for t, d, s, e, r, line in zip(spans.topics, spans.docs, spans.starts.tolist(),
                                   spans.ends.tolist(), rel.tolist(), lines.tolist()):
        topic = qrels.topic(t)
        dp = topic.passages.get(d)
        if dp is None:
            length = len(documents.texts[d]) if documents is not None and d in documents \
                else None
            dp = topic.passages[d] = DocPassages(d, [], 0, length, grades=[])
        if r <= 0:
            continue
        if e == s:
            log.warn(table.file, line, f"topic {t}, document {d}: empty gold span {s}-{e} "
                                       "(ignored)")
            continue
        key = (t, d, s, e)
        if key in seen:
            log.warn(table.file, line, f"topic {t}, document {d}: gold span {s}-{e} repeats "
                                       f"line {seen[key]} (ignored)")
            continue
        seen[key] = line
        dp.ranges.append((s, e - s))
        dp.grades.append(r)  # type: ignore[union-attr]
        dp.relevant_chars += e - s
    for dp in (p for tq in qrels.topics.values() for p in tq.passages.values()):
        if len(dp.ranges) > 1:  # overlapping gold spans: relchars is the union
            from ...model.passage import merge_ranges

            dp.relevant_chars = sum(n for _, n in merge_ranges(dp.ranges))
    if not qrels.topics and not log.errors:
        log.warn(table.file, None, "the span qrels hold no judgements")
    return qrels


def read_span_qrels(path: str | Path, log: ProblemLog | None = None,
                    documents: Documents | None = None) -> Qrels:
    """Read span qrels from JSONL, CSV/TSV or Parquet."""
    return _built(span_qrels_from_table, lambda log_: load_table(path, log_), log, documents)


# ------------------------------------------------------------------------------------ runs

@dataclass
class ChunkRun(Run):
    """A chunk-ID run mapped onto spans; ``chunk_ids[topic]`` are the ids in rank order;
    ``chunk_map``: the chunking its chunks come from (None if from several)."""

    chunk_ids: dict = field(default_factory=dict)
    chunk_map: "ChunkMap | None" = None


def _ranked_run(table: Table, spans: Spans, log: ProblemLog, name: str | None,
                score: np.ndarray | None, rank: np.ndarray | None,
                chunk_ids: np.ndarray | None = None) -> Run:
    """Group rows by query (first-appearance order) and rank them by the rule of
    :mod:`sdreval.model.ordering`: with a rank key, file order (ranks going down: one warning
    per query); with scores only, score descending, ties by id descending (the chunk id for
    chunk runs, else document id, start, end), as trec_eval."""
    rows = spans.rows
    codes, uniques = pd.factorize(spans.topics, sort=False)
    position = np.arange(rows.size)
    if rank is not None:
        order = grouped_order(codes)
        for row, previous, count in rank_disorder(codes, rank[rows]):
            log.warn(table.file, int(table.lines[rows[row]]), disorder_message(
                uniques[codes[row]], count, rank[rows[row]], rank[rows[previous]],
                label="query", rows="row"))
    else:
        ties = (chunk_ids,) if chunk_ids is not None else (spans.docs, spans.starts,
                                                           spans.ends)
        order = trec_order(score[rows], ties, codes)  # type: ignore[index]
    counts = np.bincount(codes, minlength=len(uniques))
    bounds = np.concatenate(([0], np.cumsum(counts)))
    docs = spans.docs[order]
    starts = spans.starts[order]
    lengths = spans.ends[order] - starts
    rsv = (score[rows][order] if score is not None
           else -rank[rows][order].astype(np.float64))  # type: ignore[index]
    paths = np.full(rows.size, None, dtype=object)
    within = position - np.repeat(bounds[:-1], counts)
    ranks = (within + 1).astype(np.int64) if rank is None else rank[rows][order].astype(np.int64)
    topics: dict[str, Ranking] = {}
    for b, topic in enumerate(uniques):
        lo, hi = bounds[b], bounds[b + 1]
        topics[str(topic)] = Ranking(docs[lo:hi], paths[lo:hi], starts[lo:hi], lengths[lo:hi],
                                     ranks[lo:hi], rsv[lo:hi], "passage")
    empty = np.flatnonzero(lengths == 0)
    if empty.size:
        line = int(table.lines[rows[order[empty[0]]]])
        log.warn(table.file, line, f"{empty.size} empty retrieved span(s) (kept: they take a "
                                   "rank and retrieve nothing)")
    if chunk_ids is None:
        return Run(name or _run_name(table), topics, "passage", table.file,
                   overlap_expected=True)
    ordered_ids = chunk_ids[order]
    ids = {str(t): ordered_ids[bounds[b]:bounds[b + 1]] for b, t in enumerate(uniques)}
    return ChunkRun(name or _run_name(table), topics, "passage", table.file,
                    overlap_expected=True, chunk_ids=ids)


def _run_name(table: Table) -> str:
    for key in ("run_id", "run"):
        if key in table.frame.columns and len(table.frame):
            return str(table.frame[key].iloc[0])
    return Path(table.file).stem if not table.file.startswith("(") else "run"


def _score_or_rank(table: Table, log: ProblemLog, ok: np.ndarray
                   ) -> tuple[np.ndarray | None, np.ndarray | None]:
    columns = table.frame.columns
    if "rank" in columns:
        rank, good = _integers(table, "rank", log, "an integer", minimum=-(1 << 62),
                               maximum=1 << 62)
        ok &= good
        return None if "score" not in columns else _numbers(table, "score", log)[0], rank
    if "score" in columns:
        score, good = _numbers(table, "score", log)
        ok &= good
        return score, None
    raise InputError("a run needs a score or a rank key", table.file)


def span_run_from_table(table: Table, log: ProblemLog, documents: Documents | None = None,
                        name: str | None = None, occurrences: str = "error") -> Run:
    """A span run from a loaded table (see the module docstring; RAG tools' keys and chunks
    given as text: :mod:`sdreval.io.spans.fields`)."""
    table = canonical_table(table, documents, log, "retrieved", occurrences)
    _require(table, RUN_KEYS, "span runs", log)
    ok = np.ones(len(table.frame), dtype=bool)
    score, rank = _score_or_rank(table, log, ok)
    _, spans = _spans(table, log, documents, ("query_id", "doc_id"), ok)
    return _ranked_run(table, spans, log, name, score, rank)


def read_span_run(path: str | Path, log: ProblemLog | None = None,
                  documents: Documents | None = None, name: str | None = None) -> Run:
    """Read a span run from JSONL, CSV/TSV or Parquet."""
    return _built(span_run_from_table, lambda log_: load_table(path, log_), log, documents,
                  name)


@dataclass
class ChunkMap:
    """Chunk id -> span: ``index`` (pandas Index of ids), docs, starts, ends; ``parts``: for
    each chunk the number of the chunking (file) it came from, named in ``part_names``."""

    index: pd.Index
    docs: np.ndarray
    starts: np.ndarray
    ends: np.ndarray
    source: str | None = None
    parts: np.ndarray | None = None
    part_names: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.index)

    def chunking(self, part: int) -> "ChunkMap":
        """The chunks of one chunking (file)."""
        mine = self.parts == part
        return ChunkMap(self.index[mine], self.docs[mine], self.starts[mine], self.ends[mine],
                        self.part_names[part], np.zeros(int(mine.sum()), dtype=np.int64),
                        (self.part_names[part],))


def chunk_map_from_table(table: Table, log: ProblemLog, documents: Documents | None = None
                         ) -> ChunkMap:
    table = canonical_table(table, documents, log, "chunk", "error")
    _require(table, CHUNK_MAP_KEYS, "a chunk map", log)
    ok = np.ones(len(table.frame), dtype=bool)
    ids, spans = _spans(table, log, documents, ("chunk_id", "doc_id"), ok)
    chunk = ids["chunk_id"][spans.rows]
    frame = pd.DataFrame({"chunk": chunk, "doc": spans.docs, "s": spans.starts,
                          "e": spans.ends})
    repeated = frame.duplicated("chunk", keep="first").to_numpy()
    if repeated.any():
        first_line = dict(zip(chunk[~repeated], table.lines[spans.rows][~repeated]))
        same = frame.duplicated(keep="first").to_numpy()
        for i in np.flatnonzero(repeated):
            line = int(table.lines[spans.rows[i]])
            if same[i]:
                log.warn(table.file, line, f"chunk {chunk[i]} repeats line "
                                           f"{first_line[chunk[i]]} (ignored)")
            else:
                log.error(table.file, line, f"chunk {chunk[i]} mapped again, to a different "
                                            f"span than on line {first_line[chunk[i]]}")
        keep = ~repeated
        frame = frame[keep]
    return ChunkMap(pd.Index(frame["chunk"].to_numpy(dtype=object)),
                    frame["doc"].to_numpy(dtype=object), frame["s"].to_numpy(np.int64),
                    frame["e"].to_numpy(np.int64), table.file,
                    np.zeros(len(frame), dtype=np.int64), (Path(table.file).stem,))


def read_chunk_map(path: str | Path | list | tuple, log: ProblemLog | None = None,
                   documents: Documents | None = None) -> ChunkMap:
    """Read one chunk map, or several (one per chunking; their chunk ids must differ, a chunk
    id mapped by two files is an error)."""
    own = log is None
    log = log if log is not None else ProblemLog()
    paths = [path] if isinstance(path, (str, Path)) else list(path)
    tables = [load_table(p, log) for p in paths]
    if len(tables) == 1:
        chunk_map = chunk_map_from_table(tables[0], log, documents)
    else:
        merged = Table(pd.concat([t.frame for t in tables], ignore_index=True),
                       np.concatenate([t.lines for t in tables]), " + ".join(map(str, paths)))
        chunk_map = chunk_map_from_table(merged, log, documents)
        sizes = np.array([len(t.frame) for t in tables])
        owner = pd.Series(np.repeat(np.arange(len(tables)), sizes),
                          index=pd.Index(_ids(merged, "chunk_id", ProblemLog())[0]))
        owner = owner[~owner.index.duplicated()]
        chunk_map.parts = owner.reindex(chunk_map.index).to_numpy(dtype=np.int64)
        chunk_map.part_names = tuple(Path(p).stem for p in paths)
    finish(log, own)
    return chunk_map


def chunk_run_from_table(table: Table, chunk_map: ChunkMap, log: ProblemLog,
                         name: str | None = None) -> Run:
    """A chunk-ID run mapped onto spans through ``chunk_map``."""
    table = canonical_table(table, None, log, "retrieved", "error")
    _require(table, CHUNK_RUN_KEYS, "chunk runs", log)
    ok = np.ones(len(table.frame), dtype=bool)
    score, rank = _score_or_rank(table, log, ok)
    topics, good_t = _ids(table, "query_id", log)
    chunks, good_c = _ids(table, "chunk_id", log)
    ok &= good_t & good_c
    where = chunk_map.index.get_indexer(chunks)
    unknown = ok & (where < 0)
    _report(table, unknown, log, lambda i: f"chunk {chunks[i]} is not in the chunk map "
                                           f"({chunk_map.source})")
    ok &= ~unknown
    rows = np.flatnonzero(ok)
    at = where[rows]
    spans = Spans(rows, topics[rows], chunk_map.docs[at], chunk_map.starts[at],
                  chunk_map.ends[at])
    run = _ranked_run(table, spans, log, name, score, rank, chunks[rows])
    parts = np.unique(chunk_map.parts[at]) if chunk_map.parts is not None else np.zeros(0)
    if parts.size == 1 and isinstance(run, ChunkRun):
        run.chunk_map = chunk_map if len(chunk_map.part_names) <= 1 else \
            chunk_map.chunking(int(parts[0]))
    return run


def _trec_table(path: str | Path) -> Table:
    """A TREC run ``qid Q0 id rank score run-id`` as a table (columns query_id, chunk_id,
    rank_in_file, score, run_id)."""
    file = str(path)
    try:
        frame = pd.read_csv(path, sep=r"\s+", header=None, dtype=str, engine="c",
                            names=["query_id", "q0", "chunk_id", "rank_in_file", "score",
                                   "run_id", "extra"], keep_default_na=False,
                            na_values=[""], skip_blank_lines=True)
    except (pd.errors.ParserError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read as a TREC run: {error}", file) from None
    from ..textlines import open_binary

    with open_binary(path) as handle:
        data = handle.read()
    total = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    lines = (np.arange(1, len(frame) + 1, dtype=np.int64) if total == len(frame)
             else data_line_numbers(data))
    table = Table(frame, lines, file)
    comment = frame["query_id"].str.startswith("#").to_numpy(dtype=bool)
    if comment.any():
        table = Table(frame[~comment].reset_index(drop=True), lines[lines.size - len(frame):]
                      [~comment] if lines.size == len(frame) else lines, file)
    return table


def read_chunk_run(path: str | Path, chunk_map: ChunkMap, log: ProblemLog | None = None,
                   name: str | None = None) -> Run:
    """Read a chunk run (JSONL/CSV/Parquet ``{query_id, chunk_id, score|rank}``, or TREC)."""
    from .tables import sniff_columns

    own = log is None
    log = log if log is not None else ProblemLog()
    sniffed = sniff_columns(path)
    if sniffed is None or not set(CHUNK_RUN_KEYS) <= set(sniffed[1]):  # a TREC run
        table = _trec_table(path)
        bad = (table.frame["extra"].notna() | table.frame["run_id"].isna()).to_numpy()
        _report(table, bad, log, lambda i: "expected 6 fields: query_id Q0 chunk_id rank "
                                           "score run_id")
        table = Table(table.frame[~bad].reset_index(drop=True)
                      .drop(columns=["extra"]).rename(columns={"rank_in_file": "rank"}),
                      table.lines[~bad], table.file)
    else:
        table = load_table(path, log)
    run = chunk_run_from_table(table, chunk_map, log, name)
    finish(log, own)
    return run


# ------------------------------------------------------------------------------------- API

def _as_table(data, name: str) -> Table:
    if isinstance(data, Table):
        return data
    if isinstance(data, pd.DataFrame):
        return table_from_frame(data, name)
    return table_from_frame(pd.DataFrame.from_records(list(data)), name)


def _built(build, table_of, log: ProblemLog | None, *args):
    """``build(table, log, *args)`` with the common log policy: without a caller's log every
    error is raised at the end and warnings are issued (:func:`~sdreval.io.textlines.finish`)."""
    own = log is None
    log = log if log is not None else ProblemLog()
    result = build(table_of(log), log, *args)
    finish(log, own)
    return result


def span_qrels_from_frame(data, documents: Documents | None = None,
                          log: ProblemLog | None = None, occurrences: str = "all") -> Qrels:
    """Span qrels from a DataFrame or a list of records (dicts); problems name the row.
    ``occurrences``: the rule for a gold text found more than once (``all``, ``first`` or
    ``error``; :mod:`sdreval.io.spans.locate`)."""
    return _built(span_qrels_from_table, lambda _: _as_table(data, "(span qrels)"), log,
                  documents, occurrences)


def span_run_from_frame(data, name: str = "run", documents: Documents | None = None,
                        log: ProblemLog | None = None, occurrences: str = "error") -> Run:
    """A span run from a DataFrame or a list of records (dicts); problems name the row.
    ``occurrences``: the rule for a chunk text found more than once (``error``, ``first`` or
    ``all``; :mod:`sdreval.io.spans.locate`)."""
    return _built(span_run_from_table, lambda _: _as_table(data, f"({name})"), log, documents,
                  name, occurrences)


def chunk_map_from_frame(data, documents: Documents | None = None,
                         log: ProblemLog | None = None) -> ChunkMap:
    """A chunk map from a DataFrame or a list of records (dicts)."""
    return _built(chunk_map_from_table, lambda _: _as_table(data, "(chunk map)"), log,
                  documents)


def chunk_run_from_frame(data, chunk_map: ChunkMap, name: str = "run",
                         log: ProblemLog | None = None) -> Run:
    """A chunk-ID run from a DataFrame or a list of records (dicts)."""
    return _built(lambda table, log_: chunk_run_from_table(table, chunk_map, log_, name),
                  lambda _: _as_table(data, f"({name})"), log)
