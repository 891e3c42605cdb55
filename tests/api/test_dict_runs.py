"""Runs from dicts, tables and records are ranked alike: score descending, ties by document id
descending (trec_eval), whatever the path taken through the conversion."""
from __future__ import annotations

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

import sdreval.api as api

RUN_DICTS = st.dictionaries(
    st.sampled_from(["1", "2", "10", "x"]),
    st.dictionaries(st.text("abcd", min_size=1, max_size=3),
                    st.sampled_from([0.0, 0.5, 1.0, -2.0, 3.25]), max_size=12),
    min_size=1, max_size=4)


def _reference(scored: dict) -> list[str]:
    return [d for d, _ in sorted(scored.items(), key=lambda x: (x[1], x[0]), reverse=True)]


@settings(max_examples=80, deadline=None)
@given(RUN_DICTS)
def test_dict_table_and_records_rank_alike(data):
    run = api.read_run(data)
    assert list(run.topics) == list(data)
    rows = [(t, d, s) for t, scored in data.items() for d, s in scored.items()]
    frame = pd.DataFrame(rows, columns=["qid", "docno", "score"])
    others = [api.read_run(frame), api.read_run(rows)]
    for topic, scored in data.items():
        ranking = run[topic]
        assert list(ranking.docs) == _reference(scored)
        assert list(ranking.ranks) == list(range(1, len(scored) + 1))
        assert list(ranking.rsv) == sorted(scored.values(), reverse=True)
        for other in others:
            if scored:
                assert list(other[topic].docs) == list(ranking.docs)
                assert list(other[topic].rsv) == list(ranking.rsv)
