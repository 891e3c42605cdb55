"""gm_map's geometric mean exp(mean(log(max(AP, 0.00001)))) (trec_eval; Robertson 2006) was
written twice: the in-memory means (math.fsum of the logs, divided by the count) and the
partitions' sums (the exact sum of the logs, rounded, divided by the count).  Both rounded the
sum of the logs and then the quotient again; now one function takes the mean of the logs as
every mean is taken: the exact sum divided by the count, rounded once.

For the APs below the exact mean of the logs rounds to a float whose exp is 0.43219366665489234;
rounding the sum first and then dividing gives 0.4321936666548924."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd

from sdreval.measures.evaluate import summarise
from sdreval.orchestrate.dataset import add_sums, means_from_sums, value_sums

AP = [0.39, 0.14, 0.72, 0.53, 0.31, 0.49, 0.89, float("nan")]  # NaN: left out


def _expected(values) -> float:
    logs = [Fraction(math.log(max(v, 0.00001))) for v in values if not math.isnan(v)]
    return math.exp(float(sum(logs) / len(logs)))  # the mean of the logs, rounded once


def test_in_memory_mean_is_the_rounded_once_geometric_mean():
    table = pd.DataFrame({"run": "r", "topic": [str(t) for t in range(len(AP))],
                          "measure": "gm_map", "value": AP})
    mean = summarise(table)["value"].item()
    assert mean == _expected(AP) == 0.43219366665489234


def test_partition_sums_give_the_same_geometric_mean():
    whole = _expected(AP)
    for cut in (1, 3, 5):
        parts = [value_sums(["gm_map"], np.array([AP[:cut]])),
                 value_sums(["gm_map"], np.array([AP[cut:]]))]
        frame = means_from_sums("r", ["gm_map"], add_sums(parts, ["gm_map"]), 7)
        assert frame["value"].item() == whole
        assert frame["topics"].item() == 7
