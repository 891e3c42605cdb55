"""Decisions of comparison tables holding several measures (Ogilvie & Lalmas 2006, Eq. 14 and
Fig. 1) are compared measure by measure.

Both settings compare runs a and b under m1 and m2.  ``decision_outcomes`` merged on the runs
only: 2 x 2 = 4 rows mixing m1's decisions with m2's (a 'false alarm' and a 'miss' where each
measure agrees with itself).  ``agreement`` took the pairs without their measure: x rejecting
(a, b) under m1 and y under m2 read as agreement, recall = precision = 1, where under each
measure one setting rejects and the other retains: |reject(x) ∩ reject(y)| = 0, so recall
0/1 = 0 and precision 0/1 = 0."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import UsageError
from sdreval.stats.decisions import agreement, agreement_matrix, decision_outcomes


def _table(rejects: dict[str, bool]) -> pd.DataFrame:
    return pd.DataFrame([("a", "b", m, 0.6, 0.5, r) for m, r in rejects.items()],
                        columns=["run_a", "run_b", "measure", "mean_a", "mean_b", "reject"])


def test_outcomes_per_measure():
    x = y = _table({"m1": True, "m2": False})
    out = decision_outcomes(x, y)
    assert out[["measure", "outcome"]].values.tolist() == [["m1", "both"], ["m2", "neither"]]
    crossed = decision_outcomes(x, _table({"m1": False, "m2": True}))
    assert crossed["outcome"].tolist() == ["false alarm", "miss"]


def test_agreement_per_measure():
    x, y = _table({"m1": True, "m2": False}), _table({"m1": False, "m2": True})
    result = agreement(x, y)
    assert (result["recall"], result["precision"], result["rejected_both"]) == (0.0, 0.0, 0)
    assert agreement(x, x)["f1"] == 1.0
    assert agreement_matrix({"x": x, "y": y})["recall"].tolist() == [1.0, 0.0, 0.0, 1.0]


def test_one_measure_a_side_is_a_setting():
    """Two single-measure tables (the measure is the setting) compare their pairs."""
    x, y = _table({"MAep": True}), _table({"nxCG@10": True})
    assert decision_outcomes(x, y)["outcome"].tolist() == ["both"]
    assert agreement(x, y)["recall"] == 1.0


def test_different_measures_refused():
    x, y = _table({"m1": True, "m2": False}), _table({"m1": True, "m3": False})
    with pytest.raises(UsageError, match="same pairs of runs on the same measures"):
        decision_outcomes(x, y)
    with pytest.raises(UsageError, match="do not compare the same measures"):
        agreement(x, y)
