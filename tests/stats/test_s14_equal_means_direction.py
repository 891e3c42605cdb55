"""One-sided tests (H1: the run with the higher mean is better, Ogilvie & Lalmas 2006, Eq. 10)
when two runs' means are equal as decimals but not as floats.

A = (0.3, 0.3, 0.3, 0) and B = (0.2, 0.2, 0.2, 0.3) both have mean 0.9 / 4 = 0.225; in floats
A's sum is 0.8999999999999999 and B's 0.9000000000000001, which made B "higher" and tested
B − A: one win in four, sign-test p = P(X ≥ 1 | n = 4, ½) = 15/16.  Equal means keep the order
the runs were given, A − B: three wins in four, p = P(X ≥ 3) = (4 + 1) / 16 = 5/16."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sdreval.stats.compare import compare_runs
from sdreval.stats.decisions import rejection_set

A = [0.3, 0.3, 0.3, 0.0]
B = [0.2, 0.2, 0.2, 0.3]


def _table(first: list[float], second: list[float], names=("A", "B")) -> pd.DataFrame:
    rows = [(run, str(t), "AP", v) for run, values in zip(names, (first, second))
            for t, v in enumerate(values)]
    return pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])


def test_the_floats_disagree_with_the_decimals():
    assert sum(A) / 4 < sum(B) / 4  # the noise the rule must not follow


@pytest.mark.parametrize("names", [("A", "B"), ("B", "A")])
def test_equal_means_are_tested_in_the_given_order(names):
    first, second = (A, B) if names == ("A", "B") else (B, A)
    row = compare_runs(_table(first, second, names), test="sign", alternative="greater",
                       correction="none").iloc[0]
    wins_of_first = sum(x > y for x, y in zip(first, second))
    expected = {3: 5 / 16, 1: 15 / 16}[wins_of_first]
    assert row.p_value == pytest.approx(expected)


def test_rejections_keep_the_given_order_for_equal_means():
    compared = pd.DataFrame({"run_a": ["A"], "run_b": ["B"], "measure": ["AP"],
                             "mean_a": [sum(A) / 4], "mean_b": [sum(B) / 4],
                             "reject": [True]})
    assert rejection_set(compared) == {("A", "B")}
    compared["mean_b"] = [0.3]
    assert rejection_set(compared) == {("B", "A")}
    assert np.isfinite(compared["mean_a"]).all()
