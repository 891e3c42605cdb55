"""trec_eval reads a measure's parameters with C's atof: ``-m utility.1,-1,.5,0``,
``set_F..5`` and ``rbp.p=.8`` are taken by trec_eval 10 (checked with its binary), where
sdreval said "cannot parse measure".  Expected values by hand, on the qrels and run below:
retrieved d1 (relevant), d2 (judged not relevant), d3 (not judged); R = 2 (d1, d4)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d2 0\n1 0 d4 1\n"
RUN = "1 Q0 d1 1 3 r\n1 Q0 d2 2 2 r\n1 Q0 d3 3 1 r\n"
P, RECALL = 1 / 3, 1 / 2


@pytest.mark.parametrize("name, expected", [
    # a·rel_ret + b·nonrel_ret + c·(R − rel_ret) = 1·1 − 1·2 + 0.5·1
    ("utility.1,-1,.5,0", -0.5),
    ("utility.1,-1,5e-1,0", -0.5),
    # trec_eval's set_Fx = (x+1)·P·R / (x·P + R), x = 0.5
    ("set_F..5", 1.5 * P * RECALL / (0.5 * P + RECALL)),
    # RBP = (1 − p)·Σ p^(i−1)·rel_i = 0.2 (only rank 1 relevant), p = 0.8
    ("rbp.p=.8", 0.2),
])
def test_atof_numbers_are_taken(tmp_path, name, expected):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"),
                                      "-m", name, "-q"])
    assert result.exit_code == 0, result.output
    line = [ln for ln in result.output.splitlines() if "\tall\t" in ln][0]
    assert float(line.split("\t")[-1]) == pytest.approx(expected, abs=5e-5)
