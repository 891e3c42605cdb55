"""``qrels_frame`` of graded span judgements wrote every highlighted range with relevance 1
(``length > 0``), dropping the grades the graded span measures use; read back, the frame
scored other numbers than the judgements.  Each range now keeps its grade.

Gold (worked as in tests/rag/test_graded_spans.py): document a [0, 10) grade 3 and [5, 20)
grade 1 (overlap: the higher grade); b [0, 10) grade 2; c judged, nothing relevant.  Run: c
[0, 10), a [0, 20), b [5, 10), a [0, 5).  SpanNDCG: ideal gain 10*3 + 10*1 + 10*2 = 60;
rank 2: 40 / log2 3; rank 3: 5*2 / log2 4: (40/log2 3 + 10/2) / 60 (binary: other)."""
from __future__ import annotations

from math import log2

import pytest

import sdreval
from sdreval.integrations.ir_measures import qrels_frame

GOLD = [{"query_id": "q", "doc_id": "a", "start": 0, "end": 10, "relevance": 3},
        {"query_id": "q", "doc_id": "a", "start": 5, "end": 20, "relevance": 1},
        {"query_id": "q", "doc_id": "b", "start": 0, "end": 10, "relevance": 2},
        {"query_id": "q", "doc_id": "c", "start": 0, "end": 10, "relevance": 0}]
RUN = [{"query_id": "q", "doc_id": "c", "start": 0, "end": 10, "rank": 1},
       {"query_id": "q", "doc_id": "a", "start": 0, "end": 20, "rank": 2},
       {"query_id": "q", "doc_id": "b", "start": 5, "end": 10, "rank": 3},
       {"query_id": "q", "doc_id": "a", "start": 0, "end": 5, "rank": 4}]


def test_grades_travel():
    frame = qrels_frame(GOLD)
    assert sorted(frame["relevance"].tolist()) == [0, 1, 2, 3]
    expected = (40 / log2(3) + 5 * 2 / log2(4)) / 60
    from_frame = sdreval.evaluate(frame, RUN, ["SpanNDCG"]).value.item()
    assert sdreval.evaluate(GOLD, RUN, ["SpanNDCG"]).value.item() == pytest.approx(expected)
    assert from_frame == pytest.approx(expected)
