"""An INEX 2003/2004 quantisation (gen, sog, strict: tables over exhaustivity x specificity
in 0..3, Kazai & Lalmas 2006, Eq. 1-3) is refused on graded judgements (TREC qrels), which
are stored with e = s = grade: gen read grade 4 as the pair (4, 4), outside its table, and
scored the most relevant document 0."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 4\n1 0 d2 3\n1 0 d4 1\n"


def test_recallbase_refuses_gen_on_trec_qrels(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    result = CliRunner().invoke(cli, ["recallbase", str(tmp_path / "q.txt"), "--quant", "gen"])
    assert result.exit_code == 2
    assert "quantisation 'gen' is a function of INEX 2003/2004 assessments" in result.stderr
    assert "use graded, or anyrel" in result.stderr


def test_recallbase_of_trec_qrels_keeps_their_grades(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    result = CliRunner().invoke(cli, ["recallbase", str(tmp_path / "q.txt")])
    assert result.exit_code == 0
    # whole documents: each is its own relevant path; value = its grade, descending
    assert result.stdout == ("1\td1\t/article[1]\t4\n1\td2\t/article[1]\t3\n"
                             "1\td4\t/article[1]\t1\n")


def test_eval_refuses_gen_on_trec_qrels(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text("1 Q0 d1 1 2 r\n1 Q0 d2 2 1 r\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.txt"),
                                      "-m", "MAep(quant=gen)"])
    assert result.exit_code == 2 and "quantisation 'gen'" in result.stderr
