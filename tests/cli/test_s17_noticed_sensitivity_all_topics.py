"""sensitivity -c: eval's -c (every qrels topic with something relevant counts, a topic the run
did not answer scores 0), for the span settings and the ID-based ones; before, sensitivity had
no -c and always averaged over the answered topics."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")


def _means(args):
    result = CliRunner().invoke(cli, args + ["--format", "json"])
    assert result.exit_code == 0, result.output
    return result


def test_c_counts_unanswered_topics_as_eval_does(tmp_path):
    run = tmp_path / "fixed.txt"
    lines = (RAG / "runs" / "fixed.txt").read_text().splitlines(keepends=True)
    run.write_text("".join(line for line in lines if not line.startswith("q01 ")))
    base = ["sensitivity", str(RAG / "qrels.jsonl"), str(run), str(RAG / "runs" / "sentence.txt"),
            "--chunk-map", str(RAG / "chunks" / "fixed.jsonl"),
            "--chunk-map", str(RAG / "chunks" / "sentence.jsonl"),
            "-m", "SpanRR", "--tau", "0.5", "--rule", "any"]
    got = {}
    for flag in ([], ["-c"]):
        rows = json.loads(_means(base + flag).stdout)["scores"]
        got[bool(flag)] = {r["measure"]: r["mean"] for r in rows if r["run"] == "bm25-fixed"}
    # arithmetic: 24 topics have gold text; the run leaves out q01, so -c divides the same sum
    # by 24 instead of 23
    for measure in ("SpanRR", "AP on chunk qrels"):
        assert got[True][measure] == pytest.approx(got[False][measure] * 23 / 24, abs=1e-12)
    # second path: eval -c on spans
    evaluated = _means(["eval", str(RAG / "qrels.jsonl"), str(run), "--chunk-map",
                        str(RAG / "chunks" / "fixed.jsonl"), "-m", "SpanRR(tau=0.5)", "-c"])
    mean = [r["value"] for r in json.loads(evaluated.stdout) if r["topic"] == "all"][0]
    assert got[True]["SpanRR"] == pytest.approx(mean, abs=1e-12)
    assert "every qrels topic with something relevant (-c" in \
        _means(base + ["-c"]).stderr
