"""Properties of the span measures (hypothesis): bounds, perfect rankings, duplicates and
non-relevant chunks."""
from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdreval.io.spans import span_qrels_from_frame, span_run_from_frame
from sdreval.measures import EvalContext, evaluate

WHOLE = ["SpanP", "SpanR", "SpanF", "SpanF(beta=2)", "SpanIoU", "SpanR(budget=40)",
         "SpanP(budget=40)", "SpanIoU(budget=40)", "SpanHit(tau=0.5)", "SpanRR",
         "SpanRecallUnits(tau=0.3)", "CharMAP"]
AT_K = ["SpanP@2", "SpanR@2", "SpanF@3", "SpanIoU@1", "SpanHit@2", "SpanRR(tau=0.5)@3",
        "SpanRecallUnits@2", "SpanR(budget=25)@2"]
ALL = WHOLE + AT_K

span = st.tuples(st.sampled_from(["a", "b"]), st.integers(0, 120), st.integers(0, 40)).map(
    lambda t: (t[0], t[1], t[1] + t[2]))
gold_spans = st.lists(span.filter(lambda s: s[2] > s[1]), min_size=1, max_size=4)
rankings = st.lists(span, min_size=1, max_size=8)


def scores(gold, ranking):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        qrels = span_qrels_from_frame([{"query_id": "q", "doc_id": d, "start": s, "end": e,
                                        "relevance": 1} for d, s, e in gold])
        run = span_run_from_frame([{"query_id": "q", "doc_id": d, "start": s, "end": e,
                                    "rank": i + 1} for i, (d, s, e) in enumerate(ranking)])
    table = evaluate(qrels, run, ALL, EvalContext())
    return dict(zip(table.measure, table.value))


@settings(max_examples=60, deadline=None)
@given(gold_spans, rankings)
def test_scores_are_in_the_unit_interval(gold, ranking):
    for name, value in scores(gold, ranking).items():
        assert 0.0 <= value <= 1.0 + 1e-12, name


@settings(max_examples=40, deadline=None)
@given(gold_spans)
def test_retrieving_the_gold_spans_exactly_scores_one(gold):
    got = scores(gold, list(dict.fromkeys(gold)))
    for name in ("SpanP", "SpanR", "SpanF", "SpanIoU", "SpanHit(tau=0.5)", "SpanRR",
                 "SpanRecallUnits(tau=0.3)", "CharMAP"):
        assert got[name] == pytest.approx(1.0), name


@settings(max_examples=60, deadline=None)
@given(gold_spans, rankings, st.data())
def test_duplicating_a_retrieved_chunk_never_raises_precision(gold, ranking, data):
    i = data.draw(st.integers(0, len(ranking) - 1))
    j = data.draw(st.integers(i + 1, len(ranking)))  # after the original (before it would
    # promote the chunk: a different ranking)
    duplicated = ranking[:j] + [ranking[i]] + ranking[j:]
    before, after = scores(gold, ranking), scores(gold, duplicated)
    for name in ("SpanP", "SpanP(budget=40)"):
        assert after[name] <= before[name] + 1e-12, name
    appended = scores(gold, ranking + [ranking[i]])
    for name in ("SpanP@2", "SpanP"):
        assert appended[name] <= before[name] + 1e-12, name


@settings(max_examples=60, deadline=None)
@given(gold_spans, rankings, st.integers(0, 60), st.integers(1, 50), st.data())
def test_a_chunk_covering_only_non_relevant_text_never_raises_a_measure(gold, ranking, start,
                                                                         length, data):
    noise = ("z", start, start + length)  # a document with no gold text
    j = data.draw(st.integers(0, len(ranking)))
    before = scores(gold, ranking)
    inserted = scores(gold, ranking[:j] + [noise] + ranking[j:])
    for name in WHOLE:  # anywhere in the ranking: no measure of the whole ranking rises
        assert inserted[name] <= before[name] + 1e-12, name
    appended = scores(gold, ranking + [noise])
    for name in ALL:  # after the last chunk: no measure at all rises
        assert appended[name] <= before[name] + 1e-12, name
