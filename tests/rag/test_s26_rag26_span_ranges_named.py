"""A span run gives its spans as start and end; its warnings named a span as offset:length
("result d1 63:17" for start 63, end 80), which a reader of the file takes for 63 to 17.
Span runs, chunk runs (whose chunk map gives start and end) and DataFrames with start/end
columns name a span ``start-end``, as span qrels' warnings do; TREC passage runs, which give
offset and length, keep ``offset:length``."""
from __future__ import annotations

import json

import pandas as pd

from sdreval.errors import ProblemLog
from sdreval.io.frames import run_from_table
from sdreval.io.spans import read_span_run

ROWS = [{"query_id": "q", "doc_id": "d1", "start": 63, "end": 80, "score": s} for s in (2, 1)]


def test_a_span_run_names_a_repeated_span_by_its_start_and_end(tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in ROWS))
    log = ProblemLog()
    read_span_run(path, log=log)
    assert [p.message for p in log.warnings] == [
        "topic q: result d1 63-80 repeats line 1 (kept; measures decide how a repeat counts)"]


def test_a_chunk_run_names_the_chunk_span_by_its_start_and_end(tmp_path, sdreval_cli):
    (tmp_path / "map.jsonl").write_text(
        '{"chunk_id": "c1", "doc_id": "d1", "start": 63, "end": 80}\n')
    (tmp_path / "gold.jsonl").write_text(
        '{"query_id": "q", "doc_id": "d1", "start": 70, "end": 75, "relevance": 1}\n')
    (tmp_path / "run.txt").write_text("q Q0 c1 1 2 r\nq Q0 c1 2 1 r\n")
    done = sdreval_cli("eval", tmp_path / "gold.jsonl", tmp_path / "run.txt", "--chunk-map",
                       tmp_path / "map.jsonl", "-m", "SpanP")
    assert done.returncode == 0, done.stderr
    assert "run.txt:2: warning: topic q: result c1 (d1 63-80) repeats line 1" in done.stderr


def test_a_table_with_start_and_end_names_overlaps_by_start_and_end():
    rows = [{"topic": "q", "doc": "d1", "start": 63, "end": 80, "score": 2},
            {"topic": "q", "doc": "d1", "start": 70, "end": 90, "score": 1}]
    log = ProblemLog()
    run_from_table(pd.DataFrame(rows), log=log)
    assert [p.message for p in log.warnings] == [
        "row 1: topic q: passage d1 70-90 overlaps 63-80 (row 0)"]


def test_a_table_with_offset_and_length_keeps_offset_and_length():
    rows = [{"topic": "q", "doc": "d1", "offset": 63, "length": 17, "score": s} for s in (2, 1)]
    log = ProblemLog()
    run_from_table(pd.DataFrame(rows), log=log)
    assert [p.message for p in log.warnings] == [
        "row 1: topic q: result d1 63:17 repeats row 0 (kept; measures decide how a repeat "
        "counts)"]
