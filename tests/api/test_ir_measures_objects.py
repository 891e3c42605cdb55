"""ir_measures' documented measure objects work in sdreval.api as their names do, with
ir_measures' own values (the peer computes them on the same frames)."""
from __future__ import annotations

import pandas as pd
import pytest

ir_measures = pytest.importorskip("ir_measures")
from sdreval import api  # noqa: E402

QRELS = pd.DataFrame({"query_id": ["1"] * 4 + ["2"] * 3, "doc_id": list("abcdabc"),
                      "relevance": [1, 0, 2, 1, 0, 1, 1]})
RUN = pd.DataFrame({"query_id": ["1"] * 4 + ["2"] * 3, "doc_id": list("abxdcba"),
                    "score": [4.0, 3, 2, 1, 3, 2, 1]})


@pytest.mark.parametrize("measure", [
    ir_measures.NumRelRet, ir_measures.NumRet(rel=2), ir_measures.SetF(beta=2.0),
    ir_measures.IPrec @ 0.1, ir_measures.IPrec @ 0.5, ir_measures.NumRet, ir_measures.NumRel,
], ids=repr)
def test_documented_objects_give_ir_measures_values(measure):
    ours = api.calc_aggregate([measure], QRELS, RUN)[measure]
    theirs = ir_measures.calc_aggregate([measure], QRELS.copy(), RUN.copy())[measure]
    assert ours == pytest.approx(theirs, abs=1e-12)


def test_the_objects_and_their_names_agree():
    # NumRelRet: 4 relevant retrieved (q1: a, d; q2: b, c), summed over topics as trec_eval
    # SetF(beta=2), trec_eval's set_F (x+1)PR/(xP+R) with x = beta = 2:
    #   q1 P = 2/4, R = 2/3: 3(1/3)/(1 + 2/3) = 0.6;  q2 P = 2/3, R = 1: 2/(4/3 + 1) = 6/7
    values = api.calc_aggregate([ir_measures.NumRelRet, ir_measures.SetF(beta=2.0),
                                 "NumRelRet", "SetF(beta=2)"], QRELS, RUN)
    assert values[ir_measures.NumRelRet] == values["NumRelRet"] == 4
    assert values[ir_measures.SetF(beta=2.0)] == pytest.approx((0.6 + 6 / 7) / 2)
    assert values["SetF(beta=2)"] == pytest.approx((0.6 + 6 / 7) / 2)
    table = api.evaluate(QRELS, RUN, [ir_measures.IPrec @ 0.1])
    assert set(table["measure"]) == {"IPrec@0.1"}
