"""`--format csv` is written from the result columns without pandas, byte for byte as pandas'
``DataFrame.to_csv(index=False)`` writes the same table (the independent reference here)."""
from __future__ import annotations

import io

import numpy as np
import pandas as pd
from hypothesis import given, settings, strategies as st

from sdreval.measures.results import ResultColumns
from sdreval.report.output import csv_pieces, write_results

NAMES = st.text(alphabet=st.sampled_from(list('ab ,"\n1-')), max_size=4)
VALUES = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from(
    [0.0, -0.0, 1e16, 1e15, 1e-5, 1e-4, 5e-324, 0.1 + 0.2])


def _pandas_csv(table: ResultColumns) -> str:
    buffer = io.StringIO()
    table.to_frame().to_csv(buffer, index=False)
    return buffer.getvalue()


@settings(max_examples=60, deadline=None)
@given(runs=st.lists(NAMES, min_size=1, max_size=3, unique=True),
       topics=st.lists(NAMES, min_size=1, max_size=3, unique=True),
       values=st.lists(VALUES, max_size=30), counted=st.booleans(), data=st.data())
def test_csv_is_what_pandas_writes(runs, topics, values, counted, data):
    n = len(values)
    pick = lambda k: np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=n,  # noqa: E731
                                                 max_size=n)), dtype=np.intp)
    count = np.array(data.draw(st.lists(st.integers(-1, 50), min_size=n, max_size=n)),
                     dtype=np.int64) if counted else None
    table = ResultColumns(runs, pick(len(runs)), topics, pick(len(topics)), ["MAiP", "gP@5"],
                          pick(2), np.array(values, dtype=np.float64), count)
    assert "".join(csv_pieces(table)) == _pandas_csv(table)


def test_empty_tables_and_the_writer():
    for counted in (True, False):
        empty = ResultColumns.none(counted)
        assert "".join(csv_pieces(empty)) == _pandas_csv(empty)
    table = ResultColumns(["r"], np.zeros(2, dtype=np.intp), ["1", "all"], np.arange(2),
                          ["MAgP"], np.zeros(2, dtype=np.intp), np.array([0.25, np.nan]),
                          np.array([-1, 3]))
    buffer = io.StringIO()
    write_results(table, "csv", stream=buffer)
    assert buffer.getvalue() == "run,topic,measure,value,topics\nr,1,MAgP,0.25,\nr,all,MAgP,,3\n"
    frame = pd.read_csv(io.StringIO(buffer.getvalue()))
    assert frame["value"].iloc[0] == 0.25
