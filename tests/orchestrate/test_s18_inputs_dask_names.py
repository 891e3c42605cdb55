"""``sdreval.dask.evaluate`` names the run as ``read_run`` names a DataFrame: ``name=`` when
given, else the run column's name, else ``run``; a given name that differs from the run column
is stated (a read warning, the same text on both paths); partitions whose run columns name
different runs are refused (a DataFrame is one run, as ``read_run`` refuses).  Its warnings
reach the caller as Python warnings, as ``sdreval.evaluate`` gives them (before, with no
``ctx``, they were lost: topics ignored without a word)."""
from __future__ import annotations

import warnings

import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError
from sdreval.io.interop import qrels_from_dict

dd = pytest.importorskip("dask.dataframe")
sdask = pytest.importorskip("sdreval.dask")

QRELS = qrels_from_dict({"q1": {"a": 1}, "q2": {"c": 1}})
FRAME = pd.DataFrame({"query_id": ["q1", "q1", "q2"], "doc_id": ["a", "b", "c"],
                      "score": [2.0, 1.0, 1.0], "run": "bm25"})


def _said(call) -> tuple[pd.DataFrame, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = call()
    return table, [str(w.message) for w in caught]


def test_run_column_names_the_run_as_read_run():
    table = sdask.evaluate(dd.from_pandas(FRAME, npartitions=2), QRELS, ["P@1"])
    assert set(table.run) == {"bm25"} == {sdreval.read_run(FRAME).name}


def test_no_run_column_is_run():
    table = sdask.evaluate(dd.from_pandas(FRAME.drop(columns="run"), npartitions=2), QRELS,
                           ["P@1"])
    assert set(table.run) == {"run"}


def test_given_name_differing_from_the_column_is_stated_on_both_paths():
    stated = "the run column names the run 'bm25'; it is named 'x' as given"
    table, said = _said(lambda: sdask.evaluate(dd.from_pandas(FRAME, npartitions=2), QRELS,
                                               ["P@1"], name="x"))
    assert set(table.run) == {"x"}
    assert sum(stated in s for s in said) == 1  # once, not once per partition
    means, said = _said(lambda: sdreval.evaluate(QRELS, {"x": FRAME}, ["P@1"]))
    assert set(means.run) == {"x"} and sum(stated in s for s in said) == 1


def test_given_name_equal_to_the_column_says_nothing():
    _, said = _said(lambda: sdask.evaluate(dd.from_pandas(FRAME, npartitions=2), QRELS,
                                           ["P@1"], name="bm25"))
    assert not said


def test_partitions_naming_different_runs_are_refused():
    frame = FRAME.assign(run=["bm25", "bm25", "dense"])
    with pytest.raises(InputError, match="'bm25' \\(partition 0\\), 'dense' \\(partition 1\\)"):
        sdask.evaluate(dd.from_pandas(frame, npartitions=2), QRELS, ["P@1"])
    with pytest.raises(InputError, match="names 2 runs"):
        sdreval.read_run(frame)


def test_warnings_reach_the_caller_without_ctx():
    frame = FRAME.assign(query_id=["q1", "q1", "q9"])  # q9: not in the qrels
    _, said = _said(lambda: sdask.evaluate(dd.from_pandas(frame, npartitions=1), QRELS,
                                           ["P@1"]))
    assert any("1 topic(s) not in the qrels ignored: q9" in s for s in said)
