"""``eval --format table --baseline`` stopped with an error on runs that answered different
topics, where ``report`` tests over the topics every run answered and says so: one rule now
(docs/cli.md, docs/statistics.md), the same table and legend from both."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d3 1\n2 0 d1 1\n2 0 d4 1\n3 0 d2 1\n3 0 d5 1\n"
RUNS = {"a": "1 Q0 d1 1 3 a\n1 Q0 d2 2 2 a\n2 Q0 d4 1 3 a\n2 Q0 d1 2 2 a\n3 Q0 d5 1 3 a\n",
        "b": "1 Q0 d2 1 3 b\n1 Q0 d3 2 2 b\n2 Q0 d1 1 3 b\n"}  # b did not answer topic 3
RULE = "tests over the topics every run answered (-c scores unanswered topics 0)"


def _files(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    for name, text in RUNS.items():
        (tmp_path / f"{name}.txt").write_text(text)
    return [str(tmp_path / n) for n in ("q.txt", "a.txt", "b.txt")]


def test_eval_baseline_tests_the_common_topics_as_report(tmp_path):
    files = _files(tmp_path)
    runner = CliRunner()
    evaluated = runner.invoke(cli, ["eval", *files, "-m", "P@1", "--format", "table",
                                    "--baseline", "a"])
    assert evaluated.exit_code == 0, evaluated.output
    assert RULE in evaluated.stdout
    reported = runner.invoke(cli, ["report", *files, "-m", "P@1", "--no-plots", "--quiet",
                                   "--text-table", "-"])
    assert reported.exit_code == 0, reported.output
    assert evaluated.stdout.strip() == reported.stdout.strip()
    # P@1 over topics 1, 2 (3 answered by a only): a 1, 1 and b 0, 1; means 1 and 0.5
    assert "1.0000" in evaluated.stdout and "0.5000" in evaluated.stdout


def test_eval_baseline_with_every_topic_says_nothing_more(tmp_path):
    files = _files(tmp_path)
    result = CliRunner().invoke(cli, ["eval", *files, "-m", "P@1", "-c", "--format", "table",
                                      "--baseline", "a"])
    assert result.exit_code == 0, result.output
    assert "every run answered" not in result.stdout
