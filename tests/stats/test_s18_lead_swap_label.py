"""The swap-rate table's ``difference`` column names the rule applied, not the scale's value.

A count measure is binned relative to the best run's mean (Kazai & Lalmas 2006, §6.2.2); when
that mean happens to be exactly 1 the division changes nothing, but the bins still read as
shares of the best score, and the column must say ``relative`` (it said ``absolute``).
"""
from __future__ import annotations

import numpy as np

from sdreval.stats.matrix import ScoreMatrix
from sdreval.stats.stability import swap_rates


def test_a_count_whose_best_mean_is_one_is_labelled_relative():
    # num_rel_ret per topic: run r0 retrieves 1 relevant everywhere (mean 1), r1 none
    values = np.array([[1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0]])
    matrix = ScoreMatrix(("r0", "r1"), ("1", "2", "3", "4"), values, "num_rel_ret")
    table = swap_rates(matrix, trials=5)
    assert set(table["difference"]) == {"relative"}
    used = table[table["comparisons"] > 0]
    assert set(used["bin"]) == {">=0.2"}  # difference 1 of a best mean of 1: 100 %
