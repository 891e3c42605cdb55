"""``validate`` refuses what ``eval`` refuses: a topic named ``all`` (the name of the mean
rows of every output), in a run or in judgements."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_validate_refuses_a_topic_named_all_as_eval_does(tmp_path):
    run, qrels, good = tmp_path / "r.txt", tmp_path / "q.txt", tmp_path / "g.txt"
    run.write_text("1 Q0 a 1 2.0 s\nall Q0 b 1 1.0 s\n")
    qrels.write_text("1 0 a 1\nall 0 b 1\n")
    good.write_text("1 0 a 1\n")
    runner = CliRunner()
    for judged, ranked in ((good, run), (qrels, good.with_name("g.run"))):
        good.with_name("g.run").write_text("1 Q0 a 1 2.0 s\n")
        evaluated = runner.invoke(cli, ["eval", str(judged), str(ranked), "-m", "AP"])
        assert evaluated.exit_code == 1 and "a topic is named 'all'" in evaluated.output
    for path in (run, qrels):
        result = runner.invoke(cli, ["validate", str(path)])
        assert result.exit_code == 1, result.output
        assert "a topic is named 'all'" in result.output
        assert f"{path}: INVALID" in result.output
