"""trec_eval's ``-m runid -m num_q`` (printed by trec_eval only when asked): accepted with
``--format trec_eval``, whose blocks always hold them, and explained elsewhere."""
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d2 0\n2 0 d1 1\n"
RUN = "1 Q0 d1 1 2.0 sys\n1 Q0 d2 2 1.0 sys\n2 Q0 d2 1 1.0 sys\n"


def _files(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    return str(tmp_path / "q.txt"), str(tmp_path / "r.txt")


def test_trec_eval_layout_takes_runid_and_num_q(tmp_path):
    q, r = _files(tmp_path)
    got = CliRunner().invoke(cli, ["eval", q, r, "-m", "runid", "-m", "num_q", "-m", "map",
                                   "--format", "trec_eval", "--quiet"])
    assert got.exit_code == 0, got.output
    # trec_eval -m runid -m num_q -m map: AP topic 1 = 1, topic 2 = 0 -> 0.5
    assert got.output == ("runid                 \tall\tsys\n"
                          "num_q                 \tall\t2\n"
                          "map                   \tall\t0.5000\n")


def test_only_runid_is_refused_in_trec_eval_layout(tmp_path):
    q, r = _files(tmp_path)
    got = CliRunner().invoke(cli, ["eval", q, r, "-m", "num_q", "--format", "trec_eval"])
    assert got.exit_code == 2
    assert "besides them" in got.output


def test_other_formats_explain_runid(tmp_path):
    q, r = _files(tmp_path)
    got = CliRunner().invoke(cli, ["eval", q, r, "-m", "runid", "-m", "map"])
    assert got.exit_code == 2
    assert "not a measure in sdreval: --format trec_eval prints runid" in got.output
