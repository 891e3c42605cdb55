"""A JSONL table whose every row has an id that is not one (``7.5``, ``true``): each row is an
error at its line (docs/inputs.md, "ids are strings, never typed").  With every row refused
the table had no columns left, and the error printed was "the table has no topic column
...; columns: none" instead of the rows' own errors."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


@pytest.mark.parametrize("value", ["7.5", "true"])
def test_every_row_refused_names_its_lines(tmp_path, value):
    (tmp_path / "qrels.txt").write_text("7 0 d1 1\n")
    run = tmp_path / "run.jsonl"
    run.write_text(f'{{"qid": {value}, "docno": "d1", "score": 1}}\n'
                   f'{{"qid": {value}, "docno": "d2", "score": 0.5}}\n')
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "qrels.txt"), str(run), "-m",
                                      "AP", "--quiet"])
    assert result.exit_code == 1, result.output
    assert f"run.jsonl:1: error: qid {value} is not an id" in result.stderr
    assert f"run.jsonl:2: error: qid {value} is not an id" in result.stderr
    assert "no topic column" not in result.stderr
