"""``sdreval report`` when no run answered a qrels topic: the warnings that say why come before
the error, and the error says what was missing (as ``eval`` says "none to evaluate")."""
from click.testing import CliRunner

from sdreval.cli.main import cli


def test_report_with_no_shared_topic_explains_itself(tmp_path):
    qrels = tmp_path / "q.fol"
    qrels.write_text("1 Q0 d1 10 100 0 0:10\n")
    run = tmp_path / "run.txt"
    run.write_text("2 Q0 d1 1 1.0 r 0 10\n")
    out = tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["report", str(qrels), str(run), "-m", "MAiP",
                                      "-o", str(out)])
    assert result.exit_code != 0
    assert not out.exists()
    text = result.output
    # the reason: topic 2 of the run is not in the qrels (a warning, printed before the error)
    assert "not in the qrels" in text
    assert text.index("not in the qrels") < text.index("error")
    assert "no run answered a qrels topic with something relevant" in text
