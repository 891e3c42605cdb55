"""convert: a topic judged with no document (a RAGAS sample with an empty
``reference_context_ids``, an empty ``relevant_docs`` list of LlamaIndex's dataset, ``{}`` in
a ranx qrels dict) has no line in TREC qrels or the native TSV.  It was left out silently, so
``eval --zero-rel-as-zero`` on the written file averaged over fewer topics than on the input
(RAGAS samples: SetP 7/12 instead of 7/18).  A warning names it now, as for a run's topics
without results."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

SAMPLES = [
    {"query_id": "q1", "reference_context_ids": ["a", "b"],
     "retrieved_context_ids": ["a", "x", "b"]},
    {"query_id": "q2", "reference_context_ids": [], "retrieved_context_ids": ["a", "x"]},
]
SAID = ("warning: 1 topic(s) judged with no document cannot be written to a judgements file: "
        "q2 (IN holds them with nothing relevant: --zero-rel-as-zero scores them 0 on IN, not "
        "on the file written)")


@pytest.mark.parametrize("to", ["trec-qrels", "native"])
def test_ragas_sample_without_expected_ids(tmp_path, to):
    path = tmp_path / "samples.jsonl"
    path.write_text("".join(json.dumps(s) + "\n" for s in SAMPLES))
    out = tmp_path / "qrels.txt"
    result = CliRunner().invoke(cli, ["convert", str(path), str(out), "--to", to])
    assert result.exit_code == 0, result.output
    assert f"{path}: {SAID}" in result.stderr
    assert "q2" not in out.read_text()


def test_ranx_dict_topic_without_judgements(tmp_path):
    path = tmp_path / "qrels.json"
    path.write_text(json.dumps({"q1": {"a": 1}, "q2": {}}))
    result = CliRunner().invoke(cli, ["convert", str(path), str(tmp_path / "q.txt"),
                                      "--to", "trec-qrels"])
    assert result.exit_code == 0, result.output
    assert f"{path}: {SAID}" in result.stderr
