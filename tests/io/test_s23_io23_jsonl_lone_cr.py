"""A JSONL file whose lines end with lone carriage returns (classic Mac OS) is one line to the
readers: refused with the message every text input gets for it (lines end with lone carriage
returns; convert with tr), not with the JSON parser's "Extra data" at line 1."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.io import read_run

LINES = [b'{"query_id": "1", "doc_id": "d1", "score": 1.0}',
         b'{"query_id": "1", "doc_id": "d2", "score": 0.5}']


def test_jsonl_run_with_lone_cr(tmp_path):
    run = tmp_path / "run.jsonl"
    run.write_bytes(b"\r".join(LINES) + b"\r")
    qrels = tmp_path / "q.txt"
    qrels.write_text("1 0 d1 1\n")
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(run)])
    assert result.exit_code == 1
    assert "lone carriage returns" in result.output and "Extra data" not in result.output
    with pytest.raises(InputError, match="lone carriage returns"):
        read_run(run)


def test_jsonl_with_crlf_is_read(tmp_path):
    run = tmp_path / "run.jsonl"
    run.write_bytes(b"\r\n".join(LINES) + b"\r\n")
    assert len(read_run(run).topics["1"]) == 2
