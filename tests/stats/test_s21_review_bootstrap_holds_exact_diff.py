"""compare's printed difference lies in its bootstrap interval when the difference is the exact
``mean_a − mean_b``: the percentile interval resamples the per-topic differences rounded to 12
decimals, whose mean can be 4e-13 from the exact one; the interval is moved by that gap (the
bootstrap of ``d + gap``), so it holds the printed difference as the t interval does.  Case:
run a 0.7 + 4.9e-13 on nine topics and 0.7 + 1e-12 on one, run b 0: the differences round to
0.7 (nine) and 0.700000000001; the exact difference (Fraction arithmetic below) is
0.7 + 5.41e-13, above the interval of the rounded differences' resampled means."""
from fractions import Fraction

import pandas as pd
import pytest

from sdreval.stats.compare import compare_runs

A = [0.7 + 4.9e-13] * 9 + [0.7 + 1e-12]
B = [0.0] * 10


@pytest.mark.parametrize("test", ["bootstrap", "randomization", "t"])
def test_interval_holds_exact_difference(test):
    topics = [str(t) for t in range(len(A))]
    scores = pd.DataFrame({"run": ["a"] * len(A) + ["b"] * len(B), "topic": topics * 2,
                           "measure": "AP", "value": A + B})
    row = compare_runs(scores, test=test, samples=1000).iloc[0]
    exact = float((sum(map(Fraction, A)) - sum(map(Fraction, B))) / len(A))
    assert row["diff"] == exact
    assert row["diff_ci_low"] <= row["diff"] <= row["diff_ci_high"], row.to_dict()
    assert row["diff_ci_high"] - row["diff_ci_low"] < 1e-11  # moved, not widened
