"""A CSV/TSV header naming a column twice (``qid,docno,score,qid``): pandas renames the second
``qid.1`` and the first was used without a word (topic 1 scored where the other column says
2); a DataFrame or Parquet file with repeated names is refused.  The CSV file is refused too."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


@pytest.mark.parametrize("sep", [",", "\t"])
def test_repeated_column_name_is_refused(tmp_path, sep):
    (tmp_path / "qrels.txt").write_text("1 0 d1 1\n2 0 d1 1\n")
    run = tmp_path / "run.csv"
    run.write_text("\n".join(sep.join(r) for r in [("qid", "docno", "score", "qid"),
                                                   ("1", "d1", "0.5", "2")]) + "\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "qrels.txt"), str(run), "-m",
                                      "AP", "--quiet"])
    assert result.exit_code == 1, result.output
    assert "run.csv:1: error:" in result.stderr and "qid" in result.stderr
