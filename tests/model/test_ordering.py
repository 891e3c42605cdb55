"""One ordering rule for every run table: span tables (io.spans), DataFrames and records
(io.frames), span run files and chunk runs ranked the same way, whatever the column spelling."""
from __future__ import annotations

import json
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sdreval.api as api
from sdreval.io import read_run
from sdreval.io.spans import chunk_map_from_frame, span_qrels_from_frame
from sdreval.io.spans.chunks import chunk_run_from_table
from sdreval.io.tables import table_from_frame
from sdreval.errors import ProblemLog
from sdreval.measures import EvalContext, evaluate
from sdreval.measures.serial import ordered_run
from sdreval.model.ordering import trec_order

rows = st.lists(st.tuples(st.sampled_from(["q1", "q2"]), st.sampled_from(["d1", "d2", "d10"]),
                          st.integers(0, 3), st.integers(1, 3), st.sampled_from([0.5, 1.0, 2.0])),
                min_size=1, max_size=12)


def _rankings(run):
    return {t: list(zip(r.docs.tolist(), r.offsets.tolist(), r.lengths.tolist()))
            for t, r in run.topics.items() if len(r)}


def _both_spellings(records):
    spans = pd.DataFrame([{"query_id": q, "doc_id": d, "start": s, "end": s + n, "score": x}
                          for q, d, s, n, x in records])
    frame = pd.DataFrame([{"topic": q, "doc": d, "offset": s, "length": n, "score": x}
                          for q, d, s, n, x in records])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return api.read_run(spans, name="r"), api.read_run(frame, name="r")


@settings(max_examples=60, deadline=None)
@given(rows, st.randoms(use_true_random=False))
def test_span_and_frame_spellings_rank_identically(records, random):
    via_spans, via_frame = _both_spellings(records)
    assert _rankings(via_spans) == _rankings(via_frame)
    shuffled = list(records)
    random.shuffle(shuffled)  # scores only: the ranking does not depend on the row order
    assert _rankings(_both_spellings(shuffled)[0]) == _rankings(via_spans)


def test_ties_follow_trec_eval_document_id_descending():
    records = [("q", "d1", 0, 5, 1.0), ("q", "d2", 0, 5, 1.0), ("q", "d10", 0, 5, 1.0),
               ("q", "d2", 9, 5, 1.0), ("q", "d3", 0, 5, 2.0)]
    for run in _both_spellings(records):
        assert _rankings(run)["q"] == [("d3", 0, 5), ("d2", 9, 5), ("d2", 0, 5),
                                       ("d10", 0, 5), ("d1", 0, 5)]


def test_span_run_file_and_dataframe_rank_identically(tmp_path):
    records = [("q", "b", 0, 4, 1.0), ("q", "a", 2, 4, 1.0), ("q", "c", 0, 4, 0.5),
               ("q", "b", 8, 4, 1.0)]
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps({"query_id": q, "doc_id": d, "start": s, "end": s + n,
                                        "score": x}) + "\n" for q, d, s, n, x in records))
    from_file = read_run(path)
    assert _rankings(from_file) == _rankings(_both_spellings(records)[1])
    assert _rankings(from_file)["q"][:3] == [("b", 8, 4), ("b", 0, 4), ("a", 2, 4)]


def test_rank_column_keeps_row_order_in_both_spellings():
    records = [{"topic": "q", "doc": "b", "offset": 0, "length": 2, "rank": 2},
               {"topic": "q", "doc": "a", "offset": 0, "length": 2, "rank": 1}]
    spans = [{"query_id": "q", "doc_id": r["doc"], "start": 0, "end": 2, "rank": r["rank"]}
             for r in records]
    with pytest.warns(UserWarning, match="ranks out of order"):
        via_frame = api.read_run(pd.DataFrame(records))
    with pytest.warns(UserWarning, match="ranks out of order"):
        via_spans = api.read_run(pd.DataFrame(spans))
    assert _rankings(via_frame) == _rankings(via_spans) == {"q": [("b", 0, 2), ("a", 0, 2)]}


def test_trec_order_numeric_and_string_ties():
    scores = np.array([1.0, 1.0, 2.0, 1.0])
    assert trec_order(scores, (np.array(["a", "c", "b", "b"], dtype=object),)).tolist() == [
        2, 1, 3, 0]
    assert trec_order(scores, (np.array(["x"] * 4, dtype=object), np.array([5, 1, 0, 7]))
                      ).tolist() == [2, 3, 0, 1]


def test_chunk_run_rsv_ties_by_chunk_id_as_ir_measures():
    ir_measures = pytest.importorskip("ir_measures")
    # chunk ids order the other way round from their documents
    chunk_map = chunk_map_from_frame([
        {"chunk_id": "a9", "doc_id": "d2", "start": 0, "end": 10},
        {"chunk_id": "b1", "doc_id": "d1", "start": 0, "end": 10},
        {"chunk_id": "c5", "doc_id": "d3", "start": 0, "end": 10}])
    table = table_from_frame(pd.DataFrame([
        {"query_id": "q", "chunk_id": "a9", "rank": 1, "score": 1.0},
        {"query_id": "q", "chunk_id": "c5", "rank": 2, "score": 1.0},
        {"query_id": "q", "chunk_id": "b1", "rank": 3, "score": 1.0}]), "(run)")
    run = chunk_run_from_table(table, chunk_map, ProblemLog(), "r")
    assert list(run.topics["q"].docs) == ["d2", "d3", "d1"]  # file order by default
    by_rsv = ordered_run(run, "rsv")
    assert list(by_rsv.chunk_ids["q"]) == ["c5", "b1", "a9"]
    assert list(by_rsv.topics["q"].docs) == ["d3", "d1", "d2"]
    qrels = span_qrels_from_frame([{"query_id": "q", "doc_id": "d1", "start": 0, "end": 10,
                                    "relevance": 1}])
    ours = evaluate(qrels, run, ["SpanRR"], EvalContext(order="rsv"))["value"].iloc[0]
    theirs = ir_measures.calc_aggregate(
        [ir_measures.RR], [ir_measures.Qrel("q", "b1", 1)],
        [ir_measures.ScoredDoc("q", c, 1.0) for c in ("a9", "c5", "b1")])[ir_measures.RR]
    assert ours == pytest.approx(theirs) == pytest.approx(1 / 2)


def test_topic_sort_key_numbers_first_and_no_crash_on_non_decimal_digits():
    from sdreval.model.ordering import topic_sort_key

    topics = ["10", "b", "2", "²", "a", "1"]
    assert sorted(topics, key=topic_sort_key) == ["1", "2", "10", "a", "b", "²"]
