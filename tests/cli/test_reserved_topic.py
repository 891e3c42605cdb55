"""A topic named ``all`` would be mistaken for the mean rows: refused, with file:line
(issue 11 item 7)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval import api
from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.errors import InputError

SYN = example_path("synthetic")


@pytest.fixture()
def run_with_all(tmp_path):
    lines = (SYN / "runs" / "sim01.txt").read_text().splitlines(keepends=True)
    lines[3] = "all" + lines[3][lines[3].index(" "):]
    path = tmp_path / "all.txt"
    path.write_text("".join(lines))
    return path


@pytest.mark.parametrize("extra", [[], ["--stream"], ["--jobs", "2"]])
def test_eval_refuses_topic_all_in_run(run_with_all, extra):
    other = SYN / "runs" / "sim02.txt"
    result = CliRunner().invoke(cli, ["eval", str(SYN / "qrels.tsv"), str(run_with_all),
                                      str(other), "-m", "MAep", *extra])
    assert result.exit_code == 1, result.output
    assert f"{run_with_all}:4:" in result.stderr and "'all'" in result.stderr
    assert "Traceback" not in result.output


def test_compare_refuses_topic_all_in_qrels(tmp_path):
    lines = (SYN / "qrels.tsv").read_text().splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if line.startswith("1\t"))
    lines[number] = "all" + lines[number][1:]
    qrels = tmp_path / "q.tsv"
    qrels.write_text("".join(lines))
    result = CliRunner().invoke(cli, ["compare", str(qrels), str(SYN / "runs" / "sim01.txt"),
                                      str(SYN / "runs" / "sim02.txt"), "-m", "MAep"])
    assert result.exit_code == 1, result.output
    assert f"{qrels}:{number + 1}:" in result.stderr


def test_api_refuses_topic_all():
    with pytest.raises(InputError, match="'all'"):
        api.evaluate({"all": {"d1": 1}}, {"all": {"d1": 1.0}}, "P@1")
