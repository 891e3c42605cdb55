"""Batched classic kernels: equal to the shared cumulated-gain kernel (cumgain.py) and to direct
transcriptions of seed 003 §2.1's formulas."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.judgements.qrels import Qrels
from sdreval.measures import MEASURES, EvalContext, evaluate
from sdreval.measures import cumgain
from sdreval.measures.classic import kernels
from sdreval.model.run import Ranking, Run

grades = st.sampled_from([0.0, 0.0, 0.0, 0.25, 0.5, 0.75, 1.0])


@st.composite
def lists(draw):
    """A few (gains, ideal) rows consistent with flat data: the run's positive gains are a
    sub-multiset of the ideal gains."""
    rows = []
    for _ in range(draw(st.integers(1, 5))):
        ideal = sorted(draw(st.lists(grades.filter(lambda g: g > 0), min_size=1, max_size=15)),
                       reverse=True)
        found = draw(st.lists(st.booleans(), min_size=len(ideal), max_size=len(ideal)))
        gains = [g for g, f in zip(ideal, found) if f] + [0.0] * draw(st.integers(0, 10))
        order = draw(st.permutations(range(len(gains))))
        rows.append((np.array([gains[i] for i in order]), np.array(ideal)))
    return rows


@settings(max_examples=80, deadline=None)
@given(lists(), st.sampled_from([0.1, 1.0, 10.0]))
def test_batched_q_equals_cumgain_q(rows, beta):
    G = kernels.pad([g for g, _ in rows])
    I = kernels.pad([i for _, i in rows])
    R = np.array([len(i) for _, i in rows])
    batched = kernels.q_measure(G, I, R, beta)
    for value, (g, i) in zip(batched, rows):
        assert value == pytest.approx(cumgain.q_measure(g, i, beta), abs=1e-12)


def direct(gains, ideal):
    """Seed 003 §2.1 transcribed literally, one rank at a time."""
    R = len(ideal)
    cg = count = 0.0
    gap = awp = 0.0
    for r, g in enumerate(gains, start=1):
        cg += g
        if g > 0:
            count += 1
            cig = sum(ideal[:r])
            gap += cg / r
            awp += cg / cig
    return gap / R, awp / R


@settings(max_examples=60, deadline=None)
@given(lists())
def test_gap_and_awp_match_the_formulas(rows):
    G = kernels.pad([g for g, _ in rows])
    I = kernels.pad([i for _, i in rows])
    R = np.array([len(i) for _, i in rows])
    gap = kernels.graded_average_precision(G, R)
    awp = kernels.average_weighted_precision(G, I, R)
    for k, (g, i) in enumerate(rows):
        want_gap, want_awp = direct(list(g), list(i))
        assert gap[k] == pytest.approx(want_gap, abs=1e-12)
        assert awp[k] == pytest.approx(want_awp, abs=1e-12)


def test_graded_and_binary_measures_differ_and_zero_relevant_scores_zero():
    G = kernels.pad([np.array([0.25, 0.0, 1.0])])
    I = kernels.pad([np.array([1.0, 0.25])])
    R = np.array([2])
    assert kernels.average_precision(G > 0, R)[0] == pytest.approx((1 + 2 / 3) / 2)
    assert kernels.graded_average_precision(G, R)[0] == pytest.approx((0.25 + 1.25 / 3) / 2)
    assert kernels.average_weighted_precision(G, I, R)[0] == pytest.approx(
        (0.25 / 1.0 + 1.25 / 1.25) / 2)
    assert kernels.precision_at(G > 0, 5)[0] == pytest.approx(2 / 5)
    assert kernels.r_precision(G > 0, R)[0] == pytest.approx(1 / 2)
    zero = kernels.average_precision(np.zeros((1, 3), bool), np.array([0]))
    assert zero[0] == 0.0


def flat_qrels_and_run(seed: int):
    rng = np.random.default_rng(seed)
    qrels = Qrels("inex2003")
    rankings = {}
    pairs = [(3, 3), (2, 3), (1, 2), (3, 1), (0, 0)]
    for t in ("1", "2", "3"):
        for d in range(40):
            e, s = pairs[rng.integers(0, 5)]
            qrels.add_element(t, f"d{d}", "/article[1]", float(e), float(s))
        docs = rng.choice(60, 30, replace=False)
        rankings[t] = Ranking.from_results([(f"d{d}", "/article[1]", -1, -1, i + 1, 30.0 - i)
                                            for i, d in enumerate(docs)])
    return qrels, Run("r", rankings)


@pytest.mark.skipif("Q" not in MEASURES, reason="XCG family has not registered Q yet")
@pytest.mark.parametrize("quant", ["gen", "sog", "strict"])
def test_xcg_q_on_flat_data_equals_classic_q(quant):
    """SPEC §8: on flat data every XCG setting of Q gives the classic Q-measure."""
    qrels, run = flat_qrels_and_run(3)
    topics = sorted(run.topics)
    from sdreval.measures.classic.definitions import topic_matrices
    G, I, _ = topic_matrices(qrels, run, topics, quant, EvalContext())
    R = np.count_nonzero(I > 0, axis=1)
    for beta in (1.0, 10.0):
        want = kernels.q_measure(G, I, R, beta)
        for setting in ("", ",overlap=off,ideal=full"):
            name = f"Q(quant={quant},beta={beta}{setting})"
            df = evaluate(qrels, run, [name], EvalContext())
            got = dict(zip(df.topic, df.value))
            np.testing.assert_allclose([got[t] for t in topics], want, atol=1e-9)


def test_repeated_relevant_result_counts_once_and_warns():
    qrels = Qrels("inex2003")
    qrels.add_element("1", "a", "/article[1]", 3.0, 3.0)
    qrels.add_element("1", "b", "/article[1]", 3.0, 3.0)
    keys = ["a", "a", "c", "b"]
    run = Run("r", {"1": Ranking.from_results([(d, "/article[1]", -1, -1, i + 1, 4.0 - i)
                                                for i, d in enumerate(keys)])})
    ctx = EvalContext(quant="strict")
    df = evaluate(qrels, run, ["AP", "P@2"], ctx)
    values = dict(zip(df.measure, df.value))
    assert values["AP"] == pytest.approx((1 + 2 / 4) / 2)
    assert values["P@2"] == pytest.approx(0.5)
    assert any("repeated relevant" in w for w in ctx.warnings)
