"""Runs and qrels given in Python with the keys RAG tools write (LlamaIndex's ``qid``,
``ref_doc_id``, ``start_char_idx``, ``end_char_idx``; LangChain's ``page_content`` with
``metadata``) are span inputs, as the same rows in a JSONL file are: a DataFrame or records
were refused ('the table has no document column')."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import sdreval

GOLD = [{"query_id": "q1", "doc_id": "d1", "start": 20, "end": 40, "relevance": 1}]
RUN = [{"query_id": "q1", "doc_id": "d1", "start": 0, "end": 20, "score": 2.0},
       {"query_id": "q1", "doc_id": "d1", "start": 10, "end": 40, "score": 1.0}]
LLAMA = {"query_id": "qid", "doc_id": "ref_doc_id", "start": "start_char_idx",
         "end": "end_char_idx"}
# first two results: 0-40, 20 gold characters of 40; recall 1
EXPECTED = [0.5, 1.0]


def _renamed(rows: list[dict]) -> list[dict]:
    return [{LLAMA.get(k, k): v for k, v in row.items()} for row in rows]


def _langchain(rows: list[dict]) -> list[dict]:
    return [{"query_id": r["query_id"], "page_content": "x" * (r["end"] - r["start"]),
             "metadata": {"source": r["doc_id"], "start_index": r["start"]},
             "score": r["score"]} for r in rows]


@pytest.mark.parametrize("make", [_renamed, _langchain])
@pytest.mark.parametrize("container", ["frame", "records", "file"])
def test_rag_tool_keys_in_every_container(tmp_path, make, container):
    rows = make(RUN)
    if container == "frame":
        run = pd.DataFrame(rows)
    elif container == "records":
        run = rows
    else:
        run = tmp_path / "run.jsonl"
        run.write_text("".join(json.dumps(row) + "\n" for row in rows))
    table = sdreval.evaluate(GOLD, run, ["SpanP@2", "SpanR@2"])
    assert table["value"].tolist() == EXPECTED


def test_llamaindex_keys_in_qrels(tmp_path):
    assert sdreval.evaluate(pd.DataFrame(_renamed(GOLD)), RUN, ["SpanP@2", "SpanR@2"]
                            )["value"].tolist() == EXPECTED
