"""``read_run(frame, name=...)`` and ``sdreval.dask.evaluate`` read a DataFrame's run column
once: the reader looked it up to state a given name that differs from it, then the table
reader looked it up again (``pd.unique`` over the whole column, twice)."""
import pandas as pd
import pytest

import sdreval
from sdreval.io import frames, table_checks


@pytest.fixture
def calls(monkeypatch):
    seen = []
    real = table_checks.single_run_name

    def counted(frame, source):
        seen.append(source)
        return real(frame, source)
    monkeypatch.setattr(table_checks, "single_run_name", counted)
    monkeypatch.setattr(frames, "single_run_name", counted)
    return seen


FRAME = pd.DataFrame({"query_id": ["1", "1", "2"], "doc_id": ["a", "b", "a"],
                      "score": [2.0, 1.0, 1.0], "run": ["B"] * 3})


def test_named_frame_read_once(calls):
    with pytest.warns(UserWarning, match="names the run 'B'; it is named 'A' as given"):
        run = sdreval.read_run(FRAME, name="A")
    assert run.name == "A" and len(calls) == 1


def test_unnamed_frame_read_once(calls):
    assert sdreval.read_run(FRAME).name == "B" and len(calls) == 1


def test_dask_partition_read_once(calls):
    dd = pytest.importorskip("dask.dataframe")
    import dask

    import sdreval.dask
    from sdreval.io.interop import qrels_from_dict

    qrels = qrels_from_dict({"1": {"a": 1}, "2": {"a": 1}})
    with dask.config.set(scheduler="sync"):
        sdreval.dask.evaluate(dd.from_pandas(FRAME, npartitions=1), qrels, ["AP"])
    assert len(calls) == 1
