"""Several chunk maps (one per chunking, ``--chunk-map`` repeated) written with LlamaIndex's
keys (``node_id``, ``ref_doc_id``, ``start_char_idx``, ``end_char_idx``) are read as one
file is.  Before the fix the reader looked for a ``chunk_id`` column to tell the files apart
and failed with a KeyError."""
from __future__ import annotations

import json

import pytest

import sdreval.api as api
from sdreval.io.spans import chunk_run_from_frame, read_chunk_map


def test_two_llamaindex_chunk_maps(tmp_path):
    nodes = {"fixed": [("f0", 0, 100), ("f1", 50, 150)], "para": [("p0", 0, 60), ("p1", 60, 150)]}
    for name, rows in nodes.items():
        (tmp_path / f"{name}.jsonl").write_text("".join(
            json.dumps({"node_id": n, "ref_doc_id": "d", "start_char_idx": s,
                        "end_char_idx": e}) + "\n" for n, s, e in rows))
    chunk_map = read_chunk_map([tmp_path / "fixed.jsonl", tmp_path / "para.jsonl"])
    assert list(chunk_map.index) == ["f0", "f1", "p0", "p1"]
    assert chunk_map.parts.tolist() == [0, 0, 1, 1]
    run = chunk_run_from_frame([{"query_id": "q", "chunk_id": "p0", "score": 1.0}], chunk_map)
    gold = [{"query_id": "q", "doc_id": "d", "start": 40, "end": 70, "relevance": 1}]
    # the paragraph chunking: p0 [0, 60) and p1 [60, 150) touch [40, 70): omega 30 / 150
    value = api.evaluate(gold, run, ["SpanOmega"])["value"].tolist()
    assert value == [pytest.approx(30 / 150)]
