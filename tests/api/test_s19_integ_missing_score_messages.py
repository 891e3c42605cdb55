"""A run given as a dict or as ``(qid, doc, score)`` tuples with a missing score (None) was
taken for something else, and the message named the wrong thing: ``{"1": {"a": None, ...}}``
read as ``{run name: run}`` ("topic 'a' maps to NoneType"), tuples as a list of runs ("cannot
read records of str").  They are now read as the run they are, and the missing score is named
as in tables and records ("score is missing")."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import SdrevalError

QRELS = {"1": {"a": 1, "b": 0}}


@pytest.mark.parametrize("run", [{"1": {"a": None, "b": 1.0}},
                                 [("1", "a", None), ("1", "b", 1.0)]],
                         ids=["dict", "tuples"])
def test_missing_score_is_named(run):
    with pytest.raises(SdrevalError, match="score is missing"):
        sdreval.evaluate(QRELS, run, ["RR"])
