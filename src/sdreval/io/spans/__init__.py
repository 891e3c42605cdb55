"""Span and chunk inputs for evaluating retrieval-augmented generation retrievers.

Span qrels, span runs, chunk maps, chunk-ID runs and documents from JSONL, CSV/TSV and Parquet
files or from DataFrames / lists of records, mapped onto sdreval's passage model (FOL-style
highlighted ranges and passage runs).  See ``docs/rag.md``.
"""
import os

from .documents import (Documents, beir_texts, qrels_in_tokens, read_documents,
                        refuse_beir_queries, run_in_tokens, whitespace_tokens)
from .fields import RETRIEVED, canonical_columns
from .locate import Locator
from .model_tokens import model_tokenizer, tokenizer_from
from .chunks import (ChunkMap, chunk_map_from_frame, chunk_run_from_frame, read_chunk_map,
                     read_chunk_run)
from .readers import (SPAN_FORMATS, read_span_qrels, read_span_run, span_qrels_from_frame,
                      span_run_from_frame)
from ..tables import sniff_columns
from ...errors import UsageError

#: the keys that tell each span input apart, most specific first (a format may have several)
_SIGNATURES = (("span-qrels", SPAN_FORMATS["span-qrels"]),
               ("span-qrels", ("gold_text", "query_id")),
               ("span-qrels", ("query_id", "text", "relevance")),
               ("span-run", SPAN_FORMATS["span-run"]), ("span-run", ("query_id", "text")),
               ("span-run", ("query_id", RETRIEVED)),
               *((kind, SPAN_FORMATS[kind]) for kind in ("chunk-run", "chunk-map", "documents")))


def span_format(columns: list[str], role: str | None = None, file: str | None = None
                ) -> str | None:
    """The span input format whose keys ``columns`` holds (most specific first), RAG tools'
    key names included (:mod:`sdreval.io.spans.fields`); given as a run (``role`` ``run``),
    RAGAS samples (``retrieved_contexts``) are a span run.  BEIR's corpus.jsonl is documents;
    its queries.jsonl is refused (``file``: where it came from)."""
    refuse_beir_queries(columns, file)
    if beir_texts(columns) == "corpus":
        return "documents"
    have = set(canonical_columns(columns))
    if role == "run" and RETRIEVED in have and "query_id" in have:
        return "span-run"
    if "start" not in have and have & {"doc", "docno", "docid"}:  # a document table with a text
        return None  # column, e.g. PyTerrier's results (qid, docno, score, text)
    return next((kind for kind, keys in _SIGNATURES if set(keys) <= have), None)


__all__ = ["ChunkMap", "Documents", "Locator", "canonical_columns", "model_tokenizer",
           "qrels_in_tokens", "run_in_tokens", "tokenizer_from", "SPAN_FORMATS",
           "chunk_map_from_frame", "chunk_run_from_frame", "read_chunk_map", "read_chunk_run",
           "read_documents", "read_span_qrels", "read_span_run", "sniff_columns", "span_format",
           "span_qrels_from_frame", "span_run_from_frame", "whitespace_tokens"]


def given_aids(chunk_map, documents) -> tuple[ChunkMap | None, Documents | None]:
    """``chunk_map`` and ``documents`` as ``read_run`` and ``read_qrels`` take them: a path (a
    list of paths for chunk maps, one per chunking) is read, a DataFrame or records made a
    chunk map, a :class:`ChunkMap` or :class:`Documents` kept; anything else is refused."""
    if isinstance(documents, (str, os.PathLike)):
        documents = read_documents(documents)
    elif documents is not None and not isinstance(documents, Documents):
        raise UsageError(f"documents= takes a Documents object (read_documents(FILE)) or the "
                         f"path of a documents file, not {type(documents).__name__}")
    paths = chunk_map if isinstance(chunk_map, (list, tuple)) else [chunk_map]
    if all(isinstance(p, (str, os.PathLike)) for p in paths):
        chunk_map = read_chunk_map(chunk_map, documents=documents)
    elif hasattr(chunk_map, "columns") or isinstance(chunk_map, (list, tuple)):
        chunk_map = chunk_map_from_frame(chunk_map, documents)  # a DataFrame or records
    elif chunk_map is not None and not isinstance(chunk_map, ChunkMap):
        raise UsageError(f"chunk_map= takes a ChunkMap (read_chunk_map(FILE)), the path of a "
                         f"chunk map, or its table, not {type(chunk_map).__name__}")
    return chunk_map, documents
