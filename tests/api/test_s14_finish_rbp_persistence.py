"""ir_measures' RBP(p=..., rel=...) objects are taken (the persistence p of Moffat & Zobel
2008, Eq. 2, is sdreval's p too).  ir_measures computes RBP only through cwl_eval, which is
not installed here: the expected values are written by hand."""
import pytest

import sdreval.api as api

ir_measures = pytest.importorskip("ir_measures")

QRELS = {"1": {"a": 2, "b": 0, "c": 1, "d": 1}, "2": {"x": 1, "y": 3}}
RUN = {"1": {"a": 0.9, "b": 0.8, "c": 0.7, "e": 0.6}, "2": {"z": 0.9, "y": 0.5, "x": 0.1}}


@pytest.mark.parametrize("p", [0.5, 0.8, 0.95])
def test_rbp_with_persistence_and_rel_by_hand(p):
    measure = ir_measures.RBP(p=p, rel=1)
    ours = api.calc_aggregate([measure], QRELS, RUN)[measure]
    # binary gains, relevant iff grade >= 1: topic 1 a, c at ranks 1, 3; topic 2 y, x at 2, 3
    by_hand = ((1 - p) * (1 + p ** 2) + (1 - p) * (p + p ** 2)) / 2
    assert ours == pytest.approx(by_hand, abs=1e-12)
