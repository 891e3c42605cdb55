"""The vectorised test that singles out topics whose results may repeat (``topics_with_repeats``):
topics with a repeated ``(document, path)`` found exactly, by counting cells when the codes
are few and by sorting mixed keys otherwise; both give the same topics."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sdreval.model.result_rules import topics_with_repeats

ROWS = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 6), st.integers(0, 2)), max_size=60)


def repeated_topics(rows, n_topics: int) -> list[bool]:
    out, seen = [False] * n_topics, set()
    for row in rows:
        if row in seen:
            out[row[0]] = True
        seen.add(row)
    return out


@settings(max_examples=200, deadline=None)
@given(ROWS, st.sampled_from([0, 10 ** 6]), st.lists(st.booleans(), min_size=6, max_size=6))
def test_topics_with_repeated_results(rows, spread, flagged):
    """Topics (grouped in order) with a repeated (document, path) are flagged, with those
    already flagged; ``spread`` makes document codes too many to count cells (the sort)."""
    rows = sorted(rows, key=lambda r: r[0])  # rows come grouped by topic
    topic = np.array([r[0] for r in rows], dtype=np.int32)
    doc = np.array([r[1] * (1 + spread) for r in rows], dtype=np.int32)
    path = np.array([r[2] for r in rows], dtype=np.int32)
    got = topics_with_repeats(topic, doc, path, None, None, np.array(flagged))
    expected = [a or b for a, b in zip(repeated_topics(rows, 6), flagged)]
    assert got.tolist() == expected
