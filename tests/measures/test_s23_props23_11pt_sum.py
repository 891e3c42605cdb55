"""``11pt_avg`` (trec_eval's mean of the interpolated precision at recall 0.0, 0.1, ..., 1.0)
is summed as trec_eval sums it, from recall 1.0 down, then divided by 11: the same bits for a
topic evaluated alone, among other topics, and with ``jobs=2``.  numpy's mean over the eleven
points summed pairwise for one topic and left to right for several, one unit in the last
place apart (found by tests/properties)."""
from __future__ import annotations

import warnings

import sdreval


def trec_eval_11pt(precisions: list[float]) -> float:
    """m_11pt_avg.c: ``sum += int_precis`` from the highest recall cut-off down, then
    ``sum / 11``."""
    total = 0.0
    for p in reversed(precisions):
        total += p
    return total / 11


def values(qrels, run):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = sdreval.evaluate(qrels, run, ["11pt_avg"], per_topic=True)
    return dict(zip(table.topic, table.value))


def test_a_topic_scores_the_same_bits_alone_and_among_others():
    # topic 2: its one relevant document at rank 5, so precision 1/5 at every recall point
    qrels = {"1": {"a": 1}, "2": {"b": 1}}
    run = {"1": {"a": 1.0}, "2": {"v": 5.0, "w": 4.0, "x": 3.0, "y": 2.0, "b": 1.0}}
    want = trec_eval_11pt([1 / 5] * 11)
    assert want != 1 / 5  # the last bit that told the two summations apart
    assert values(qrels, run)["2"] == want
    assert values({"2": qrels["2"]}, {"2": run["2"]})["2"] == want


def test_differing_points_are_summed_from_recall_one_down():
    # relevant at ranks 1 and 3 of 3 relevant (one not retrieved): iP = 1 at recall 0.0-0.3,
    # 2/3 at 0.4-0.7 (trec_eval 9's cut-off ceil), 0 at 0.8-1.0
    qrels = {"1": {"a": 1, "b": 1, "c": 1}}
    run = {"1": {"a": 3.0, "x": 2.0, "b": 1.0}}
    want = trec_eval_11pt([1.0] * 4 + [2 / 3] * 4 + [0.0] * 3)
    assert values(qrels, run)["1"] == want
