"""The table of docs/rag.md "LlamaIndex's and RAGAS's ID-based scores in sdreval's names", on a
worked example, the tools' values written out from their definitions (LlamaIndex
``llama_index.core.evaluation.retrieval.metrics``: HitRate, MRR, Precision, Recall,
AveragePrecision, NDCG; RAGAS ``IDBasedContextPrecision``/``IDBasedContextRecall``).

q1 expects a, c, e, f, g and retrieved a, b, c, d (top_k 4); q2 expects c, h and retrieved c.
  hit_rate: 1, 1.            granular hit_rate: 2/5, 1/2.       mrr: 1/1, 1/1.
  precision: 2/4, 1/1 (distinct retrieved ids; P@4 of q2 would be 1/4).
  recall: 2/5, 1/2.          ap: (1/1 + 2/3)/5 = 1/3, (1/1)/2 = 1/2.
  ndcg: (1 + 1/log2 4) / sum_{i=1..5} 1/log2(i+1), 1 / (1 + 1/log2 3).
  RAGAS ID precision = LlamaIndex precision; ID recall = LlamaIndex recall."""
from __future__ import annotations

import math

import pytest

import sdreval

QRELS = {"q1": {d: 1 for d in "acefg"}, "q2": {"c": 1, "h": 1}}
RUN = {"q1": {"a": 4.0, "b": 3.0, "c": 2.0, "d": 1.0}, "q2": {"c": 1.0}}


def _dcg_ideal(n):
    return sum(1 / math.log2(i + 1) for i in range(1, n + 1))


TOOLS = {  # sdreval name in the table -> the tool's per-question values
    "hit_rate@4": [1.0, 1.0],
    "Recall@4": [2 / 5, 1 / 2],  # granular hit_rate, recall, IDBasedContextRecall
    "mrr@4": [1.0, 1.0],
    "SetP": [2 / 4, 1 / 1],  # precision, IDBasedContextPrecision
    "SetR": [2 / 5, 1 / 2],
    "AP": [(1 / 1 + 2 / 3) / 5, 1 / 2],
    "nDCG": [(1 + 1 / math.log2(4)) / _dcg_ideal(5), 1 / _dcg_ideal(2)],
}


@pytest.mark.parametrize("name", list(TOOLS))
def test_table_names_give_the_tools_values(name):
    table = sdreval.evaluate(QRELS, RUN, [name], per_topic=True, order="rsv")
    values = table[table.topic != "all"].set_index("topic").value
    assert [values["q1"], values["q2"]] == pytest.approx(TOOLS[name], rel=1e-12)
    mean = table[table.topic == "all"].value.item()
    assert mean == pytest.approx(sum(TOOLS[name]) / 2, rel=1e-12)


def test_p_at_k_is_not_llamaindex_precision_when_fewer_came_back():
    table = sdreval.evaluate(QRELS, RUN, ["P@4"], per_topic=True, order="rsv")
    assert table.set_index("topic").value["q2"] == pytest.approx(1 / 4)  # LlamaIndex: 1
