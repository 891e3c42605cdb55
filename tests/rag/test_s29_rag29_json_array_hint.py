"""A JSON array of records (``json.dump(dataset.to_list())`` of RAGAS samples, or of span
records) was refused as "unrecognised format" listing every format, without saying that the
records are fine but must be one per line.  The refusal says so now, with the writers that
write JSONL."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

SAMPLES = [{"user_input": "q one", "reference_context_ids": ["a"],
            "retrieved_context_ids": ["a", "b"]}]
SAID = ("; it holds a JSON array of records: write one record per line (JSONL, as RAGAS's "
        "EvaluationDataset.to_jsonl and pandas' to_json(orient='records', lines=True) write "
        "it), or give the list in Python (json.load)")


@pytest.mark.parametrize("indent", [None, 2])
def test_json_array_of_records_is_told_to_be_jsonl(tmp_path, indent):
    path = tmp_path / "samples.json"
    path.write_text(json.dumps(SAMPLES, indent=indent))
    result = CliRunner().invoke(cli, ["eval", str(path), str(path), "-m", "SetP"])
    assert result.exit_code == 1
    assert "unrecognised format" in result.stderr and SAID in result.stderr
