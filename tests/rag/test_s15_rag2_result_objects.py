"""Retrievers' result objects given as a run: LangChain ``Document`` objects (``page_content``,
``metadata``; ``(Document, score)`` pairs) and LlamaIndex ``NodeWithScore`` around a
``TextNode`` are read as the dicts those tools write.  Before the fix ``span_run_from_frame``
failed with pandas' TypeError traceback ('Document' object is not iterable) and ``read_run``
refused them.  The stand-in classes below have the libraries' attributes (neither library is
installed)."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import UsageError
from sdreval.io.spans import Documents, span_run_from_frame

TEXT = "Four score and seven years ago. Now we are engaged in a great civil war. We are met."
WAR = "Now we are engaged in a great civil war."
MET = "We are met."
DOCS = Documents({"d": TEXT})
GOLD = [{"query_id": "q", "doc_id": "d", "start": TEXT.index(WAR),
         "end": TEXT.index(WAR) + len(WAR), "relevance": 1}]


class Document:  # langchain_core.documents.Document
    def __init__(self, page_content, metadata=None):
        self.page_content, self.metadata, self.id = page_content, metadata or {}, None


class TextNode:  # llama_index.core.schema.TextNode
    def __init__(self, text, node_id, ref_doc_id=None, start_char_idx=None, end_char_idx=None):
        self.text, self.node_id, self.ref_doc_id = text, node_id, ref_doc_id
        self.start_char_idx, self.end_char_idx, self.metadata = start_char_idx, end_char_idx, {}


class NodeWithScore:  # llama_index.core.schema.NodeWithScore
    def __init__(self, node, score=None):
        self.node, self.score = node, score


def _values(run):
    table = sdreval.evaluate(GOLD, run, ["SpanR@1", "SpanP@2"])
    return dict(zip(table["measure"], table["value"]))


def test_langchain_documents_located_in_rank_order():
    run = sdreval.read_run({"q": [Document(MET, {"source": "d"}), Document(WAR, {"source": "d"})]},
                           documents=DOCS)
    # rank 1 "We are met." holds no gold; the two chunks hold 40 of their 51 characters
    assert _values(run) == {"SpanR@1": 0.0, "SpanP@2": pytest.approx(40 / 51)}


def test_langchain_pairs_with_scores_and_start_index():
    pairs = [(Document(MET, {"source": "d", "start_index": TEXT.index(MET)}), 0.2),
             (Document(WAR, {"source": "d", "start_index": TEXT.index(WAR)}), 0.9)]
    run = sdreval.read_run({"q": pairs}, documents=DOCS)
    # in list order (session 19: the score is a distance in most stores): MET first, no gold
    assert _values(run) == {"SpanR@1": 0.0, "SpanP@2": pytest.approx(40 / 51)}


def test_objects_read_as_their_dicts():
    start = TEXT.index(WAR)
    nodes = {"q": [NodeWithScore(TextNode(WAR, "n1", "d", start, start + len(WAR)), 0.5),
                   NodeWithScore(TextNode(TEXT[:10], "n0", "d", 0, 10), 0.7)]}
    dicts = [{"query_id": "q", "text": WAR, "node_id": "n1", "ref_doc_id": "d",
              "start_char_idx": start, "end_char_idx": start + len(WAR), "score": 0.5},
             {"query_id": "q", "text": TEXT[:10], "node_id": "n0", "ref_doc_id": "d",
              "start_char_idx": 0, "end_char_idx": 10, "score": 0.7}]
    by_objects = span_run_from_frame(nodes, documents=DOCS)
    assert _values(by_objects) == _values(span_run_from_frame(dicts, documents=DOCS))
    # ranked by score: [0, 10) first (no gold), then the gold sentence: 40 of 50 characters
    assert _values(sdreval.read_run(nodes, documents=DOCS)) == {
        "SpanR@1": 0.0, "SpanP@2": pytest.approx(40 / 50)}


def test_unreadable_items_are_refused_by_name():
    with pytest.raises(UsageError, match=r"item 0 \(object\) of the list: expected dicts"):
        span_run_from_frame([object()])
    with pytest.raises(UsageError, match=r"item 1 \(int\) of query 'q'"):
        sdreval.read_run({"q": [Document(WAR), 3]})
    with pytest.raises(UsageError, match=r"no query id: give \{query_id"):
        sdreval.read_run([Document(WAR, {"source": "d"})])
