"""LlamaIndex's retrieval dataset (``EmbeddingQAFinetuneDataset.save_json``: ``queries``,
``corpus``, ``relevant_docs``, ``mode``) holds the expected ids its ``RetrieverEvaluator``
scores against.  Written small, on one line, it was refused as "JSONL file with columns
queries, corpus, relevant_docs, mode: neither a span input nor a document table"; it is read
as chunk-ID judgements now, each expected id relevant (grade 1).

q1 expects n1 and n3; the retriever returns n0, n1, n2 (top_k 3).  LlamaIndex's metrics
(llama_index.core.evaluation.retrieval.metrics), written out:
  hit_rate 1; mrr 1/2; precision |{n1}| / |{n0, n1, n2}| = 1/3; recall 1/2;
  ap (1/2) / 2 = 1/4; ndcg (1/log2 3) / (1 + 1/log2 3).
q2 expects n2; the retriever returns n2: every one of them 1."""
from __future__ import annotations

import json
import math

import pytest

DATASET = {"queries": {"q1": "what is delta?", "q2": "what is eta?"},
           "corpus": {"n0": "Alpha", "n1": "Delta", "n2": "Eta", "n3": "Kappa"},
           "relevant_docs": {"q1": ["n1", "n3"], "q2": ["n2"]}, "mode": "text"}
RUN = "q1 Q0 n0 1 3 r\nq1 Q0 n1 2 2 r\nq1 Q0 n2 3 1 r\nq2 Q0 n2 1 1 r\n"
Q1 = {"hit_rate@3": 1, "mrr@3": 1 / 2, "SetP": 1 / 3, "SetR": 1 / 2, "AP": 1 / 4,
      "nDCG": (1 / math.log2(3)) / (1 + 1 / math.log2(3))}


@pytest.mark.parametrize("layout", ["one line", "indented"])
def test_the_dataset_is_read_as_judgements(tmp_path, sdreval_cli, layout):
    (tmp_path / "qa.json").write_text(json.dumps(DATASET, indent=None if layout == "one line"
                                                 else 2))
    (tmp_path / "run.txt").write_text(RUN)
    done = sdreval_cli("eval", tmp_path / "qa.json", tmp_path / "run.txt", "-q",
                       *(f"-m{m}" for m in Q1), "--format", "csv")
    assert done.returncode == 0, done.stderr
    rows = [line.split(",") for line in done.stdout.splitlines()[1:]]
    values = {(topic, measure): float(value) for _, topic, measure, value, *_ in rows}
    assert {m: values["q1", m] for m in Q1} == pytest.approx(Q1, rel=1e-12)
    assert {m: values["q2", m] for m in Q1} == pytest.approx({m: 1.0 for m in Q1})


def test_the_dataset_given_as_the_run_is_refused(tmp_path, sdreval_cli):
    (tmp_path / "qa.json").write_text(json.dumps(DATASET))
    (tmp_path / "qrels.txt").write_text("q1 0 n1 1\n")
    done = sdreval_cli("eval", tmp_path / "qrels.txt", tmp_path / "qa.json", "-m", "RR")
    assert done.returncode == 1
    assert ("a LlamaIndex retrieval dataset (queries, corpus, relevant_docs) holds judgements, "
            "not a run") in done.stderr
