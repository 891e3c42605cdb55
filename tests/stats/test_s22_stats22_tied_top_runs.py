"""Discrimination power by CI overlap (Vu & Gallinari 2005, §6): group A = the runs whose
bootstrap CI overlaps the top run's.  Where two runs tie on the top mean, the top run was the
one first in the input, so group_a_ci (and top_run) changed with the order of the runs in the
score table: 2 or 3 below.  Now the CI of either tied run counts, and top_run names both."""
from __future__ import annotations

import numpy as np
import pandas as pd

from sdreval.stats import confidence_intervals, discrimination_power, score_matrix

# r0: 0.5 on every topic (CI [0.5, 0.5]); r1: 0.9/0.1 alternating, mean 0.5, wide CI;
# r2: mean 0.325, CI within [0.3, 0.4]: below r0's CI, inside r1's
X = {"r0": [0.5] * 8, "r1": [0.9, 0.1] * 4, "r2": [0.3, 0.3, 0.4, 0.3, 0.3, 0.4, 0.3, 0.3]}


def _matrix(order):
    return score_matrix(pd.DataFrame([(r, str(t + 1), "P_5", X[r][t]) for r in order
                                      for t in range(8)],
                                     columns=["run", "topic", "measure", "value"]), "P_5")


def test_group_a_by_ci_does_not_depend_on_the_order_of_tied_top_runs():
    ci = confidence_intervals(_matrix(["r0", "r1", "r2"])).set_index("run")
    assert ci.loc["r0", "ci_low"] == ci.loc["r0", "ci_high"] == 0.5
    assert ci.loc["r2", "ci_high"] < 0.5 and ci.loc["r1", "ci_low"] < ci.loc["r2", "ci_high"]
    rows = [discrimination_power(_matrix(order)).iloc[0]
            for order in (["r0", "r1", "r2"], ["r1", "r0", "r2"], ["r2", "r1", "r0"])]
    # r2 overlaps r1's interval: not distinguishable from a run with the top mean
    assert [int(r["group_a_ci"]) for r in rows] == [3, 3, 3]
    assert [sorted(r["top_run"].split(", ")) for r in rows] == [["r0", "r1"]] * 3
    assert all(np.isclose(r["group_a_tukey"], rows[0]["group_a_tukey"]) for r in rows)
