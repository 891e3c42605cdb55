"""Readers and writers: INEX XML submissions and assessments, FOL qrels, TREC-like
element/passage/document runs, native judgement TSV, span inputs, XML collections, tables.
:func:`read_qrels` and :func:`read_run` take any source (:mod:`sdreval.io.readers`); formats
are detected from content (:mod:`sdreval.io.detect`)."""
from .detect import detect_format
from .readers import read_collection, read_qrels, read_run, read_runs

__all__ = ["read_collection", "read_qrels", "read_run", "read_runs", "detect_format"]
