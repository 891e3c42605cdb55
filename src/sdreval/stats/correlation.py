"""Rank correlation between system rankings (Kazai & Lalmas 2006, §6.2.1.2, Vu & Gallinari 2005).

Kendall's tau is ``scipy.stats.kendalltau`` (tau-b, which handles tied scores; p-value from
scipy's default method: exact for small tie-free samples, else the normal approximation);
Spearman's rho is ``scipy.stats.spearmanr``; its p-value is exact for up to
:data:`EXACT_SPEARMAN_RUNS` runs (every pairing of the rankings enumerated, two-sided: the
share with ``|rho|`` at least the observed one, as R's ``cor.test`` is exact for small samples),
else scipy's t approximation (which gives p = 0 for rho = 1 however few the runs).  Rankings are given as the runs' mean scores
(higher is better), aligned by run, taken to 12 decimals as the paired tests take differences:
means equal in decimals are tied even where float sums differ in the last bit (0.1 + 0.2 + 0.3
and 0.3 + 0.2 + 0.1 over three topics).  A setting that gives every run the same mean ranks them
all equally: its correlations are undefined (NaN), and scipy is not asked.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations

import numpy as np
import pandas as pd
from scipy import stats

from ..errors import UsageError
from .paired import DECIMALS

#: up to this many runs the Spearman p-value is exact (8! = 40,320 pairings)
EXACT_SPEARMAN_RUNS = 8


def is_constant(scores: np.ndarray) -> bool:
    """Every run has the same score (to 12 decimals, as the correlations compare scores): a
    ranking with no order, whose correlations are undefined."""
    scores = np.round(np.asarray(scores, dtype=float), DECIMALS)
    return bool(len(scores)) and bool(np.all(scores == scores[0]))


def kendall_tau(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """``(tau_b, p_value)`` between two score vectors over the same runs."""
    a, b = (np.round(np.asarray(v, dtype=float), DECIMALS) for v in (a, b))  # see module doc
    if a.shape != b.shape or a.ndim != 1:
        raise UsageError("kendall_tau needs two 1-D score vectors of the same length")
    if is_constant(a) or is_constant(b):
        return float("nan"), float("nan")
    result = stats.kendalltau(a, b)
    return float(result.statistic), float(result.pvalue)


def spearman_rho(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """``(rho, p_value)`` between two score vectors over the same runs."""
    a, b = (np.round(np.asarray(v, dtype=float), DECIMALS) for v in (a, b))  # see module doc
    if a.shape != b.shape or a.ndim != 1:
        raise UsageError("spearman_rho needs two 1-D score vectors of the same length")
    if is_constant(a) or is_constant(b):
        return float("nan"), float("nan")
    result = stats.spearmanr(a, b)
    rho = float(result.statistic)
    if len(a) > EXACT_SPEARMAN_RUNS:
        return rho, float(result.pvalue)
    return rho, exact_spearman_p(a, b, rho)


def exact_spearman_p(a: np.ndarray, b: np.ndarray, rho: float) -> float:
    """Two-sided exact p-value of Spearman's rho: the share of the ``n!`` pairings of the
    ranks of ``a`` with those of ``b`` (mid-ranks for ties) whose ``|rho|`` is at least the
    observed ``|rho|`` (a tolerance of 1e-12 for float noise)."""
    ranks_a = stats.rankdata(a) - (len(a) + 1) / 2
    ranks_b = stats.rankdata(b) - (len(b) + 1) / 2
    pairings = ranks_a[_orderings(len(a))]
    rhos = pairings @ ranks_b / np.sqrt((ranks_a ** 2).sum() * (ranks_b ** 2).sum())
    return float(np.mean(np.abs(rhos) >= abs(rho) - 1e-12))


@lru_cache(maxsize=None)
def _orderings(n: int) -> np.ndarray:
    """Every ordering of ``range(n)``, one a row (``n!`` rows)."""
    return np.array(list(permutations(range(n))), dtype=np.intp)


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
    """Runs × measures table of each run's number over its per-topic scores as ``eval`` prints
    it (``all`` rows ignored): the exact mean, a count's sum, gm_map's geometric mean."""
    from ..measures.evaluate import summarise

    data = table[table["topic"].astype(str) != "all"][["run", "topic", "measure", "value"]]
    wide = summarise(data).set_index(["run", "measure"])["value"].unstack("measure")
    if wide.isna().to_numpy().any():
        raise UsageError("some runs lack some measures; cannot correlate rankings")
    return wide
