"""Error rate of a significance test by repeated topic splits (Ogilvie & Lalmas 2006, §3.3.2).

Following Sanderson & Zobel and Voorhees & Buckley as Ogilvie & Lalmas 2006 does: the topic set is split at
random into two halves ``splits`` times (50 in the paper).  On each split the test (with its
multiple-comparison correction) is applied to all pairs of runs on the first half; for every
rejected pair the better run is the one the test rejected for (its statistic's side,
:func:`~sdreval.stats.compare.test_direction`: the higher mean, or for a two-sided sign or
Wilcoxon test the run winning by counts or signed ranks), and the decision is an *error* when
the better run's mean on the second half is not higher (difference ≤ 0, the difference taken
to 12 decimals as in the paired tests).
The error rate is errors / rejections pooled over all splits (``error_rate``); the mean of the
per-split rates (``mean_split_error_rate``), the mean number of rejections per split (power)
and how often a pair rejected on the first half is also rejected, in the same direction, on the
second half (``self_agreement``, the paper's "agrees with itself") are reported too.  With an
odd number of topics the first half has ``n // 2`` topics and the second the rest.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..errors import UsageError
from ._progress import progress
from .choices import TEST_SAMPLES
from .compare import pairwise_pvalues, test_direction
from .correction import adjust
from .matrix import ScoreMatrix, as_values
from .paired import DECIMALS, differences, pair_index


def split_error_rate(values: np.ndarray, test: str = "bootstrap", splits: int = 50,
                     correction: str = "by", alternative: str = "greater",
                     level: float = 0.05, samples: int = TEST_SAMPLES, seed: int | None = 0,
                     show_progress: bool | None = None) -> dict:
    """Error-rate statistics of one test (see module docstring)."""
    x = as_values(values)
    n_runs, n_topics = x.shape
    if n_topics < 4:
        raise UsageError("topic-split error rates need at least 4 topics")
    if n_runs < 2:
        raise UsageError("topic-split error rates need at least 2 runs")
    rng = np.random.default_rng(seed)
    i, j = pair_index(n_runs)
    half = n_topics // 2
    errors = rejections = agreeing = 0
    per_split: list[float] = []
    with progress(splits, f"splits ({test})", show_progress) as bar:
        for s in range(splits):
            order = rng.permutation(n_topics)
            first, second = x[:, order[:half]], x[:, order[half:]]
            _, _, p = pairwise_pvalues(first, test, alternative, samples,
                                       None if seed is None else seed + s + 1,
                                       show_progress=False)
            _, reject = adjust(p, correction, level)
            m2 = second.mean(axis=1)
            # the better run as the test found it: its statistic's side (the means to 12
            # decimals for t, bootstrap, randomisation); no side: the given order
            direction = np.where(_side(first, i, j, test) < 0, -1.0, 1.0)
            # to the decimals of the paired tests: means 0.15 and 0.15000000000000002 tie
            later = np.round(direction * (m2[i] - m2[j]), DECIMALS)
            wrong = reject & (later <= 0)
            errors += int(wrong.sum())
            rejections += int(reject.sum())
            if reject.any():
                per_split.append(float(wrong.sum() / reject.sum()))
                _, _, p2 = pairwise_pvalues(second, test, alternative, samples,
                                            None if seed is None else seed + s + 1001,
                                            show_progress=False)
                _, reject2 = adjust(p2, correction, level)
                again = np.where(_side(second, i, j, test) < 0, -1.0, 1.0) == direction
                agreeing += int((reject & reject2 & again).sum())
            bar.update()
    return {"test": test, "splits": splits, "pairs": len(i), "rejections": rejections,
            "mean_rejections": rejections / splits, "errors": errors,
            "error_rate": errors / rejections if rejections else float("nan"),
            "mean_split_error_rate": float(np.mean(per_split)) if per_split else float("nan"),
            "self_agreement": agreeing / rejections if rejections else float("nan")}


def _side(x: np.ndarray, i: np.ndarray, j: np.ndarray, test: str) -> np.ndarray:
    """The side of ``test``'s statistic for each pair (i, j) of rows of ``x``."""
    return test_direction(differences(x[i], x[j]), test,
                          np.round(x[i].mean(axis=1) - x[j].mean(axis=1), DECIMALS))


def test_error_rates(scores: ScoreMatrix | np.ndarray,
                     tests: tuple[str, ...] = ("t", "wilcoxon", "sign", "bootstrap"),
                     splits: int = 50, correction: str = "by", alternative: str = "greater",
                     level: float = 0.05, samples: int = TEST_SAMPLES, seed: int | None = 0,
                     show_progress: bool | None = None) -> pd.DataFrame:
    """:func:`split_error_rate` for each test (each once), on the same topic splits (same
    ``seed``)."""
    tests = tuple(dict.fromkeys(tests))
    if not tests:
        raise UsageError("topic-split error rates: no test given (--tests t,wilcoxon,sign,"
                         "bootstrap)")
    rows = [split_error_rate(scores, test, splits, correction, alternative, level, samples,
                             seed, show_progress) for test in tests]
    table = pd.DataFrame(rows)
    if isinstance(scores, ScoreMatrix):
        table.insert(1, "measure", scores.measure)
    return table


test_error_rates.__test__ = False  # not a pytest test despite the name
