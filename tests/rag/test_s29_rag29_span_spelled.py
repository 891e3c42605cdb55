"""A span or chunk run none of whose results is in a document judged for its topic: the
warning asked "do the run's document ids match the qrels' (ids are compared as written)?"
without naming the judged id a result may mean ('007' for 7, 'Doc8' for 'doc8'), as the chunk
maps' and documents' checks name it (:data:`sdreval.io.ids.AS_WRITTEN`, ``loose_index``).  It
names them now, one example per topic; a run cut into topic partitions (``--jobs``) gives the
serial warning also when only some partitions have an example (the partitions' warnings were
two shapes, and a "none of its" warning given by only some partitions is dropped)."""
from __future__ import annotations

import json

from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.measures.evaluate import evaluate
from sdreval.measures.partitions import merge_warnings
from sdreval.measures.registry import EvalContext
from sdreval.model.run import Run

AS_WRITTEN = ("ids are compared as written, so leading zeros, case and the Unicode form "
              "(NFC/NFD) count")
HEAD = ("run {}: none of its {} results is in a document judged for its topic, so it "
        "retrieves no gold text: do the run's document ids match the qrels'? " + AS_WRITTEN)


def _lines(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


def test_cli_names_the_judged_ids_the_run_may_mean(tmp_path):
    qrels = _lines(tmp_path / "q.jsonl", [
        {"query_id": "q1", "doc_id": "007", "start": 5, "end": 25, "relevance": 1},
        {"query_id": "q2", "doc_id": "Doc8", "start": 5, "end": 25, "relevance": 1}])
    run = _lines(tmp_path / "r.jsonl", [
        {"query_id": "q1", "doc_id": 7, "start": 0, "end": 30, "score": 2},
        {"query_id": "q2", "doc_id": "doc8", "start": 0, "end": 30, "score": 2}])
    said = (HEAD.format("r", 2) + ": topic q1: the qrels have '007' for '7'; topic q2: the "
            "qrels have 'Doc8' for 'doc8'")
    for extra in ([], ["--jobs", "2"]):
        result = CliRunner().invoke(cli, ["eval", qrels, run, "-m", "SpanR", *extra])
        assert result.exit_code == 0, result.output
        assert result.stderr.count(said + "\n") == 1, result.stderr


def test_without_a_near_id_the_warning_names_none(tmp_path):
    qrels = _lines(tmp_path / "q.jsonl", [
        {"query_id": "q1", "doc_id": "d1", "start": 5, "end": 25, "relevance": 1}])
    run = _lines(tmp_path / "r.jsonl", [
        {"query_id": "q1", "doc_id": "x", "start": 0, "end": 30, "score": 2}])
    result = CliRunner().invoke(cli, ["eval", qrels, run, "-m", "SpanR"])
    assert HEAD.format("r", 1) + "\n" in result.stderr


def test_partitions_with_and_without_examples_give_the_serial_warning():
    gold = [{"query_id": f"q{i:02d}", "doc_id": f"{i:03d}" if i % 2 else f"D{i}", "start": 0,
             "end": 10, "relevance": 1} for i in range(40)]
    run = [{"query_id": f"q{i:02d}", "doc_id": str(i) if i < 5 else f"x{i}", "start": 0,
            "end": 10, "score": 1.0} for i in range(40)]
    qrels, ranked = sdreval.read_qrels(gold), sdreval.read_run(run)
    said = (HEAD.format("run", 40) + ": topic q01: the qrels have '001' for '1'; topic q03: "
            "the qrels have '003' for '3'")
    for jobs in (1, 2):
        ctx = EvalContext()
        evaluate(qrels, [ranked], ["SpanR"], ctx, jobs=jobs)
        assert [w for w in ctx.warnings if "none of its" in w] == [said], jobs


def test_merge_keeps_examples_given_by_some_partitions_only():
    head = HEAD.format("r", "{}")
    parts = [(0, None, [head.format(3) + ": topic a: the qrels have '01' for '1'"]),
             (0, None, [head.format(4)]),
             (0, None, [head.format(5) + ": topic c: the qrels have 'C' for 'c'"])]
    assert merge_warnings(parts, [Run("r")]) == [
        head.format(12) + ": topic a: the qrels have '01' for '1'; topic c: the qrels have "
        "'C' for 'c'"]


def test_classic_measures_name_them_too_on_every_path(tmp_path):
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text("q1 0 007 1\nq2 0 Doc8 1\nq3 0 d3 1\n")
    run.write_text("q1 Q0 7 1 1 r\nq2 Q0 doc8 1 1 r\nq3 Q0 x 1 1 r\n")
    said = ("run r: none of its 3 results is a document judged for its topic, so every "
            "classic measure is 0: do the run's document ids match the qrels' (a chunk run "
            f"needs --chunk-map)? {AS_WRITTEN}: topic q1: the qrels have '007' for '7'; topic "
            "q2: the qrels have 'Doc8' for 'doc8'")
    args = ["eval", str(qrels), str(run), "-m", "P@1"]
    serial = CliRunner().invoke(cli, args)
    assert serial.exit_code == 0 and f"sdreval: warning: {said}" in serial.stderr.splitlines()
    for path in (["--jobs", "2"], ["--stream"]):
        got = CliRunner().invoke(cli, args + path)
        assert (got.exit_code, got.stdout, got.stderr) == (0, serial.stdout, serial.stderr)
