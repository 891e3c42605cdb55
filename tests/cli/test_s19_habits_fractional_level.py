"""``-l`` with a fractional level: trec_eval reads its ``-l`` with ``atol`` (trec_eval.c), so
``-l 1.5`` is ``-l 1`` there, while sdreval's level is a threshold on the value (``-l 1.5``
counts grades >= 1.5, i.e. >= 2 on whole grades).  A trec_eval user passing ``-l 1.5`` got
another number than trec_eval's with exit 0 and no word: the rule applied is now stated.

By hand: topic 1 judges d1 grade 1 and d2 grade 2; the run ranks d1, d2.  Relevant iff grade
>= 1 (trec_eval -l 1.5 = -l 1): AP = (1/1 + 2/2) / 2 = 1.  Relevant iff grade >= 1.5 (= 2): AP =
(1/2) / 1 = 0.5."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d2 2\n"
RUN = "1 Q0 d1 1 2 r\n1 Q0 d2 2 1 r\n"


def _eval(tmp_path, *options: str):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    return CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "-m", "map",
                                    "--order", "rsv", *options])


def test_fractional_level_is_stated(tmp_path):
    result = _eval(tmp_path, "-l", "1.5")
    assert result.exit_code == 0, result.output
    assert result.stdout == "r\tmap\tall\t0.5000\n"  # grade >= 1.5: only d2, at rank 2
    assert "-l 1.5: relevant iff grade >= 1.5" in result.stderr
    assert "trec_eval reads -l as a whole number (trec_eval -l 1)" in result.stderr


def test_whole_level_says_nothing(tmp_path):
    result = _eval(tmp_path, "-l", "2")
    assert result.stdout == "r\tmap\tall\t0.5000\n"
    assert "whole number" not in result.stderr
    assert _eval(tmp_path, "-l", "1").stdout == "r\tmap\tall\t1.0000\n"  # trec_eval -l 1.5
