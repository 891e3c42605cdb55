"""LlamaIndex retrievers without a score (a keyword or summary-index retriever) return
NodeWithScore objects with score None.  Given as objects, sdreval reads the list order as the
ranking (with a warning); given as their model_dump() (JSONL, records), every row was refused
("score is missing"): two paths, two rules.  A dump whose score is None in every row is now
read as the objects are; a score missing from some rows only stays an error on both paths."""
from __future__ import annotations

import json

import pytest

import sdreval
from sdreval.errors import InputError
from sdreval.io.spans import Documents

TEXT = "The cat sat on the mat. The dog ran."
DOCS = Documents({"a": TEXT})
GOLD = [{"query_id": "q", "doc_id": "a", "start": 24, "end": 36, "relevance": 1}]  # dog


def dump(node_id: str, start: int, end: int, score) -> dict:
    return {"query_id": "q", "score": score,
            "node": {"id_": node_id, "text": TEXT[start:end], "start_char_idx": start,
                     "end_char_idx": end, "relationships": {"1": {"node_id": "a"}}}}


class Node:
    def __init__(self, node_id: str, start: int, end: int):
        self.node_id, self.text, self.ref_doc_id = node_id, TEXT[start:end], "a"
        self.start_char_idx, self.end_char_idx, self.metadata = start, end, {}


class NodeWithScore:
    def __init__(self, node: Node, score):
        self.node, self.score = node, score


def values(run) -> list[float]:
    table = sdreval.evaluate(sdreval.read_qrels(GOLD), run, ["SpanP@1", "SpanRR"])
    return table["value"].round(6).tolist()


def test_dumps_without_scores_are_ranked_in_list_order_as_the_objects(tmp_path):
    path = tmp_path / "nodes.jsonl"
    path.write_text("".join(json.dumps(dump(*n, None)) + "\n"
                            for n in (("n1", 0, 23), ("n2", 24, 36))))
    with pytest.warns(UserWarning, match="no score or rank: the order of the rows is the "
                                         "ranking"):
        from_file = sdreval.read_run(str(path), documents=DOCS)
    with pytest.warns(UserWarning, match="no score or rank"):
        from_objects = sdreval.read_run(
            {"q": [NodeWithScore(Node("n1", 0, 23), None), NodeWithScore(Node("n2", 24, 36),
                                                                         None)]},
            documents=DOCS)
    # list order: the cat sentence (no gold) at rank 1, the dog sentence (gold) at rank 2
    assert values(from_file) == values(from_objects) == [0.0, 0.5]


def test_a_score_missing_from_some_rows_stays_an_error():
    with pytest.raises(InputError, match="score is missing"):
        sdreval.read_run([dump("n1", 0, 23, 0.5), dump("n2", 24, 36, None)], documents=DOCS)
    with pytest.raises(InputError, match="score is missing"):
        sdreval.read_run({"q": [NodeWithScore(Node("n1", 0, 23), 0.5),
                                NodeWithScore(Node("n2", 24, 36), None)]}, documents=DOCS)
