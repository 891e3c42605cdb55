"""sensitivity's ID-based settings against a second path: `sdreval project` onto each run's
chunking, then pytrec_eval's map on those qrels and the chunk run (trec_eval's averaging:
topics with a relevant chunk that the run answered)."""
from __future__ import annotations

import json

import numpy as np
import pytest
import pytrec_eval
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")
CHUNKERS = ("fixed", "sentence", "paragraph")


def _trec_run(path):
    run: dict[str, dict[str, float]] = {}
    for line in open(path, encoding="utf-8"):
        q, _, doc, _, score, _ = line.split()
        run.setdefault(q, {})[doc] = float(score)
    return run


def _map(qrels_text, run):
    qrels: dict[str, dict[str, int]] = {}
    for line in qrels_text.splitlines():
        q, _, doc, rel = line.split()
        qrels.setdefault(q, {})[doc] = int(rel)
    per = pytrec_eval.RelevanceEvaluator(qrels, {"map"}).evaluate(
        {q: r for q, r in run.items() if q in qrels})
    return np.mean([v["map"] for v in per.values()]) if per else float("nan")


def test_id_based_means_equal_project_then_pytrec_eval():
    args = [str(RAG / "qrels.jsonl")]
    for c in CHUNKERS:
        args += [str(RAG / "runs" / f"{c}.txt"),
                 "--chunk-map", str(RAG / "chunks" / f"{c}.jsonl")]
    result = CliRunner().invoke(cli, ["sensitivity", *args, "-m", "SpanRR", "--tau", "0.5",
                                      "--rule", "any", "--rule", "chunk", "--format", "json"])
    assert result.exit_code == 0, result.output
    got = {(r["setting"], r["run"]): r["mean"] for r in json.loads(result.stdout)["scores"]
           if r["measure"] == "AP on chunk qrels"}
    for c in CHUNKERS:
        run = _trec_run(RAG / "runs" / f"{c}.txt")
        for setting, rule in (("any", ["--rule", "any"]),
                              ("chunk,tau=0.5", ["--rule", "chunk", "--tau", "0.5"])):
            projected = CliRunner().invoke(cli, ["project", str(RAG / "qrels.jsonl"),
                                                 str(RAG / "chunks" / f"{c}.jsonl"), *rule])
            assert projected.exit_code == 0, projected.output
            want = _map(projected.stdout, run)
            value = got[(setting, f"bm25-{c}")]
            if np.isnan(want):
                assert value is None
            else:
                assert value == pytest.approx(want, abs=1e-9)
