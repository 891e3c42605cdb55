"""A documents table (doc_id, text) given as a chunk map (``eval --chunk-map``, ``validate
--format chunk-map``, ``chunk_map_from_frame``) was read as chunks given as text and refused
with "chunk given as text need the documents" (without --documents) or "a chunk map need the
keys ... found: doc_id, start, end" (with them: keys the file does not have).  Now the
refusal says what a chunk map is, the keys the file has, and that it holds documents."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.errors import InputError
from sdreval.io.spans import chunk_map_from_frame

RAG = example_path("rag")
EXPECTED = ("a chunk map needs a chunk_id for each chunk, with its span (doc_id, start, end) "
            "or its text (located in the documents of --documents FILE); it has the keys "
            "doc_id, text; it holds documents (doc_id, text): give it with --documents FILE")


@pytest.mark.parametrize("extra", [[], ["--documents", str(RAG / "documents.jsonl")]])
def test_eval_says_the_chunk_map_holds_documents(extra):
    got = CliRunner().invoke(cli, ["eval", str(RAG / "qrels.jsonl"),
                                   str(RAG / "runs" / "fixed.txt"), "--chunk-map",
                                   str(RAG / "documents.jsonl"), "-m", "SpanR@5", "-q"] + extra)
    assert got.exit_code == 1
    assert EXPECTED in got.stderr and "given as text" not in got.stderr


def test_validate_forced_as_chunk_map():
    got = CliRunner().invoke(cli, ["validate", "--format", "chunk-map",
                                   str(RAG / "documents.jsonl")])
    assert got.exit_code == 1 and EXPECTED in got.stdout + got.stderr


def test_judgements_as_a_chunk_map_are_named():
    got = CliRunner().invoke(cli, ["validate", "--format", "chunk-map", str(RAG / "qrels.jsonl")])
    assert got.exit_code == 1
    assert ("it has the keys query_id, doc_id, start, end, relevance; it looks like span "
            "judgements, not a chunk map") in got.stdout + got.stderr


def test_a_frame_of_documents():
    with pytest.raises(InputError, match="it holds documents"):
        chunk_map_from_frame(pd.DataFrame({"doc_id": ["a"], "text": ["some text"]}))
