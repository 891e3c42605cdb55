"""Chunk maps ``{chunk_id, doc_id, start, end[, unit]}`` and chunk-ID runs ``{query_id,
chunk_id, score | rank}`` (JSONL/CSV/Parquet) or TREC ``qid Q0 chunk_id rank score run-id``:
each chunk id becomes its span (rules: :mod:`sdreval.io.spans.readers`)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...errors import InputError, ProblemLog, UsageError
from ...lazy import lazy_module
from ...model.run import Run
from ...model.runnames import file_stem
from ..ids import AS_WRITTEN, loose_id, loose_index
from ..textlines import finish, given_log
from .documents import DOCUMENT_KEYS, Documents
from .fields import canonical_columns, canonical_table
from .readers import (SPAN_FORMATS, ChunkRun, Spans, as_table, built, ranked_run,
                      score_or_rank, span_rows)
from ..table_checks import listed
from ..table_model import Table
from ..tables import load_table, sniff_columns

pd = lazy_module("pandas")


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
    lines: np.ndarray | None = None  # each chunk's line in its file, as read
    unit: str = "line"  # what ``lines`` count (``row`` in a Parquet file: Table.unit)

    def __len__(self) -> int:
        return len(self.index)

    def chunking(self, part: int) -> "ChunkMap":
        """The chunks of one chunking (file)."""
        mine = self.parts == part
        return ChunkMap(self.index[mine], self.docs[mine], self.starts[mine], self.ends[mine],
                        self.part_names[part], np.zeros(int(mine.sum()), dtype=np.int64),
                        (self.part_names[part],),
                        None if self.lines is None else self.lines[mine], self.unit)


def chunk_map_from_table(table: Table, log: ProblemLog, documents: Documents | None = None
                         ) -> ChunkMap:
    _require_chunk_ids(table, log)
    table = canonical_table(table, documents, log, "chunk", "error")
    table.require(SPAN_FORMATS["chunk-map"], "chunk maps", log)
    ids, spans = span_rows(table, table.checker(log), documents, ("chunk_id", "doc_id"))
    index = pd.Index(ids["chunk_id"][spans.rows], dtype=object)
    rows = spans.rows
    keep = _first_mappings(index, spans.docs, spans.starts, spans.ends,
                           lambda j: table.place(int(rows[j])),
                           lambda i, severity, text: table.report(log, int(rows[i]), text,
                                                                  severity))
    return ChunkMap(index[keep], spans.docs[keep], np.asarray(spans.starts[keep], np.int64),
                    np.asarray(spans.ends[keep], np.int64), table.file,
                    np.zeros(int(keep.sum()), dtype=np.int64), (file_stem(table.file),),
                    np.asarray(table.lines[rows][keep]), table.unit)


def _require_chunk_ids(table: Table, log: ProblemLog) -> None:
    """Refuse a table without chunk ids before its rows are read as chunks (a documents table,
    ``doc_id, text``, would otherwise be taken for chunks given as text), saying what the file
    holds and what a chunk map is."""
    have = canonical_columns(table.frame.columns)
    if "chunk_id" in have:
        return
    if log.error_count:  # rows not read (lines that are not JSON): their errors say why
        log.raise_if_errors()
    found = listed(table.frame, table.labels)
    keys = set(have)
    if "query_id" in keys:
        hint = ("; it looks like span judgements, not a chunk map" if keys & {"relevance",
                "gold_text"} else "; it looks like a run, not a chunk map")
    elif set(DOCUMENT_KEYS) <= keys and "start" not in keys:
        hint = ("; it holds documents (doc_id, text): give it with --documents FILE "
                "(documents= in Python), and the chunk map with --chunk-map FILE")
    else:
        hint = ""
    raise InputError(f"a chunk map needs a chunk_id for each chunk, with its span (doc_id, "
                     "start, end) or its text (located in the documents of --documents FILE); "
                     f"it has the keys {found}{hint}", table.file)


def _first_mappings(index: pd.Index, docs: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                    where, say) -> np.ndarray:
    """The rows mapping their chunk id first (kept); a row mapping it again is reported,
    ``say(row, severity, message)``, naming the first (``where(row)``): ignored (a warning)
    when the span is the same, an error when it differs."""
    again = index.duplicated(keep="first")
    rows = np.flatnonzero(again)
    firsts = np.flatnonzero(~again)[index[~again].get_indexer(index[again])] if rows.size \
        else rows
    for i, j in zip(rows.tolist(), firsts.tolist()):
        if (docs[i], starts[i], ends[i]) == (docs[j], starts[j], ends[j]):
            say(i, "warning", f"chunk {index[i]} repeats {where(j)} (ignored)")
        else:
            say(i, "error", f"chunk {index[i]} mapped again, to a different span than on "
                f"{where(j)}")
    return ~again


def read_chunk_map(path: str | Path | list | tuple, log: ProblemLog | None = None,
                   documents: Documents | None = None) -> ChunkMap:
    """Read one chunk map, or several (one per chunking; a chunk id mapped by two files to
    different spans is an error, to the same span a repeat: a warning)."""
    paths = [path] if isinstance(path, (str, Path)) else list(path)
    if not paths:
        raise UsageError("the list of chunk maps is empty: give the path of a chunk map, or "
                         "a list of paths (one per chunking)")
    log, own = given_log(log)
    maps = [chunk_map_from_table(load_table(p, log), log, documents) for p in paths]
    chunk_map = maps[0] if len(maps) == 1 else _merged(maps, [str(p) for p in paths], log)
    finish(log, own)
    return chunk_map


def _merged(maps: list[ChunkMap], files: list[str], log: ProblemLog) -> ChunkMap:
    """One map of several chunkings (files), each read on its own so that a problem names its
    file and line; a chunk id a later file maps again is reported there, with the file and line
    that mapped it first (ignored when the span is the same, an error when it differs)."""
    index = pd.Index(np.concatenate([m.index.to_numpy(dtype=object) for m in maps]))
    docs, starts, ends, lines = (np.concatenate([getattr(m, a) for m in maps])
                                 for a in ("docs", "starts", "ends", "lines"))
    parts = np.repeat(np.arange(len(maps)), [len(m) for m in maps])
    keep = _first_mappings(index, docs, starts, ends,
                           lambda j: f"{maps[parts[j]].unit} {lines[j]} of {files[parts[j]]}",
                           lambda i, severity, text: (log.warn if severity == "warning" else
                                                      log.error)(files[parts[i]],
                                                                 int(lines[i]), text))
    return ChunkMap(index[keep], docs[keep], starts[keep], ends[keep], " + ".join(files),
                    parts[keep], tuple(map(file_stem, files)), lines[keep])


def chunk_run_from_table(table: Table, chunk_map: ChunkMap, log: ProblemLog,
                         name: str | None = None) -> Run:
    """A chunk-ID run mapped onto spans through ``chunk_map``."""
    table = canonical_table(table, None, log, "retrieved", "error")
    table.require(SPAN_FORMATS["chunk-run"], "chunk runs", log)
    check = table.checker(log)
    score, rank = score_or_rank(table, check)
    topics = check.ids(table.frame["query_id"].to_numpy(), "query_id")
    chunks = check.ids(table.frame["chunk_id"].to_numpy(), "chunk_id")
    where = chunk_map.index.get_indexer(chunks)
    unknown = check.kept(len(chunks)) & (where < 0)
    named = _spelled_otherwise(chunks[unknown], chunk_map) if unknown.any() else {}
    check.report(unknown, lambda i: f"chunk {chunks[i]} is not in the chunk map "
                 f"({chunk_map.source})" + named.get(chunks[i], ""))
    rows = np.flatnonzero(check.kept(len(chunks)))
    at = where[rows]
    spans = Spans(rows, topics[rows], chunk_map.docs[at], chunk_map.starts[at],
                  chunk_map.ends[at])
    run = ranked_run(table, spans, check, name, score, rank, chunks[rows])
    parts = np.unique(chunk_map.parts[at]) if chunk_map.parts is not None else np.zeros(0)
    if parts.size == 1 and isinstance(run, ChunkRun):
        run.chunk_map = chunk_map if len(chunk_map.part_names) <= 1 else \
            chunk_map.chunking(int(parts[0]))
    return run


def _spelled_otherwise(missing: np.ndarray, chunk_map: ChunkMap) -> dict[str, str]:
    """For each chunk id of ``missing`` that names one of the chunk map's once leading zeros,
    case and the Unicode form are set aside (:func:`~sdreval.io.ids.loose_id`), the hint
    naming it ('007' for 7: ids are compared as written)."""
    loose = loose_index(chunk_map.index.tolist())
    return {chunk: f"; the chunk map has {loose[loose_id(chunk)]!r}: {AS_WRITTEN}; write the "
                   "run's chunk ids as the chunk map writes them"
            for chunk in dict.fromkeys(missing.tolist()) if loose_id(chunk) in loose}


def _trec_table(path: str | Path, log: ProblemLog) -> Table:
    """A TREC run ``qid Q0 chunk_id rank score run-id`` read by the run reader's line rules
    (:func:`sdreval.io.trec.read_blocks`, document layout) as a table (query_id, chunk_id,
    rank, score, run_id)."""
    from ..run_columns import RunColumns
    from ..trec import read_blocks

    state = RunColumns("document")
    for _ in read_blocks(path, state, str(path), log):
        pass
    topic, _, names, _, _, _, _, rank, rsv, lines = state.columns()
    frame = pd.DataFrame({"query_id": np.array(list(state.topic_ids), dtype=object)[topic],
                          "chunk_id": names, "rank": rank, "score": rsv,
                          "run_id": next(iter(state.run_ids), None)})
    return Table(frame, lines, str(path))


def read_chunk_run(path: str | Path, chunk_map: ChunkMap, log: ProblemLog | None = None,
                   name: str | None = None) -> Run:
    """Read a chunk run (JSONL/CSV/Parquet ``{query_id, chunk_id, score|rank}``, or TREC)."""
    sniffed = sniff_columns(path)
    trec = sniffed is None or not set(SPAN_FORMATS["chunk-run"]) <= set(sniffed[1])
    return built(lambda table, log_: chunk_run_from_table(table, chunk_map, log_, name),
                 lambda log_: _trec_table(path, log_) if trec else load_table(path, log_), log)


def chunk_map_from_frame(data, documents: Documents | None = None,
                         log: ProblemLog | None = None) -> ChunkMap:
    """A chunk map from a DataFrame or a list of records (dicts)."""
    return built(chunk_map_from_table, lambda _: as_table(data, "(chunk map)"), log,
                  documents)


def chunk_run_from_frame(data, chunk_map: ChunkMap, name: str | None = None,
                         log: ProblemLog | None = None) -> Run:
    """A chunk-ID run from a DataFrame or a list of records (dicts); named ``name``, else by
    its run column (as a table file's), else ``run``."""
    return built(lambda table, log_: chunk_run_from_table(table, chunk_map, log_, name),
                  lambda _: as_table(data, f"({name or 'run'})"), log)
