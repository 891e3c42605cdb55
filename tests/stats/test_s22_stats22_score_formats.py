"""`compare/stability --scores` read the CSV of `eval -q --format csv`.  Given eval's other
outputs of the same scores, the refusal said what to do only for trec_eval's layout: eval's
JSON gave "cannot read score table: Error tokenizing data. C error: ..." and eval's text
output (values rounded to 4 decimals) only the missing columns.  Now each says what it looks
like and how to write the CSV."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

RECORDS = [{"run": r, "topic": t, "measure": "map", "value": v}
           for r, vs in (("a", (0.5, 0.3)), ("b", (0.4, 0.1))) for t, v in zip("12", vs)]


@pytest.mark.parametrize("indent", [1, None], ids=["pretty", "compact"])
def test_eval_json_is_refused_with_what_to_do(tmp_path, indent):
    path = tmp_path / "scores.json"
    path.write_text(json.dumps(RECORDS, indent=indent))
    for command in ("compare", "stability"):
        result = CliRunner().invoke(cli, [command, "--scores", str(path), "-m", "map"])
        assert result.exit_code == 1, result.output
        assert "scores.json:1: error: this is JSON" in result.stderr
        assert "-q --format csv -o FILE" in result.stderr


def test_eval_text_output_is_named(tmp_path):
    path = tmp_path / "scores.txt"
    path.write_text("".join(f"{r['run']}\tmap\t{r['topic']}\t{r['value']:.4f}\n"
                            for r in RECORDS))
    result = CliRunner().invoke(cli, ["compare", "--scores", str(path), "-m", "map"])
    assert result.exit_code == 1, result.output
    assert "this looks like eval's text output" in result.stderr


def test_eval_parquet_is_refused_with_what_to_do(tmp_path):
    # eval -q --format parquet -o FILE writes one Parquet file: read as CSV it gave
    # "2: error: 6 fields, the header has 2"
    import pandas as pd

    path = tmp_path / "scores.parquet"
    pd.DataFrame(RECORDS).to_parquet(path)
    result = CliRunner().invoke(cli, ["compare", "--scores", str(path), "-m", "map"])
    assert result.exit_code == 1, result.output
    assert "scores.parquet:1: error: this is Parquet" in result.stderr
