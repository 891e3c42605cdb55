"""Exponential gains of grades of 1024 and more: 2^g overflows a double, so nDCG(gains=exp)
was printed as nan (inf/inf) with exit 0, and ERR(max_grade=1030), the setting its own message
asks for, stopped with an OverflowError traceback.  Both now divide numerator and denominator
by one power of 2 (their ratio unchanged); expected values in exact fractions."""
from __future__ import annotations

import csv
import io
import math
from fractions import Fraction

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1030\n1 0 b 3\n1 0 c 0\n"
RUN = "1 Q0 b 1 0.9 r\n1 Q0 a 2 0.5 r\n1 Q0 c 3 0.1 r\n"  # ranks b (3), a (1030), c (0)


def _values(tmp_path, *measures: str) -> dict[str, float]:
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    args = ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.txt"), "--quiet", "--format",
            "csv"]
    for measure in measures:
        args += ["-m", measure]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    return {row["measure"]: float(row["value"]) for row in rows if row["topic"] == "all"}


def _gain(grade: int) -> Fraction:
    return Fraction(2 ** grade - 1)


def test_ndcg_with_exponential_gains_of_huge_grades(tmp_path):
    values = _values(tmp_path, "nDCG(gains=exp)@10", "nDCG(gains=exp)@1")
    at2 = Fraction(1 / math.log2(3))  # trec_eval's discount 1/log2(r + 1) at rank 2
    dcg = _gain(3) + _gain(1030) * at2
    ideal = _gain(1030) + _gain(3) * at2
    assert not math.isnan(values["nDCG(gains=exp)@10"])  # was nan
    assert math.isclose(values["nDCG(gains=exp)@10"], float(dcg / ideal), rel_tol=1e-12)
    assert math.isclose(values["nDCG(gains=exp)@1"], float(_gain(3) / _gain(1030)),
                        abs_tol=1e-300)


def test_err_with_a_max_grade_above_1023(tmp_path):
    values = _values(tmp_path, "ERR(max_grade=1030)@10")  # was an OverflowError
    top = 2 ** 1030
    r_b, r_a = Fraction(2 ** 3 - 1, top), Fraction(2 ** 1030 - 1, top)
    err = r_b / 1 + (1 - r_b) * r_a / 2  # Chapelle et al. 2009, Eq. 4; c stops no one
    assert math.isclose(values["ERR(max_grade=1030)@10"], float(err), rel_tol=1e-12)
