"""``sdreval project QRELS CHUNK_MAP`` given another input in either place: a TREC run as the
chunk map was "not a JSONL, CSV/TSV or Parquet file", documents "chunk given as text need the
documents", and a run as QRELS told to run `sdreval eval QRELS RUN...` with eval's
--qrels-format.  Now the message names the file, what it looks like, what project takes, and
what to do."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")
QRELS, CHUNKS = RAG / "qrels.jsonl", RAG / "chunks" / "fixed.jsonl"
RUN, DOCS = RAG / "runs" / "fixed.txt", RAG / "documents.jsonl"
USAGE = ("sdreval project QRELS CHUNK_MAP: the span judgements first, then the chunk map "
         "(chunk_id, doc_id, start, end; docs/rag.md)")


@pytest.mark.parametrize("qrels, chunks, blamed, start", [
    (QRELS, RUN, RUN, "this looks like a run (document-run), not a chunk map: "),
    (QRELS, DOCS, DOCS, "this looks like documents (doc_id, text), not a chunk map: give them "
                        "with --documents FILE. "),
    (QRELS, QRELS, QRELS, "this looks like judgements (span-qrels), not a chunk map: "),
    (CHUNKS, QRELS, CHUNKS, f"this is a chunk map, and CHUNK_MAP ({QRELS}) holds judgements: "
                            "are the two swapped? "),
    (RUN, CHUNKS, RUN, "this looks like a run (document-run), not judgements: "),
])
def test_the_message_says_what_was_wrong_and_what_to_do(qrels, chunks, blamed, start):
    result = CliRunner().invoke(cli, ["project", str(qrels), str(chunks)])
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert line.startswith(f"{blamed}: error: {start}") and line.endswith(USAGE)
    assert "sdreval eval QRELS RUN..." not in line


def test_a_run_as_chunk_map_points_to_eval_with_its_chunk_map():
    result = CliRunner().invoke(cli, ["project", str(QRELS), str(RUN)])
    assert "a run of chunk ids is evaluated with `sdreval eval QRELS RUN --chunk-map FILE`" \
        in result.stderr
