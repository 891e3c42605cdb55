"""A span given as text is located in characters: a ``unit`` key on its row (a table whose
other rows give byte offsets) does not turn the offsets found into bytes.  Before the fix
"text here" of "é text here and more" (characters [2, 11)) became characters [1, 10)."""
from __future__ import annotations

import warnings

from sdreval.io.spans import Documents, span_qrels_from_frame


def test_located_text_is_in_characters_whatever_its_unit_key():
    docs = Documents({"d": "é text here and more"})  # é is two UTF-8 bytes
    rows = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 2, "unit": "bytes",
             "relevance": 1},  # bytes [0, 2): the character é, [0, 1)
            {"query_id": "q", "doc_id": "d", "text": "text here", "unit": "bytes",
             "relevance": 1}]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        qrels = span_qrels_from_frame(rows, documents=docs)
    assert qrels.topics["q"].passages["d"].ranges == [(0, 1), (2, 9)]  # (offset, length)
