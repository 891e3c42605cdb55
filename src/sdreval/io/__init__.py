"""Readers and writers: INEX XML submissions and assessments, FOL qrels, TREC-like
element/passage/document runs, native judgement TSV, XML collections.  Streaming and safe."""
from .api import read_collection, read_qrels, read_run, detect_format

__all__ = ["read_collection", "read_qrels", "read_run", "detect_format"]
