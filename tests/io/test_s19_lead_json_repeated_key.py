"""A key given twice in one JSON object is one rule with one message, whether the object is a
ranx/pytrec_eval JSON file or a line of a JSONL table (it was worded twice)."""
from __future__ import annotations

import re

from sdreval.cli.main import cli
from click.testing import CliRunner


def _message(path) -> str:
    out = CliRunner().invoke(cli, ["validate", str(path)])
    assert out.exit_code == 1, out.output
    line = next(l for l in out.output.splitlines() if "given twice" in l)
    return re.sub(r"^[^:]+(:\d+)?: error: ", "", line)


def test_json_file_and_jsonl_line_say_the_same(tmp_path):
    json_file = tmp_path / "q.json"
    json_file.write_text('{"1": {"d1": 1, "d1": 2}}\n')
    jsonl = tmp_path / "r.jsonl"
    jsonl.write_text('{"query_id": "1", "doc_id": "a", "doc_id": "b", "score": 1}\n')
    from_json, from_jsonl = _message(json_file), _message(jsonl)
    assert from_json.replace('"d1"', '"doc_id"') == from_jsonl
    assert from_jsonl.startswith('key "doc_id" given twice in one object')
    assert "give each key once" in from_jsonl
