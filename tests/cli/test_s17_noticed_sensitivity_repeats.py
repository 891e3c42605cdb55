"""sensitivity's ID-based settings apply eval's rule for a result given twice in a topic (the
repeat is kept and earns nothing: a chunk listed again is not a relevant chunk found again),
where they kept the last score of the chunk id, silently moving it down the ranking."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")


def _id_means(result):
    assert result.exit_code == 0, result.output
    return {(r["setting"], r["run"]): r["mean"] for r in json.loads(result.stdout)["scores"]
            if r["measure"] == "AP on chunk qrels"}


def _eval_mean(qrels_text, run, tmp_path):
    qrels = tmp_path / "projected.txt"
    qrels.write_text(qrels_text)
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "AP", "--order",
                                      "rsv", "--format", "json"])
    assert result.exit_code == 0, result.output
    return [r["value"] for r in json.loads(result.stdout) if r["topic"] == "all"][0]


def test_repeated_chunk_is_kept_as_in_eval(tmp_path):
    run = tmp_path / "fixed.txt"
    text = (RAG / "runs" / "fixed.txt").read_text()
    # q01's first result, doc00-f001 (relevant under rule any), given again with the lowest score
    run.write_text(text + "q01 Q0 doc00-f001 99 0.0001 bm25-fixed\n")
    args = ["sensitivity", str(RAG / "qrels.jsonl"), str(run), str(RAG / "runs" / "sentence.txt"),
            "--chunk-map", str(RAG / "chunks" / "fixed.jsonl"),
            "--chunk-map", str(RAG / "chunks" / "sentence.jsonl"),
            "-m", "SpanRR", "--tau", "0.5", "--rule", "any", "--format", "json"]
    result = CliRunner().invoke(cli, args)
    got = _id_means(result)[("any", "bm25-fixed")]
    projected = CliRunner().invoke(cli, ["project", str(RAG / "qrels.jsonl"),
                                         str(RAG / "chunks" / "fixed.jsonl"), "--rule", "any"])
    assert projected.exit_code == 0, projected.output
    # second path: eval of the same run on the projected qrels, ranked by score as ID tools do
    assert got == pytest.approx(_eval_mean(projected.stdout, run, tmp_path), abs=1e-12)
    # arithmetic: the repeat comes after every relevant chunk and earns nothing, so the mean
    # is the one of the run without it
    assert got == pytest.approx(_eval_mean(projected.stdout, RAG / "runs" / "fixed.txt",
                                           tmp_path), abs=1e-12)
    assert "repeats line 1" in result.stderr
    assert "AP on chunk qrels (any), run bm25-fixed: 1 repeated relevant result(s)" \
        in result.stderr
