"""Exact per-segment cumulative sums (one segment per topic, article, group ...), and sums
added in a fixed order (:func:`row_sums`, :func:`running_total`).

Subtracting a run-wide cumulative sum at each segment start (``cs - cs[start]``) is fast but
not exact: a topic's values then carry the rounding error of every topic before it (a Best in
Context score of 0.8 came out as 0.7999999999999545).  Here every segment is accumulated from
its own first value, so a topic's values do not depend on what else was evaluated with it.
"""
from __future__ import annotations

import numpy as np

#: largest padded matrix (cells) used for the vectorised path, relative to the values.
_PAD_FACTOR = 4
_PAD_MIN = 1 << 20


def segmented_cumsum(values: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """Cumulative sums restarting at each segment ``values[bounds[i]:bounds[i+1]]``; exactly
    the values ``np.cumsum`` gives on each segment alone.  ``bounds`` starts at 0 and ends at
    ``len(values)``, non-decreasing."""
    values = np.asarray(values, dtype=np.float64)
    bounds = np.asarray(bounds, dtype=np.int64)
    if values.size == 0:
        return values.copy()
    sizes = np.diff(bounds)
    if _integral(values):  # integers below 2**53: the subtraction is exact
        cs = np.cumsum(values)
        before = np.concatenate(([0.0], cs))[bounds[:-1]]
        return cs - np.repeat(before, sizes)
    width = int(sizes.max(initial=0))
    if sizes.size * width <= max(_PAD_FACTOR * values.size, _PAD_MIN):
        starts = np.repeat(bounds[:-1], sizes)
        column = np.arange(values.size) - starts
        row = np.repeat(np.arange(sizes.size), sizes)
        grid = np.zeros((sizes.size, max(width, 1)))
        grid[row, column] = values
        return np.cumsum(grid, axis=1)[row, column]
    out = np.empty_like(values)
    for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
        if hi > lo:
            out[lo:hi] = np.cumsum(values[lo:hi])
    return out


def row_sums(matrix: np.ndarray) -> np.ndarray:
    """Each row's sum, added left to right (rank by rank, as trec_eval adds a ranking's
    terms): the same bits whatever the zero padding or the number of rows, where numpy's
    pairwise ``sum`` and BLAS products change the last bit with the matrix's shape."""
    matrix = np.asarray(matrix, dtype=np.float64)
    if matrix.shape[1] == 0:
        return np.zeros(matrix.shape[0])
    return np.cumsum(matrix, axis=1)[:, -1]


def running_total(values: np.ndarray) -> float:
    """The sum of a 1-D array added first to last (:func:`row_sums` of one row): terms that
    are zero, e.g. ranks past the last useful one, change no bit of it."""
    values = np.asarray(values, dtype=np.float64).reshape(-1)
    return float(np.cumsum(values)[-1]) if values.size else 0.0


def _integral(values: np.ndarray) -> bool:
    total = float(np.abs(values).sum())
    return total < 2.0 ** 53 and bool(np.all(values == np.round(values)))
