"""Evaluation output given to validate (trec_eval's ``measure topic value``, sdreval eval's
``run measure topic value``) fits no format; the hint guessed a run of 3 columns or TREC qrels
with a second field other than 0, which the file is not.  It now says what the file is."""
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.io.text_hints import unrecognised_hint

_SCORES = "scores, not judgements or a run; give the qrels and the runs that were evaluated"


def test_trec_eval_output(tmp_path):
    (tmp_path / "e").write_text("num_rel\t2010003\t157\nmap\t2010003\t0.1282\n"
                                "map\tall\t0.2\n")
    got = CliRunner().invoke(cli, ["validate", str(tmp_path / "e")])
    assert got.exit_code == 1
    assert f"it looks like trec_eval's output (measure topic value): {_SCORES}" in got.output
    assert "TREC run has 6" not in got.output


def test_sdreval_eval_output(tmp_path):
    (tmp_path / "e").write_text("frb\tMAep\t163\t1.0000\nfrb\tnxCG@5\t163\t0.5000\n")
    got = CliRunner().invoke(cli, ["validate", str(tmp_path / "e")])
    assert got.exit_code == 1
    assert (f"it looks like the output of sdreval eval (run measure topic value): {_SCORES}"
            in got.output)
    assert "second field is not 0" not in got.output


def test_runs_and_qrels_keep_their_hints():
    assert "3 fields" in unrecognised_hint([["q1", "d1", "0.5"]])
    assert "second field is not 0" in unrecognised_hint([["1", "5", "d1", "2"]])
