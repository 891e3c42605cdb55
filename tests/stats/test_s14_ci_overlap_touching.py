"""Discrimination power by CI overlap (Vu & Gallinari 2005, §6): a run whose percentile interval
touches the top run's interval overlaps it (is in group A), also when float arithmetic puts the
two endpoints a last bit apart.

The reference computes each run's resampled means exactly (fractions, the same seeded resampling
plan) and the percentile endpoints with numpy's linear interpolation, h = (N − 1)·q, in exact
arithmetic.  On the scores below run 2's upper endpoint and the top run's (run 1) lower endpoint
are both exactly 0.275, so run 2 is in group A; in floats they differed in the last bit and it
was left out."""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from sdreval.stats.discrimination import group_a_by_ci
from sdreval.stats.resample import bootstrap_counts

SCORES = np.array([[0.0, 0.3, 0.0, 1.0],
                   [0.7, 0.7, 0.2, 0.5],
                   [0.1, 0.1, 0.3, 0.2],
                   [1.0, 0.1, 0.3, 0.3]])
SAMPLES, SEED, LEVEL = 200, 0, 0.95


def _quantile(sorted_values: list[Fraction], q: Fraction) -> Fraction:
    h = (len(sorted_values) - 1) * q
    low = int(h)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (h - low) * (sorted_values[high] - sorted_values[low])


def _exact_group_a(scores: np.ndarray) -> list[bool]:
    counts = bootstrap_counts(scores.shape[1], SAMPLES, SEED).astype(int)
    decimals = [[Fraction(str(v)) for v in row] for row in scores]
    alpha = 1 - Fraction(str(LEVEL))
    intervals = []
    for row in decimals:
        means = sorted(sum(c * v for c, v in zip(plan, row)) / len(row) for plan in counts)
        intervals.append((_quantile(means, alpha / 2), _quantile(means, 1 - alpha / 2)))
    top = max(range(len(decimals)), key=lambda r: sum(decimals[r]))
    low_top, high_top = intervals[top]
    return [high >= low_top and low <= high_top for low, high in intervals]


def test_touching_interval_overlaps_the_top_runs():
    expected = _exact_group_a(SCORES)
    assert expected == [True, True, True, True]
    assert group_a_by_ci(SCORES, LEVEL, SAMPLES, SEED).tolist() == expected
