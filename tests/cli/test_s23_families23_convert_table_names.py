"""``sdreval convert run.txt run.parquet`` wrote TREC-like text into a file named .parquet
(exit 0, "wrote N results"): no Parquet file (its first bytes are not Parquet's ``PAR1``), and
pandas or any other reader of the "table" fails on it.  convert writes text and INEX XML only,
so an OUT named as a table is a usage error (exit 2) and nothing is written."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RUN = str(example_path("kazai-lalmas-2006", "runs", "frb.txt"))


@pytest.mark.parametrize("name", ["run.parquet", "run.csv", "run.jsonl", "run.JSON",
                                  "run.csv.gz"])
def test_table_named_out_is_refused(tmp_path, name):
    out = tmp_path / name
    result = CliRunner().invoke(cli, ["convert", RUN, str(out)])
    assert result.exit_code == 2, result.output
    assert "not" in result.output and "tables" in result.output
    assert not out.exists()


def test_text_names_still_written(tmp_path):
    out = tmp_path / "run.tsv"
    result = CliRunner().invoke(cli, ["convert", RUN, str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().splitlines()[0].split() == [
        "163", "Q0", "co/2001/r7022", "1", "10.0", "frb", "/article[1]/bdy[1]/sec[6]"]
