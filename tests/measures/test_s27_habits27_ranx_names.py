"""ranx's metric names that sdreval did not read: ``ndcg_burges`` (exponential gains) was an
unknown measure with the suggestion ``ndcg_rel`` (a different measure); ``f1@10``, ``dcg``,
``rbp.80``, ranx's relevance level ``precision@5-l2`` and ``precision`` over the whole list
were refused without the sdreval spelling.  ir_measures' ``NumRet(rel=1)``, ``judged_only``
and a space-separated list of names (its command line's) likewise."""
from __future__ import annotations

import math

import pytest

from sdreval import api
from sdreval.errors import UsageError

QRELS = {"q1": {"d1": 2, "d2": 1, "d3": 0}, "q2": {"d4": 3, "d5": 0}}
RUN = {"q1": {"d3": 0.9, "d1": 0.5, "d2": 0.1}, "q2": {"d5": 2.0, "d4": 1.0, "d6": 0.5}}


def _means(names):
    table = api.evaluate(QRELS, {"r": RUN}, names)
    return dict(zip(table.measure, table.value))


def test_ndcg_burges_is_ndcg_with_exponential_gains():
    # gains 2^g - 1 (Burges et al. 2005), discount log2(rank + 1), as ranx's ndcg_burges:
    # q1 ranks grades 0, 2, 1: DCG = 3/log2(3) + 1/log2(4); ideal 3/log2(2) + 1/log2(3)
    # q2 ranks grades 0, 3, -: DCG = 7/log2(3); ideal 7/log2(2)
    q1 = (3 / math.log2(3) + 1 / 2) / (3 + 1 / math.log2(3))
    q2 = (7 / math.log2(3)) / 7
    means = _means(["ndcg_burges@10", "ndcg_burges", "ndcg_burges@1"])
    assert means["ndcg_burges@10"] == pytest.approx((q1 + q2) / 2, abs=1e-12)
    assert means["ndcg_burges"] == pytest.approx((q1 + q2) / 2, abs=1e-12)
    assert means["ndcg_burges@1"] == 0.0  # both rank a grade-0 document first


@pytest.mark.parametrize("name, said", [
    ("f1@10", "P@k and Recall@k"),
    ("f1", "SetF"),
    ("dcg@10", "nDCG@k"),
    ("dcg_burges@10", "nDCG(gains=exp)@k"),
    ("precision", "SetP"),
    ("recall", "SetR"),
    ("hit_rate", "Success@k"),
    ("precision@5-l2", "P(rel=2)@5"),
    ("map@100-l2", "AP(rel=2)@100"),
    ("mrr-l3", "RR(rel=3)"),
    ("ndcg@10-l2", "map the grades"),
    ("rbp.80", "RBP(p=0.80)"),
    ("rbp@95", "RBP(p=0.95)"),
    ("NumRet(rel=1)", "NumRelRet"),
    ("NumRet(rel=2)", "NumRelRet(rel=2)"),
    ("AP(judged_only=True)", "judged_only"),
    ("nDCG@10 P@5", "-m nDCG@10 -m P@5"),
])
def test_peer_names_refused_with_the_sdreval_spelling(name, said):
    with pytest.raises(UsageError) as refused:
        _means([name])
    assert said in str(refused.value)


def test_ranx_names_still_read():
    means = _means(["precision@2", "hit_rate@1", "rbp.p=0.8", "recall_10"])
    assert means["precision@2"] == pytest.approx((1 / 2 + 1 / 2) / 2)
    assert means["hit_rate@1"] == 0.0
    assert set(means) == {"precision@2", "hit_rate@1", "rbp.p=0.8", "recall_10"}
