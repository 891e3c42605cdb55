"""``eval --jobs`` with a Parquet run table whose ``doc_id`` holds chunk ids, against span
judgements: the workers read it file by file and it printed P@5 0.0000 (a warning only),
where ``eval`` without ``--jobs`` refuses it.  A document run against span judgements is now
read whole under ``--jobs`` whatever its layout (TREC text, as before, or Parquet)."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

pytest.importorskip("pyarrow")

RAG = example_path("rag")
QRELS = str(RAG / "qrels.jsonl")


def _parquet(tmp_path, docs):
    path = tmp_path / "run.parquet"
    pd.DataFrame({"query_id": ["q01", "q01", "q02"], "doc_id": docs,
                  "score": [2.0, 1.0, 1.0]}).to_parquet(path)
    return str(path)


def test_jobs_refuses_chunk_ids(tmp_path):
    run = _parquet(tmp_path, ["doc00-f001", "doc00-f002", "doc11-f004"])
    for jobs in ([], ["--jobs", "2"]):
        result = CliRunner().invoke(cli, ["eval", QRELS, run, "-m", "P@5", *jobs])
        assert result.exit_code == 1, jobs
        assert "run run: none of its result ids is a document of the span judgements" in \
            result.stderr


def test_jobs_document_table_same_numbers(tmp_path):
    """doc00 holds q01's gold span, doc13 does not; doc11 holds q02's: P@2 1/2 and 1/2."""
    run = _parquet(tmp_path, ["doc00", "doc13", "doc11"])
    args = ["eval", QRELS, run, "-m", "P@2", "-q"]
    serial, parallel = CliRunner().invoke(cli, args), CliRunner().invoke(cli, args + ["--jobs", "2"])
    assert serial.exit_code == parallel.exit_code == 0
    assert parallel.stdout == serial.stdout
    assert "run\tP@2\tq01\t0.5000" in serial.stdout and "run\tP@2\tq02\t0.5000" in serial.stdout
