"""``eval --baseline`` with one run refused only after reading and evaluating it ("comparing
runs needs at least two runs"); now a usage error (exit 2) before any input is read."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_baseline_with_one_run_is_refused_before_reading(tmp_path):
    qrels = tmp_path / "q.txt"
    qrels.write_text("this is no qrels file\n")  # read, it would be an input error (exit 1)
    run = tmp_path / "a.txt"
    run.write_text("1 Q0 d1 1 1.0 a\n")
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "P@1",
                                      "--format", "table", "--baseline", "a"])
    assert result.exit_code == 2, result.output
    assert "--baseline" in result.stderr and "at least two runs" in result.stderr
    assert "q.txt" not in result.stderr
