"""An empty run file cannot show its format; the refusal says what to do (name the format),
and doing it evaluates a run with no results (trec_eval accepts an empty run)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_empty_run_refusal_says_what_to_do_and_it_works(tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 0 d1 1\n")
    run = tmp_path / "empty.run"
    run.write_text("")
    refused = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "P@5"])
    assert refused.exit_code == 1
    assert "empty file" in refused.output and "--run-format document-run" in refused.output
    advised = CliRunner().invoke(cli, ["eval", "-c", str(qrels), str(run), "-m", "P@5",
                                       "--run-format", "document-run"])
    assert advised.exit_code == 0, advised.output
    # -c: the one qrels topic with something relevant is unanswered and scores 0
    assert "P@5\tall\t0.0000" in advised.output
