"""Span inputs and measures through the commands: eval, project, sensitivity, compare,
bootstrap CIs and the HTML report on the bundled RAG example."""
from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from scipy import stats

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")
CHUNKERS = ("fixed", "sentence", "paragraph")
MAPS = [a for c in CHUNKERS for a in ("--chunk-map", str(RAG / "chunks" / f"{c}.jsonl"))]
RUNS = [str(RAG / "runs" / f"{c}.txt") for c in CHUNKERS]
QRELS = str(RAG / "qrels.jsonl")
DOCS = ["--documents", str(RAG / "documents.jsonl")]


def _run(args):
    return CliRunner().invoke(cli, args)


def test_eval_chunk_runs_per_topic_json():
    result = _run(["eval", QRELS, *RUNS, *MAPS, *DOCS, "-m", "SpanR@5", "-m", "CharMAP", "-q",
                   "--format", "json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert {r["run"] for r in records} == {f"bm25-{c}" for c in CHUNKERS}
    means = {(r["run"], r["measure"]): r["value"] for r in records if r["topic"] == "all"}
    per_topic = [r["value"] for r in records if r["run"] == "bm25-sentence"
                 and r["measure"] == "CharMAP" and r["topic"] != "all"]
    assert len(per_topic) == 24
    assert means[("bm25-sentence", "CharMAP")] == pytest.approx(np.mean(per_topic))


def test_bad_parameter_and_bad_input_exit_codes(tmp_path):
    result = _run(["eval", QRELS, RUNS[0], *MAPS, "-m", "SpanHit(tau=2)"])
    assert result.exit_code == 2 and "parameter tau" in result.output
    result = _run(["eval", QRELS, RUNS[0], *MAPS, "-m", "SpanR(budget=0)"])
    assert result.exit_code == 2 and "parameter budget" in result.output
    bad = tmp_path / "run.txt"
    bad.write_text("q01 Q0 doc00-f001 1 3.0 r\nq01 Q0 nowhere 2 2.0 r\n")
    result = _run(["eval", QRELS, str(bad), *MAPS, "-m", "SpanR"])
    assert result.exit_code == 1 and f"{bad}:2: error: chunk nowhere" in result.output


def test_project_rules(tmp_path):
    out = tmp_path / "fixed.qrels"
    result = _run(["project", QRELS, str(RAG / "chunks" / "fixed.jsonl"), "--rule", "gold",
                   "--tau", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    lines = [line.split() for line in out.read_text().splitlines()]
    assert all(len(f) == 4 and f[1] == "0" and f[3] == "1" for f in lines)
    # check against the definitions: a fixed chunk holding a whole gold span
    gold = pd.read_json(QRELS, lines=True)
    chunks = pd.read_json(RAG / "chunks" / "fixed.jsonl", lines=True)
    expected = sorted(
        (g.query_id, c.chunk_id) for g in gold.itertuples() for c in chunks.itertuples()
        if c.doc_id == g.doc_id and c.start <= g.start and g.end <= c.end)
    assert sorted((f[0], f[2]) for f in lines) == expected
    anyrule = _run(["project", QRELS, str(RAG / "chunks" / "fixed.jsonl")])
    assert len(anyrule.stdout.splitlines()) >= len(lines)
    assert _run(["project", QRELS, str(RAG / "chunks" / "fixed.jsonl"), "--rule", "chunk",
                 "--tau", "0"]).exit_code == 2


def test_projected_qrels_agree_with_trec_tools(tmp_path):
    ir_measures = pytest.importorskip("ir_measures")
    out = tmp_path / "sentence.qrels"
    _run(["project", QRELS, str(RAG / "chunks" / "sentence.jsonl"), "--rule", "any", "-o",
          str(out)])
    ours = _run(["sensitivity", QRELS, *RUNS, *MAPS, "-m", "SpanR", "--rule", "any",
                 "--format", "json"])
    assert ours.exit_code == 0, ours.output
    scores = json.loads(ours.stdout)["scores"]
    mine = next(s["mean"] for s in scores if s["run"] == "bm25-sentence"
                and s["measure"].startswith("AP"))
    qrels = list(ir_measures.read_trec_qrels(str(out)))
    run = list(ir_measures.read_trec_run(RUNS[1]))
    peer = ir_measures.calc_aggregate([ir_measures.AP], qrels, run)[ir_measures.AP]
    assert mine == pytest.approx(peer)


def test_sensitivity_kendall_and_swaps():
    result = _run(["sensitivity", QRELS, *RUNS, *MAPS, "-m", "SpanRR", "-m", "CharMAP",
                   "--tau", "0.5", "--tau", "1", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    scores = pd.DataFrame(data["scores"])
    rr = scores[scores.measure == "SpanRR"].pivot(index="run", columns="setting",
                                                  values="mean")
    row = next(a for a in data["agreement"] if a["measure_a"] == a["measure_b"] == "SpanRR")
    assert row["kendall_tau"] == pytest.approx(
        stats.kendalltau(rr["tau=0.5"], rr["tau=1"]).statistic)
    a, b = rr["tau=0.5"].to_numpy(), rr["tau=1"].to_numpy()
    swaps = sum((a[i] - a[j]) * (b[i] - b[j]) < 0 for i in range(3) for j in range(i + 1, 3))
    assert row["swaps"] == swaps and row["pairs"] == 3
    # each tau is the SpanRR of that tau
    direct = _run(["eval", QRELS, *RUNS, *MAPS, "-m", "SpanRR(tau=0.5)", "--format", "json"])
    for r in json.loads(direct.stdout):
        assert rr.loc[r["run"], "tau=0.5"] == pytest.approx(r["value"])
    assert any(s.startswith("AP on chunk qrels") for s in scores.measure)


def test_compare_and_bootstrap_on_span_results(tmp_path):
    result = _run(["compare", QRELS, *RUNS, *MAPS, "-m", "SpanR@3", "-m", "CharMAP",
                   "--test", "t", "--correction", "by", "--format", "json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert len(records) == 6 and {r["measure"] for r in records} == {"SpanR@3", "CharMAP"}
    per_topic = tmp_path / "scores.csv"
    _run(["eval", QRELS, *RUNS, *MAPS, "-m", "CharMAP", "-q", "--format", "csv", "-o",
          str(per_topic)])
    table = pd.read_csv(per_topic, dtype={"topic": str})
    table = table[table.topic != "all"]
    wide = table.pivot(index="topic", columns="run", values="value")
    expected = stats.ttest_rel(wide["bm25-fixed"], wide["bm25-sentence"]).pvalue
    got = next(r for r in records if r["measure"] == "CharMAP"
               and {r["run_a"], r["run_b"]} == {"bm25-fixed", "bm25-sentence"})
    assert got["p_value"] == pytest.approx(expected)
    from sdreval.stats.bootstrap import confidence_intervals
    from sdreval.stats.matrix import score_matrix

    cis = confidence_intervals(score_matrix(table, "CharMAP"), samples=500)
    assert len(cis) == 3


def test_report_with_span_measures(tmp_path):
    out = tmp_path / "report.html"
    result = _run(["report", QRELS, *RUNS, *MAPS, "-m", "SpanR@5", "-m", "SpanRR(tau=0.5)",
                   "-m", "CharMAP", "--samples", "200", "-o", str(out), "--no-plots"])
    assert result.exit_code == 0, result.output
    html = out.read_text()
    for text in ("SpanR@5", "SpanRR(tau=0.5)", "CharMAP", "bm25-sentence"):
        assert text in html


def test_report_draws_the_span_recall_curve(tmp_path):
    out = tmp_path / "report.html"
    result = _run(["report", QRELS, *RUNS, *MAPS, "-m", "SpanR@5", "--plot", "spanr", "-o",
                   str(out)])
    assert result.exit_code == 0, result.output
    assert "Character recall SpanR@k over rank" in out.read_text()


def test_jobs_give_the_serial_numbers():
    args = ["eval", QRELS, *RUNS, *MAPS, "-m", "CharMAP", "-m", "SpanRR(tau=0.5)@3", "-q"]
    serial, parallel = _run(args), _run(args + ["--jobs", "2"])
    assert serial.exit_code == parallel.exit_code == 0, parallel.output
    assert serial.stdout == parallel.stdout


def test_forced_formats(tmp_path):
    table = pd.read_json(QRELS, lines=True)
    path = tmp_path / "gold.data"
    table.to_csv(path, sep="\t", index=False)
    result = _run(["eval", str(path), RUNS[1], *MAPS, "--qrels-format", "span-qrels",
                   "--run-format", "chunk-run", "-m", "SpanR"])
    expected = _run(["eval", QRELS, RUNS[1], *MAPS, "-m", "SpanR"])
    assert result.exit_code == 0, result.output
    assert result.stdout == expected.stdout


def test_outputs_shown_in_the_user_guide_are_current():
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "rag.md").read_text()
    commands = [
        ["eval", QRELS, *RUNS, *MAPS, *DOCS, "-m", "SpanP@5", "-m", "SpanR@5", "-m",
         "SpanIoU@5", "-m", "SpanR(budget=300)", "-m", "SpanRR(tau=0.5)", "-m", "CharMAP",
         "-m", "MAiP"],
        ["sensitivity", QRELS, *RUNS, *MAPS, "-m", "SpanRR", "--tau", "0.25", "--tau", "0.5",
         "--tau", "1", "--rule", "any", "--rule", "gold"],
        ["compare", QRELS, *RUNS, *MAPS, "-m", "CharMAP", "-m", "SpanR(budget=300)", "--test",
         "t", "--correction", "by"]]
    for args in commands:
        result = _run(args)
        assert result.exit_code == 0, result.output
        for line in result.stdout.splitlines():
            assert not line.strip() or line in guide, line


def test_demo_includes_the_rag_example():
    result = _run(["demo"])
    assert result.exit_code == 0, result.output
    for text in ("RAG example", "bm25-sentence", "CharMAP"):
        assert text in result.output


def test_sensitivity_span_run_with_chunk_map_says_what_to_do(tmp_path):
    from sdreval.io import read_run
    from sdreval.io.spans import read_chunk_map

    run = read_run(RUNS[0], chunk_map=read_chunk_map(RAG / "chunks" / "fixed.jsonl"))
    span_run = tmp_path / "spans.jsonl"
    span_run.write_text("".join(
        json.dumps({"query_id": t, "doc_id": str(d), "start": int(o), "end": int(o + n),
                    "score": float(s)}) + "\n"
        for t, r in run.topics.items()
        for d, o, n, s in zip(r.docs, r.offsets, r.lengths, r.rsv)))
    result = _run(["sensitivity", QRELS, RUNS[1], str(span_run), *MAPS, "-m", "SpanRR"])
    assert result.exit_code == 2
    assert "is a span run" in result.output and "Leave out --chunk-map" in result.output
    without = _run(["sensitivity", QRELS, RUNS[1], str(span_run), *MAPS[2:4], "-m", "SpanRR"])
    assert without.exit_code == 2  # the other run (sentence chunks) is resolved, this is not
    spans_only = _run(["sensitivity", QRELS, str(span_run), str(span_run), "-m", "SpanRR"])
    assert spans_only.exit_code == 0, spans_only.output


def test_report_without_measures_uses_span_measures_on_span_runs(tmp_path):
    from sdreval.report.html import default_measures
    from sdreval.io import read_run
    from sdreval.io.spans import read_chunk_map

    run = read_run(RUNS[0], chunk_map=read_chunk_map(RAG / "chunks" / "fixed.jsonl"))
    chosen = default_measures([run])
    assert "CharMAP" in chosen and "SpanR@5" in chosen and "MAiP" not in chosen
    out = tmp_path / "report.html"
    result = _run(["report", QRELS, *RUNS, *MAPS, "--samples", "200", "-o", str(out),
                   "--no-plots"])
    assert result.exit_code == 0, result.output
    html = out.read_text()
    assert "CharMAP" in html and "SpanP@5" in html and "MAiP" not in html


def test_sensitivity_says_what_each_mean_covers_and_never_averages_no_topic():
    result = _run(["sensitivity", QRELS, *RUNS, *MAPS, "-m", "SpanRR", "--tau", "1",
                   "--rule", "chunk", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "means over answered topics with something relevant: 24 topic(s)" in result.stderr
    assert "run bm25-paragraph: mean over 0 topic(s)" in result.stderr
    rows = {(r["setting"], r["run"]): r for r in json.loads(result.stdout)["scores"]}
    empty = rows[("chunk,tau=1", "bm25-paragraph")]
    assert empty["mean"] is None and empty["rank"] is None  # not a mean of 0 over no topic
    assert rows[("tau=1", "bm25-fixed")]["rank"] == 2  # ranks stay integers
    text = _run(["sensitivity", QRELS, *RUNS, *MAPS, "-m", "SpanRR", "--tau", "1", "--rule",
                 "chunk"])
    assert "AP on chunk qrels\tchunk,tau=1\tbm25-paragraph\tnan\t-" in text.stdout


def test_sensitivity_csv_keeps_counts_integer():
    result = _run(["sensitivity", QRELS, *RUNS, *MAPS, "-m", "SpanRR", "--tau", "1",
                   "--rule", "gold", "--format", "csv"])
    assert result.exit_code == 0, result.output
    table = pd.read_csv(__import__("io").StringIO(result.stdout), dtype=str)
    for column in ("rank", "swaps", "pairs"):
        assert not table[column].dropna().str.contains(r"\.").any(), column
