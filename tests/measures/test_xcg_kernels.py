"""The batched XCG kernel equals the per-topic formulas of ``measures/cumgain.py``."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from sdreval.measures.cumgain import pos
from sdreval.measures.xcg.kernels import batch_values, topic_values

REQUESTS = [("xCG", 3), ("nxCG", 1), ("nxCG", 7), ("nxCG", 50), ("MAnxCG", 20), ("ep", 0.1),
            ("ep", 0.5), ("ep", 1.0), ("iMAep", 0.1), ("iMAep", 0.01), ("MAep", 0),
            ("Q", 1.0), ("Q", 10.0), ("R", 1.0), ("R", 3.0)]
VALUES = st.sampled_from([0.0, 0.0, 0.1, 0.25, 0.5, 0.9, 1.0])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.lists(VALUES, max_size=14),
                          st.lists(VALUES.filter(lambda v: v > 0), max_size=6)),
                min_size=1, max_size=5))
def test_batch_equals_per_topic(topics):
    gains = [np.array(g) for g, _ in topics]
    ideals = [np.array(sorted(i, reverse=True)) for _, i in topics]
    batch = batch_values(gains, ideals, REQUESTS)
    for t in range(len(topics)):
        np.testing.assert_allclose(batch[:, t], topic_values(gains[t], ideals[t], REQUESTS),
                                   atol=1e-9)


def test_pos_rule():
    curve = np.array([0.5, 1.5])
    assert pos(curve, 0.15) == 0.3            # (1-1) + 0.15/0.5
    assert pos(curve, 0.6) == 1 + 0.6 / 1.5   # g / C[k], not interpolation from C[k-1]
    assert pos(curve, 2.0) == float("inf")
    assert pos(np.array([0.9, 1.0, 1.0, 1.5]), 1.5) == 4.0
    assert pos(np.cumsum([0.9, 0.1, 0.5]), 1.5) == 3.0  # float sums reach 1.5
