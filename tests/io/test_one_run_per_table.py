"""A table whose run column names several runs is refused (it was read as one run mixing them:
P@1 0.0 here, where run A alone scores 1.0), for document and span tables alike."""
import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError

QRELS = {"1": {"a": 1, "b": 0}}
MIXED = pd.DataFrame({"topic": ["1"] * 4, "doc": ["a", "b", "b", "a"],
                      "score": [2.0, 1.0, 2.0, 1.0], "run": ["A", "A", "B", "B"]})


def test_a_document_table_of_two_runs_is_refused_with_the_way_out():
    with pytest.raises(InputError, match=r"column 'run' names 2 runs \('A', 'B'\).*groupby"):
        sdreval.evaluate(QRELS, MIXED, ["P@1"])
    split = sdreval.evaluate(QRELS, dict(tuple(MIXED.groupby("run"))), ["P@1"])
    # run A ranks a (relevant) first, run B ranks b first: 1 and 0
    assert dict(zip(split["run"], split["value"])) == {"A": 1.0, "B": 0.0}


def test_a_table_of_one_run_is_read_as_before():
    one = MIXED[MIXED["run"] == "A"]
    assert sdreval.evaluate(QRELS, one, ["P@1"])["value"].tolist() == [1.0]


def test_a_span_table_of_two_runs_is_refused_even_when_named(tmp_path):
    spans = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d", "d"], "start": [0, 5],
                          "end": [5, 9], "score": [2, 1], "run_id": ["x", "y"]})
    with pytest.raises(InputError, match="column 'run_id' names 2 runs"):
        sdreval.read_run(spans, name="mine")
    path = tmp_path / "run.jsonl"
    spans.to_json(path, orient="records", lines=True)
    with pytest.raises(InputError, match="names 2 runs"):
        sdreval.read_run(str(path))
