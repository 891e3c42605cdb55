"""Streamed text runs (session 24 coverage hunt): a topic held over a piece whose names are kept
as strings (300 distinct documents) and one whose names are kept by code (one document
repeated) gives what the whole-file reader gives; a run of comments only; a bad
``SDREVAL_STREAM_MB``."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog, UsageError
from sdreval.io import columnar
from sdreval.io.readers import read_run
from sdreval.io.stream import iter_run_topics, stream_threshold


def _columns(ranking):
    return list(ranking.docs), ranking.rsv.tolist(), ranking.offsets.tolist()


def test_a_topic_over_pieces_of_both_name_kinds_streams_as_read_whole(tmp_path, monkeypatch):
    path = tmp_path / "run.txt"
    path.write_text("".join(
        [f"1 Q0 u{i} {i + 1} {1000 - i}.0 r 0 10\n" for i in range(300)]
        + [f"1 Q0 same {i + 301} {700 - i}.0 r {i * 10} 10\n" for i in range(300)]
        + ["2 Q0 x 1 1.0 r 0 5\n"]))
    monkeypatch.setattr(columnar, "STREAM_BLOCK_BYTES", 8192)  # ~300 lines a block
    log = ProblemLog()
    streamed = {t: _columns(r) for t, r in iter_run_topics(path, "passage", log)}
    assert not log.problems
    whole = read_run(str(path), "passage")
    assert streamed == {t: _columns(r) for t, r in whole.topics.items()}
    assert streamed["1"][0][299:301] == ["u299", "same"]


def test_a_streamed_run_of_comments_only_holds_no_results(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("# nothing\n")
    log = ProblemLog()
    assert list(iter_run_topics(path, "document", log)) == []
    assert [(p.severity, p.message) for p in log.problems] == [
        ("warning", "the run holds no results")]


def test_a_stream_threshold_that_is_no_number(monkeypatch):
    monkeypatch.setenv("SDREVAL_STREAM_MB", "lots")
    with pytest.raises(UsageError, match="SDREVAL_STREAM_MB='lots' is not a number"):
        stream_threshold()
    monkeypatch.setenv("SDREVAL_STREAM_MB", "0.5")
    assert stream_threshold() == 512 * 1024
