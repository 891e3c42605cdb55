"""Counting in tokens (``--span-unit tokens``, ``run_in_tokens``): a span becomes the tokens
it touches.  An empty retrieved span (a warning, kept in runs) touches no character; placed
inside a token it became that whole token, so it retrieved gold it does not hold.

Document "alpha beta gamma delta": white-space tokens alpha [0, 5), beta [6, 10),
gamma [11, 16), delta [17, 22).  Gold [0, 10): the tokens alpha and beta (2 tokens).
Run: rank 1 the empty span [2, 2) (inside "alpha"), rank 2 [11, 22) (gamma, delta).
In tokens: rank 1 retrieves 0 tokens, rank 2 retrieves 2 tokens, none gold:
SpanR = 0 / 2 = 0, SpanP = 0 / 2 = 0, SpanR@1 = 0, SpanRR(tau=0.5) = 0 (no gold token found).
(Before the fix: 0.5, 1/3, 0.5 and 1.)"""
from __future__ import annotations

import warnings

import pytest

import sdreval
from sdreval.io.spans import (Documents, qrels_in_tokens, run_in_tokens, span_qrels_from_frame,
                              span_run_from_frame)

DOCS = Documents({"d": "alpha beta gamma delta"})
NAMES = ["SpanR", "SpanP", "SpanR@1", "SpanRR(tau=0.5)"]


def _inputs():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the empty span's warning
        gold = span_qrels_from_frame([{"query_id": "q", "doc_id": "d", "start": 0, "end": 10,
                                       "relevance": 1}])
        run = span_run_from_frame([
            {"query_id": "q", "doc_id": "d", "start": 2, "end": 2, "rank": 1},
            {"query_id": "q", "doc_id": "d", "start": 11, "end": 22, "rank": 2}])
    return qrels_in_tokens(gold, DOCS), run_in_tokens(run, DOCS)


def test_empty_span_inside_a_token_retrieves_no_token():
    gold, run = _inputs()
    assert run.topics["q"].lengths.tolist() == [0, 2]
    table = sdreval.evaluate(gold, run, NAMES)
    assert dict(zip(table.measure, table.value)) == pytest.approx(
        {"SpanR": 0.0, "SpanP": 0.0, "SpanR@1": 0.0, "SpanRR(tau=0.5)": 0.0})


@pytest.mark.parametrize("start, end, tokens", [(2, 3, 1), (4, 7, 2), (5, 6, 0), (5, 5, 0),
                                                 (0, 0, 0), (16, 17, 0), (3, 3, 0)])
def test_touched_token_count(start, end, tokens):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = span_run_from_frame([{"query_id": "q", "doc_id": "d", "start": start, "end": end,
                                    "rank": 1}])
    assert int(run_in_tokens(run, DOCS).topics["q"].lengths[0]) == tokens
