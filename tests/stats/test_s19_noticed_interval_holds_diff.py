"""compare's printed difference lies in its printed interval.  The difference is the exact
mean of the per-topic differences (rounded once, as eval's means) while the t interval was
centred on numpy's mean: with a constant difference of 0.7 over 49 topics compare printed
diff 0.7 and the interval [0.7000000000000001, 0.7000000000000001], which leaves it out.
A constant difference has sd 0 (Lakens 2013, Eq. 6 divides by it), so its t interval is the
point itself."""
import numpy as np
import pandas as pd
import pytest

from sdreval.stats.compare import compare_runs
from sdreval.stats.effect import paired_effects


def _scores(a, b):
    topics = [str(t) for t in range(len(a))]
    return pd.DataFrame({"run": ["A"] * len(a) + ["B"] * len(b), "topic": topics * 2,
                         "measure": "AP", "value": list(a) + list(b)})


@pytest.mark.parametrize("test", ["t", "bootstrap"])
@pytest.mark.parametrize("a, b, diff", [
    ([0.7] * 49, [0.0] * 49, 0.7),           # a constant difference
    ([0.1] * 20, [0.0] * 20, 0.1),
    ([0.25, 0.5, 0.75], [0.25, 0.5, 0.75], 0.0),  # equal runs
    ([0.3, 0.6], [0.0, 0.3], 0.3),           # two topics
])
def test_interval_holds_the_difference(test, a, b, diff):
    row = compare_runs(_scores(a, b), test=test, samples=1000).iloc[0]
    assert row["diff"] == pytest.approx(diff, abs=1e-15)
    assert row["diff_ci_low"] <= row["diff"] <= row["diff_ci_high"], row.to_dict()


def test_constant_differences_many_sizes():
    for c in (0.1, 0.2, 0.3, 0.7, 0.9, 1 / 3, 0.15, 0.45):
        for n in range(2, 61, 3):
            e = paired_effects(np.full((1, n), c), 0.95, "t")
            assert e["diff_ci_low"][0] <= e["diff"][0] <= e["diff_ci_high"][0], (c, n, e)
