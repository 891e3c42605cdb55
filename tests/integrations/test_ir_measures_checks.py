"""The ir_measures integration reads its frames with exactly the checks of ``sdreval.api``:
a bad offset is refused with the same message, never scored."""
from __future__ import annotations

import math

import pandas as pd
import pytest

from sdreval import api
from sdreval.errors import InputError

ir_measures = pytest.importorskip("ir_measures")

from sdreval.integrations.ir_measures import sdreval_measure  # noqa: E402

RUN = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["a", "a"], "offset": [0, 20],
                    "length": [10, 10], "score": [2.0, 1.0]})
QRELS = pd.DataFrame({"query_id": ["1"], "doc_id": ["a"], "offset": [0], "length": [10],
                      "relevance": [1]})


def _api_error(qrels, run) -> str:
    with pytest.raises(InputError) as raised:
        api.read_qrels(qrels)
        api.read_run(run)
    return str(raised.value)


@pytest.mark.parametrize("value", [-5, 2.5, math.nan, "x"])
@pytest.mark.parametrize("where", ["qrels", "run"])
def test_bad_offset_refused_as_by_the_api(value, where):
    qrels, run = QRELS.copy(), RUN.copy()
    frame = qrels if where == "qrels" else run
    frame["offset"] = frame["offset"].astype(object)
    frame.loc[0, "offset"] = value
    expected = _api_error(qrels, run)
    with pytest.raises(InputError) as raised:
        ir_measures.calc_aggregate([sdreval_measure("MAiP")], qrels, run)
    assert str(raised.value) == expected


def test_good_frames_still_score():
    value = ir_measures.calc_aggregate([sdreval_measure("P@1")], QRELS, RUN)
    assert list(value.values()) == [1.0]


def test_length_zero_row_judges_the_document_non_relevant():
    qrels = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["a", "b"], "offset": [0, 0],
                          "length": [10, 0]})
    run = RUN.assign(doc_id=["b", "b"])
    value = ir_measures.calc_aggregate([sdreval_measure("P@1")], qrels, run)
    assert list(value.values()) == [0.0]


@pytest.mark.parametrize("where", ["qrels", "run"])
def test_missing_doc_id_refused_as_by_the_api(where):
    qrels, run = QRELS.copy(), RUN.copy()
    frame = qrels if where == "qrels" else run
    frame["doc_id"] = frame["doc_id"].astype(object)
    frame.loc[0, "doc_id"] = None
    expected = _api_error(qrels, run)
    with pytest.raises(InputError) as raised:
        ir_measures.calc_aggregate([sdreval_measure("MAiP")], qrels, run)
    assert str(raised.value) == expected
