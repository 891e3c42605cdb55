"""A DataFrame's run column names its run, as the same rows in a Parquet or CSV file name
theirs (docs/inputs.md, Run names): the frame's run was 'run' whatever the column said, so one
table gave a run 'bm25' as a file and 'run' as a DataFrame (and several frames were all 'run',
renamed 'run (#1)', 'run (#2)')."""
from __future__ import annotations

import warnings

import pandas as pd
import pytest

from sdreval import api

QRELS = pd.DataFrame({"query_id": ["1", "1", "2"], "doc_id": ["a", "b", "c"],
                      "relevance": [1, 0, 1]})
ROWS = {"query_id": ["1", "1", "2"], "doc_id": ["a", "b", "c"], "score": [1.0, 2.0, 1.0]}
UNITS = {"document": {}, "passage": {"offset": [0, 0, 0], "length": [5, 5, 5]},
         "span": {"start": [0, 0, 0], "end": [5, 5, 5]}}


@pytest.mark.parametrize("unit", UNITS)
def test_the_run_column_names_a_frame_as_it_names_a_file(tmp_path, unit):
    frame = pd.DataFrame({**ROWS, **UNITS[unit], "run_id": ["bm25"] * 3})
    frame.to_parquet(tmp_path / "table.parquet")
    assert api.read_run(str(tmp_path / "table.parquet")).name == "bm25"
    assert api.read_run(frame).name == "bm25"
    assert api.read_run(frame, name="mine").name == "mine"  # a given name wins
    assert api.read_run(frame.drop(columns="run_id")).name == "run"


def test_two_frames_keep_their_names():
    bm25 = pd.DataFrame({**ROWS, "run": ["bm25"] * 3})
    dense = pd.DataFrame({**ROWS, "score": [2.0, 1.0, 1.0], "run": ["dense"] * 3})
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no 'runs share the run name' warning
        table = api.evaluate(QRELS, [bm25, dense], ["P@1"])
    assert dict(zip(table["run"], table["value"])) == {"bm25": 0.5, "dense": 1.0}
