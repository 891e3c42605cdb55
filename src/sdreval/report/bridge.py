"""The report's link to the statistics layer (:mod:`sdreval.stats`).

The report uses the statistics layer's functions when they exist; until then (or for tests
that must not depend on it) a small fallback built on scipy/statsmodels computes the same
tables: the compare table of SPEC §11 and bootstrap percentile intervals.
"""
from __future__ import annotations

import importlib
import itertools
from typing import Callable

import numpy as np
import pandas as pd

from ..errors import UsageError

COMPARE_COLUMNS = ["run_a", "run_b", "measure", "mean_a", "mean_b", "p_value", "p_adjusted",
                   "reject"]
_CORRECTIONS = {"by": "fdr_by", "bh": "fdr_bh", "holm": "holm", "bonferroni": "bonferroni"}


def stats_function(*names: str) -> Callable | None:
    """The first of ``names`` that :mod:`sdreval.stats` (or a submodule) provides."""
    try:
        stats = importlib.import_module("sdreval.stats")
    except ImportError:  # pragma: no cover - the package always exists
        return None
    for name in names:
        module_name, _, attr = name.rpartition(".")
        try:
            module = importlib.import_module(f"sdreval.stats.{module_name}") if module_name \
                else stats
        except ImportError:
            continue
        function = getattr(module, attr, None)
        if callable(function):
            return function
    return None


def matrix(per_topic: pd.DataFrame, measure: str | None = None) -> pd.DataFrame:
    """Topics × runs matrix of one measure's per-topic values (rows with topic 'all' dropped).

    Topics missing for a run make the pair comparison use the common topics only."""
    rows = per_topic[per_topic["topic"].astype(str) != "all"]
    if measure is not None:
        rows = rows[rows["measure"].astype(str) == measure]
    runs = list(dict.fromkeys(rows["run"].astype(str)))
    table = rows.pivot_table(index="topic", columns="run", values="value", aggfunc="first")
    return table[[r for r in runs if r in table.columns]]


def _paired_p(a: np.ndarray, b: np.ndarray, test: str, alternative: str, samples: int,
              rng: np.random.Generator) -> float:
    from scipy import stats

    diff = a - b
    if np.allclose(diff, 0):
        return 1.0
    alt = "two-sided" if alternative == "two-sided" else "greater"
    if test == "t":
        return float(stats.ttest_rel(a, b, alternative=alt).pvalue)
    if test == "wilcoxon":
        return float(stats.wilcoxon(a, b, alternative=alt).pvalue)
    if test == "sign":
        nonzero = diff[diff != 0]
        return float(stats.binomtest(int((nonzero > 0).sum()), len(nonzero), 0.5,
                                     alternative=alt).pvalue)
    if test == "bootstrap":
        # seed 001 Eq. 13: p = fraction of resampled mean differences <= 0 (SPEC §10-11).
        idx = rng.integers(0, len(diff), size=(samples, len(diff)))
        means = diff[idx].mean(axis=1)
        p_greater = float(np.mean(means <= 0))
        p_less = float(np.mean(means >= 0))
        return p_greater if alt == "greater" else min(1.0, 2 * min(p_greater, p_less))
    if test == "randomization":
        signs = rng.choice([-1.0, 1.0], size=(samples, len(diff)))
        stat = np.abs(diff.mean()) if alt == "two-sided" else diff.mean()
        perm = (signs * diff).mean(axis=1)
        perm = np.abs(perm) if alt == "two-sided" else perm
        return float((np.sum(perm >= stat - 1e-12) + 1) / (samples + 1))
    raise UsageError(f"unknown test {test!r}; expected t, wilcoxon, sign, bootstrap or "
                     "randomization")


def fallback_compare(per_topic: pd.DataFrame, measures: list[str] | None = None,
                     test: str = "t", correction: str = "holm", alternative: str = "two-sided",
                     level: float = 0.05, samples: int = 10_000, seed: int = 0) -> pd.DataFrame:
    """Every pair of runs on every measure (SPEC §10-11), corrected per measure."""
    from statsmodels.stats.multitest import multipletests

    if correction != "none" and correction not in _CORRECTIONS:
        raise UsageError(f"unknown correction {correction!r}")
    measures = measures or list(dict.fromkeys(per_topic["measure"].astype(str)))
    rng = np.random.default_rng(seed)
    frames = []
    for measure in measures:
        mat = matrix(per_topic, measure)
        rows = []
        for run_a, run_b in itertools.combinations(mat.columns, 2):
            pair = mat[[run_a, run_b]].dropna()
            a, b = pair[run_a].to_numpy(float), pair[run_b].to_numpy(float)
            if alternative == "greater" and b.mean() > a.mean():
                p = _paired_p(b, a, test, alternative, samples, rng) if len(a) > 1 else np.nan
            else:
                p = _paired_p(a, b, test, alternative, samples, rng) if len(a) > 1 else np.nan
            rows.append([run_a, run_b, measure, a.mean(), b.mean(), p])
        frame = pd.DataFrame(rows, columns=COMPARE_COLUMNS[:6])
        pvals = frame["p_value"].to_numpy(float)
        ok = ~np.isnan(pvals)
        adjusted = pvals.copy()
        if correction != "none" and ok.any():
            adjusted[ok] = multipletests(pvals[ok], alpha=level,
                                         method=_CORRECTIONS[correction])[1]
        frame["p_adjusted"] = adjusted
        frame["reject"] = np.nan_to_num(adjusted, nan=1.0) <= level
        frames.append(frame)
    if not frames:
        return pd.DataFrame(columns=COMPARE_COLUMNS)
    return pd.concat(frames, ignore_index=True)


def compare(per_topic: pd.DataFrame, measures: list[str] | None = None, test: str = "t",
            correction: str = "holm", alternative: str = "two-sided", level: float = 0.05,
            samples: int = 10_000, seed: int = 0, use_stats: bool = True) -> pd.DataFrame:
    """The compare table, by :mod:`sdreval.stats` when available, else by the fallback."""
    function = stats_function("compare", "compare_runs", "tests.compare") if use_stats else None
    if function is not None:
        try:
            table = function(per_topic, measures=measures, test=test, correction=correction,
                             alternative=alternative, level=level, samples=samples, seed=seed)
        except TypeError:
            table = None  # a different signature: use the fallback rather than guess
        if table is not None and set(COMPARE_COLUMNS) <= set(table.columns):
            return table.reset_index(drop=True)
    return fallback_compare(per_topic, measures, test, correction, alternative, level,
                            samples, seed)


def bootstrap_ci(per_topic: pd.DataFrame, level: float = 0.95, samples: int = 10_000,
                 seed: int = 0) -> pd.DataFrame:
    """Percentile bootstrap interval of each run's mean over topics: ``run, mean, low, high``.

    ``per_topic`` holds one measure's rows (run, topic, value)."""
    from scipy import stats

    function = stats_function("bootstrap_ci", "confidence_intervals", "ci.bootstrap_ci")
    if function is not None:
        try:
            table = function(per_topic, level=level, samples=samples, seed=seed)
            if {"run", "mean", "low", "high"} <= set(table.columns):
                return table[["run", "mean", "low", "high"]].reset_index(drop=True)
        except TypeError:
            pass
    rows = []
    for run in dict.fromkeys(per_topic["run"].astype(str)):
        values = per_topic.loc[per_topic["run"].astype(str) == run, "value"].dropna()
        values = values.to_numpy(float)
        mean = float(values.mean()) if len(values) else np.nan
        if len(values) < 2 or np.ptp(values) == 0:
            low = high = mean
        else:
            result = stats.bootstrap((values,), np.mean, confidence_level=level,
                                     n_resamples=samples, method="percentile",
                                     random_state=np.random.default_rng(seed))
            low, high = float(result.confidence_interval.low), \
                float(result.confidence_interval.high)
        rows.append((run, mean, low, high))
    return pd.DataFrame(rows, columns=["run", "mean", "low", "high"])
