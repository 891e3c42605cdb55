"""means_by_measure ranks runs by the number eval prints: it took the arithmetic mean of every
measure's per-topic values, so gm_map ranked as map (tau(map, gm_map) = 1 whatever the runs)
and a count by its mean.  Expected values: trec_eval's gm_map, exp(mean(log(max(AP, 1e-5))))
(Robertson 2006), written out here."""
from __future__ import annotations

import math

import pandas as pd
import pytest

from sdreval.stats.correlation import means_by_measure, ranking_correlations

AP = {"A": [0.9, 0.0], "B": [0.3, 0.3], "C": [0.2, 0.2]}


def _table():
    rows = [(run, str(t), name, ap) for run, values in AP.items()
            for t, ap in enumerate(values) for name in ("map", "gm_map")]
    return pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])


def test_gm_map_is_the_geometric_mean():
    wide = means_by_measure(_table())
    assert wide.loc["A", "gm_map"] == pytest.approx(math.exp((math.log(0.9)
                                                              + math.log(1e-5)) / 2))
    assert wide.loc["A", "map"] == pytest.approx(0.45)


def test_tau_of_map_and_gm_map():
    row = ranking_correlations(means_by_measure(_table())[["map", "gm_map"]]).iloc[0]
    # map: A > B > C; gm_map: B > C > A: pairs AB, AC discordant, BC concordant
    assert row.kendall_tau == pytest.approx(-1 / 3)


def test_count_is_summed():
    rows = [("A", "1", "num_rel_ret", 3.0), ("A", "2", "num_rel_ret", 5.0)]
    table = pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])
    assert means_by_measure(table).loc["A", "num_rel_ret"] == 8
