"""Relevant text from the judgement columns equals the per-topic preparation (one
``TopicRelevance`` per topic joined by ``QrelsBatch.build_from``), field by field, on real INEX
qrels and on files with overlapping highlights, ``relchars`` that disagree, missing best entry
points and empty topics."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from sdreval.io import read_qrels
from sdreval.judgements.columns import TopicJudgements
from sdreval.measures.passage.batch import QrelsBatch
from sdreval.measures.passage.judged import batch_from_columns
from sdreval.measures.passage.topic import topic_relevance

REAL = Path(__file__).resolve().parents[1] / "realdata"


def per_topic(qrels):
    docs = sorted({d for tq in qrels.topics.values() for d in tq.passages})
    vocab = pd.Index(np.asarray(docs, dtype=object), dtype=object)
    return QrelsBatch.build_from(vocab, ((t, topic_relevance(tq))
                                         for t, tq in qrels.topics.items()))


def assert_same(qrels):
    assert isinstance(qrels.topics, TopicJudgements)
    (b1, s1), (b2, s2) = per_topic(qrels), batch_from_columns(*qrels.topics.columns())
    assert list(b1.vocab) == list(b2.vocab) and b1.topic_index == b2.topic_index
    for name in ("keys", "ptr", "starts", "ends", "rel_chars", "bep", "relevant"):
        np.testing.assert_array_equal(getattr(b1, name), getattr(b2, name), err_msg=name)
    np.testing.assert_array_equal(b1.ptr[b1.rows], b2.ptr[b2.rows])
    np.testing.assert_array_equal(s1.totals, s2.totals)
    np.testing.assert_array_equal(s1.relevant_docs, s2.relevant_docs)
    assert s1.disagreements == s2.disagreements and s1.bep_missing == s2.bep_missing


@pytest.mark.parametrize("path", ["inex2010-adhoc/inex2010.qrels",
                                  "inex2009-2010-zendel/INEX_Qrels.txt"])
def test_real_qrels(path):
    assert_same(read_qrels(REAL / path))


def test_overlaps_disagreements_missing_bep(tmp_path):
    file = tmp_path / "q.fol"
    file.write_text(
        "1 Q0 b 30 500 10 10:20 25:10\n"      # overlapping highlights: 10..35 = 25 characters
        "1 Q0 a 5 100 0:5\n"                  # no BEP field: the first relevant character
        "1 Q0 c 0 40\n"                       # judged, nothing relevant
        "2 Q0 a 7 100 3 3:4 7:3\n"            # touching ranges merge: 3..10 = 7
        "3 Q0 z 0 10\n"                       # a topic with nothing relevant
        "2 Q0 0 9 90 50 50:9\n", encoding="utf-8")
    qrels = read_qrels(file)
    assert_same(qrels)
    batch, summary = batch_from_columns(*qrels.topics.columns())
    assert summary["1"].total == 25 + 5 and summary["1"].n_relevant_docs == 2
    assert summary["1"].disagreements == ["b (relchars 30, ranges 25)"]
    assert summary["3"].total == 0
