"""``SpanOmega`` (Chroma's precision_omega, Smith & Troynikov, 2024) is a property of the
chunking: |∪T ∩ G| / |∪T ∪ G| over the chunks T touching gold.  Under ``-c`` a question the
run did not answer keeps that value (docs/rag.md says so), where every ranking measure scores
it 0; Chroma averages it over every question.

Chunks A [0, 100), B [100, 200), C [200, 300) of d.  q1 gold [90, 110): T = A, B, 20 / 200.
q2 gold [10, 20): T = A, 10 / 100.  The run answers q1 only (A).  SpanR: q1 10/20, q2 0."""
from __future__ import annotations

import json

import pytest

import sdreval
from sdreval.io.spans import chunk_map_from_frame, chunk_run_from_frame

GOLD = [{"query_id": "q1", "doc_id": "d", "start": 90, "end": 110, "relevance": 1},
        {"query_id": "q2", "doc_id": "d", "start": 10, "end": 20, "relevance": 1}]


def test_omega_of_an_unanswered_question_under_c():
    chunks = chunk_map_from_frame([{"chunk_id": c, "doc_id": "d", "start": s, "end": s + 100}
                                   for c, s in (("A", 0), ("B", 100), ("C", 200))])
    run = chunk_run_from_frame([{"query_id": "q1", "chunk_id": "A", "score": 1.0}], chunks)
    table = sdreval.evaluate(GOLD, run, ["SpanOmega", "SpanR"], per_topic=True,
                             all_topics=True)
    values = {(m, t): v for m, t, v in zip(table.measure, table.topic, table.value)}
    assert values == pytest.approx({("SpanOmega", "q1"): 20 / 200, ("SpanOmega", "q2"): 10 / 100,
                                    ("SpanR", "q1"): 10 / 20, ("SpanR", "q2"): 0.0,
                                    ("SpanOmega", "all"): 0.1, ("SpanR", "all"): 0.25})
    assert json.dumps(sorted(set(table.topic))) == '["all", "q1", "q2"]'
