"""ERR's max_grade below a judged grade is refused.  ERR = Σ_r (1/r) R_r Π_{i<r}(1 − R_i) with
R = (2^g − 1)/2^max_grade (Chapelle et al. 2009, Eq. 4, max_grade the highest grade) is an
expected reciprocal rank, at most 1; with a grade 5 and gdeval's max_grade 4, R = 31/16 > 1 and
sdreval printed ERR = 1.8533 for the run d1 d2 d3 on qrels d1 5, d2 1, d3 2."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


def _files(tmp_path, top):
    (tmp_path / "q").write_text(f"1 0 d1 {top}\n1 0 d2 1\n1 0 d3 2\n1 0 d4 0\n")
    (tmp_path / "r").write_text("1 Q0 d1 1 3 r\n1 Q0 d2 2 2 r\n1 Q0 d3 3 1 r\n")
    return [str(tmp_path / "q"), str(tmp_path / "r")]


@pytest.mark.parametrize("measure", ["ERR", "ERR@2", "ERR(max_grade=0)"])
def test_grade_above_max_grade_is_exit_2(tmp_path, measure):
    result = CliRunner().invoke(cli, ["eval", *_files(tmp_path, 5), "-m", measure])
    assert result.exit_code == 2, result.output
    assert "above max_grade" in result.output and "ERR(max_grade=5)" in result.output


def test_max_grade_at_the_highest_grade(tmp_path):
    result = CliRunner().invoke(cli, ["eval", *_files(tmp_path, 5), "-m", "ERR(max_grade=5)"])
    assert result.exit_code == 0, result.output
    r1, r2, r3 = 31 / 32, 1 / 32, 3 / 32
    want = r1 + (1 - r1) * r2 / 2 + (1 - r1) * (1 - r2) * r3 / 3
    assert float(result.stdout.split()[-1]) == pytest.approx(want, abs=5e-5)


def test_grades_up_to_max_grade_pass(tmp_path):
    result = CliRunner().invoke(cli, ["eval", *_files(tmp_path, 4), "-m", "ERR"])
    assert result.exit_code == 0, result.output
    assert float(result.stdout.split()[-1]) <= 1
