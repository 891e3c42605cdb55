"""ir_measures' frames with integer query ids (``pd.DataFrame({"query_id": [1, 2]})``, as
ir_datasets' and many users' frames have them).  ir_measures' evaluator adds a 0 for every
qrels query id it was not given a value for, comparing ids as they are in the frame: the
integration must give each value under the frame's own id, or every topic counts twice (once
with its value under ``"1"``, once as 0 under ``1``).

Qrels: topic 1 judges a (1), b (0), c (2); topic 2 a (1), d (1); topic 3 only x (0).
Run: topic 1 a, b, c (scores 3, 2, 1); topic 2 d, e (5, 4).
AP, topic 1: relevant a at 1, c at 3: (1/1 + 2/3) / 2 = 5/6; topic 2: d at 1 of R = 2: 1/2;
topic 3: nothing relevant, NaN (left out).  Mean (5/6 + 1/2) / 2 = 2/3."""
from __future__ import annotations

import math
import warnings

import pandas as pd
import pytest

ir_measures = pytest.importorskip("ir_measures")

from sdreval.integrations.ir_measures import sdreval_measure  # noqa: E402

QRELS = pd.DataFrame({"query_id": [1, 1, 1, 2, 2, 3], "doc_id": ["a", "b", "c", "a", "d", "x"],
                      "relevance": [1, 0, 2, 1, 1, 0]})
RUN = pd.DataFrame({"query_id": [1, 1, 1, 2, 2], "doc_id": ["a", "b", "c", "d", "e"],
                    "score": [3.0, 2.0, 1.0, 5.0, 4.0]})


@pytest.mark.parametrize("cast", [int, float, str])
def test_each_topic_once_under_the_frames_id(cast):
    qrels = QRELS.assign(query_id=QRELS.query_id.map(cast))
    run = RUN.assign(query_id=RUN.query_id.map(cast))
    measure = sdreval_measure("AP")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        records = list(ir_measures.iter_calc([measure], qrels, run))
        mean = ir_measures.calc_aggregate([measure], qrels, run)[measure]
    values = {r.query_id: r.value for r in records}
    assert len(records) == 3 and set(values) == {cast(1), cast(2), cast(3)}
    assert values[cast(1)] == pytest.approx(5 / 6) and values[cast(2)] == pytest.approx(0.5)
    assert math.isnan(values[cast(3)])
    assert mean == pytest.approx(2 / 3)
