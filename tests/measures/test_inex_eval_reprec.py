"""inex_eval as INEX 2002-2004 computed it: Gövert's RePrec reading (``compat=inex``).

RePrec rounds x·n up to whole relevant items (NR_int = ceil(NR)), finds the rank where the
NR_int-th relevant item is reached and needs s = NR_int - k items there:
P(x) = NR / (NR + j + s·i/(r + 1)).  Eq. 4 of Ogilvie & Lalmas (2006) uses the fractional
left(r) = x·n - k instead.  Every expected value below is worked by hand."""
import numpy as np
import pytest

from sdreval.judgements.qrels import Qrels
from sdreval.measures.evaluate import evaluate
from sdreval.measures.inex_eval.kernels import precall, whole_units
from sdreval.measures.registry import EvalContext
from sdreval.model.run import Ranking, Run


def _both(rel, nonrel, n, x):
    args = (np.array(rel, float), np.array(nonrel, float), n, np.array([x]))
    return precall(*args, reading="reprec")[0], precall(*args)[0]


def test_tie_with_fractional_amount():
    # rank 1: 1 relevant + 2 non-relevant; rank 2: 2 relevant + 3 non-relevant; n = 3, x = 0.5
    # RePrec: NR = 1.5, NR_int = 2 -> rank 2, k = 1, j = 2, i = 3, r = 2, s = 1:
    #   P = 1.5 / (1.5 + 2 + 1·3/3) = 1/3
    # Eq. 4: left = 0.5: P = 1.5 / (1.5 + 2 + 0.5·3/3) = 0.375
    reprec, eq4 = _both([1, 2], [2, 3], 3.0, 0.5)
    assert reprec == pytest.approx(1 / 3) and eq4 == pytest.approx(0.375)


def test_whole_amount_agrees():
    # x = 2/3: NR = 2 whole, s = left = 1: P = 2 / (2 + 2 + 1·3/3) = 0.4 in both readings
    reprec, eq4 = _both([1, 2], [2, 3], 3.0, 2 / 3)
    assert reprec == pytest.approx(0.4) and eq4 == pytest.approx(0.4)


def test_floating_point_amount_does_not_round_up():
    assert 0.07 * 200 == 14.000000000000002
    assert whole_units(np.array([0.07 * 200]), 200)[0] == 14
    # 14 relevant at rank 1, then 1 relevant + 5 non-relevant, then the rest
    rel, nonrel = [14, 1, 185], [0, 5, 100]
    reprec, eq4 = _both(rel, nonrel, 200.0, 0.07)
    assert reprec == pytest.approx(1.0) and eq4 == pytest.approx(1.0)
    # where x·n really exceeds 14 (x = 0.0705, NR = 14.1) RePrec needs NR_int = 15 items:
    # rank 2, k = 14, j = 0, s = 1, i = 5, r = 1: P = 14.1 / (14.1 + 1·5/2); Eq. 4: left = 0.1,
    # P = 14.1 / (14.1 + 0.1·5/2).  A plain ceil of 14.000000000000002 would give the former
    # shape at x = 0.07: 14 / (14 + 2.5) = 0.848 instead of 1.
    reprec, eq4 = _both(rel, nonrel, 200.0, 0.0705)
    assert reprec == pytest.approx(14.1 / 16.6) and eq4 == pytest.approx(14.1 / 14.35)


def test_graded_amounts_carry_over_ranks():
    # masses 0.5, 0.75, 0.75 with 1, 2, 0 non-relevant; n = 2; x = 0.25: NR = 0.5, NR_int = 1
    # reached in rank 2 (cumulated 1.25): k = 0.5, j = 1, i = 2, r = 0.75, s = 0.5
    #   P = 0.5 / (0.5 + 1 + 0.5·2/1.75)
    # Eq. 4 stops in rank 1 (cumulated 0.5 = x·n): left = 0.5, P = 0.5 / (0.5 + 0.5·1/1.5) = 0.6
    reprec, eq4 = _both([0.5, 0.75, 0.75], [1, 2, 0], 2.0, 0.25)
    assert reprec == pytest.approx(0.5 / (1.5 + 1 / 1.75)) and eq4 == pytest.approx(0.6)


def test_fractional_total_at_full_recall_stops_after_the_last_rank():
    # n = 1.25; x = 1: NR_int = 2 exceeds every cumulated amount: P = 1.25 / (1.25 + 3)
    reprec, eq4 = _both([0.5, 0.75], [1, 2], 1.25, 1.0)
    assert reprec == pytest.approx(1.25 / 4.25)
    assert eq4 == pytest.approx(1.25 / (1.25 + 1 + 0.75 * 2 / 1.75))


def _qrels():
    q = Qrels("inex2003")
    for i, (e, s) in enumerate([(3, 3), (3, 3), (3, 3), (0, 0), (0, 0), (0, 0)]):
        q.add_element("1", f"d{i}", "/article[1]", e, s)
    return q


def test_measure_parameter_and_compat_option():
    q = _qrels()
    # one tie: d0 and d3, d4 share an RSV, then d1 with d5 and d2 tied
    run = Run("r", {"1": Ranking.from_elements(
        [("d0", "/article[1]"), ("d3", "/article[1]"), ("d4", "/article[1]"),
         ("d1", "/article[1]"), ("d5", "/article[1]"), ("d2", "/article[1]")],
        rsv=[2, 2, 2, 1, 1, 1])})
    ctx = dict(quant="strict", collection_elements=6)
    plain = evaluate(q, run, ["inex_eval", "inex_eval(compat=inex)"], EvalContext(**ctx))
    values = plain.set_index("measure").value
    points = np.arange(1, 101) / 100.0
    rel, nonrel = np.array([1.0, 2.0]), np.array([2.0, 1.0])
    assert values["inex_eval"] == pytest.approx(precall(rel, nonrel, 3.0, points).mean())
    assert values["inex_eval(compat=inex)"] == pytest.approx(
        precall(rel, nonrel, 3.0, points, reading="reprec").mean())
    assert values["inex_eval"] != pytest.approx(values["inex_eval(compat=inex)"])
    option = evaluate(q, run, ["inex_eval", "inex_eval(compat=none)"],
                      EvalContext(compat="inex", **ctx)).set_index("measure").value
    assert option["inex_eval"] == values["inex_eval(compat=inex)"]
    assert option["inex_eval(compat=none)"] == values["inex_eval"]


def test_compat_counts_a_repeat_as_relevant_twice():
    q = _qrels()
    run = Run("r", {"1": Ranking.from_elements([("d0", "/article[1]"), ("d0", "/article[1]")])})
    ctx = EvalContext(quant="strict", collection_elements=6)
    got = evaluate(q, run, ["inex_eval", "inex_eval(compat=inex)"], ctx)
    values = got.set_index("measure").value
    points = np.arange(1, 101) / 100.0
    # default: the repeat is a non-relevant result; RePrec: two relevant results
    last = dict(rel=2.0, nonrel=3.0)  # d1, d2 relevant, d3-d5 not, in the last rank
    assert values["inex_eval"] == pytest.approx(precall(
        np.array([1.0, 0.0, last["rel"]]), np.array([0.0, 1.0, last["nonrel"]]), 3.0,
        points).mean())
    assert values["inex_eval(compat=inex)"] == pytest.approx(precall(
        np.array([1.0, 1.0, 1.0]), np.array([0.0, 0.0, 3.0]), 3.0, points,
        reading="reprec").mean())
    assert any("counted as relevant again" in w for w in ctx.warnings)


try:
    from hypothesis import given, settings, strategies as st
except ImportError:  # pragma: no cover
    given = None

if given is not None:
    ranks = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=12)

    @settings(max_examples=150, deadline=None)
    @given(ranks)
    def test_readings_agree_where_the_amount_is_whole(dist):
        rel = np.array([r for r, _ in dist], dtype=float)
        nonrel = np.array([j for _, j in dist], dtype=float)
        n = float(rel.sum())
        if n == 0:
            return
        points = np.arange(1, int(n) + 1) / n        # x·n = 1, 2, ..., n
        assert np.allclose(precall(rel, nonrel, n, points, reading="reprec"),
                           precall(rel, nonrel, n, points), atol=1e-12)

    @settings(max_examples=150, deadline=None)
    @given(ranks, st.floats(0.01, 1.0))
    def test_reprec_never_exceeds_one_and_needs_whole_items(dist, x):
        rel = np.array([r for r, _ in dist], dtype=float)
        nonrel = np.array([j for _, j in dist], dtype=float)
        n = float(rel.sum())
        if n == 0:
            return
        reprec = precall(rel, nonrel, n, np.array([x]), reading="reprec")[0]
        eq4 = precall(rel, nonrel, n, np.array([x]))[0]
        assert 0.0 <= reprec <= 1.0 + 1e-12
        assert reprec <= eq4 + 1e-12   # rounding up to whole items never makes the search shorter
