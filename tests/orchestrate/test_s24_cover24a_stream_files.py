"""Run files evaluated one after another and streamed (session 24 coverage hunt): an
evaluation error is raised once every run has been read (the runs after it only read), a
streamed run's later parts are only read after its evaluation failed, and a run's warnings
reach the context when no log is given."""
from __future__ import annotations

import pytest

from sdreval.errors import SdrevalError
from sdreval.io.readers import read_qrels
from sdreval.measures import EvalContext
from sdreval.orchestrate.stream import evaluate_files, stream_columns


@pytest.fixture
def files(tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 0 a 1\n1 0 b 0\n2 0 d 1\n")
    named_all = tmp_path / "all.txt"  # a topic named like the mean rows: an evaluation error
    named_all.write_text("all Q0 a 1 3.0 r\n1 Q0 a 1 3.0 r\n2 Q0 d 1 1.0 r\n")
    plain = tmp_path / "plain.txt"
    plain.write_text("1 Q0 b 1 3.0 s\n1 Q0 a 2 2.0 s\n1 Q0 a 3 1.0 s\n")
    return read_qrels(str(qrels)), str(named_all), str(plain)


def test_an_evaluation_error_is_raised_after_every_run_is_read(files):
    qrels, named_all, plain = files
    with pytest.raises(SdrevalError, match="a topic is named 'all'"):
        evaluate_files(qrels, [named_all, plain], ["AP"], stream=False)


def test_a_streamed_run_is_read_to_its_end_after_its_evaluation_failed(files):
    qrels, named_all, _ = files
    with pytest.raises(SdrevalError, match="a topic is named 'all'"):
        stream_columns(qrels, named_all, ["AP"], results=1)


def test_a_runs_warnings_reach_the_context_without_a_log(files):
    qrels, _, plain = files
    ctx = EvalContext()
    table = evaluate_files(qrels, [plain], ["AP"], ctx, stream=False)
    # topic 1: a (relevant) at rank 2 (its repeat at 3 counts nothing): AP = (1/2) / 1
    assert table.query("topic == '1'").value.tolist() == [0.5]
    assert any("repeats line 2" in w for w in ctx.warnings)
