"""LangChain's ``similarity_search_with_score`` returns ``(Document, score)`` pairs best first,
the score a *distance* in most vector stores (Chroma, FAISS: lower is closer; LangChain's
``VectorStore.similarity_search_with_score``: "Run similarity search with distance") and a
similarity in others.  sdreval ranked such pairs by score, highest first, so a distance-scored
list was read upside down, silently.  The list order is now the ranking (each pair's rank is
its position; the score is kept, and ``order="rsv"`` ranks by it, highest first).

Document d: "alpha beta. gamma delta." gold "gamma delta." [12, 24).  Chroma-style pairs:
("alpha beta.", 0.2) then ("gamma delta.", 0.9): rank 1 holds no gold, SpanR@1 = 0; by score
(order="rsv") the gold chunk is first, SpanR@1 = 1."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.io.spans import Documents

TEXT = "alpha beta. gamma delta."
GOLD = [{"query_id": "q", "doc_id": "d", "start": 12, "end": 24, "relevance": 1}]


class Doc:  # langchain_core.documents.Document's attributes
    def __init__(self, page_content, metadata):
        self.page_content, self.metadata = page_content, metadata


PAIRS = {"q": [(Doc("alpha beta.", {"source": "d", "start_index": 0}), 0.2),
               (Doc("gamma delta.", {"source": "d", "start_index": 12}), 0.9)]}


@pytest.mark.parametrize("order, expected", [(None, 0.0), ("rsv", 1.0)])
def test_pairs_are_ranked_in_list_order(order, expected):
    run = sdreval.read_run(PAIRS, documents=Documents({"d": TEXT}))
    options = {} if order is None else {"order": order}
    assert sdreval.evaluate(GOLD, run, ["SpanR@1"], **options).value.item() == expected
