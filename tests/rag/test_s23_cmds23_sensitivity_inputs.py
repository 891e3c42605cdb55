"""``sensitivity`` checks its inputs as ``eval`` does: a chunk-ID run without its chunk map
is named as such (sensitivity said "give the collection (--collection DIR)", an option it does
not have), and a topic named 'all' is refused at its line."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")


def test_chunk_id_runs_without_chunk_map():
    runs = [str(RAG / "runs" / f"{c}.txt") for c in ("fixed", "sentence")]
    result = CliRunner().invoke(cli, ["sensitivity", str(RAG / "qrels.jsonl"), *runs,
                                      "-m", "SpanRR"])
    assert result.exit_code == 1
    assert "is it a chunk-ID run? Give the chunk map (--chunk-map FILE" in result.stderr
    assert "--collection" not in result.stderr


def test_topic_named_all_at_its_line(tmp_path):
    run = tmp_path / "r.txt"
    run.write_text("q01 Q0 doc00-f001 1 2 x\nall Q0 doc00-f001 1 1 x\n")  # line 2
    result = CliRunner().invoke(cli, [
        "sensitivity", str(RAG / "qrels.jsonl"), str(RAG / "runs" / "fixed.txt"), str(run),
        "--chunk-map", str(RAG / "chunks" / "fixed.jsonl"), "-m", "SpanRR"])
    assert result.exit_code == 1
    assert f"{run}:2: error: run x: a topic is named 'all'" in result.stderr


def test_tau_not_swept_for_a_measure_naming_its_own_is_said():
    runs = [str(RAG / "runs" / f"{c}.txt") for c in ("fixed", "sentence")]
    maps = [a for c in ("fixed", "sentence") for a in ("--chunk-map",
                                                       str(RAG / "chunks" / f"{c}.jsonl"))]
    result = CliRunner().invoke(cli, ["sensitivity", str(RAG / "qrels.jsonl"), *runs, *maps,
                                      "-m", "SpanRR(tau=0.3)", "--tau", "0.5", "--rule", "any"])
    assert result.exit_code == 0
    assert "SpanRR(tau=0.3) name(s) their own tau: --tau does not sweep them" in result.stderr
    assert "SpanRR(tau=0.3)\t-\tbm25-fixed" in result.stdout  # scored at its own tau only
