"""A run whose topics are all missing from the qrels prints no mean and says why."""
from click.testing import CliRunner

from sdreval.cli.main import cli


def test_eval_says_when_no_topic_can_be_evaluated(tmp_path):
    qrels = tmp_path / "q.fol"
    qrels.write_text("1 Q0 d1 10 100 0 0:10\n")
    run = tmp_path / "run.txt"
    run.write_text("2 Q0 d1 1 1.0 r 0 10\n")
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "MAiP"])
    assert result.exit_code == 0, result.output
    assert "none to evaluate" in result.output
    assert "\tall\t" not in result.output
