"""``sensitivity --chunk-map``: the qrels are projected onto each run's own chunking, so a
warning about them (topics with no relevant chunk under the rule, left out of the means) holds
for one run; it named the setting only, so two such warnings with different topic lists read
as one contradicting itself.  Each now names its run, as the notes of the means do."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")


def test_each_projected_qrels_warning_names_its_run():
    args = ["sensitivity", str(RAG / "qrels.jsonl"), str(RAG / "runs" / "fixed.txt"),
            str(RAG / "runs" / "paragraph.txt"), "--chunk-map", str(RAG / "chunks" / "fixed.jsonl"),
            "--chunk-map", str(RAG / "chunks" / "paragraph.jsonl"), "-m", "SpanRR",
            "--rule", "chunk", "--tau", "0.5"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    # (session 29: the projected qrels hold no line for a topic without a relevant chunk, as
    # project writes them, so the warning is eval's on them: topics not in the qrels)
    lines = [line for line in result.stderr.splitlines() if "not in the qrels ignored" in line]
    assert len(lines) == 2
    assert lines[0].startswith("sdreval: warning: AP on chunk qrels (chunk,tau=0.5), run "
                               "bm25-fixed: ")
    assert lines[1].startswith("sdreval: warning: AP on chunk qrels (chunk,tau=0.5), run "
                               "bm25-paragraph: ")
