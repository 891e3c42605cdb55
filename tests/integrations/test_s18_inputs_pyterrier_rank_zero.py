"""A run frame in PyTerrier's style: ``qid, docno, rank`` with ranks from 0 and no score
(PyTerrier's ``rank`` column counts from 0, ``pyterrier.model.add_ranks``).  sdreval reads it
as the ranking the ranks give: rows in rank order are that ranking; rows out of rank order are
kept in row order with a warning saying so, and ``order="rank"`` sorts by the rank as PyTerrier
would.  Qrels: b relevant only.  Ranking by rank: a (0), b (1), c (2) -> P@1 0, RR 1/2,
AP (1/2)/1 = 0.5; rank 0 is accepted (PyTerrier's first rank), never shifted into a tie."""
from __future__ import annotations

import warnings

import pandas as pd
import pytest

import sdreval

QRELS = {"1": {"a": 0, "b": 1, "c": 0}}
MEASURES = ["P@1", "RR", "AP"]


def _values(frame, **options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = sdreval.evaluate(QRELS, frame, MEASURES, **options)
    return table.value.tolist(), " ".join(str(w.message) for w in caught)


def test_rows_in_rank_order_are_the_ranking():
    frame = pd.DataFrame({"qid": ["1"] * 3, "docno": ["a", "b", "c"], "rank": [0, 1, 2]})
    values, said = _values(frame)
    assert values == pytest.approx([0.0, 0.5, 0.5])
    assert "rank" not in said  # nothing to say: rank 0 is a valid first rank


def test_rows_out_of_rank_order_are_said_and_sorted_on_request():
    frame = pd.DataFrame({"qid": ["1"] * 3, "docno": ["b", "a", "c"], "rank": [1, 0, 2]})
    values, said = _values(frame)
    assert values == pytest.approx([1.0, 1.0, 1.0])  # row order: b first
    assert "ranks out of order" in said and "order='rank' ranks by rank" in said
    values, _ = _values(frame, order="rank")
    assert values == pytest.approx([0.0, 0.5, 0.5])  # PyTerrier's ranking: a, b, c
