"""Under ``--compat inex`` and ``--zero-rel-as-zero`` topics with nothing relevant count in the
means, but (without ``-c``) only where the run answers them; the warning and the summary line
said "count in the means" and "means over answered topics with something relevant" whatever
was counted.  Topics 2 and 4 have nothing relevant; the run answers 1, 2, 3 (not 4)."""
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n2 0 c 0\n3 0 d 1\n4 0 e 0\n"
RUN = "1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n2 Q0 c 1 1 r\n3 Q0 x 1 1 r\n"


def _eval(tmp_path, *options):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.run").write_text(RUN)
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.run"),
                                      "-m", "AP", *options])
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.parametrize("option", [["--compat", "inex"], ["--zero-rel-as-zero"]])
def test_without_c_only_answered_topics_count(tmp_path, option):
    result = _eval(tmp_path, *option)
    name = " ".join(option)
    assert (f"{name}: 2 qrels topic(s) with nothing relevant count in the means of the runs "
            "that answer them (-c: every one)") in result.stderr
    assert (f"means over answered topics ({name}: nothing relevant scores 0): 3 topic(s) "
            "per mean") in result.stderr
    # AP: topic 1 = 1 (a at rank 1), topic 2 = 0 (nothing relevant), topic 3 = 0: 1/3
    assert result.stdout.strip().splitlines()[-1].split() == ["r", "AP", "all", "0.3333"]


@pytest.mark.parametrize("option", [["--compat", "inex"], ["--zero-rel-as-zero"]])
def test_with_c_every_topic_counts(tmp_path, option):
    result = _eval(tmp_path, *option, "-c")
    name = " ".join(option)
    assert f"{name}: 2 qrels topic(s) with nothing relevant count in the means" in result.stderr
    assert "of the runs that answer them" not in result.stderr
    assert (f"means over every qrels topic (-c; unanswered topics score 0) ({name}: nothing "
            "relevant scores 0): 4 topic(s) per mean") in result.stderr
    # topics 1..4: 1, 0, 0, 0 -> 1/4
    assert result.stdout.strip().splitlines()[-1].split() == ["r", "AP", "all", "0.2500"]


def test_compare_and_report_say_the_same(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.run").write_text(RUN)
    (tmp_path / "s.run").write_text(RUN.replace(" r\n", " s\n"))
    files = [str(tmp_path / n) for n in ("q.txt", "r.run", "s.run")]
    compare = CliRunner().invoke(cli, ["compare", *files, "-m", "AP", "--compat", "inex"])
    assert compare.exit_code == 0, compare.output
    assert "per-topic scores over answered topics (--compat inex: nothing relevant scores 0)" \
        in compare.stderr
    report = CliRunner().invoke(cli, ["report", *files, "-m", "AP", "--zero-rel-as-zero",
                                      "-o", str(tmp_path / "r.html")])
    assert report.exit_code == 0, report.output
    assert ("means over answered topics (--zero-rel-as-zero: nothing relevant scores 0): "
            "3 topic(s) per mean") in report.stderr
