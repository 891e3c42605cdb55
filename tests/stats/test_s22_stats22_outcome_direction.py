"""decision_outcomes (Ogilvie & Lalmas 2006, Fig. 1 as data) took a rejection's direction from
the sign of the float difference of the means, agreement / rejection_set (Eq. 14) from the
means to 12 decimals with equal means in the given order.  Means equal in decimals, 0.42 and
0.42 under one setting, 0.42 and 0.42000000000000004 under the other, both rejected: Eq. 14
counted one agreeing rejection (recall 1), Fig. 1's outcome said "opposite".  Both now say the
rejections agree."""
from __future__ import annotations

import pandas as pd

from sdreval.stats.decisions import agreement, decision_outcomes


def _setting(mean_b: float) -> pd.DataFrame:
    return pd.DataFrame({"run_a": ["A"], "run_b": ["B"], "measure": ["m"], "mean_a": [0.42],
                         "mean_b": [mean_b], "reject": [True]})


def test_outcome_and_agreement_take_one_direction():
    x, y = _setting(0.42), _setting(0.42000000000000004)
    assert agreement(x, y)["recall"] == 1.0
    assert decision_outcomes(x, y)["outcome"].tolist() == ["both"]
