"""LangChain's splitter writes ``start_index`` -1 for a chunk it did not find.  With the
documents given, sdreval reported that row twice, once falsely: "the text at -1-5 of document
u is '', not the text given" (Python's slice [-1:5] of the text is empty), then "start '-1'
is not a non-negative integer".  The text is compared only at valid offsets now: one error."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.spans import Documents, span_run_from_frame


def test_a_negative_start_is_one_error():
    text = "Zürich café and more text."
    chunk = {"query_id": "q", "page_content": "Zürich", "score": 1.0,
             "metadata": {"source": "u", "start_index": -1}}
    log = ProblemLog()
    span_run_from_frame([chunk], documents=Documents({"u": text}), log=log)
    assert [p.message for p in log.errors] == ["row 0: start '-1' is not a non-negative integer"]
