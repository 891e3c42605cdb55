"""Bootstrap percentile confidence intervals of each run's mean (Vu & Gallinari 2005, §5).

Vu & Gallinari 2005 draws 5,000 bootstrap samples of the topic set and takes the percentile interval at
95%: the ``α/2`` and ``1 − α/2`` quantiles of the resampled means.  All runs share one seeded
resampling plan, so their intervals come from the same resamples (one matrix product).
Quantiles use numpy's default (linear) interpolation, as ``scipy.stats.bootstrap`` does for
``method="percentile"``.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..errors import UsageError
from ..measures.evaluate import aggregate_of
from .aggregate import aggregates, topic_scale
from .choices import CI_SAMPLES
from .matrix import ScoreMatrix, as_values
from .resample import bootstrap_counts

_BLOCK_CELLS = 4_000_000


def bootstrap_means(values: np.ndarray, samples: int = CI_SAMPLES, seed: int | None = 0
                    ) -> np.ndarray:
    """``runs × samples`` resampled means (topics drawn with replacement)."""
    x = as_values(values)
    counts = bootstrap_counts(x.shape[1], samples, seed)
    return (x @ counts.T) / x.shape[1]


def percentile_ci(values: np.ndarray, level: float = 0.95, samples: int = CI_SAMPLES,
                  seed: int | None = 0, geometric: bool = False
                  ) -> tuple[np.ndarray, np.ndarray]:
    """``(low, high)`` percentile bootstrap interval of each run's mean at ``level``
    (``geometric``: of trec_eval's geometric mean ``exp(mean(log(max(v, 0.00001))))``)."""
    if not 0 < level < 1:
        raise UsageError(f"confidence level must be in (0, 1), got {level}")
    enough_resamples(samples, level)
    x = as_values(values)
    if geometric:
        from ..measures.results import GMEAN_FLOOR

        x = np.log(np.maximum(x, GMEAN_FLOOR))
    counts = bootstrap_counts(x.shape[1], samples, seed).T  # topics × samples
    alpha = 1.0 - level
    low = np.empty(x.shape[0])
    high = np.empty(x.shape[0])
    step = max(1, _BLOCK_CELLS // samples)  # rows × samples resampled means at a time
    for start in range(0, x.shape[0], step):
        block = slice(start, start + step)
        means = (x[block] @ counts) / x.shape[1]
        if geometric:
            means = np.exp(means)
        low[block], high[block] = np.quantile(means, [alpha / 2, 1 - alpha / 2], axis=1)
    return low, high


def enough_resamples(samples: int, level: float) -> None:
    """Refuse fewer resamples than a percentile interval at ``level`` needs: ``2 / (1 −
    level)`` (40 at 95%), so that its quantiles ``α/2`` and ``1 − α/2`` each have a resampled
    mean beyond them; with fewer, an end is the most extreme resample (one resample gives an
    interval of one point, which may not hold the observed mean)."""
    need = math.ceil(round(2 / (1 - level), 9))
    if samples < need:
        raise UsageError(f"{samples:,} resample(s) are too few for a percentile interval at "
                         f"{level:.4g}: it needs at least {need:,} (2 / (1 − level)), so that a "
                         "resampled mean lies beyond each end; give more (--samples, samples=)")


def confidence_intervals(scores: ScoreMatrix, level: float = 0.95, samples: int = CI_SAMPLES,
                         seed: int | None = 0) -> pd.DataFrame:
    """Table ``run, measure, mean, ci_low, ci_high, ci_length`` (runs by decreasing mean).
    ``mean`` is what ``eval`` prints: for a count (``num_ret`` ...) the sum over the topics,
    its interval the mean's times the number of topics; for gm_map the geometric mean and the
    interval of the resampled geometric means (:mod:`sdreval.stats.aggregate`)."""
    x = as_values(scores)
    scale = topic_scale(scores.measure, x.shape[1])
    geometric = aggregate_of(scores.measure) == "gmean"
    low, high = (bound * scale for bound in percentile_ci(x, level, samples, seed, geometric))
    table = pd.DataFrame({"run": list(scores.runs), "measure": scores.measure,
                          "mean": aggregates(x, scores.measure), "ci_low": low, "ci_high": high,
                          "ci_length": high - low})
    return table.sort_values("mean", ascending=False, kind="stable").reset_index(drop=True)
