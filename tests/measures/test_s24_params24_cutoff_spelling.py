"""A cut-off given twice, or as a parameter, or as a fraction in a trec_eval name, is a usage
error that says what to write.  Before, the API's ``P(10, k=5)`` and ``P(k=5, at=7)`` kept one
of the two cut-offs without a word (P@5, P@7); ``P(k=5)@10`` said P has no parameter k; and
``P.2.5`` said only "expected an integer", where trec_eval 10 silently reads it as P.2 (atol:
on the qrels d1 0, d2 1, d3 2 and the run d1 d2 d3 it prints P_2 0.5000)."""
from __future__ import annotations

import pytest

from sdreval.errors import UsageError
from sdreval.measures.registry import MEASURES, parse_measure


@pytest.mark.parametrize("args, kwargs", [((10,), {"k": 5}), ((), {"k": 5, "at": 7}),
                                          ((3,), {"at": 4})])
def test_api_cut_off_given_twice(args, kwargs):
    with pytest.raises(UsageError, match="cut-off is given 2 times"):
        MEASURES["P"](*args, **kwargs)


@pytest.mark.parametrize("args, kwargs, text", [((5,), {}, "P@5"), ((), {"k": 5}, "P@5"),
                                                ((), {"at": 5}, "P@5"), ((), {"r": 3}, "P@3")])
def test_api_cut_off_once(args, kwargs, text):
    assert MEASURES["P"](*args, **kwargs).text == text


@pytest.mark.parametrize("text, hint", [("P(k=5)", "P@5"), ("P(k=5)@10", "P@5"),
                                        ("nDCG(gains=exp,k=10)", "nDCG@10"),
                                        ("P(k=5,k=10)", "P@5")])
def test_cut_off_as_a_parameter(text, hint):
    with pytest.raises(UsageError, match="written after @") as caught:
        parse_measure(text)
    assert hint in str(caught.value)


@pytest.mark.parametrize("text, said", [("P.2.5", "P.2 or P.3"), ("P_2.5", "P_2 or P_3"),
                                        ("ndcg_cut.10.5", "ndcg_cut.10 or ndcg_cut.11"),
                                        ("recall_7.9", "recall_7 or recall_8")])
def test_trec_fractional_rank(text, said):
    with pytest.raises(UsageError, match="atol") as caught:
        parse_measure(text)
    assert said in str(caught.value)


@pytest.mark.parametrize("text, cutoff", [("P_2.0", 2), ("iprec_at_recall_0.25", 0.25),
                                          ("Rprec_mult_1.5", 1.5)])
def test_trec_cut_offs_that_pass(text, cutoff):
    assert parse_measure(text).cutoff == cutoff


@pytest.mark.parametrize("text", ["nDCG(dcg=exp-log2,gains=linear)@10",
                                  "nDCG(gains=linear,dcg=log2)@10"])
def test_ir_measures_spelling_and_ours_of_one_parameter(text):
    """ir_measures' dcg= is sdreval's gains=: both in one name say so (was only "given
    twice", naming gains, which the user may not have typed)."""
    with pytest.raises(UsageError, match="dcg= is ir_measures' spelling of gains="):
        parse_measure(text)


def test_api_measure_with_two_cut_off_keywords():
    from sdreval import api

    with pytest.raises(UsageError, match="given 2 times as a keyword"):
        api.measure("P@10", k=5, at=7)
    assert api.measure("P@10", k=5).text == "P@5"  # a keyword sets the text's cut-off
