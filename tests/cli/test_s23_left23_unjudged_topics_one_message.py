"""Run topics the qrels do not judge: ``eval`` said "topic(s) not in the qrels ignored" and
``validate`` "run topic(s) without judgements in the given qrels", listing them in another
order.  One message now, from one place, so a user searching for one finds the other."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

EXPECTED = "run sys: 2 topic(s) not in the qrels ignored: 2, 10"  # topic order, not file order


def test_eval_and_validate_say_it_alike(tmp_path):
    (tmp_path / "q.txt").write_text("1 0 d1 1\n")
    (tmp_path / "r.txt").write_text("1 Q0 d1 1 3.0 sys\n10 Q0 d1 1 2.0 sys\n"
                                    "2 Q0 d1 1 1.0 sys\n")
    files = [str(tmp_path / "q.txt"), str(tmp_path / "r.txt")]
    evaluated = CliRunner().invoke(cli, ["eval", *files, "-m", "map"])
    validated = CliRunner().invoke(cli, ["validate", *files])
    assert evaluated.exit_code == 0 and validated.exit_code == 0, validated.output
    assert f"sdreval: warning: {EXPECTED}" in evaluated.stderr
    assert f"r.txt: warning: {EXPECTED}" in validated.output
