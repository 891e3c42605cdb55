"""A cut-off past every list (nDCG@1e12, RBP@1e12, ERR@1e12, Hits@1e12, MAnxCG@1e12) is
computed, not a matrix 10^12 wide.  Before, each ended in a MemoryError or ValueError
traceback.  Expected values by hand on qrels d1 0, d2 1, d3 2 and the run d1 d2 d3 d5."""
from __future__ import annotations

from fractions import Fraction
from math import log2

import pytest

from sdreval.io.readers import read_qrels, read_runs
from sdreval.measures.evaluate import evaluate
from sdreval.measures.xcg.kernels import LONG_MEAN


def _values(names, tmp_path):
    (tmp_path / "q").write_text("1 0 d1 0\n1 0 d2 1\n1 0 d3 2\n")
    (tmp_path / "r").write_text("1 Q0 d1 1 4 r\n1 Q0 d2 2 3 r\n1 Q0 d3 3 2 r\n"
                                "1 Q0 d5 4 1 r\n")
    qrels, run = read_qrels(str(tmp_path / "q")), read_runs([str(tmp_path / "r")])[0]
    table = evaluate(qrels, run, names)
    return dict(zip(table["measure"], table["value"]))


def test_classic_and_ranking_measures(tmp_path):
    got = _values(["nDCG@1e12", "RBP@1000000000000", "ERR@1e12", "Hits@1e12",
                   "RBPResidual@1e12"], tmp_path)
    dcg = 1 / log2(3) + 2 / log2(4)
    assert got["nDCG@1e12"] == pytest.approx(dcg / (2 + 1 / log2(3)), abs=1e-12)
    assert got["RBP@1000000000000"] == pytest.approx(0.2 * (0.8 * 1 + 0.64 * 2), abs=1e-12)
    stop1, stop2 = 1 / 16, 3 / 16  # (2^g - 1)/2^4
    assert got["ERR@1e12"] == pytest.approx(stop1 / 2 + (1 - stop1) * stop2 / 3, abs=1e-12)
    assert got["Hits@1e12"] == 2
    assert got["RBPResidual@1e12"] == pytest.approx(0.2 * 0.8 ** 3 + 0.8 ** 4, abs=1e-12)


def test_manxcg_past_any_list(tmp_path):
    """xG = 0 1 2 0, xI = 2 1: nxCG = 0, 1/3, 1, 1, ...; MAnxCG@k = (4/3 + (k - 3))/k."""
    k = LONG_MEAN + 1
    got = _values([f"MAnxCG(ideal=full,overlap=off)@{k}", "MAnxCG(ideal=full,overlap=off)@1e12",
                   "MAnxCG(ideal=full,overlap=off)@3"], tmp_path)
    assert got["MAnxCG(ideal=full,overlap=off)@3"] == pytest.approx(4 / 9, abs=1e-15)
    want = Fraction(4, 3) + (k - 3)
    assert got[f"MAnxCG(ideal=full,overlap=off)@{k}"] == pytest.approx(float(want / k),
                                                                        abs=1e-15)
    assert got["MAnxCG(ideal=full,overlap=off)@1e12"] == pytest.approx(
        float((Fraction(4, 3) + 10**12 - 3) / 10**12), abs=1e-15)
