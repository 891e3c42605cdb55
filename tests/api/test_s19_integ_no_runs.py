"""An empty list (or iterable) of runs names no run: ``sdreval.evaluate(qrels, [], ...)``
returned an empty table with no word (ir_measures scores the same call 0 on every qrels
topic, reading ``[]`` as one run without results), ``budget_curve`` an empty table and
``report`` failed with an IndexError.  Which is meant is not clear: refused, saying how to
give a run without results (an empty table or dict), as the command line needs a run."""
from __future__ import annotations

import pandas as pd
import pytest

import sdreval
from sdreval import api
from sdreval.errors import UsageError

QRELS = {"1": {"a": 1, "b": 0}}


@pytest.mark.parametrize("runs", [[], (), iter([])], ids=["list", "tuple", "iterator"])
@pytest.mark.parametrize("call", [
    lambda runs: sdreval.evaluate(QRELS, runs, ["AP"]),
    lambda runs: api.budget_curve(QRELS, runs, [10]),
    lambda runs, tmp=None: api.report(QRELS, runs, ["AP"], "unused.html"),
], ids=["evaluate", "budget_curve", "report"])
def test_no_run_is_refused(call, runs, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match="no run"):
        call(runs)
    assert not (tmp_path / "unused.html").exists()


def test_a_run_without_results_is_scored():
    empty = pd.DataFrame({"query_id": [], "doc_id": [], "score": []})
    table = sdreval.evaluate(QRELS, empty, ["AP"], all_topics=True)
    assert table.value.tolist() == [0.0]  # topic 1 unanswered scores 0 under -c
