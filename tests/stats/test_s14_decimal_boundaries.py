"""Score differences on a bin or tie boundary, decided on the decimal values (Kazai & Lalmas 2006,
§6.2.1–6.2.2), not on float subtraction noise.

Swap-rate bins (Voorhees & Buckley 2002, as Kazai & Lalmas 2006, §6.2.2): a difference of
exactly 0.1 between two runs' means belongs to the bin [0.1, 0.11), 0.01 to [0.01, 0.02).  In
floats 0.3 − 0.2 = 0.09999999999999998 and 0.03 − 0.02 = 0.009999999999999998, which fell into
[0.09, 0.1) and [0.005, 0.01): with two-decimal scores (P@10, P@100 on one topic) about one pair
in eight was counted in the bin below its own.

The 5% tie rule (Kazai & Lalmas 2006, Eq. 15–16): A = B when |a − b| < 0.05·max(a, b).  For
a = 0.06, b = 0.057: |a − b| = 0.003 = 0.05·0.06, not smaller, so A ≻ B; in floats
0.0030000000000000027 < 0.003 made it a tie."""
from __future__ import annotations

import numpy as np

from sdreval.stats.stability import error_rate_and_ties, pair_decisions, swap_rates


def _bins_used(a: float, b: float) -> set[float]:
    scores = np.array([[a] * 4, [b] * 4])
    table = swap_rates(scores, trials=5, sizes=[1, 2], show_progress=False)
    return set(table.loc[table["comparisons"] > 0, "bin_low"])


def test_difference_of_a_tenth_is_in_the_bin_from_a_tenth():
    assert _bins_used(0.3, 0.2) == {0.1}       # |0.3 − 0.2| = 0.1 ∈ [0.1, 0.11)
    assert _bins_used(0.03, 0.02) == {0.01}    # 0.01 ∈ [0.01, 0.02)
    assert _bins_used(0.06, 0.01) == {0.05}    # 0.05 ∈ [0.05, 0.06)


def test_five_percent_rule_boundary_is_not_a_tie():
    better, worse, ties = pair_decisions(np.array([[0.06, 0.057]]))
    assert (better.tolist(), worse.tolist(), ties.tolist()) == ([1], [0], [0])
    assert error_rate_and_ties(np.array([[0.06, 0.057], [0.057, 0.06]])) == {
        "comparisons": 2, "error_rate": 0.5, "ties": 0.0}
