"""``--quiet``: "No progress bar and no notes on stderr (warnings and errors are still printed)"
(eval --help).  The line naming the default measure set of ``eval`` without ``-m`` is such a
note — ``report`` already silences its own under ``--quiet`` — while a warning about an option
no measure of the set takes is still printed."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("synthetic")
ARGS = [str(BASE / "qrels.tsv"), str(BASE / "runs" / "sim01.txt")]


def _eval(*extra: str):
    return CliRunner().invoke(cli, ["eval", *ARGS, *extra])


def test_quiet_silences_the_default_set_note():
    loud, quiet = _eval(), _eval("--quiet")
    assert loud.exit_code == quiet.exit_code == 0
    assert "no -m given: evaluating the element-run set" in loud.stderr
    assert quiet.stderr == ""
    assert quiet.stdout == loud.stdout


def test_quiet_keeps_the_warning_about_an_unused_option():
    result = _eval("--quiet", "-l", "2")
    assert result.exit_code == 0
    assert "no -m given" not in result.stderr
    assert "warning: -l/--rel-level 2.0 not used" in result.stderr


def test_quiet_silences_budget_plot_note(tmp_path):
    rag = example_path("rag")
    args = ["budget", str(rag / "qrels.jsonl"), str(rag / "runs" / "fixed.txt"), "--chunk-map",
            str(rag / "chunks" / "fixed.jsonl"), "--budgets", "128", "--samples", "100",
            "--plot", str(tmp_path / "b.svg")]
    loud = CliRunner().invoke(cli, args)
    quiet = CliRunner().invoke(cli, args + ["--quiet"])
    assert loud.exit_code == quiet.exit_code == 0
    assert "budget curves drawn in" in loud.stderr
    assert quiet.stderr == "" and quiet.stdout == loud.stdout
