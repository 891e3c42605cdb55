"""An option naming a quantisation, a format or a span unit given an empty value (`--quant ""`,
`--quant "$Q"` with Q unset) was taken for the option left out: `eval --quant ""` printed the
default quantisation's numbers, exit 0, as did `--run-format ""`, `--span-unit ""`,
`recallbase --quant ""`, `validate --format ""`, `convert --format ""` and the API's
`evaluate(..., quant="")`, while `--qrels-format ""` was refused.  Every one is now a usage
error naming the option (exit 2; UsageError in Python)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.errors import UsageError

BASE = example_path("synthetic")
QRELS, RUN = str(BASE / "qrels.tsv"), str(BASE / "runs" / "sim01.txt")


@pytest.mark.parametrize("args, option", [
    (["eval", QRELS, RUN, "-m", "MAep", "--quant", ""], "--quant"),
    (["eval", QRELS, RUN, "-m", "MAep", "--quant", " "], "--quant"),
    (["eval", QRELS, RUN, "-m", "MAep", "--run-format", ""], "--run-format"),
    (["eval", QRELS, RUN, "-m", "MAep", "--qrels-format", ""], "--qrels-format"),
    (["eval", QRELS, RUN, "-m", "MAep", "--span-unit", ""], "--span-unit"),
    (["compare", QRELS, RUN, RUN, "-m", "MAep", "--quant", ""], "--quant"),
    (["recallbase", QRELS, "--quant", ""], "--quant"),
    (["validate", "--format", "", QRELS], "--format"),
    (["convert", "--format", "", QRELS, "out.tsv"], "--format"),
])
def test_an_empty_name_is_a_usage_error(args, option, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}'" in result.output
    assert not (tmp_path / "out.tsv").exists()


def test_the_api_refuses_an_empty_quantisation():
    with pytest.raises(UsageError, match="empty quantisation"):
        sdreval.evaluate(QRELS, RUN, ["MAep"], quant="")
    # a name still works, and leaving it out is the scale's generalised function (gen here)
    given = sdreval.evaluate(QRELS, RUN, ["MAep"], quant="gen")
    assert given.value.tolist() == sdreval.evaluate(QRELS, RUN, ["MAep"]).value.tolist()
