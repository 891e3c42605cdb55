"""Character-range kernels of the passage family against per-character brute force."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from sdreval.measures.passage.kernels import (coverage, first_cover, list_overlaps,
                                              merge_intervals, overlapping_pairs)

intervals = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 25)), max_size=12)


def _chars(ivs):
    return {c for s, n in ivs for c in range(s, s + n)}


def _arrays(ivs):
    s = np.array([a for a, _ in ivs], dtype=np.int64)
    return s, s + np.array([n for _, n in ivs], dtype=np.int64)


@settings(max_examples=150, deadline=None)
@given(intervals)
def test_merge_intervals_is_the_union(ivs):
    s, e = _arrays(ivs)
    ms, me = merge_intervals(s, e)
    assert np.all(me > ms) and np.all(ms[1:] > me[:-1])  # disjoint, not touching, sorted
    assert _chars(zip(ms, me - ms)) == _chars(ivs)


@settings(max_examples=150, deadline=None)
@given(intervals, intervals)
def test_coverage_counts_relevant_characters(rel, ret):
    rs, re_ = merge_intervals(*_arrays(rel))
    s, e = _arrays(ret)
    got = coverage(rs, re_, s, e)
    relchars = _chars(rel)
    want = [len(_chars([(a, n)]) & relchars) for a, n in ret]
    assert got.tolist() == want


@settings(max_examples=150, deadline=None)
@given(intervals)
def test_first_cover_charges_each_character_to_its_best_rank(ret):
    s, e = _arrays(ret)
    seg = first_cover(s, e)
    charged = np.bincount(seg.first, weights=seg.seg_len, minlength=len(ret))
    seen: set[int] = set()
    want = []
    for a, n in ret:
        chars = _chars([(a, n)])
        want.append(len(chars - seen))
        seen |= chars
    assert charged.tolist() == want
    brute_pairs = sum(1 for i in range(len(ret)) for j in range(i + 1, len(ret))
                      if _chars([ret[i]]) & _chars([ret[j]]))
    assert overlapping_pairs(s, e) == brute_pairs
    assert len(list_overlaps(s, e)) == brute_pairs
    assert seg.has_overlap == (brute_pairs > 0)
