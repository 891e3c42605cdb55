"""``sdreval recallbase`` on the seed 000 judgements written as native TSV."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data.kazai_lalmas_2006 import kazai_lalmas_qrels
from sdreval.io.native import write_native_qrels

B = "/article[1]/bdy[1]"


@pytest.fixture()
def qrels_file(tmp_path):
    path = tmp_path / "kazai-lalmas-2006.tsv"
    write_native_qrels(kazai_lalmas_qrels(), path)
    return str(path)


@pytest.mark.parametrize("quant, expected", [
    ("sog", [f"{B}/sec[6]", f"{B}/sec[4]"]),
    ("strict", [f"{B}/sec[6]"]),
    ("gen", [B]),
])
def test_json_records(qrels_file, quant, expected):
    result = CliRunner().invoke(cli, ["recallbase", qrels_file, "--quant", quant,
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.output)
    assert [r["path"] for r in records] == expected
    assert all(set(r) == {"topic", "file", "path", "quant"} for r in records)
    assert {r["topic"] for r in records} == {"163"}
    assert {r["file"] for r in records} == {"co/2001/r7022"}


def test_csv_text_keep_and_full(qrels_file):
    runner = CliRunner()
    csv = runner.invoke(cli, ["recallbase", qrels_file, "--quant", "sog", "--format", "csv"])
    assert csv.output.splitlines()[0] == "topic,file,path,quant"
    assert csv.output.splitlines()[1] == f"163,co/2001/r7022,{B}/sec[6],1.0"
    text = runner.invoke(cli, ["recallbase", qrels_file, "--quant", "sog", "--format", "text",
                               "--keep", "descendant"])
    assert len(text.output.splitlines()) == 3
    full = runner.invoke(cli, ["recallbase", qrels_file, "--quant", "sog", "--full",
                               "--format", "json"])
    assert len(json.loads(full.output)) == 10


def test_unknown_quantisation_is_a_usage_error(qrels_file):
    result = CliRunner().invoke(cli, ["recallbase", qrels_file, "--quant", "nosuch"])
    assert result.exit_code == 2
