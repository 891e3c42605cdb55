"""``sdreval.evaluate`` (and ir_measures' namesakes ``calc_aggregate``, ``Evaluator``) average
over the topics a run answered, as trec_eval without -c; ir_measures' calc_aggregate scores a
qrels topic the run did not answer 0 (its AP below is 1/3) and ranx refuses the run.  The API
said nothing when its means left such topics out (``sdreval eval`` states its policy in a
note): now a warning names them, as the API gives every rule it applies."""
from __future__ import annotations

import warnings

import pytest

import sdreval
from sdreval.api import calc_aggregate

QRELS = {"1": {"a": 1}, "2": {"b": 1}, "3": {"c": 0}}  # topic 3: nothing relevant
RUN = {"1": {"a": 1.0}}  # answers topic 1 only: AP 1 there
LEFT_OUT = ("means over answered topics with something relevant: run run did not answer 1 of "
            "the 2 qrels topic(s) with something relevant (2), left out of its means; "
            "all_topics=True scores them 0")


def _said(call) -> tuple[object, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = call()
    return value, [str(w.message) for w in caught]


def test_means_that_leave_out_unanswered_topics_say_so():
    table, said = _said(lambda: sdreval.evaluate(QRELS, RUN, "AP"))
    assert table.value.tolist() == [1.0]  # topic 1 alone: AP 1/1
    assert any(LEFT_OUT in message for message in said), said


def test_calc_aggregate_says_so_too():
    means, said = _said(lambda: calc_aggregate(["AP"], QRELS, RUN))
    assert means == {"AP": 1.0}
    assert any(LEFT_OUT in message for message in said), said


def test_nothing_said_when_every_topic_counts():
    table, said = _said(lambda: sdreval.evaluate(QRELS, RUN, "AP", all_topics=True))
    assert table.value.tolist() == [0.5]  # (1 + 0) / 2: topic 2 unanswered scores 0
    assert not any("did not answer" in message for message in said)
    full = {"1": {"a": 1.0}, "2": {"b": 1.0}}
    _, said = _said(lambda: sdreval.evaluate(QRELS, full, "AP"))
    assert not any("did not answer" in message for message in said)


def test_ir_measures_scores_the_unanswered_topic_zero():
    ir_measures = pytest.importorskip("ir_measures")
    qrels = [ir_measures.Qrel(q, d, r) for q, docs in QRELS.items() for d, r in docs.items()]
    run = [ir_measures.ScoredDoc("1", "a", 1.0)]
    # every qrels topic in its mean, 0 where unanswered (topic 2) or nothing is relevant (3)
    assert ir_measures.calc_aggregate([ir_measures.AP], qrels, run)[ir_measures.AP] == \
        pytest.approx((1 + 0 + 0) / 3)
