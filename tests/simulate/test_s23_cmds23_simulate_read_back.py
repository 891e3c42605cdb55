"""``simulate``'s files are read back by ``validate`` and ``eval`` without warnings, and a run
shorter than ``--length`` is said."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

SMALL = ["--docs", "8", "--elements", "60", "--topics", "4", "--runs", "2", "--length", "20"]


def test_passage_runs_hold_no_overlapping_passages(tmp_path):
    out = tmp_path / "sim"
    made = CliRunner().invoke(cli, ["simulate", str(out), *SMALL, "--run-format", "passage"])
    assert made.exit_code == 0, made.output
    runs = sorted(str(p) for p in (out / "runs").iterdir())
    validated = CliRunner().invoke(cli, ["validate", *runs])
    assert validated.exit_code == 0
    assert validated.stdout.count("0 error(s), 0 warning(s)") == 2, validated.stdout
    evaluated = CliRunner().invoke(cli, ["eval", str(out / "qrels.fol"), *runs, "-m", "MAiP"])
    assert evaluated.exit_code == 0 and "warning" not in evaluated.stderr, evaluated.stderr


def test_overlap_can_still_be_asked_for_passage_runs(tmp_path):
    out = tmp_path / "sim"
    CliRunner().invoke(cli, ["simulate", str(out), *SMALL, "--run-format", "passage",
                             "--overlap"])
    validated = CliRunner().invoke(cli, ["validate", str(out / "runs" / "sim01.txt")])
    assert "overlaps" in validated.stdout


def test_runs_shorter_than_length_are_said(tmp_path):
    # 2 documents of about 10 elements: no topic can have 500 results
    made = CliRunner().invoke(cli, ["simulate", str(tmp_path / "sim"), "--docs", "2",
                                    "--elements", "10", "--topics", "1", "--runs", "1",
                                    "--length", "500"])
    assert made.exit_code == 0
    assert "run sim01: 1 of 1 topic(s) have fewer results than --length 500" in made.stderr
