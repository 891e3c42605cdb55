"""``sdreval project`` writes binary qrels (relevance 1 for every relevant chunk).  Graded span
judgements lost their grades without a word; the command now says so.  Binary judgements get
no such warning."""
from __future__ import annotations

import json

from click.testing import CliRunner

from sdreval.cli.main import cli


def _project(tmp_path, grades):
    rows = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 10, "relevance": grades[0]},
            {"query_id": "q", "doc_id": "d", "start": 20, "end": 30, "relevance": grades[1]}]
    (tmp_path / "qrels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    chunks = [{"chunk_id": "c1", "doc_id": "d", "start": 0, "end": 15},
              {"chunk_id": "c2", "doc_id": "d", "start": 15, "end": 40}]
    (tmp_path / "chunks.jsonl").write_text("".join(json.dumps(c) + "\n" for c in chunks))
    return CliRunner().invoke(cli, ["project", str(tmp_path / "qrels.jsonl"),
                                    str(tmp_path / "chunks.jsonl")])


def test_graded_judgements_are_said_to_be_written_binary(tmp_path):
    result = _project(tmp_path, [3, 1])
    assert result.exit_code == 0, result.output
    assert result.stdout == "q 0 c1 1\nq 0 c2 1\n"  # both chunks touch gold text (rule any)
    assert "graded (grade(s) 3)" in result.stderr
    assert "relevance 1" in result.stderr


def test_binary_judgements_get_no_warning(tmp_path):
    result = _project(tmp_path, [1, 1])
    assert result.exit_code == 0, result.output
    assert "graded" not in result.stderr
