"""``-M`` (trec_eval's maximum results per topic) cutting every judged result of a run.

The run ranks an unjudged document first in each topic and the judged ones below it
(q1: d1, d2 at ranks 2 and 3; q2: d5 at rank 2).  With ``-M 1`` every classic measure is 0,
and the warning asked only "do the run's document ids match the qrels'?": an id mismatch,
where the ids match and the cut left the judged results out.  It now says what -M kept and
names, per topic, the judged results ranked below the cut (q1: 2, q2: 1, counted above); the
ids question stays for the topics not listed.  A run cut into topic partitions gives the same
warning; the span measures say it the same way."""
from __future__ import annotations

import json

from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.measures.evaluate import evaluate
from sdreval.measures.registry import EvalContext

AS_WRITTEN = ("ids are compared as written, so leading zeros, case and the Unicode form "
              "(NFC/NFD) count")
CUT = ("-M 1 evaluates the first 1 results of each topic and leaves out the judged results "
       "ranked below (topics listed); where none is listed, ")
CLASSIC = ("run r: none of its 2 results is a document judged for its topic, so every classic "
           "measure is 0: ")
IDS = f"do the run's document ids match the qrels' (a chunk run needs --chunk-map)? {AS_WRITTEN}"
LISTED = ": topic q1: 2 judged result(s) ranked below 1; topic q2: 1 judged result(s) ranked " \
         "below 1"


def _files(tmp_path, run="q1 Q0 x1 1 3 r\nq1 Q0 d1 2 2 r\nq1 Q0 d2 3 1 r\n"
                         "q2 Q0 y1 1 3 r\nq2 Q0 d5 2 2 r\n"):
    (tmp_path / "q.txt").write_text("q1 0 d1 1\nq1 0 d2 1\nq2 0 d5 1\n")
    (tmp_path / "r.txt").write_text(run)
    return [str(tmp_path / "q.txt"), str(tmp_path / "r.txt")]


def _warnings(result):
    return [line for line in result.stderr.splitlines() if "none of its" in line]


def test_cut_judged_results_are_named(tmp_path):
    for extra in ([], ["--jobs", "2"]):
        result = CliRunner().invoke(cli, ["eval", *_files(tmp_path), "-m", "AP", "-M", "1",
                                          *extra])
        assert result.exit_code == 0, result.output
        assert result.stdout == "r\tAP\tall\t0.0000\n"
        assert _warnings(result) == [f"sdreval: warning: {CLASSIC}{CUT}{IDS}{LISTED}"], extra


def test_partitions_give_the_serial_warning(tmp_path):
    files = _files(tmp_path)
    qrels, run = sdreval.read_qrels(files[0]), sdreval.read_run(files[1])
    for jobs in (1, 2):
        ctx = EvalContext(depth=1)
        evaluate(qrels, [run], ["AP"], ctx, jobs=jobs)
        assert [w for w in ctx.warnings if "none of its" in w] == [CLASSIC + CUT + IDS + LISTED]


def test_ids_that_do_not_match_are_still_asked_about(tmp_path):
    files = _files(tmp_path, run="q1 Q0 x1 1 3 r\nq1 Q0 x2 2 2 r\nq2 Q0 y1 1 3 r\n")
    result = CliRunner().invoke(cli, ["eval", *files, "-m", "AP", "-M", "1"])
    assert _warnings(result) == [f"sdreval: warning: {CLASSIC}{CUT}{IDS}"]  # none listed
    result = CliRunner().invoke(cli, ["eval", *files, "-m", "AP"])  # without -M: as before
    assert _warnings(result) == [f"sdreval: warning: run r: none of its 3 results is a "
                                 f"document judged for its topic, so every classic measure is "
                                 f"0: {IDS}"]


def test_span_measures_say_it_too(tmp_path):
    (tmp_path / "q.jsonl").write_text(json.dumps(
        {"query_id": "q1", "doc_id": "d1", "start": 5, "end": 25, "relevance": 1}) + "\n")
    (tmp_path / "r.jsonl").write_text("".join(json.dumps(r) + "\n" for r in [
        {"query_id": "q1", "doc_id": "x", "start": 0, "end": 30, "score": 2},
        {"query_id": "q1", "doc_id": "d1", "start": 0, "end": 30, "score": 1}]))
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.jsonl"),
                                      str(tmp_path / "r.jsonl"), "-m", "SpanR", "-M", "1"])
    assert result.exit_code == 0, result.output
    assert _warnings(result) == [
        "sdreval: warning: run r: none of its 1 results is in a document judged for its topic, "
        f"so it retrieves no gold text: {CUT}do the run's document ids match the qrels'? "
        f"{AS_WRITTEN}: topic q1: 1 judged result(s) ranked below 1"]
