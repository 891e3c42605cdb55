"""GMAP inside ir_measures (``ir_measures.calc_aggregate([sdreval_measure("GMAP")], ...)``)
is the geometric mean of the per-topic AP, as ``sdreval eval -m gm_map`` and trec_eval's
gm_map (Robertson 2006): exp(mean(log(max(AP, 0.00001)))), not their arithmetic mean (MAP).

Qrels: topic 1 judges a (1), b (0), c (2); topic 2 a (1), d (1).  Run: topic 1 a, b, c;
topic 2 d, e (scores descending).  AP: topic 1 (1/1 + 2/3)/2 = 5/6, topic 2 (1/1)/2 = 1/2.
GMAP = sqrt(5/6 * 1/2) = 0.6455 (MAP would be 2/3).  Topic 3 ranks only unjudged z: AP 0,
floored at 0.00001: GMAP over three topics = (5/6 * 1/2 * 0.00001) ** (1/3)."""
from __future__ import annotations

import math
import warnings

import pandas as pd
import pytest

ir_measures = pytest.importorskip("ir_measures")

import sdreval  # noqa: E402
from sdreval.integrations.ir_measures import sdreval_measure  # noqa: E402

QRELS = pd.DataFrame({"query_id": ["1", "1", "1", "2", "2", "3"],
                      "doc_id": ["a", "b", "c", "a", "d", "y"], "relevance": [1, 0, 2, 1, 1, 1]})
RUN = pd.DataFrame({"query_id": ["1", "1", "1", "2", "2", "3"],
                    "doc_id": ["a", "b", "c", "d", "e", "z"],
                    "score": [3.0, 2.0, 1.0, 5.0, 4.0, 1.0]})


@pytest.mark.parametrize("topics, expected", [
    (["1", "2"], math.sqrt(5 / 6 * 1 / 2)),
    (["1", "2", "3"], (5 / 6 * 1 / 2 * 0.00001) ** (1 / 3))])
def test_gmap_is_the_geometric_mean(topics, expected):
    qrels, run = QRELS[QRELS.query_id.isin(topics)], RUN[RUN.query_id.isin(topics)]
    measure = sdreval_measure("GMAP")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        inside = ir_measures.calc_aggregate([measure], qrels, run)[measure]
        api = sdreval.evaluate(qrels, run, ["gm_map"], order="rsv").value.item()
    assert inside == pytest.approx(expected, rel=1e-12)
    assert api == pytest.approx(expected, rel=1e-12)
