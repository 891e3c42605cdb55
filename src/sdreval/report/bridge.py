"""The report's link to the statistics layer (:mod:`sdreval.stats`): the compare table of
docs/cli.md, bootstrap percentile intervals and swap rates, from a per-topic results table."""
from __future__ import annotations

from typing import Sequence

import pandas as pd

from ..stats import compare_runs, confidence_intervals, score_matrix
from ..stats import swap_rates as _swap_rates
from ..stats import top_runs
from ..stats.choices import CI_SAMPLES, TEST_SAMPLES
from ..measures.results import stacked

COMPARE_COLUMNS = ["run_a", "run_b", "measure", "mean_a", "mean_b", "p_value", "p_adjusted",
                   "reject"]


def matrix(per_topic: pd.DataFrame, measure: str | None = None) -> pd.DataFrame:
    """Topics × runs table of one measure's per-topic values (topic 'all' rows dropped;
    a topic a run did not answer is NaN)."""
    rows = per_topic[per_topic["topic"].astype(str) != "all"]
    if measure is not None:
        rows = rows[rows["measure"].astype(str) == measure]
    runs = list(dict.fromkeys(rows["run"].astype(str)))
    table = rows.assign(run=rows["run"].astype(str), topic=rows["topic"].astype(str)) \
        .pivot_table(index="topic", columns="run", values="value", aggfunc="first",
                     dropna=False)
    return table[[r for r in runs if r in table.columns]]


def compare(per_topic: pd.DataFrame, measures: Sequence[str] | None = None, test: str = "t",
            correction: str = "by", alternative: str = "two-sided", level: float = 0.05,
            samples: int = TEST_SAMPLES, seed: int = 0,
            baseline: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Every pair of runs (or every run with the ``baseline``) on every measure, one
    correction family per measure (:func:`sdreval.stats.compare_runs`; topics some run lacks
    are left out of its tests)."""
    names = list(measures) if measures is not None else \
        list(dict.fromkeys(per_topic["measure"].astype(str)))
    frames = [compare_runs(per_topic, m, test=test, correction=correction,
                           alternative=alternative, level=level, samples=samples, seed=seed,
                           missing="drop", show_progress=False, baseline=baseline)
              for m in names]
    if not frames:
        return pd.DataFrame(columns=COMPARE_COLUMNS)
    return stacked(frames)


def with_directions(compare: pd.DataFrame) -> pd.DataFrame:
    """A compare table with its ``direction`` column; a table without one (written before
    it had one, or of the documented columns only) gets its means' side
    (:func:`sdreval.stats.compare.directions`), as the text tables and figures take it."""
    from ..stats.compare import directions

    return compare if "direction" in compare.columns else \
        compare.assign(direction=directions(compare))


def bootstrap_ci(per_topic: pd.DataFrame, level: float = 0.95, samples: int = CI_SAMPLES,
                 seed: int = 0) -> pd.DataFrame:
    """Percentile bootstrap interval of each run's mean (``run, mean, low, high``) for the
    single measure of ``per_topic`` (:func:`sdreval.stats.confidence_intervals`), each run
    over the topics it has scores for (the topics of its mean in the summary)."""
    rows = per_topic[per_topic["topic"].astype(str) != "all"].dropna(subset=["value"])
    frames = [confidence_intervals(score_matrix(rows[rows["run"].astype(str) == run]), level,
                                   samples, seed)
              for run in dict.fromkeys(rows["run"].astype(str))]
    if not frames:  # no run has a value (nothing relevant at -l in any topic)
        return pd.DataFrame(columns=["run", "mean", "low", "high"])
    table = stacked(frames)
    return table.rename(columns={"ci_low": "low", "ci_high": "high"})[
        ["run", "mean", "low", "high"]]


def swap_rates(per_topic: pd.DataFrame, measure: str, sizes: Sequence[int] | None = None,
               trials: int = 100, seed: int = 0, top_fraction: float = 0.75) -> pd.DataFrame:
    """Swap rates by topic-set size and difference bin among the best ``top_fraction`` of the
    runs (:func:`sdreval.stats.swap_rates`, Kazai & Lalmas 2006, §6.2.2, as ``sdreval stability``):
    ``size, bin, bin_low, bin_high, comparisons, swaps, error_rate, difference``."""
    scores = top_runs(score_matrix(per_topic, measure, missing="drop"), top_fraction)
    return _swap_rates(scores, trials=trials, sizes=sizes, seed=seed, show_progress=False)
