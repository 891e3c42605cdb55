"""The warning of qrels topics with nothing relevant left out of means claims that trec_eval,
ir_measures and ranx average them in as 0.  trec_eval averages in only the topics a run
answers (without -c): a topic no run answers is left out of its means by trec_eval too, so
the warning names only the topics the run answers (every one under -c); another says of the
topics it does not answer what each peer does: ir_measures' calc_aggregate averages them in as
0 (AP (1 + 0 + 0)/3 on the data below), trec_eval only with -c, ranx with
make_comparable=True."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d2 0\n2 0 d3 0\n3 0 d4 0\n"  # topics 2 and 3: nothing relevant
RUN = "1 Q0 d1 1 3 r\n1 Q0 d2 2 2 r\n2 Q0 d3 1 1 r\n"  # answers 1 and 2, not 3


def _warnings(tmp_path, run: str, *options: str) -> list[str]:
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(run)
    result = CliRunner().invoke(cli, ["eval", *options, str(tmp_path / "q"),
                                      str(tmp_path / "r"), "-m", "map"])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if "nothing relevant" in line]


def test_unanswered_topic_not_claimed(tmp_path):
    # trec_eval (no -c) averages topic 2 (answered, AP 0) in, never topic 3 (unanswered)
    lines = _warnings(tmp_path, RUN)
    assert len(lines) == 2
    assert lines[0].endswith("run r: 1 qrels topic(s) with nothing relevant left out of its "
                             "means: 2 (trec_eval, ir_measures and ranx average them in as 0: "
                             "--zero-rel-as-zero, zero_rel=True in Python)")
    assert lines[1].endswith("run r: 1 qrels topic(s) with nothing relevant not answered, left "
                             "out of its means: 3 (ir_measures averages them in as 0, trec_eval "
                             "only with -c, ranx with make_comparable=True: --zero-rel-as-zero "
                             "-c, zero_rel=True and all_topics=True in Python)")


def test_no_answered_topic_no_trec_eval_claim(tmp_path):
    lines = _warnings(tmp_path, "1 Q0 d1 1 3 r\n")
    assert len(lines) == 1 and "not answered, left out of its means: 2, 3 (" in lines[0]
    assert "trec_eval, ir_measures and ranx average them in" not in lines[0]


def test_zero_rel_and_c_give_ir_measures_mean(tmp_path):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    result = CliRunner().invoke(cli, ["eval", "-c", "--zero-rel-as-zero", str(tmp_path / "q"),
                                      str(tmp_path / "r"), "-m", "map"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].split("\t")[-1] == f"{(1 + 0 + 0) / 3:.4f}"


def test_every_topic_under_c(tmp_path):
    # trec_eval -c averages every qrels topic in: 2 and 3 both
    lines = _warnings(tmp_path, RUN, "-c")
    assert len(lines) == 1 and lines[0].endswith(
        "2 qrels topic(s) with nothing relevant left out of means: 2, 3 (trec_eval, "
        "ir_measures and ranx average them in as 0: --zero-rel-as-zero, zero_rel=True in "
        "Python)")
