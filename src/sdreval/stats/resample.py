"""Seeded resampling plans shared by the bootstrap tests and confidence intervals.

A plan is a ``samples × topics`` matrix of multiplicities (how often each topic is drawn in each
bootstrap sample), so that the resampled sums of every run or every pair of runs are one matrix
product.  The same seed gives the same plan, whatever the number of runs or pairs.
"""
from __future__ import annotations

import numpy as np

from ..errors import UsageError


def bootstrap_counts(n_topics: int, samples: int, seed: int | None = 0) -> np.ndarray:
    """``samples × n_topics`` multiplicities of topics drawn with replacement (float64)."""
    if n_topics < 1:
        raise UsageError("bootstrap needs at least one topic")
    if samples < 1:
        raise UsageError(f"number of bootstrap samples must be positive, got {samples}")
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, n_topics, size=(samples, n_topics))
    flat = (draws + np.arange(samples)[:, None] * n_topics).ravel()
    return np.bincount(flat, minlength=samples * n_topics).reshape(samples, n_topics).astype(float)


def sign_flips(n_topics: int, samples: int, seed: int | None = 0) -> tuple[np.ndarray, bool]:
    """Sign-flip plan for the paired randomisation test: ``(signs, exact)``.

    When ``2**n_topics <= samples`` every one of the ``2**n`` sign vectors is enumerated (an
    exact test, as ``scipy.stats.permutation_test`` does); otherwise ``samples`` random ±1
    vectors are drawn.
    """
    if samples < 1:
        raise UsageError(f"number of randomisation samples must be positive, got {samples}")
    if n_topics < 1:
        raise UsageError("randomisation test needs at least one topic")
    if n_topics < 31 and 2 ** n_topics <= samples:
        codes = np.arange(2 ** n_topics)[:, None]
        bits = (codes >> np.arange(n_topics)[None, :]) & 1
        return (1.0 - 2.0 * bits), True
    rng = np.random.default_rng(seed)
    return rng.choice(np.array([-1.0, 1.0]), size=(samples, n_topics)), False
