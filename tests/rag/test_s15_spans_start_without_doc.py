"""A chunk given with its start but no document (a LangChain Document whose metadata has
``start_index`` but no ``source``), documents given: refused naming the missing key.  Before
the fix the text check raised a bare KeyError."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError
from sdreval.io.spans import Documents, span_run_from_frame


def test_start_without_a_document_is_refused_by_name():
    docs = Documents({"a": "The answer is here. Other text."})
    record = {"query_id": "q", "page_content": "Other text.", "metadata": {"start_index": 20},
              "score": 1.0}
    with pytest.raises(InputError, match="missing: doc_id"):
        span_run_from_frame([record], documents=docs)
