"""inex_eval (precall, seed 001 Eq. 1-5; SPEC §6)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.judgements.qrels import Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.measures.inex_eval import RECALL_POINTS, inex_eval_curve, precall, ranks_of
from sdreval.model.run import Ranking, Run

ROOT = "/article[1]"


def ranking(docs, rsv):
    return Ranking.from_results([(d, ROOT, -1, -1, i + 1, float(s))
                                 for i, (d, s) in enumerate(zip(docs, rsv))])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=40),
       st.sampled_from([1, 2, 4, 5, 10, 20, 25, 50]))
def test_binary_no_ties_is_precision_at_the_rank_of_the_kth_relevant(flags, n):
    """Binary relevance, strict order: at recall x = k/n, P(x) = k / rank of the k-th relevant."""
    found = sum(flags)
    if found > n:
        flags = list(flags)
        for i in reversed(range(len(flags))):  # keep at most n relevant results
            if found > n and flags[i]:
                flags[i] = False
                found -= 1
    qrels = Qrels("inex2003")
    docs = [f"d{i}" for i in range(len(flags))]
    for d, rel in zip(docs, flags):
        qrels.add_element("1", d, ROOT, 3.0 if rel else 1.0, 3.0 if rel else 1.0)
    for j in range(n - found):  # relevant elements the run misses
        qrels.add_element("1", f"missing{j}", ROOT, 3.0, 3.0)
    rsv = np.arange(len(flags), 0, -1)
    curve = inex_eval_curve(qrels, ranking(docs, rsv), "1", "strict",
                            collection_elements=1000)
    rel_ranks = np.flatnonzero(flags) + 1
    for k, rank in enumerate(rel_ranks, start=1):
        x = k / n
        idx = int(round(x * 100)) - 1
        assert RECALL_POINTS[idx] == pytest.approx(x)
        assert curve[idx] == pytest.approx(k / rank, rel=1e-12)


def hand_example():
    """A (non-rel) | B (rel), C, D tied | E (rel); F relevant, not retrieved; 20 elements."""
    qrels = Qrels("inex2003")
    for d in "ACD":
        qrels.add_element("7", d, ROOT, 1.0, 1.0)   # assessed, strict value 0
    for d in "BEF":
        qrels.add_element("7", d, ROOT, 3.0, 3.0)   # strict value 1
    return qrels, ranking(list("ABCDE"), [0.9, 0.5, 0.5, 0.5, 0.3])


def raghavan_by_hand(t: float) -> float:
    """Precall for the hand example at required mass t = x·n (n = 3), derived by hand.

    Ranks: {A} (nonrel 1), {B,C,D} (rel 1, nonrel 2), {E} (rel 1), last rank of the
    20 − 5 = 15 unretrieved elements (rel 1 = F, nonrel 14).
    NNR = Σ_{i<r} nonrel(i) + left·nonrel(r)/(rel(r)+1)."""
    if t <= 1:
        nnr = 1 + t * 2 / (1 + 1)
    elif t <= 2:
        nnr = 1 + 2 + (t - 1) * 0 / (1 + 1)
    else:
        nnr = 1 + 2 + 0 + (t - 2) * 14 / (1 + 1)
    return t / (t + nnr)


def test_worked_example_with_ties_by_hand():
    qrels, run = hand_example()
    curve = inex_eval_curve(qrels, run, "7", "strict", collection_elements=20)
    expected = np.array([raghavan_by_hand(3 * x) for x in RECALL_POINTS])
    np.testing.assert_allclose(curve, expected, rtol=1e-12)
    ctx = EvalContext(quant="strict", collection_elements=20)
    df = evaluate(qrels, Run("r", {"7": run}), ["inex_eval"], ctx)
    assert df.value.iloc[0] == pytest.approx(expected.mean(), rel=1e-12)


def test_seed_typo_denominator_is_not_the_rank_number():
    """Seed 001 Eq. 5 prints ``left·nonrel(r)/r``; the rank number r = 2 would give the same as
    rel+1 = 2 in rank 2 of the hand example, but differs in the last rank (r = 4 vs 2)."""
    qrels, run = hand_example()
    curve = inex_eval_curve(qrels, run, "7", "strict", collection_elements=20)
    t = 3.0
    typo = t / (t + 3 + (t - 2) * 14 / 4)
    assert curve[-1] == pytest.approx(raghavan_by_hand(t))
    assert abs(curve[-1] - typo) > 0.05


def test_graded_mass_in_a_tied_rank():
    """rel(r) is the quantised mass of the rank: gen values 0.75 and 0.25 tied with 2 non-rel."""
    rel, nonrel = ranks_of(np.array([0.75, 0.0, 0.25, 0.0, 1.0]), np.array([2, 2, 2, 2, 1]))
    np.testing.assert_allclose(rel, [1.0, 1.0])
    np.testing.assert_allclose(nonrel, [2, 0])
    p = precall(rel, nonrel, 2.0, np.array([0.25, 1.0]))
    # x = .25: t = .5 in rank 1: NNR = .5·2/(1+1) = .5 -> .5/1; x = 1: t = 2, rank 2: NNR = 2
    np.testing.assert_allclose(p, [0.5 / (0.5 + 0.5), 2 / (2 + 2)])


def test_last_rank_from_collection_and_pool_default_warns():
    qrels, run = hand_example()
    ctx = EvalContext(quant="strict")
    pooled = inex_eval_curve(qrels, run, "7", ctx=ctx)
    assert any("collection size unknown" in w for w in ctx.warnings)
    # pool default: last rank = assessed elements not retrieved = {F}: 1 rel, 0 nonrel
    assert pooled[-1] == pytest.approx(3 / (3 + 3))
    bigger = inex_eval_curve(qrels, run, "7", "strict", collection_elements=1000)
    assert bigger[-1] < pooled[-1]
    ctx2 = EvalContext(quant="strict", collection_elements=20)
    df = evaluate(qrels, Run("r", {"7": run}), ["inex_eval", "inex_eval(elements=1000)"], ctx2)
    assert df.value.iloc[0] > df.value.iloc[1]


def test_empty_ranking_scores_low_but_defined():
    qrels, _ = hand_example()
    curve = inex_eval_curve(qrels, Ranking.empty(), "7", "strict", collection_elements=20)
    assert np.all(np.isfinite(curve)) and curve.max() < 0.2


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from([(0, 0), (1, 1), (2, 3), (3, 3), (3, 1)]), min_size=1,
                max_size=25),
       st.lists(st.integers(0, 3), min_size=25, max_size=25))
def test_precall_bounded_and_perfect_strict_run_scores_one(assessments, rsv_levels):
    qrels = Qrels("inex2003")
    docs = [f"d{i}" for i in range(len(assessments))]
    for d, (e, s) in zip(docs, assessments):
        qrels.add_element("1", d, ROOT, float(e), float(s))
    rsv = sorted(rsv_levels[:len(docs)], reverse=True)
    curve = inex_eval_curve(qrels, ranking(docs, rsv), "1", "gen", collection_elements=100)
    assert np.all((curve >= 0) & (curve <= 1 + 1e-12))
    relevant = [d for d, (e, s) in zip(docs, assessments) if e == 3 and s == 3]
    if relevant:  # strict relevant elements first, strictly ordered: precision 1 everywhere
        perfect = inex_eval_curve(qrels, ranking(relevant, range(len(relevant), 0, -1)), "1",
                                  "strict", collection_elements=100)
        np.testing.assert_allclose(perfect, 1.0)
