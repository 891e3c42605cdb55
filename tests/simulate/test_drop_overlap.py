"""The simulator's overlap filter (binary search over kept ranges) equals the pairwise rule:
an element is kept unless an earlier kept element of its document shares a character."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sdreval.simulate.runs import _drop_overlap


def pairwise(ranges, limit=None):
    kept: list[tuple[str, int, int]] = []
    mask = []
    for doc, s, e in ranges:
        ok = (limit is None or len(kept) < limit) and not any(
            d == doc and s < ke and ks < e for d, ks, ke in kept)
        mask.append(ok)
        if ok:
            kept.append((doc, s, e))
    return mask


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ab"), st.integers(0, 30), st.integers(0, 8)),
                max_size=40), st.one_of(st.none(), st.integers(0, 10)))
def test_same_as_pairwise_rule(items, limit):
    ranges = [(doc, s, s + n) for doc, s, n in items]
    trees = {}
    for doc in "ab":
        own = [(s, e) for d, s, e in ranges if d == doc] or [(0, 0)]
        trees[doc] = SimpleNamespace(start=np.array([s for s, _ in own]),
                                     end=np.array([e for _, e in own]))
    counters = {"a": 0, "b": 0}
    idx = []
    for doc, _, _ in ranges:
        idx.append(counters[doc])
        counters[doc] += 1
    docs = np.array([d for d, _, _ in ranges], dtype=object)
    got = _drop_overlap(trees, docs, np.array(idx, dtype=np.int64), limit)
    assert got.tolist() == pairwise(ranges, limit)


def test_empty_ranges_as_the_pairwise_rule():
    """Found by the property above: an empty range kept between two overlapping ones must not
    hide their overlap from the binary search; one strictly inside a kept range is dropped."""
    for start, end, expected in (([1, 1, 1], [2, 1, 2], [True, True, False]),
                                 ([0, 1], [2, 1], [True, False]),
                                 ([1, 0], [1, 2], [True, False])):
        trees = {"a": SimpleNamespace(start=np.array(start), end=np.array(end))}
        got = _drop_overlap(trees, np.array(["a"] * len(start), dtype=object),
                            np.arange(len(start)), None)
        assert got.tolist() == expected == pairwise([("a", s, e) for s, e in zip(start, end)])
