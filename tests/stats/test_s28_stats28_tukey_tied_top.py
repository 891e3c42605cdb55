"""Discrimination power with two runs tied on the top mean to 12 decimals (0.1 + 0.2 and 0.3
on every topic): both name the top run, and neither is significantly worse than the other,
so both are in group A by every method.  main's one-way Tukey HSD put one of them out (its
difference of 5.6e-17 over a spread of 0: p = 0), and the rank transform ranked them apart on
every topic."""
import numpy as np
import pytest

from sdreval.stats.discrimination import discrimination_power, group_a_by_tukey
from sdreval.stats.matrix import ScoreMatrix

X = np.array([[0.1 + 0.2] * 3, [0.3] * 3, [0.1] * 3])


def test_tied_top_runs_are_both_in_group_a():
    row = discrimination_power(ScoreMatrix(("A", "B", "C"), ("1", "2", "3"), X, "AP")).iloc[0]
    assert row.top_run == "A, B"
    assert (row.group_a_ci, row.group_a_tukey, row.group_a_tukey_oneway) == (2, 2, 2)


@pytest.mark.parametrize("blocked", [True, False])
def test_rank_transform_ties_equal_scores(blocked):
    # ranks within each topic: A and B share 2.5, C 1 (main: A 3, B 2, no spread: B out)
    assert group_a_by_tukey(X, blocked=blocked, transform="rank").tolist() == [True, True, False]
