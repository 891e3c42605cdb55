"""Discrimination power: how many runs cannot be told apart from the top run (Vu & Gallinari 2005, §6).

Vu & Gallinari (2005) follow Tague-Sutcliffe & Blustein: the size of "group A" of a multiple-comparison
grouping, i.e. the runs not distinguishable from the best run.  Two ways are given:

- :func:`group_a_by_ci`: runs whose bootstrap percentile CI overlaps the top run's CI (Vu & Gallinari's
  "naive form of unpaired test"; the top run counts itself; endpoints compared at 12 decimals,
  so intervals that touch overlap; where several runs tie on the top mean, overlapping the CI of
  any of them, and ``top_run`` names them all).
- :func:`group_a_by_tukey`: Tukey's honestly significant difference.  ``blocked=True`` (the
  default) is IR-STAT-PAK's design: two-way ANOVA with topics as blocks (runs × topics without
  replication), ``HSD = q(1−α; k, (k−1)(n−1)) · sqrt(MSE / n)`` with the studentised range
  quantile from ``scipy.stats.studentized_range``; a run is in group A when its mean is within
  HSD of the top mean.  ``blocked=False`` is the one-way test, ``scipy.stats.tukey_hsd``, with
  group A = runs whose p-value against the top run is above α.  Either way a run whose mean
  ties the top one (to 12 decimals) is in group A: Tukey's test on runs that score 0.1 + 0.2
  and 0.3 on every topic divides their 5.6e-17 apart by a spread of 0.
  ``transform="arcsine"`` applies ``arcsin(sqrt(x))`` first (Vu & Gallinari 2005 / Tague-Sutcliffe; needs
  scores in [0, 1]).
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from ..errors import UsageError
from .bootstrap import percentile_ci
from .choices import CI_SAMPLES
from .matrix import ScoreMatrix, as_values, row_means
from .paired import DECIMALS


def _transform(x: np.ndarray, transform: str | None) -> np.ndarray:
    if transform in (None, "none"):
        return x
    if transform == "arcsine":
        if x.min() < 0 or x.max() > 1:
            raise UsageError("arcsine transform needs scores in [0, 1]")
        return np.arcsin(np.sqrt(x))
    if transform == "rank":
        # ranks of runs within each topic, scores to 12 decimals (0.1 + 0.2 ties 0.3)
        return stats.rankdata(np.round(x, DECIMALS), axis=0)
    raise UsageError(f"unknown transform {transform!r}; expected none, arcsine or rank")


def group_a_by_ci(values: np.ndarray, level: float = 0.95, samples: int = CI_SAMPLES,
                  seed: int | None = 0) -> np.ndarray:
    """Boolean mask of runs whose CI overlaps the CI of a run with the highest mean (of each
    such run where several tie on it: not the one the input order puts first)."""
    x = as_values(values)
    # endpoints to 12 decimals, as the paired tests take differences: touching intervals overlap
    low, high = (np.round(e, DECIMALS) for e in percentile_ci(x, level, samples, seed))
    tops = top_rows(x)
    return ((high[:, None] >= low[tops]) & (low[:, None] <= high[tops])).any(axis=1)


def top_rows(x: np.ndarray) -> np.ndarray:
    """Rows (runs) with the highest mean, equal means to 12 decimals (ties all count)."""
    means = np.round(row_means(x), DECIMALS)
    return np.flatnonzero(means == means.max())


def group_a_by_tukey(values: np.ndarray, alpha: float = 0.05, blocked: bool = True,
                     transform: str | None = None) -> np.ndarray:
    """Boolean mask of runs not significantly worse than the top run by Tukey's HSD."""
    x = _transform(as_values(values), transform)
    k, n = x.shape
    if k < 2 or n < 2:
        raise UsageError(f"the discrimination analysis (Tukey's HSD, Vu & Gallinari 2005, §6) "
                         f"needs at least two runs and two topics, got {k} run(s) and {n} "
                         "topic(s); leave it out with -a (e.g. stability -a ci)")
    means = row_means(x)
    top = int(np.argmax(means))
    tied = np.isin(np.arange(k), top_rows(x))  # a run tied with the top is never worse
    if blocked:
        grand = x.mean()
        residual = x - means[:, None] - x.mean(axis=0)[None, :] + grand
        df = (k - 1) * (n - 1)
        mse = float((residual ** 2).sum() / df)
        q = stats.studentized_range.ppf(1 - alpha, k, df)
        hsd = q * np.sqrt(mse / n)
        return (means >= means[top] - hsd) | tied
    with np.errstate(invalid="ignore", divide="ignore"):  # no spread within any run
        result = stats.tukey_hsd(*x)
    # p is NaN only where the standard error is 0 and the means equal: indistinguishable
    p = np.where(np.isnan(result.pvalue[top]), 1.0, result.pvalue[top])
    return (p > alpha) | tied


def discrimination_power(scores: ScoreMatrix, alpha: float = 0.05, samples: int = CI_SAMPLES,
                         seed: int | None = 0, transform: str | None = None) -> pd.DataFrame:
    """One row: size of group A by CI overlap, blocked Tukey HSD and one-way Tukey HSD."""
    x = as_values(scores)
    rows = {
        "measure": scores.measure, "runs": x.shape[0], "topics": x.shape[1],
        "top_run": ", ".join(scores.runs[k] for k in top_rows(x)),  # runs tied on top: all
        "group_a_ci": int(group_a_by_ci(x, 1 - alpha, samples, seed).sum()),
        "group_a_tukey": int(group_a_by_tukey(x, alpha, True, transform).sum()),
        "group_a_tukey_oneway": int(group_a_by_tukey(x, alpha, False, transform).sum()),
    }
    return pd.DataFrame([rows])
