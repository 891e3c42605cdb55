"""A topic's XCG values do not depend on the topics evaluated beside it (serial, ``--jobs``,
one topic alone): the batched kernel finds the rank where the ideal curve reaches a gain by
an exact row-wise search.  It used to offset every topic's curve into one flat array, which
rounded cumulated gains by the offset's last bit, beyond the 1e-9 tie tolerance, once the
offsets grew past about 2**23."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdreval.measures.xcg.kernels import batch_values

REQUESTS = [("MAep", 0.0), ("ep", 0.5), ("ep", 1.0), ("iMAep", 0.1), ("Q", 1.0)]


def test_ma_ep_of_a_topic_is_the_same_beside_a_topic_with_a_large_total():
    # three fully relevant elements; the run's gains written with nine decimals
    gains, ideal = np.full(3, 0.333333334), np.ones(3)
    # natural points: xCG = 0.333333334, 0.666666668, 1.000000002.  The first two are reached
    # by the ideal curve at its rank 1: ep = 0.333333334 / 1 and 0.666666668 / 2.  The third
    # exceeds xCI[1] = 1 by 2e-9 (beyond the 1e-9 tolerance), so the ideal curve reaches it at
    # rank 2: pos = 1 + 1.000000002 / 2, ep = pos / 3.
    expected = (0.333333334 + 0.666666668 / 2 + (1 + 1.000000002 / 2) / 3) / 3
    alone = batch_values([gains], [ideal], [("MAep", 0.0)])[0, 0]
    assert alone == pytest.approx(expected, abs=1e-15)
    for total in (10.0, 1e6, 1e8):
        beside = batch_values([np.array([total]), gains], [np.array([total]), ideal],
                              [("MAep", 0.0)])[0, 1]
        assert beside == alone, total


gain_values = st.sampled_from([0.0, 0.1, 0.25, 1 / 3, 0.333333334, 0.5, 0.999999998, 1.0])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.lists(gain_values, max_size=6),
                          st.lists(gain_values.filter(lambda g: g > 0), min_size=1,
                                   max_size=5)), min_size=1, max_size=6),
       st.sampled_from([1.0, 1e4, 1e9]))
def test_batched_values_equal_each_topic_alone(topics, scale):
    gains = [np.array(g) * scale if i == 0 else np.array(g) for i, (g, _) in enumerate(topics)]
    ideals = [np.sort(np.array(x) * (scale if i == 0 else 1.0))[::-1]
              for i, (_, x) in enumerate(topics)]
    together = batch_values(gains, ideals, REQUESTS)
    for t in range(len(topics)):
        alone = batch_values([gains[t]], [ideals[t]], REQUESTS)[:, 0]
        np.testing.assert_array_equal(together[:, t], alone)
