"""The number a statistic reports for a run over topics: the one ``sdreval eval`` prints.

A count (``num_ret``, ``num_rel_ret`` ...) is summed over the topics, as trec_eval prints it;
every other measure is averaged (:func:`sdreval.measures.evaluate.aggregate_of`, the one rule of
every path).  The mean and the sum of a fixed topic set differ by the factor ``n`` (topics), so
the sum's bootstrap percentile interval, and the interval of a difference of sums, are the mean's
times ``n``: :func:`topic_scale` is that factor, used by the confidence intervals
(:mod:`sdreval.stats.bootstrap`), ``compare`` (:mod:`sdreval.stats.compare`) and the report.
"""
from __future__ import annotations

import numpy as np


def is_sum(measure: str) -> bool:
    """Whether ``measure`` is a count summed over topics where ``eval`` prints it."""
    from ..measures.evaluate import aggregate_of

    return aggregate_of(measure) == "sum"


def topic_scale(measure: str, n_topics: int) -> int:
    """The factor from a mean over ``n_topics`` topics to the number ``eval`` prints:
    ``n_topics`` for a count (its sum), 1 for every other measure."""
    return n_topics if is_sum(measure) else 1


def aggregates(values: np.ndarray, measure: str) -> np.ndarray:
    """Each row's (run's) mean over the topics (columns), its sum for a count: the exact
    sum, divided by the number of topics for a mean, rounded once, as ``eval`` rounds it
    (:mod:`sdreval.measures.exact`)."""
    from ..measures.exact import exact_sums

    runs, n = values.shape
    sums = exact_sums(values.ravel(), np.repeat(np.arange(runs), n), runs)
    summed = is_sum(measure)
    return np.array([s.total() if summed else s.mean() for s in sums], dtype=np.float64)
