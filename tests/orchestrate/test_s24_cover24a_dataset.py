"""Per-topic rows written as a dataset by the --jobs workers, run here (session 24 coverage
hunt): an empty part writes no file, means of no topic are no rows, two pieces answering one
topic are found when settling, a topic's line in its file, the worker helpers."""
from __future__ import annotations

import gzip

import pandas as pd

from sdreval.io.readers import read_qrels
from sdreval.measures import EvalContext
from sdreval.orchestrate import workers
from sdreval.orchestrate.dataset import (Repeated, Settle, keep_topics, means_from_sums,
                                         repeat_in, settle, write_part)
from sdreval.orchestrate.inputs import topic_line


def test_an_empty_part_writes_no_file_and_no_topic_no_means(tmp_path):
    path = tmp_path / "part.parquet"
    write_part(str(path), pd.DataFrame(columns=["run", "topic", "measure", "value"]))
    assert not path.exists()
    assert len(means_from_sums("r", ["AP"], [], 0)) == 0


def test_two_pieces_answering_one_topic_are_found_when_settling(tmp_path):
    qrels_path = tmp_path / "qrels.txt"
    qrels_path.write_text("1 0 a 1\n")
    qrels = read_qrels(str(qrels_path))
    out = str(tmp_path)
    keep_topics(out, 0, 0, ["1", "2"], ["1"])
    keep_topics(out, 0, 1, ["3", "1"], [])
    job = Settle(0, None, "r", out, [[], []], ["document", "document"], False)
    assert settle(job, qrels, ["AP"], EvalContext()) == Repeated("1", 0, 1)
    assert repeat_in(job, qrels, ["AP"], EvalContext()) == Repeated("1", 0, 1)


def test_the_line_of_a_topic(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("1 Q0 a 1 1.0 r\n2 Q0 b 1 1.0 r\n")
    assert topic_line(str(path), "2") == 2 and topic_line(str(path), "9") is None
    assert topic_line(None, "2") is None and topic_line("(DataFrame)", "2") is None
    damaged = tmp_path / "run.txt.gz"
    damaged.write_bytes(gzip.compress(b"1 Q0 a 1 1.0 r\n" * 5000)[:50])
    assert topic_line(str(damaged), "2") is None  # unreadable: the file alone is named


def test_worker_helpers(tmp_path):
    workers._share("qrels", ["AP"], "ctx")
    assert workers._call_shared((lambda item, q, m, c: (item, q, m, c), 7)) == \
        (7, "qrels", ["AP"], "ctx")
    path = tmp_path / "f.txt"
    path.write_text("abc")
    assert workers._size(str(path)) == 3
    assert workers._size(str(tmp_path / "none.txt")) is None
