"""Gold or chunks given as text without the documents were refused with "gold given as text
need the documents" / "retrieved given as text need the documents" (a role where a noun
belongs, and the verb not agreeing); the message now names the texts: "gold texts without
offsets need the documents to be found in (--documents FILE ...)"."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import InputError

GOLD = [{"query_id": "q", "doc_id": "d", "gold_text": "the cat", "relevance": 1}]
RUN = [{"query_id": "q", "page_content": "the cat sat", "metadata": {"source": "d"},
        "score": 1.0}]


@pytest.mark.parametrize("read, data, said", [
    (sdreval.read_qrels, GOLD, "gold texts without offsets need the documents to be found in"),
    (sdreval.read_run, RUN, "retrieved texts without offsets need the documents to be found in")])
def test_texts_without_documents_are_named(read, data, said):
    with pytest.raises(InputError, match=said):
        read(data)
