"""convert of span qrels to FOL qrels: refused (FOL needs each document's length) with what to
do instead, and done with --documents, the lengths read from the documents; the FOL qrels then
score a run as the span qrels do."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")


def test_refusal_says_what_to_do(tmp_path):
    result = CliRunner().invoke(cli, ["convert", str(RAG / "qrels.jsonl"),
                                      str(tmp_path / "q.fol"), "--to", "fol"])
    assert result.exit_code == 2
    assert "document length, which is unknown" in result.stderr
    assert "--documents FILE" in result.stderr and "--to trec-qrels" in result.stderr


def test_documents_give_the_lengths(tmp_path):
    out = tmp_path / "q.fol"
    result = CliRunner().invoke(cli, ["convert", str(RAG / "qrels.jsonl"), str(out), "--to",
                                      "fol", "--documents", str(RAG / "documents.jsonl")])
    assert result.exit_code == 0, result.output
    texts = {}
    for line in (RAG / "documents.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        texts[record["doc_id"]] = record["text"]
    first = json.loads((RAG / "qrels.jsonl").read_text(encoding="utf-8").splitlines()[0])
    doc, start, end = first["doc_id"], first["start"], first["end"]
    # FOL line: topic Q0 doc relchars doclen off:len (the lengths from the documents' text)
    assert out.read_text().splitlines()[0] == (
        f"{first['query_id']} Q0 {doc} {end - start} {len(texts[doc])} {start}:{end - start}")
    means = {}
    for qrels in (RAG / "qrels.jsonl", out):
        evaluated = CliRunner().invoke(cli, [
            "eval", str(qrels), str(RAG / "runs" / "fixed.txt"), "--chunk-map",
            str(RAG / "chunks" / "fixed.jsonl"), "-m", "MAiP", "-m", "SpanRR", "--format",
            "json"])
        assert evaluated.exit_code == 0, evaluated.output
        means[qrels] = {r["measure"]: r["value"] for r in json.loads(evaluated.stdout)
                        if r["topic"] == "all"}
    assert means[out] == pytest.approx(means[RAG / "qrels.jsonl"], abs=1e-12)
