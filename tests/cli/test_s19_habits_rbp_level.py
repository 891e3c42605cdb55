"""docs/ir-users.md: ``-l`` makes RBP binary (its ``rel`` default), while nDCG keeps the grades.

By hand, grades a 1, b 2, run a, b, p = 0.5: graded RBP = 0.5·(1 + 2·0.5) = 1; with -l 2 only b
is relevant: 0.5·(0 + 1·0.5) = 0.25.  nDCG = (1 + 2/log2(3)) / (2 + 1/log2(3)) = 0.8597 with or
without -l."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def _eval(tmp_path, *options: str) -> str:
    (tmp_path / "q").write_text("1 0 a 1\n1 0 b 2\n")
    (tmp_path / "r").write_text("1 Q0 a 1 2 r\n1 Q0 b 2 1 r\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "-m",
                                      "RBP(p=0.5)", "-m", "ndcg", "--quiet", *options])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_level_makes_rbp_binary_not_ndcg(tmp_path):
    assert _eval(tmp_path) == "r\tRBP(p=0.5)\tall\t1.0000\nr\tndcg\tall\t0.8597\n"
    assert _eval(tmp_path, "-l", "2") == "r\tRBP(p=0.5)\tall\t0.2500\nr\tndcg\tall\t0.8597\n"
