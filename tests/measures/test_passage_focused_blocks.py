"""The Focused task of many topics at once (one search over the run) against the same
measures computed topic by topic, and on a worked example; rows ordered by start."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.measures.passage.focused import (focused_blocks, focused_from_cumulative,
                                              levels_of)
from sdreval.measures.passage.kernels import BAND, rows_by_start


def test_worked_example_two_topics():
    # topic A: passages of 20, 10, 40 characters holding 10, 0, 30 relevant ones, 50 relevant
    # in all: P = 10/20, 10/30, 40/70 at recall 0.2, 0.2, 0.8.  Topic B: 5 and 5 characters,
    # all relevant, 20 relevant in all: P = 1, 1 at recall 0.25, 0.5.
    cum_gain = np.array([10, 10, 40, 5, 10], dtype=np.int64)
    cum_size = np.array([20, 30, 70, 5, 10], dtype=np.float64)
    bounds = np.array([0, 3, 5])
    for compat in (False, True):
        ip, maip = focused_blocks(cum_gain, cum_size, bounds, np.array([0, 1]),
                                  np.array([50, 20]), levels_of((0.0, 0.5, 0.9)), compat)
        assert ip.tolist() == [[4 / 7, 4 / 7, 0.0], [1.0, 1.0, 0.0]]
        # MAiP: levels 0.00..0.80 reach 4/7 (81 levels); 0.00..0.50 reach 1 (51 levels)
        assert maip == pytest.approx([81 * (4 / 7) / 101, 51 / 101], abs=1e-15)


blocks = st.lists(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 40)), min_size=1,
                           max_size=15), min_size=1, max_size=6)
asked = st.lists(st.sampled_from([0.0, 0.01, 0.05, 0.1, 0.25, 0.5, 0.33, 1.0, 0.005]),
                 max_size=4)


@settings(max_examples=120, deadline=None)
@given(blocks, asked, st.booleans(), st.integers(0, 20))
def test_same_values_as_topic_by_topic(topics, levels, compat, spare):
    """Same iP and MAiP, to the bit, as :func:`focused_from_cumulative` per topic (gains of
    each passage at most its size; the topic's relevant text at least what is retrieved)."""
    gains, sizes, bounds, totals = [], [], [0], []
    for rows in topics:
        g = np.array([min(a, b) for a, b in rows], dtype=np.int64)
        s = np.array([b for _, b in rows], dtype=np.int64)
        gains.append(np.cumsum(g))
        sizes.append(np.cumsum(s).astype(np.float64))
        bounds.append(bounds[-1] + len(rows))
        totals.append(int(g.sum()) + spare)
    cum_gain, cum_size = np.concatenate(gains), np.concatenate(sizes)
    bounds = np.array(bounds)
    chosen = np.array([b for b, t in enumerate(totals) if t > 0], dtype=np.int64)
    if not chosen.size:
        return
    lv = levels_of(tuple(levels))
    got = focused_blocks(cum_gain, cum_size, bounds, chosen, np.array(totals)[chosen], lv,
                         compat)
    if got is None:  # compat and a level that is not a whole percent: topic by topic
        assert compat and any(round(x * 100) != x * 100 for x in levels)
        return
    for row, b in enumerate(chosen.tolist()):
        lo, hi = bounds[b], bounds[b + 1]
        ip, maip = focused_from_cumulative(cum_gain[lo:hi], cum_size[lo:hi], totals[b], lv,
                                           compat, True)
        assert got[0][row].tolist() == ip.tolist()
        assert got[1][row] == maip


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 50)), max_size=40),
       st.booleans())
def test_rows_by_start_is_a_stable_argsort(rows, wide):
    band = np.array([b for b, _ in rows], dtype=np.int64)
    offset = np.array([o for _, o in rows], dtype=np.int64)
    if wide:  # many bands, offsets near the band width: the keys do not fit 64 bits
        band, offset = band << 28, offset + (BAND - 64)
    starts = band * BAND + offset
    chosen = np.flatnonzero(np.arange(len(rows)) % 3 != 1)
    expected = chosen[np.argsort(starts[chosen], kind="stable")]
    assert rows_by_start(starts, chosen).tolist() == expected.tolist()
