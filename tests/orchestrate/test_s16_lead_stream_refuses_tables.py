"""evaluate_stream (docs/streaming.md) reads TREC text runs and INEX submissions in a stream.
Given a run of another format (a ranx JSON run, a CSV table) it stopped with a traceback from
inside the text reader (KeyError: 'ranx' / 'table'); it is now a usage error that says what to
do.  The command line reads such runs whole (eval --stream says so)."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import UsageError
from sdreval.orchestrate.stream import evaluate_stream


@pytest.mark.parametrize("name, text", [
    ("run.json", '{"q1": {"d1": 2.0, "d2": 1.0}}'),
    ("run.csv", "query_id,doc_id,score\nq1,d1,2.0\nq1,d2,1.0\n"),
])
def test_a_run_not_read_in_a_stream_is_a_usage_error(tmp_path, name, text):
    (tmp_path / "qrels.txt").write_text("q1 0 d2 1\n")
    (tmp_path / name).write_text(text)
    qrels = sdreval.read_qrels(str(tmp_path / "qrels.txt"))
    with pytest.raises(UsageError, match="not read in a stream.*sdreval.read_run"):
        evaluate_stream(qrels, str(tmp_path / name), ["AP"])
    # read whole, the same run is evaluated: d2 (relevant) at rank 2, AP = 1/2
    table = sdreval.evaluate(qrels, sdreval.read_run(str(tmp_path / name)), ["AP"])
    assert table["value"].tolist() == [0.5]
