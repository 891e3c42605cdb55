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


def test_count_measures_print_as_whole_numbers_like_trec_eval(tmp_path):
    qrels = tmp_path / "q.qrels"
    qrels.write_text("1 0 d1 1\n1 0 d2 0\n1 0 d3 2\n2 0 d1 1\n")
    run = tmp_path / "run.txt"
    run.write_text("1 Q0 d1 1 3.0 r\n1 Q0 d2 2 2.0 r\n2 Q0 d4 1 1.0 r\n")
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "num_rel",
                                      "-m", "num_ret", "-m", "map", "-q"])
    assert result.exit_code == 0, result.output
    lines = [line.split("\t") for line in result.output.splitlines() if line.startswith("r\t")]
    values = {(m, t): v for _, m, t, v in lines}
    assert values[("num_rel", "all")] == "3" and values[("num_ret", "all")] == "3"
    assert values[("num_rel", "1")] == "2"
    assert values[("map", "all")].count(".") == 1 and len(values[("map", "all")]) == 6
