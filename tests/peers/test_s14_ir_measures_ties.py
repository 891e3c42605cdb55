"""Score ties: sdreval ranks every measure as trec_eval does (score descending, then document id
descending); ir_measures does so for the measures it computes through pytrec_eval but not for
``RR@k`` and ``Judged@k`` (its msmarco and judged providers sort ties by id ascending), as
docs/ir-users.md says.

Topic 1: a (grade 0), b (3), c (1) all score 1.0, so trec_eval's order is c, b, a: the first
result is relevant, RR = RR@1 = 1, P@1 = 1.  Topic 2: x (2), y (0) tie: order y, x: RR = 1/2,
RR@1 = 0.  ir_measures' own RR (pytrec_eval) agrees; its RR@1 ranks a and x first (0 and 1)."""
from __future__ import annotations

import warnings

import pytest

from sdreval import api

QRELS = {"1": {"a": 0, "b": 3, "c": 1}, "2": {"x": 2, "y": 0}}
RUN = {"1": {"a": 1.0, "b": 1.0, "c": 1.0}, "2": {"x": 1.0, "y": 1.0}}


def _ours(name: str) -> dict[str, float]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = api.evaluate(QRELS, {"s": RUN}, [name], order="rsv", per_topic=True)
    return {t: v for t, v in zip(table.topic, table.value) if t != "all"}


def test_rr_at_k_ranks_ties_as_trec_eval():
    assert _ours("RR") == {"1": 1.0, "2": 0.5}
    assert _ours("RR@1") == {"1": 1.0, "2": 0.0}
    assert _ours("P@1") == {"1": 1.0, "2": 0.0}


def test_ir_measures_rr_at_k_breaks_ties_the_other_way():
    ir_measures = pytest.importorskip("ir_measures")

    def peer(name):
        return {m.query_id: m.value
                for m in ir_measures.iter_calc([ir_measures.parse_measure(name)], QRELS, RUN)}

    assert peer("RR") == _ours("RR")  # through pytrec_eval: trec_eval's order
    assert peer("P@1") == _ours("P@1")
    assert peer("RR@1") == {"1": 0.0, "2": 1.0}  # msmarco provider: ties by id ascending
