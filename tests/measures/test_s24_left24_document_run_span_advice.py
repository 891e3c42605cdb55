"""A document run (TREC, its ids documents of the judgements) asked for span or passage
measures without a collection was told to give the XML collection (--collection DIR), which
RAG judgements of text documents do not have; the refusal now names what gives character
ranges: a passage or span run, chunk ids with their chunk map, or the XML collection."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_document_run_refusal_names_every_way_to_ranges(tmp_path):
    (tmp_path / "q.jsonl").write_text(
        '{"query_id":"q1","doc_id":"a","start":0,"end":10,"relevance":1}\n')
    (tmp_path / "run.txt").write_text("q1 Q0 a 1 2 r\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.jsonl"),
                                      str(tmp_path / "run.txt"), "-m", "SpanDocNDCG@2"])
    assert result.exit_code == 2
    assert ("run r retrieves documents: passage and span measures need character ranges; give "
            "a run that has them (a passage or span run, or chunk ids with --chunk-map FILE), "
            "or the XML collection (--collection DIR, or collection= in Python) to take each "
            "document's whole text"
            ) in result.stderr
