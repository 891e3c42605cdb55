"""Rank correlation between system rankings (Kazai & Lalmas 2006, §6.2.1.2, Vu & Gallinari 2005).

Kendall's tau is ``scipy.stats.kendalltau`` (tau-b, which handles tied scores; p-value from
scipy's default method: exact for small tie-free samples, else the normal approximation);
Spearman's rho is ``scipy.stats.spearmanr``.  Rankings are given as the runs' mean scores
(higher is better), aligned by run.  A setting that gives every run the same mean ranks them
all equally: its correlations are undefined (NaN), and scipy is not asked.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from ..errors import UsageError


def is_constant(scores: np.ndarray) -> bool:
    """Every run has the same score: a ranking with no order, whose correlations are undefined."""
    return bool(len(scores)) and bool(np.all(scores == scores[0]))


def kendall_tau(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """``(tau_b, p_value)`` between two score vectors over the same runs."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.ndim != 1:
        raise UsageError("kendall_tau needs two 1-D score vectors of the same length")
    if is_constant(a) or is_constant(b):
        return float("nan"), float("nan")
    result = stats.kendalltau(a, b)
    return float(result.statistic), float(result.pvalue)


def spearman_rho(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """``(rho, p_value)`` between two score vectors over the same runs."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.ndim != 1:
        raise UsageError("spearman_rho needs two 1-D score vectors of the same length")
    if is_constant(a) or is_constant(b):
        return float("nan"), float("nan")
    result = stats.spearmanr(a, b)
    return float(result.statistic), float(result.pvalue)


def ranking_correlations(means: pd.DataFrame) -> pd.DataFrame:
    """Kendall and Spearman for every pair of columns of a runs × settings table of means.

    ``means`` has one row per run and one column per setting (measure, quantisation, qrels
    variant); the result has ``a, b, kendall_tau, kendall_p, spearman_rho, spearman_p``."""
    rows = []
    columns = list(means.columns)
    for x, first in enumerate(columns):
        for second in columns[x + 1:]:
            tau, p_tau = kendall_tau(means[first].to_numpy(), means[second].to_numpy())
            rho, p_rho = spearman_rho(means[first].to_numpy(), means[second].to_numpy())
            rows.append({"a": first, "b": second, "kendall_tau": tau, "kendall_p": p_tau,
                         "spearman_rho": rho, "spearman_p": p_rho})
    return pd.DataFrame(rows, columns=["a", "b", "kendall_tau", "kendall_p", "spearman_rho",
                                       "spearman_p"])


def means_by_measure(table: pd.DataFrame) -> pd.DataFrame:
    """Runs × measures table of mean per-topic scores (``all`` rows ignored)."""
    data = table[table["topic"].astype(str) != "all"]
    wide = data.groupby(["run", "measure"], sort=False)["value"].mean().unstack("measure")
    if wide.isna().to_numpy().any():
        raise UsageError("some runs lack some measures; cannot correlate rankings")
    return wide
