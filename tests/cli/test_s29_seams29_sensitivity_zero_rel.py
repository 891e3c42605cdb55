"""sensitivity --zero-rel-as-zero: the ID-based settings score the qrels `project` writes, in
which a topic with gold text but no relevant chunk under the rule has no line, so ID-based
tools (trec_eval -c, eval on those qrels) leave it out, as `project` and docs/rag.md say.
Before, sensitivity kept such a topic as judged with nothing relevant, and --zero-rel-as-zero
averaged it in as 0 (AP 0.5 where trec_eval on the projected qrels gives 1)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


@pytest.fixture()
def files(tmp_path):
    gold = [{"query_id": "q1", "doc_id": "d", "start": 0, "end": 100, "relevance": 1},
            {"query_id": "q2", "doc_id": "d", "start": 0, "end": 10, "relevance": 1}]
    chunks = [{"chunk_id": "c1", "doc_id": "d", "start": 0, "end": 100},
              {"chunk_id": "c2", "doc_id": "d", "start": 100, "end": 200}]
    (tmp_path / "gold.jsonl").write_text("".join(json.dumps(g) + "\n" for g in gold))
    (tmp_path / "chunks.jsonl").write_text("".join(json.dumps(c) + "\n" for c in chunks))
    # run a: c1 first for both topics; run b: c2 before c1
    (tmp_path / "a.txt").write_text("q1 Q0 c1 1 2.0 a\nq2 Q0 c1 1 2.0 a\n")
    (tmp_path / "b.txt").write_text("q1 Q0 c2 1 2.0 b\nq1 Q0 c1 2 1.0 b\nq2 Q0 c2 1 2.0 b\n")
    return tmp_path


def _run(args):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("options", [["--zero-rel-as-zero"], ["--zero-rel-as-zero", "-c"]])
def test_id_based_mean_leaves_out_topics_without_relevant_chunk(files, options):
    # rule chunk, tau 0.5: c1 is all gold text of q1 (relevant); for q2 it is 10 % gold
    # (not relevant), c2 holds none: q2 has no relevant chunk and no line in the projected
    # qrels.  trec_eval on those qrels: a: AP(q1) = 1; b: c1 at rank 2, AP(q1) = 1/2.
    out = _run(["sensitivity", files / "gold.jsonl", files / "a.txt", files / "b.txt",
                "--chunk-map", files / "chunks.jsonl", "-m", "SpanRR", "--tau", "0.5",
                "--rule", "chunk", "--format", "json", *options])
    got = {s["run"]: s["mean"] for s in json.loads(out)["scores"]
           if s["measure"] == "AP on chunk qrels"}
    assert got == {"a": pytest.approx(1.0, abs=1e-12), "b": pytest.approx(0.5, abs=1e-12)}
    # second path: project, then eval on the qrels it wrote
    _run(["project", files / "gold.jsonl", files / "chunks.jsonl", "--rule", "chunk",
          "--tau", "0.5", "-o", files / "chunk.qrels"])
    for name, expected in got.items():
        values = json.loads(_run(["eval", files / "chunk.qrels", files / f"{name}.txt",
                                  "-m", "AP", "--order", "rsv", "--format", "json",
                                  *options]))
        assert [v["value"] for v in values if v["topic"] == "all"] == [expected]
