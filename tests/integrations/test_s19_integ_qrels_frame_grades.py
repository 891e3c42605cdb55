"""``qrels_frame`` of graded span judgements wrote every highlighted range with relevance 1
(``length > 0``), dropping the grades the graded span measures use; read back, the frame
scored other numbers than the judgements.  Each range now keeps its grade.

Gold: document a [0, 10) grade 2; b [0, 10) grade 1; c judged, nothing relevant.  Run: b
[0, 10), a [0, 10).  SpanNDCG (as worked in tests/rag/test_graded_spans.py: the gain of the
characters at each rank, discounted by log2(rank + 1), over the gain of all gold characters):
(10*1 / log2 2 + 10*2 / log2 3) / 30; binary grades would give (10 + 10 / log2 3) / 20."""
from __future__ import annotations

from math import log2

import pytest

import sdreval
from sdreval.integrations.ir_measures import qrels_frame

GOLD = [{"query_id": "q", "doc_id": d, "start": 0, "end": 10, "relevance": g}
        for d, g in (("a", 2), ("b", 1), ("c", 0))]
RUN = [{"query_id": "q", "doc_id": d, "start": 0, "end": 10, "rank": r}
       for d, r in (("b", 1), ("a", 2))]


def test_grades_travel():
    frame = qrels_frame(GOLD)
    assert sorted(frame["relevance"].tolist()) == [0, 1, 2]
    expected = (10 * 1 / log2(2) + 10 * 2 / log2(3)) / 30
    from_frame = sdreval.evaluate(frame, RUN, ["SpanNDCG"]).value.item()
    assert sdreval.evaluate(GOLD, RUN, ["SpanNDCG"]).value.item() == pytest.approx(expected)
    assert from_frame == pytest.approx(expected)
