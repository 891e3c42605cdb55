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
