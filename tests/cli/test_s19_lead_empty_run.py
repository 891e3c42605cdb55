"""An empty run file cannot show its format; the refusal says what to do (name the format),
and doing it evaluates a run with no results (trec_eval 10 refuses an empty run: "Cannot read
results file"; sdreval evaluates it when the format is named, as for a run read from a table)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def _eval_empty_run(tmp_path, *options: str):
    files = {"qrels.txt": "1 0 d1 1\n", "empty.run": ""}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return CliRunner().invoke(cli, ["eval", *(str(tmp_path / n) for n in files), "-m", "P@5",
                                    *options])


def test_empty_run_refusal_says_what_to_do_and_it_works(tmp_path):
    refused = _eval_empty_run(tmp_path)
    assert refused.exit_code == 1
    assert "empty file" in refused.output and "--run-format document-run" in refused.output
    advised = _eval_empty_run(tmp_path, "-c", "--run-format", "document-run")
    assert advised.exit_code == 0, advised.output
    # -c: the one qrels topic with something relevant is unanswered and scores 0
    assert "P@5\tall\t0.0000" in advised.output
