"""Graded span nDCG and document-level measures from span qrels, worked by hand."""
from __future__ import annotations

from math import log2

import pytest

import sdreval.api as api

# document a: [0, 10) grade 3 and [5, 20) grade 1 (overlap: the higher grade); b: [0, 10)
# grade 2; c judged with nothing relevant
GOLD = [{"query_id": "q", "doc_id": "a", "start": 0, "end": 10, "relevance": 3},
        {"query_id": "q", "doc_id": "a", "start": 5, "end": 20, "relevance": 1},
        {"query_id": "q", "doc_id": "b", "start": 0, "end": 10, "relevance": 2},
        {"query_id": "q", "doc_id": "c", "start": 0, "end": 10, "relevance": 0}]
RUN = [{"query_id": "q", "doc_id": "c", "start": 0, "end": 10, "rank": 1},
       {"query_id": "q", "doc_id": "a", "start": 0, "end": 20, "rank": 2},
       {"query_id": "q", "doc_id": "b", "start": 5, "end": 10, "rank": 3},
       {"query_id": "q", "doc_id": "a", "start": 0, "end": 5, "rank": 4}]


def values(names, gold=GOLD, run=RUN):
    return api.evaluate(gold, run, names).set_index("measure")["value"].to_dict()


def test_span_ndcg_by_hand():
    ideal = 10 * 3 + 10 * 1 + 10 * 2          # gain of all gold characters: 60
    rank2 = 40 / log2(3)                      # a[0, 20): 10 chars at 3 + 10 at 1
    rank3 = 5 * 2 / log2(4)                   # b[5, 10): 5 chars at grade 2
    got = values(["SpanNDCG", "SpanNDCG@2", "SpanNDCG@1"])
    assert got == pytest.approx({"SpanNDCG": (rank2 + rank3) / ideal,
                                 "SpanNDCG@2": rank2 / ideal, "SpanNDCG@1": 0.0})


def test_span_ndcg_is_one_for_all_gold_at_rank_one_and_binary_without_grades():
    whole = [{"query_id": "q", "doc_id": "a", "start": 0, "end": 20, "score": 2.0},
             {"query_id": "q", "doc_id": "b", "start": 0, "end": 10, "score": 1.0}]
    # two documents cannot both be at rank 1: b's 20 gain points come at rank 2
    assert values(["SpanNDCG"], run=whole)["SpanNDCG"] == pytest.approx(
        (40 + 20 / log2(3)) / 60)
    binary = [dict(r, relevance=min(r["relevance"], 1)) for r in GOLD]
    assert values(["SpanNDCG"], gold=binary, run=whole[:1])["SpanNDCG"] == \
        pytest.approx(20 / 30)


def test_document_measures_by_hand():
    # documents in order of first appearance: c (0), a (3), b (2)
    idcg2 = 3 + 2 / log2(3)
    got = values(["SpanDocR@1", "SpanDocR@2", "SpanDocR", "SpanDocNDCG@2", "SpanDocNDCG"])
    assert got == pytest.approx({"SpanDocR@1": 0.0, "SpanDocR@2": 0.5, "SpanDocR": 1.0,
                                 "SpanDocNDCG@2": (3 / log2(3)) / idcg2,
                                 "SpanDocNDCG": (3 / log2(3) + 2 / 2) / idcg2})


def test_document_ndcg_agrees_with_trec_eval_on_document_qrels():
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels = {"q": {"a": 3, "b": 2, "c": 0}}
    run = {"q": {"c": 3.0, "a": 2.0, "b": 1.0}}
    peer = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut_2", "ndcg"}).evaluate(run)["q"]
    got = values(["SpanDocNDCG@2", "SpanDocNDCG"])
    assert got["SpanDocNDCG@2"] == pytest.approx(peer["ndcg_cut_2"])
    assert got["SpanDocNDCG"] == pytest.approx(peer["ndcg"])


def test_grades_survive_token_units(tmp_path):
    from sdreval.io.spans import Documents, span_qrels_from_frame
    from sdreval.io.spans.documents import qrels_in_tokens

    docs = Documents({"a": "one two three four five six seven eight"})
    qrels = span_qrels_from_frame([{"query_id": "q", "doc_id": "a", "start": 4, "end": 13,
                                    "relevance": 2}], docs)
    tokens = qrels_in_tokens(qrels, docs)
    assert tokens.topics["q"].passages["a"].ranges == [(1, 2)]
    assert tokens.topics["q"].passages["a"].grades == [2.0]
