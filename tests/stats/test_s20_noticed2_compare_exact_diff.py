"""``compare``'s ``diff`` is ``mean_a − mean_b`` exact and rounded once (the difference of eval's
exact means), not the exact mean of the per-topic differences rounded to 12 decimals: with run a
at 1/3 on every topic and run b at 0, the rounded differences 0.333333333333 gave a diff 3.3e-13
below mean_a − mean_b = 0.3333333333333333; a count's diff is the exact difference of the sums."""
from fractions import Fraction

import numpy as np
import pandas as pd

from sdreval.stats.compare import compare_runs


def _table(a, b, measure="P@10"):
    topics = [f"t{i}" for i in range(len(a))]
    return pd.DataFrame({"run": ["a"] * len(a) + ["b"] * len(b), "topic": topics * 2,
                         "measure": measure, "value": list(a) + list(b)})


def _exact(a, b) -> float:
    n = len(a)
    return float(sum(map(Fraction, a)) / n - sum(map(Fraction, b)) / n)


def test_diff_is_the_exact_difference_of_the_means():
    a, b = [1 / 3] * 5, [0.0] * 5
    row = compare_runs(_table(a, b), test="t").iloc[0]
    assert row["diff"] == _exact(a, b) == 1 / 3
    assert row["diff"] == row["mean_a"] - row["mean_b"]


def test_diff_exact_on_random_values():
    rng = np.random.default_rng(20)
    for _ in range(20):
        n = int(rng.integers(2, 30))
        a, b = rng.random(n).tolist(), rng.random(n).tolist()
        row = compare_runs(_table(a, b), test="bootstrap", samples=200).iloc[0]
        exact = _exact(a, b)
        assert row["diff"] == (0.0 if abs(exact) <= 1e-12 else exact), (a, b)
