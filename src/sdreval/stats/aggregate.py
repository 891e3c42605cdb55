"""The number a statistic reports for a run over topics: the one ``sdreval eval`` prints.

A count (``num_ret``, ``num_rel_ret`` ...) is summed over the topics, as trec_eval prints it;
``gm_map`` is trec_eval's geometric mean ``exp(mean(log(max(AP, 0.00001))))`` (Robertson
2006); every other measure is averaged (:func:`sdreval.measures.evaluate.aggregate_of`, the one
rule of every path, applied by :func:`sdreval.measures.results.mean_columns`).  The mean and
the sum of a fixed topic set differ by the factor ``n`` (topics), so the sum's bootstrap
percentile interval, and the interval of a difference of sums, are the mean's times ``n``:
:func:`topic_scale` is that factor, used by the confidence intervals
(:mod:`sdreval.stats.bootstrap`), ``compare`` (:mod:`sdreval.stats.compare`) and the report.
The paired tests, swap rates and discrimination compare arithmetic means of the per-topic
values, which a geometric mean is not: :func:`refuse_geometric` says so.
"""
from __future__ import annotations

import numpy as np

from ..errors import UsageError
from ..measures.evaluate import aggregate_of


def topic_scale(measure: str, n_topics: int) -> int:
    """The factor from a mean over ``n_topics`` topics to the number ``eval`` prints:
    ``n_topics`` for a count (its sum), 1 for every other measure."""
    return n_topics if aggregate_of(measure) == "sum" else 1


def aggregates(values: np.ndarray, measure: str) -> np.ndarray:
    """Each row's (run's) number over the topics (columns), as ``eval`` computes it: the
    exact mean rounded once, a count's sum, gm_map's geometric mean."""
    from ..measures.results import ResultColumns, mean_columns

    runs, n = values.shape
    if not runs or not n:
        return np.full(runs, np.nan)
    table = ResultColumns(list(range(runs)), np.repeat(np.arange(runs), n), list(range(n)),
                          np.tile(np.arange(n), runs), [measure],
                          np.zeros(runs * n, dtype=np.intp), values.ravel())
    return mean_columns(table, aggregate_of).value


def refuse_geometric(measure: str, what: str) -> None:
    """A usage error where ``what`` would treat a geometric mean as an arithmetic one."""
    if aggregate_of(measure) == "gmean":
        raise UsageError(
            f"{measure} is a geometric mean over topics (trec_eval's gm_map: "
            f"exp(mean(log(max(AP, 0.00001)))), Robertson 2006), and {what} compare arithmetic "
            "means of the per-topic values: use map for the same per-topic AP; the confidence "
            "intervals (stability -a ci) and tau use the geometric mean")
