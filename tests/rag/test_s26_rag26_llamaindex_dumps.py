"""LlamaIndex nodes written as LlamaIndex writes them (``node.model_dump()``, ``to_dict()``,
``json()``): the node's id is ``id_`` and its document the ``node_id`` of its SOURCE
relationship (``relationships["1"]``); ``node_id`` and ``ref_doc_id``, the keys sdreval read,
are properties that a dump leaves out.  A file of dumped nodes was refused as "documents
need the keys doc_id, text (missing: doc_id ...)", and a ``NodeWithScore`` dump (``{"node":
{...}, "score"}``) as well.  Both are read now, as the same nodes given by their properties.

Text of 70 characters; gold [18, 37) (19 characters); nodes n0 [0, 20), n1 [20, 40),
n2 [40, 60), n3 [60, 70); the retriever returns n1 (0.9), then n0 (0.5).
  SpanP@1 = |[20, 37)| / 20 = 17/20, SpanR@1 = 17/19, SpanR = 19/19 (n0 holds [18, 20))."""
from __future__ import annotations

import json

import pytest

TEXT = "Alpha beta gamma. Delta epsilon zeta. Eta theta iota. Kappa lambda mu."
SPANS = [(0, 20), (20, 40), (40, 60), (60, 70)]
EXPECTED = {"SpanP@1": 17 / 20, "SpanR@1": 17 / 19, "SpanR": 1.0}


def _node(i, start, end):
    """A TextNode as model_dump() writes it (llama_index.core.schema, version 0.12)."""
    return {"id_": f"n{i}", "embedding": None, "metadata": {"file_name": "a.txt"},
            "excluded_embed_metadata_keys": [], "excluded_llm_metadata_keys": [],
            "relationships": {"1": {"node_id": "doc-1", "node_type": "4", "metadata": {},
                                    "hash": "h", "class_name": "RelatedNodeInfo"}},
            "metadata_template": "{key}: {value}", "metadata_separator": "\n",
            "text": TEXT[start:end], "mimetype": "text/plain", "start_char_idx": start,
            "end_char_idx": end, "metadata_seperator": "\n",
            "text_template": "{metadata_str}\n\n{content}", "class_name": "TextNode"}


def _lines(rows):
    return "".join(json.dumps(row) + "\n" for row in rows)


@pytest.fixture
def files(tmp_path):
    nodes = [_node(i, s, e) for i, (s, e) in enumerate(SPANS)]
    (tmp_path / "docs.jsonl").write_text(_lines([{"doc_id": "doc-1", "text": TEXT}]))
    (tmp_path / "gold.jsonl").write_text(_lines([{"query_id": "q", "doc_id": "doc-1",
                                                  "start": 18, "end": 37, "relevance": 1}]))
    (tmp_path / "nodes.jsonl").write_text(_lines(nodes))
    (tmp_path / "ids.jsonl").write_text(_lines([{"query_id": "q", "chunk_id": c, "score": s}
                                                for c, s in (("n1", 0.9), ("n0", 0.5))]))
    (tmp_path / "scored.jsonl").write_text(_lines(
        [{"query_id": "q", "node": nodes[i], "score": s, "class_name": "NodeWithScore"}
         for i, s in ((1, 0.9), (0, 0.5))]))
    return tmp_path


def _values(done):
    assert done.returncode == 0, done.stderr
    return {line.split(",")[2]: float(line.split(",")[3])
            for line in done.stdout.splitlines()[1:]}


def test_dumped_nodes_are_a_chunk_map(files, sdreval_cli):
    done = sdreval_cli("eval", files / "gold.jsonl", files / "ids.jsonl", "--chunk-map",
                       files / "nodes.jsonl", "--documents", files / "docs.jsonl",
                       *(f"-m{m}" for m in EXPECTED), "--format", "csv")
    assert _values(done) == pytest.approx(EXPECTED, rel=1e-12)


def test_dumped_nodes_with_scores_are_a_span_run(files, sdreval_cli):
    done = sdreval_cli("eval", files / "gold.jsonl", files / "scored.jsonl", "--documents",
                       files / "docs.jsonl", *(f"-m{m}" for m in EXPECTED), "--format", "csv")
    assert _values(done) == pytest.approx(EXPECTED, rel=1e-12)


def test_a_dumped_node_whose_text_is_not_at_its_offsets_is_named(files, sdreval_cli):
    bad = _node(0, 0, 20)
    bad["start_char_idx"] = 1
    (files / "bad.jsonl").write_text(_lines([bad]))
    done = sdreval_cli("validate", files / "bad.jsonl", "--documents", files / "docs.jsonl")
    assert done.returncode == 1
    assert "bad.jsonl:1: error: the text at 1-20 of document doc-1 is" in done.stdout
