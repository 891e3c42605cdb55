"""Judgements (session 24 coverage hunt): columnar qrels' checks and summaries, a quantisation
given as itself, the judgements of one document, a recall-base of a topic without element
assessments, and the scale of highlighted passages."""
from __future__ import annotations

import numpy as np
import pytest

from sdreval.judgements.columns import TopicJudgements
from sdreval.judgements.qrels import Qrels
from sdreval.judgements.quantise import get_quantisation, valid_pairs
from sdreval.judgements.recallbase import full_recall_base, ideal_recall_base
from sdreval.io.readers import read_qrels


@pytest.fixture
def columnar(tmp_path):
    path = tmp_path / "qrels.txt"
    path.write_text("1 0 d 1\n1 0 e 0\n2 0 f 2\n")
    qrels = read_qrels(str(path))
    assert isinstance(qrels.topics, TopicJudgements)
    return qrels


def test_columnar_qrels_summaries(columnar):
    assert repr(columnar.topics) == "TopicJudgements(2 topics, 3 judgements)"
    assert columnar.topics.judgements() == 3


def test_columnar_qrels_refuse_bounds_that_do_not_fit(columnar):
    topics, bounds, table = columnar.topics.columns()
    with pytest.raises(ValueError, match="2 topics need 3 bounds ending at 3, got 2"):
        Qrels.from_columns("graded", topics, bounds[:2], table)
    with pytest.raises(ValueError, match="a topic is named twice"):
        Qrels.from_columns("graded", ["1", "1"], bounds, table)


def test_a_quantisation_is_its_own_quantisation():
    gen = get_quantisation("gen")
    assert get_quantisation(gen) is gen


def test_the_assessments_of_one_document(columnar):
    topic = columnar.topics["1"]
    assert [(a.doc, a.e) for a in topic.assessments_of("d")] == [("d", 1.0)]
    assert topic.assessments_of("x") == []


def test_a_recall_base_of_highlighted_passages_only_is_empty():
    qrels = read_qrels({"1": {("d", 0, 10): 1}})
    assert full_recall_base(qrels["1"], "gen") == []
    assert ideal_recall_base(qrels["1"], "gen") == []


def test_every_pair_is_valid_on_the_passage_scale():
    assert valid_pairs("fol", np.array([0.0, 5.0]), np.array([0.3, 0.0])).tolist() == [True,
                                                                                         True]
