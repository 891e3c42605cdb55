"""ranx/pytrec_eval JSON (``{topic: {doc: value}}``) whose topics are named ``queries`` and
``relevant_docs`` is read as what it is, not as LlamaIndex's retrieval dataset (whose
``queries`` are texts).  Before, such qrels were refused: "relevant_docs of query 'd1' is not
a list of node ids (LlamaIndex's retrieval dataset)".

Worked example: topic queries judges d1 relevant (grade 1), topic relevant_docs judges d1
relevant (grade 2); the run ranks d1 first in both: AP = 1 each, MAP = 1; P@5 = 1/5; the
run's d2 (topic queries, rank 2) is unjudged."""
from __future__ import annotations

import json

import pytest

import sdreval

QRELS = {"queries": {"d1": 1, "d2": 0}, "relevant_docs": {"d1": 2}}
RUN = "queries Q0 d1 1 3 r\nqueries Q0 d2 2 2 r\nrelevant_docs Q0 d1 1 1 r\n"


def test_ranx_qrels_with_such_topics_are_read_as_ranx(tmp_path, sdreval_cli):
    (tmp_path / "q.json").write_text(json.dumps(QRELS))
    (tmp_path / "r.txt").write_text(RUN)
    done = sdreval_cli("eval", tmp_path / "q.json", tmp_path / "r.txt", "-m", "map",
                       "-m", "P_5")
    assert done.returncode == 0, done.stderr
    values = {m: float(v) for _, m, t, v in (line.split("\t") for line in
                                             done.stdout.splitlines()) if t == "all"}
    assert values == pytest.approx({"map": 1.0, "P_5": 0.2})


def test_the_api_reads_them_as_ranx(tmp_path):
    (tmp_path / "q.json").write_text(json.dumps(QRELS))
    qrels = sdreval.read_qrels(tmp_path / "q.json")
    assert sorted(qrels.topics) == ["queries", "relevant_docs"]


DATASET = {"queries": {"q1": "what is delta?", "q2": "what is eta?"},
           "corpus": {"n0": "Alpha", "n1": "Delta", "n2": "Eta", "n3": "Kappa"},
           "relevant_docs": {"q1": ["n1", "n3"], "q2": ["n2"]}, "mode": "text"}


def test_llamaindex_dataset_as_a_dict_reads_as_its_file(tmp_path):
    """The dataset as a Python dict (``json.load`` of its file) gives the judgements its file
    gives; before, the dict was refused ("topic 'mode' maps to str").  q1 expects n1 and n3;
    the run returns n0, n1, n2: AP = (1/2) / 2 = 1/4, recall 1/2; q2 expects n2, returned
    first: AP = 1, recall 1."""
    (tmp_path / "qa.json").write_text(json.dumps(DATASET))
    run = {"q1": {"n0": 3.0, "n1": 2.0, "n2": 1.0}, "q2": {"n2": 1.0}}
    by_file = sdreval.evaluate(tmp_path / "qa.json", run, ["AP", "SetR"], per_topic=True)
    by_dict = sdreval.evaluate(DATASET, run, ["AP", "SetR"], per_topic=True)
    got = {(t, m): v for t, m, v in zip(by_dict.topic, by_dict.measure, by_dict.value)}
    assert got == pytest.approx({(t, m): v for t, m, v in zip(by_file.topic, by_file.measure,
                                                              by_file.value)})
    assert got[("q1", "AP")] == pytest.approx(1 / 4) and got[("q1", "SetR")] == 0.5
    assert got[("q2", "AP")] == 1.0


def test_llamaindex_dataset_as_a_dict_is_not_a_run():
    with pytest.raises(sdreval.errors.InputError, match="holds judgements, not a run"):
        sdreval.read_run(DATASET)
