"""Rank correlations of system rankings (Kazai & Lalmas 2006, §6.2.1.2) see runs with equal mean
scores as tied, also when float summation makes the means differ in the last bit.

Runs r1 and r2 score 0.1, 0.2, 0.3 and 0.3, 0.2, 0.1 on measure X: both means are 0.2 (in floats
0.19999999999999998 and 0.20000000000000004).  On Y the three runs score 0.2 < 0.3 < 0.5.  With
the tie in X, Kendall's tau-b = (2 concordant − 0 discordant) / sqrt(2·3) = 0.8165 and Spearman's
rho = 1.5 / sqrt(1.5·2) = 0.8660 (mid-ranks 1.5, 1.5, 3 against 1, 2, 3): what scipy gives on
the decimal means.  Read as ordered, the float noise made both 1."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from sdreval.stats.correlation import kendall_tau, means_by_measure, ranking_correlations, \
    spearman_rho

SCORES = {"X": {"r1": [0.1, 0.2, 0.3], "r2": [0.3, 0.2, 0.1], "r3": [0.5, 0.5, 0.5]},
          "Y": {"r1": [0.2] * 3, "r2": [0.3] * 3, "r3": [0.5] * 3}}


def _table() -> pd.DataFrame:
    return pd.DataFrame([(run, str(t), measure, value)
                         for measure, runs in SCORES.items() for run, values in runs.items()
                         for t, value in enumerate(values)],
                        columns=["run", "topic", "measure", "value"])


def test_equal_means_are_tied_in_kendall_and_spearman():
    row = ranking_correlations(means_by_measure(_table())).iloc[0]
    assert row["kendall_tau"] == pytest.approx(2 / math.sqrt(6), abs=1e-12)
    assert row["spearman_rho"] == pytest.approx(1.5 / math.sqrt(3), abs=1e-12)
    decimal_x, y = [0.2, 0.2, 0.5], [0.2, 0.3, 0.5]
    assert row["kendall_tau"] == pytest.approx(stats.kendalltau(decimal_x, y).statistic)
    assert row["spearman_rho"] == pytest.approx(stats.spearmanr(decimal_x, y).statistic)


def test_vectors_equal_up_to_float_noise_are_one_ranking():
    noisy = np.array([0.1 + 0.2, 0.3, 0.5])        # 0.30000000000000004, 0.3, 0.5
    assert kendall_tau(noisy, np.array([0.3, 0.2, 0.5]))[0] == pytest.approx(
        stats.kendalltau([0.3, 0.3, 0.5], [0.3, 0.2, 0.5]).statistic)
    assert math.isnan(spearman_rho(np.array([0.1 + 0.2, 0.3]), np.array([1.0, 2.0]))[0])
