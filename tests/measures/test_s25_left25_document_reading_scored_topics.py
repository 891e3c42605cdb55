"""Document-level measures read an element run as its documents (each once, at its first
result) and say how many results that dropped.  The whole run was reduced, so the serial count
included topics not in the qrels, which are ignored, while partitions and streamed parts
counted the evaluated topics only: 179 and 198 serially, 144 and 159 with jobs=2 for sim01
with a copy of topic 1 as topic 99.  Now every path reduces and counts the topics evaluated:
the run with topic 99 says what the run without it says."""
from __future__ import annotations

from sdreval.data import example_path
from sdreval.io import read_qrels, read_run
from sdreval.measures import EvalContext, evaluate
from sdreval.orchestrate.stream import stream_columns

ROOT = example_path("synthetic")


def _said(ctx):
    return [w for w in ctx.warnings if "read as their documents" in w]


def test_topics_not_in_the_qrels_are_not_counted_on_any_path(tmp_path):
    lines = (ROOT / "runs" / "sim01.txt").read_text().splitlines()
    extra = [line.replace("1 Q0", "99 Q0", 1) for line in lines if line.startswith("1 Q0")]
    path = tmp_path / "sim99.txt"
    path.write_text("\n".join(lines + extra) + "\n")
    qrels = read_qrels(ROOT / "qrels.fol")
    measures = ["map", "nxCG@5", "inex_eval"]
    plain = EvalContext()
    evaluate(qrels, [read_run(ROOT / "runs" / "sim01.txt")], measures, plain)
    expected = _said(plain)
    assert len(expected) == 1 and "run sim01: 144 later result(s)" in expected[0]
    for jobs in (1, 2):
        ctx = EvalContext()
        evaluate(qrels, [read_run(path)], measures, ctx, jobs=jobs)
        assert _said(ctx) == expected
    ctx = EvalContext()
    stream_columns(qrels, path, measures, ctx, results=40)
    assert _said(ctx) == expected
