"""A gold span judged twice with different grades is an error naming both rows, as a document
judged twice differently is.  Before the fix the second record was called a repeat and
ignored, so the graded measures (SpanNDCG, SpanDocNDCG) silently used the first grade."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError
from sdreval.io.spans import span_qrels_from_frame


def test_same_span_two_grades_is_an_error():
    rows = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 10, "relevance": 1},
            {"query_id": "q", "doc_id": "d", "start": 20, "end": 30, "relevance": 2},
            {"query_id": "q", "doc_id": "d", "start": 0, "end": 10, "relevance": 3}]
    with pytest.raises(InputError, match=r"row 2: .*passage 0-10 judged again, differently"):
        span_qrels_from_frame(rows)


def test_same_span_same_grade_is_still_a_warning():
    rows = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 10, "relevance": 2},
            {"query_id": "q", "doc_id": "d", "start": 0, "end": 10, "relevance": 2}]
    with pytest.warns(Warning, match="repeats"):
        qrels = span_qrels_from_frame(rows)
    assert qrels.topics["q"].passages["d"].ranges == [(0, 10)]
