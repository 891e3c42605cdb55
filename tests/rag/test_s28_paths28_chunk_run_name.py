"""A chunk-ID run given as a table with a run column: ``sdreval eval`` names it by the column
(as every table file), ``sdreval.read_run`` of the same rows as a DataFrame named it ``run``
(span and document DataFrames are named by the column too)."""
from __future__ import annotations

import pandas as pd
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")
CHUNK_MAP = str(RAG / "chunks" / "fixed.jsonl")
ROWS = pd.DataFrame({"query_id": ["q01", "q01"], "chunk_id": ["doc00-f001", "doc00-f002"],
                     "score": [2.0, 1.0], "run": ["bm25", "bm25"]})


def test_file_and_frame_named_alike(tmp_path):
    path = tmp_path / "chunks.jsonl"
    ROWS.to_json(path, orient="records", lines=True)
    result = CliRunner().invoke(cli, ["eval", str(RAG / "qrels.jsonl"), str(path), "-m", "P@1",
                                      "--chunk-map", CHUNK_MAP])
    assert result.exit_code == 0 and result.stdout.startswith("bm25\t")
    assert sdreval.read_run(ROWS, chunk_map=CHUNK_MAP).name == "bm25"
    assert sdreval.read_run(ROWS.drop(columns="run"), chunk_map=CHUNK_MAP).name == "run"
    assert sdreval.read_run(ROWS, chunk_map=CHUNK_MAP, name="mine").name == "mine"
