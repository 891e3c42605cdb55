"""``validate`` lists what ``eval`` refuses with the same ``file:line`` (a user runs validate
first to find the line to fix)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def _both(tmp_path, qrels: str, run: str, target: str) -> tuple[str, str]:
    (tmp_path / "q.txt").write_text(qrels)
    (tmp_path / "r.txt").write_text(run)
    q, r = str(tmp_path / "q.txt"), str(tmp_path / "r.txt")
    evaluated = CliRunner().invoke(cli, ["eval", q, r, "-m", "P_5"])
    validated = CliRunner().invoke(cli, ["validate", str(tmp_path / target)])
    assert evaluated.exit_code == 1 and validated.exit_code == 1
    return evaluated.stderr, validated.stdout


def test_topic_named_all_in_qrels_at_its_line(tmp_path):
    qrels = "1 0 d1 1\nall 0 d2 1\n"  # the topic 'all' is on line 2
    eval_err, validate_out = _both(tmp_path, qrels, "1 Q0 d1 1 1.0 r\n", "q.txt")
    expected = f"{tmp_path / 'q.txt'}:2: error: qrels: a topic is named 'all'"
    assert expected in eval_err
    assert expected in validate_out


def test_topic_named_all_in_run_at_its_line(tmp_path):
    run = "1 Q0 d1 1 1.0 r\n1 Q0 d2 2 0.5 r\nall Q0 d1 1 1.0 r\n"  # line 3
    eval_err, validate_out = _both(tmp_path, "1 0 d1 1\n", run, "r.txt")
    expected = f"{tmp_path / 'r.txt'}:3: error: run r: a topic is named 'all'"
    assert expected in eval_err
    assert expected in validate_out
