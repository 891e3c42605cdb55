"""Span and chunk inputs for evaluating retrieval-augmented generation retrievers.

Span qrels, span runs, chunk maps, chunk-ID runs and documents from JSONL, CSV/TSV and Parquet
files or from DataFrames / lists of records, mapped onto sdreval's passage model (FOL-style
highlighted ranges and passage runs).  See ``docs/rag.md``.
"""
from .columns import SPAN_FORMATS
from .documents import (Documents, qrels_in_tokens, read_documents, run_in_tokens,
                        whitespace_tokens)
from .fields import canonical_columns
from .locate import Locator
from .model_tokens import model_tokenizer, tokenizer_from
from .chunks import (ChunkMap, chunk_map_from_frame, chunk_run_from_frame, read_chunk_map,
                     read_chunk_run)
from .readers import read_span_qrels, read_span_run, span_qrels_from_frame, span_run_from_frame
from .tables import sniff_columns

def span_format(columns: list[str]) -> str | None:
    """The span input format whose keys ``columns`` holds (most specific first), RAG tools'
    key names included (:mod:`sdreval.io.spans.fields`)."""
    have = set(canonical_columns(columns))
    if set(SPAN_FORMATS["span-qrels"]) <= have or "gold_text" in have and "query_id" in have:
        return "span-qrels"
    if {"query_id", "text", "relevance"} <= have:
        return "span-qrels"
    if set(SPAN_FORMATS["span-run"]) <= have or {"query_id", "text"} <= have:
        return "span-run"
    if set(SPAN_FORMATS["chunk-run"]) <= have:
        return "chunk-run"
    if set(SPAN_FORMATS["chunk-map"]) <= have:
        return "chunk-map"
    if set(SPAN_FORMATS["documents"]) <= have:
        return "documents"
    return None


__all__ = ["ChunkMap", "Documents", "Locator", "canonical_columns", "model_tokenizer",
           "qrels_in_tokens", "run_in_tokens", "tokenizer_from", "SPAN_FORMATS", "chunk_map_from_frame",
           "chunk_run_from_frame", "read_chunk_map", "read_chunk_run", "read_documents",
           "read_span_qrels", "read_span_run", "sniff_columns", "span_format",
           "span_qrels_from_frame", "span_run_from_frame", "whitespace_tokens"]
