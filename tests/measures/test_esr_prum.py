"""PRUM / EPRUM (seed 002 §6.4, Table 9, footnote 11): scenario enumeration vs the exact
polynomial computation, the Table 9 example, proximity navigation with parameter A."""
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.data import ali_consens_lalmas_2012 as S
from sdreval.judgements.qrels import DocPassages, Qrels
from sdreval.measures import evaluate
from sdreval.measures.esr import prum as P
from sdreval.model.navigation import ExplicitNavigation
from sdreval.measures.registry import EvalContext
from sdreval.model.run import Ranking, Run


def table9_nav():
    ex = S.PRUM_EXAMPLE
    nav = np.zeros((len(ex["run"]), len(ex["ideal"])))
    for k, x in enumerate(ex["run"]):
        for y, target in enumerate(ex["ideal"]):
            nav[k, y] = 1.0 if x == target else ex["navigation"].get((x, target), 0.0)
    return nav


def test_table9_scenarios():
    scenarios = P.prum_scenarios(table9_nav(), S.PRUM_EXAMPLE["desired"])
    by_c = {s.consulted: s for s in scenarios}
    exp = S.EXPECTED["table9"]
    assert set(by_c) == {2, 3}
    assert by_c[2].probability == pytest.approx(exp["P(A)"])     # A: e1 ⇝ e4
    assert by_c[3].probability == pytest.approx(exp["P(B)"])
    assert by_c[2].useful == by_c[3].useful == 2
    assert by_c[2].seen == ((0,), (1,)) and by_c[3].seen == ((0,), (), (1,))
    e_cl = sum(s.probability * s.useful for s in scenarios)
    e_c = sum(s.probability * s.consulted for s in scenarios)
    assert (e_cl, e_c) == (pytest.approx(exp["E[CL(2)]"]), pytest.approx(exp["E[C(2)]"]))
    assert e_cl / e_c == pytest.approx(exp["PRUM"], abs=5e-4)


def test_table9_exact_and_as_a_measure():
    e_cl, e_c, value = P.prum(table9_nav(), 2)
    assert (e_cl, e_c) == (pytest.approx(2.0), pytest.approx(2.8))
    assert value == pytest.approx(S.EXPECTED["table9"]["PRUM"], abs=5e-4)
    # the same through the registry: ideal e3, e4; only navigation e1 ⇝ e4 = 0.2
    q = Qrels("inex2005")
    for node in S.PRUM_EXAMPLE["ideal"]:
        q.add_element("t", S.DOC, S.path(node), 2, 1.0, 10.0)
    run = Run("r", {"t": Ranking.from_elements([(S.DOC, S.path(n))
                                                 for n in S.PRUM_EXAMPLE["run"]])})
    nav = ExplicitNavigation()
    for (f, t), p in S.PRUM_EXAMPLE["navigation"].items():
        nav.set(S.DOC, S.path(f), S.path(t), p)
    df = evaluate(q, [run], ["PRUM", "PRUM(recall=1)", "EPRUM"], EvalContext(navigation=nav))
    got = dict(zip(df.measure, df.value))
    assert got["PRUM"] == got["PRUM(recall=1)"] == pytest.approx(2 / 2.8)
    # EPRUM: min_I = 2; P(min_S = 2) = 0.2, P(min_S = 3) = 0.8
    assert got["EPRUM"] == pytest.approx(0.2 * 2 / 2 + 0.8 * 2 / 3)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.integers(1, 3), st.data())
def test_exact_computation_equals_scenario_enumeration(L, n, data):
    cells = data.draw(st.lists(st.sampled_from([0.0, 0.0, 0.3, 0.5, 0.9, 1.0]),
                               min_size=L * n, max_size=L * n))
    nav = np.array(cells).reshape(L, n)
    for desired in range(1, n + 1):
        scenarios = P.prum_scenarios(nav, desired)
        assert sum(s.probability for s in scenarios) == pytest.approx(1.0)
        e_cl = sum(s.probability * s.useful for s in scenarios)
        e_c = sum(s.probability * s.consulted for s in scenarios)
        got_cl, got_c, _ = P.prum(nav, desired)
        assert got_cl == pytest.approx(e_cl, abs=1e-9)
        assert got_c == pytest.approx(e_c, abs=1e-9)
        eprum = sum(s.probability * desired / s.consulted for s in scenarios if s.reached)
        assert P.eprum_levels(nav, [desired])[0] == pytest.approx(eprum, abs=1e-9)


def test_no_navigation_reduces_to_precision_at_the_recall_rank():
    # relevant at ranks 2 and 4 of 5: reaching both needs 4 ranks -> 2/4
    nav = np.zeros((5, 2))
    nav[1, 0] = nav[3, 1] = 1.0
    assert P.prum(nav, 2)[2] == pytest.approx(0.5)
    assert P.eprum(nav, 1.0) == pytest.approx(0.5)
    assert P.eprum(nav, 0.5) == pytest.approx(1 / 2)
    assert P.mean_eprum(nav) == pytest.approx((1 / 2 + 2 / 4) / 2)
    # never reached: EPRUM 0, PRUM consults the whole list (C = L), as SRPRUM
    nav[3, 1] = 0.0
    assert P.eprum(nav, 1.0) == 0.0
    assert P.prum(nav, 2) == (pytest.approx(1.0), pytest.approx(5.0), pytest.approx(0.2))


def test_desired_count():
    assert P.desired_count(1.0, 7) == 7
    assert P.desired_count(0.5, 7) == 4
    assert P.desired_count(0.01, 7) == 1
    assert P.desired_count(3 / 7, 7) == 3


def bic_inputs():
    q = Qrels("fol")
    q.topic("t").passages["d1"] = DocPassages("d1", [(100, 50)], 50, 1000, bep=100)
    q.topic("t").passages["d2"] = DocPassages("d2", [(0, 20)], 20, 500, bep=0)
    run = Run("r", {"t": Ranking.from_results([("d1", None, 110, 40, 1, 2.0),
                                                ("d3", None, 0, 10, 2, 1.5),
                                                ("d2", None, 400, 10, 3, 1.0)], "passage")},
              "passage")
    return q, run


@pytest.mark.parametrize("A", [0.01, 1, 10, 100])
def test_eprum_best_entry_points_with_proximity(A):
    q, run = bic_inputs()
    df = evaluate(q, [run], [f"EPRUM(A={A})", f"EPRUM(A={A},recall=0.5)"], EvalContext())
    got = dict(zip(df.measure, df.value))
    p1 = A / (A + 10)      # d1: entry point 10 characters after the BEP
    p3 = A / (A + 400)     # d2: 400 characters away
    # recall 1 needs both BEPs: reached at rank 3 with probability p1 * p3
    assert got[f"EPRUM(A={A})"] == pytest.approx(p1 * p3 * 2 / 3)
    # recall 0.5 needs one: rank 1 with p1, else rank 3 with p3
    assert got[f"EPRUM(A={A},recall=0.5)"] == pytest.approx(p1 + (1 - p1) * p3 / 3)


def test_larger_A_navigates_further():
    d = np.array([0, 10, 100, 1000])
    for small, large in [(0.01, 1), (1, 10), (10, 100)]:
        assert np.all(P.proximity(d, small)[1:] < P.proximity(d, large)[1:])
    assert P.proximity(0, 0.01) == 1.0
    assert math.isclose(float(P.proximity(10, 10)), 0.5)


def test_bep_without_A_is_a_usage_error():
    from sdreval.errors import UsageError
    q, run = bic_inputs()
    with pytest.raises(UsageError):
        evaluate(q, [run], ["EPRUM"], EvalContext())
    with pytest.raises(UsageError):
        evaluate(q, [run], ["EPRUM(A=0)"], EvalContext())


def test_enumeration_guard():
    from sdreval.errors import UsageError
    with pytest.raises(UsageError):
        P.prum_scenarios(np.full((7, 3), 0.5), 3)
