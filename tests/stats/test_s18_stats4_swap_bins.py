"""Swap-rate bins fit the measure's scale (Voorhees & Buckley 2002; Kazai & Lalmas 2006, §6.2.2).

The papers bin absolute differences of a measure on the 0-1 scale (MAP, MAep): 0.0025 ... 0.2.
A count such as ``num_rel_ret`` differs by 1, 2, 5 ...: every pair fell in the last bin
(``>=0.2``), a table that says nothing.  Off the 0-1 scale the difference is divided by the
best run's mean (Kazai & Lalmas 2006 relate their bins to the best score), and the
``difference`` column says so.
"""
from __future__ import annotations

import io

import numpy as np
import pandas as pd

from sdreval.stats.matrix import ScoreMatrix
from sdreval.stats.stability import minimum_difference, swap_rates


def _matrix(values, measure):
    values = np.asarray(values, dtype=float)
    return ScoreMatrix(tuple(f"r{i}" for i in range(len(values))),
                       tuple(str(t) for t in range(values.shape[1])), values, measure)


def _used(table):
    return table[table["comparisons"] > 0]


def test_count_measure_binned_relative_to_the_best_mean():
    # every topic: 10 against 9 relevant retrieved; difference 1 of a best mean of 10 = 0.1
    table = swap_rates(_matrix([[10] * 4, [9] * 4], "num_rel_ret"), trials=5)
    used = _used(table)
    assert set(used["bin"]) == {"[0.1,0.11)"}  # was ">=0.2" for every pair
    assert list(used["comparisons"]) == [5, 5]  # 5 trials x 1 pair, sizes 1 and 2
    assert set(table["difference"]) == {"relative"}


def test_unit_scale_measure_keeps_the_absolute_bins():
    table = swap_rates(_matrix([[0.5] * 4, [0.4] * 4], "MAP"), trials=5)
    assert set(_used(table)["bin"]) == {"[0.1,0.11)"}  # 0.5 - 0.4 = 0.1
    assert set(table["difference"]) == {"absolute"}


def test_values_above_one_are_off_the_scale_whatever_the_name():
    # differences of 0.3 on a best mean of 3: 0.1
    table = swap_rates(_matrix([[3.0] * 4, [2.7] * 4], "my_score"), trials=5)
    assert set(_used(table)["bin"]) == {"[0.1,0.11)"}
    assert set(table["difference"]) == {"relative"}


def test_minimum_difference_gives_absolute_and_relative():
    rates = swap_rates(_matrix([[10, 0, 10, 0], [0, 10, 0, 10], [5, 5, 5, 5]],
                               "num_rel_ret"), trials=20)
    found = minimum_difference(rates, best_score=5.0)
    np.testing.assert_allclose(found["min_difference"], found["min_difference_relative"] * 5.0)


def test_cli_csv_and_text_state_the_rule(sdreval_cli, tmp_path):
    rng = np.random.default_rng(1)
    rows = [(f"r{r}", str(t), "num_rel_ret", int(rng.integers(0, 20)) + 3 * r)
            for r in range(4) for t in range(8)]
    scores = tmp_path / "scores.csv"
    pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]).to_csv(scores, index=False)
    out = sdreval_cli("stability", "--scores", scores, "-m", "num_rel_ret", "-a", "swap",
                      "--format", "csv", "--trials", "10")
    assert out.returncode == 0, out.stderr
    table = pd.read_csv(io.StringIO(out.stdout))
    used = table[table["comparisons"] > 0]
    assert set(used["difference"]) == {"relative"}
    assert (used["bin"] != ">=0.2").any()
    text = sdreval_cli("stability", "--scores", scores, "-m", "num_rel_ret", "-a", "swap",
                       "--trials", "10")
    assert "share of the best run's mean" in text.stdout
