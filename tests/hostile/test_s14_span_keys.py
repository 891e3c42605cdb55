"""Span inputs whose columns give one key twice under two spellings (``start`` and LlamaIndex's
``start_char_idx``, ``qid`` and ``query_id``, a top-level ``start`` and LangChain's
``metadata.start_index``): refused, naming both, on every path (was a traceback, or an id
"is a ndarray")."""
from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.io import read_run

QRELS = '{"query_id": "q1", "doc_id": "d1", "start": 20, "end": 40, "relevance": 1}\n'
RECORDS = [
    {"query_id": "q1", "doc_id": "d1", "start": 0, "end": 40, "start_char_idx": 20, "score": 1.0},
    {"query_id": "q1", "doc_id": "d1", "start": 0, "end_char_idx": 40, "end": 20, "score": 1.0},
    {"query_id": "q1", "qid": "q2", "doc_id": "d1", "start": 0, "end": 40, "score": 1.0},
    {"query_id": "q1", "doc_id": "d1", "ref_doc_id": "d2", "start": 0, "end": 40, "score": 1.0},
    {"query_id": "q1", "page_content": "x" * 20, "start": 0, "score": 1.0,
     "metadata": {"source": "d1", "start_index": 20}},
]


@pytest.mark.parametrize("record", RECORDS)
def test_two_spellings_of_one_key_are_refused(tmp_path, record):
    (tmp_path / "q.jsonl").write_text(QRELS)
    (tmp_path / "r.jsonl").write_text(json.dumps(record) + "\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.jsonl"),
                                      str(tmp_path / "r.jsonl"), "-m", "SpanP@1"])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert "which one is meant is not clear" in result.output, result.output
    with pytest.raises(InputError, match="which one is meant is not clear"):
        read_run(tmp_path / "r.jsonl")
    if "metadata" not in record:  # a DataFrame with the span keys is a span run too
        with pytest.raises(InputError, match="which one is meant is not clear"):
            sdreval.evaluate(tmp_path / "q.jsonl", pd.DataFrame([record]), "SpanP@1")
