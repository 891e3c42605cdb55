"""PyTerrier's results often carry the documents' ``text`` (``pt.text.get_text``, re-rankers);
``pt.Experiment`` hands them to ir_measures as ``query_id, doc_id, score, text``, a layout the
readers take for a RAG run of chunk texts to locate, so every sdreval measure inside
ir_measures / pt.Experiment failed ("retrieved given as text need the documents").  Inside
ir_measures, as in PyTerrier, results are documents (or elements, passages): the text column
is the document's text and is not read.

Qrels: topic 1 judges a (1), b (0); topic 2 d (1).  Run: topic 1 a (2), b (1); topic 2 d (1).
AP: topic 1 1/1, topic 2 1/1: mean 1.  P@1: 1, 1.  P@2: 1/2, 1/2 (one result in topic 2,
P@2 divides by 2): 0.5."""
from __future__ import annotations

import warnings

import pandas as pd
import pytest

ir_measures = pytest.importorskip("ir_measures")

from sdreval.integrations.ir_measures import sdreval_measure  # noqa: E402

QRELS = pd.DataFrame({"query_id": ["1", "1", "2"], "doc_id": ["a", "b", "d"],
                      "relevance": [1, 0, 1]})
RUN = pd.DataFrame({"query_id": ["1", "1", "2"], "doc_id": ["a", "b", "d"],
                    "score": [2.0, 1.0, 1.0], "text": ["text of a", "text of b", "text of d"]})


def test_text_column_is_the_documents_text():
    measures = [sdreval_measure("AP"), sdreval_measure("P@1"), sdreval_measure("P@2")]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        means = ir_measures.calc_aggregate(measures, QRELS, RUN)
    assert [means[m] for m in measures] == pytest.approx([1.0, 1.0, 0.5])


def test_in_pt_experiment():
    pt = pytest.importorskip("pyterrier")
    from sdreval.integrations.pyterrier import measure

    results = RUN.rename(columns={"query_id": "qid", "doc_id": "docno"})
    qrels = QRELS.rename(columns={"query_id": "qid", "doc_id": "docno", "relevance": "label"})
    topics = pd.DataFrame({"qid": ["1", "2"], "query": "unused"})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = pt.Experiment([pt.Transformer.from_df(results)], topics, qrels,
                              [measure("AP")], names=["a"])
    assert table["sdreval_AP"].item() == pytest.approx(1.0)
