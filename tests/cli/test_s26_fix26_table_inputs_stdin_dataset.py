"""``project`` (QRELS, CHUNK_MAP, --documents) and --chunk-map / --documents refused ``-``
(standard input) and Parquet dataset directories with click's "does not exist" / "is a
directory", while every other input takes both.  Now they take both; ``project - -`` is
refused with its own message (standard input holds one input)."""
from __future__ import annotations

import subprocess
import sys

import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")
QRELS, CHUNKS, RUN = RAG / "qrels.jsonl", RAG / "chunks" / "fixed.jsonl", RAG / "runs" / "fixed.txt"


def _dataset(tmp_path, source, name):
    """``source`` (JSONL) as a Parquet dataset directory of two files."""
    frame = pd.read_json(source, lines=True, dtype=False).astype(str)
    for column in ("start", "end", "relevance"):
        if column in frame:
            frame[column] = frame[column].astype(int)
    folder = tmp_path / name
    folder.mkdir()
    half = len(frame) // 2
    frame.iloc[:half].to_parquet(folder / "part-0.parquet", index=False)
    frame.iloc[half:].to_parquet(folder / "part-1.parquet", index=False)
    return folder


def _cli(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_parquet_datasets_as_chunk_map_documents_and_project_inputs(tmp_path):
    chunks, qrels = _dataset(tmp_path, CHUNKS, "chunks"), _dataset(tmp_path, QRELS, "qrels")
    documents = _dataset(tmp_path, RAG / "documents.jsonl", "documents")
    files = _cli("eval", QRELS, RUN, "--chunk-map", CHUNKS, "-m", "SpanR@5", "-q")
    assert files.exit_code == 0, files.output
    datasets = _cli("eval", QRELS, RUN, "--chunk-map", chunks, "--documents", documents, "-m",
                    "SpanR@5", "-q")
    assert (datasets.exit_code, datasets.stdout) == (0, files.stdout)
    projected = _cli("project", QRELS, CHUNKS)
    assert projected.exit_code == 0, projected.output
    got = _cli("project", qrels, chunks, "--documents", documents)
    assert (got.exit_code, got.stdout) == (0, projected.stdout)
    assert len(projected.stdout.splitlines()) == 35


def _process(*args, stdin):
    return subprocess.run([sys.executable, "-m", "sdreval", *map(str, args)], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_standard_input_as_chunk_map_and_project_inputs():
    files = _cli("project", QRELS, CHUNKS)
    got = _process("project", "-", CHUNKS, stdin=QRELS.read_text())
    assert (got.returncode, got.stdout) == (0, files.stdout), got.stderr
    got = _process("eval", QRELS, RUN, "--chunk-map", "-", "-m", "SpanR@5", "-q",
                   stdin=CHUNKS.read_text())
    assert got.returncode == 0, got.stderr
    assert got.stdout.splitlines()[-1] == "bm25-fixed\tSpanR@5\tall\t0.9583"


def test_project_with_both_inputs_from_standard_input_is_refused():
    got = _cli("project", "-", "-")
    assert got.exit_code == 2
    assert "standard input (-) is given for QRELS and CHUNK_MAP: it holds one input" \
        in got.stderr
