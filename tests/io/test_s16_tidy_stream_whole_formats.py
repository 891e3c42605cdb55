"""``evaluate_stream`` (and the streaming readers under it) given a run that is read whole (a
table, a JSON object, a span run) refuses it, saying how to evaluate it.  Before, the format's
first word was taken as a TREC layout and a KeyError escaped ('ranx', 'table', 'span')."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import UsageError
from sdreval.io import read_qrels, read_run
from sdreval.orchestrate.stream import evaluate_stream

RUNS = {"run.json": '{"1": {"a": 0.5}}',
        "run.csv": "query_id,doc_id,score\n1,a,0.5\n",
        "run.jsonl": '{"query_id": "1", "doc_id": "a", "start": 0, "end": 5, "score": 1}\n'}


@pytest.mark.parametrize("name", RUNS)
def test_whole_formats_are_refused_with_the_way(tmp_path, name):
    (tmp_path / "q.txt").write_text("1 0 a 1\n")
    path = tmp_path / name
    path.write_text(RUNS[name])
    qrels = read_qrels(str(tmp_path / "q.txt"))
    with pytest.raises(UsageError, match=r"is read whole, not streamed .* sdreval\.evaluate"):
        evaluate_stream(qrels, str(path), ["P@1"])
    if name != "run.jsonl":  # the way it names works (a span run needs span qrels)
        table = sdreval.evaluate(qrels, [read_run(str(path))], ["P@1"])
        assert table["value"].tolist() == [1.0]
