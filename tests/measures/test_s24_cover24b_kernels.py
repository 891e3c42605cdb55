"""Measure paths no other test reached (session 24 coverage): each value is worked out by
hand from the definition, in the test."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from sdreval.data import ali_consens_lalmas_2012 as S
from sdreval.data import example_path
from sdreval.judgements.qrels import Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.measures.cumgain import gain_recall, nxcg, xcg, xci
from sdreval.measures.exact import ExactSum, exact_sum, exact_sums
from sdreval.measures.passage.focused import (focused_blocks, focused_from_cumulative,
                                              levels_of)
from sdreval.measures.segments import segmented_cumsum
from sdreval.model.navigation import ExplicitNavigation
from sdreval.model.run import Ranking, Run

ROOT = "/article[1]"


def _values(table) -> dict[tuple[str, str], float]:
    return {(t, m): v for t, m, v in zip(table.topic, table.measure, table.value)}


# --- inex_eval_ng on the INEX 2005 scale (Gövert et al. 2006, Eq. 6-9) -----------------------

def _ng_2005():
    """Three one-element documents of 100 characters: d0 (e=2, s=1), d1 (e=1, s=0.5),
    d2 (e=?, too small, stored -1; s=1); ranked d1, d0, d2."""
    q = Qrels("inex2005")
    q.add_element("1", "d0", ROOT, 2.0, 1.0, size=100)
    q.add_element("1", "d1", ROOT, 1.0, 0.5, size=100)
    q.add_element("1", "d2", ROOT, -1.0, 1.0, size=100)
    ranking = Ranking.from_results([(d, ROOT, -1, -1, i + 1, float(3 - i))
                                    for i, d in enumerate(["d1", "d0", "d2"])])
    return q, Run("r", {"1": ranking})


@pytest.mark.parametrize("quant, expected, warned", [
    # gen: rel = e/2 (? -> 0) = 0.5, 1, 0; cov = s = 0.5, 1, 1; Σ rel(d) = 1.5.
    # recall 1/3, 1, 1; precision (cov·size summed / size summed) 50/100, 150/200, 250/300:
    # the interpolated precision at every recall point 0.01..1 is max(.5, .75, 5/6) = 5/6
    (None, 5 / 6, False), ("gen5", 5 / 6, False),
    # a quantisation without a gen/strict pair: gen, said in a warning
    ("anyrel", 5 / 6, True),
    # strict: rel = [e == 2] = 0, 1, 0; cov = [s >= 1] = 0, 1, 1; Σ rel(d) = 1.
    # recall 0, 1, 1; precision 0, 100/200, 200/300: iP = 2/3 at every point
    ("strict", 2 / 3, False)])
def test_inex_eval_ng_inex2005_scale_and_quant_from_context(quant, expected, warned):
    q, run = _ng_2005()
    ctx = EvalContext(quant=quant)
    got = _values(evaluate(q, [run], ["inex_eval_ng", "inex_eval_ng(variant=s)"], ctx))
    # disjoint documents: no overlap, so the o and s variants agree
    assert got[("1", "inex_eval_ng")] == pytest.approx(expected, abs=1e-12)
    assert got[("1", "inex_eval_ng(variant=s)")] == pytest.approx(expected, abs=1e-12)
    assert any("has no relevance/coverage pair" in w for w in ctx.warnings) == warned


# --- PRUM family with a cut-off, and MAEPRUM (Ali, Consens & Lalmas 2012, Table 9) ------------

def test_prum_cutoff_and_mean_eprum_on_table9():
    """Run e3, e1, e4; ideal e3, e4; e1 ⇝ e4 with probability 0.2 (Table 9)."""
    q = Qrels("inex2005")
    for node in S.PRUM_EXAMPLE["ideal"]:
        q.add_element("t", S.DOC, S.path(node), 2, 1.0, 10.0)
    run = Run("r", {"t": Ranking.from_elements([(S.DOC, S.path(n))
                                                 for n in S.PRUM_EXAMPLE["run"]])})
    nav = ExplicitNavigation()
    for (f, t), p in S.PRUM_EXAMPLE["navigation"].items():
        nav.set(S.DOC, S.path(f), S.path(t), p)
    got = _values(evaluate(q, [run], ["MAEPRUM", "MAEPRUM@2", "PRUM@1", "PRUM@2", "EPRUM@2"],
                           EvalContext(navigation=nav)))
    # EPRUM at level 1: rank 1 is e3, min_S = min_I = 1 -> 1.  At level 2: min_I = 2,
    # P(min_S = 2) = 0.2, P(min_S = 3) = 0.8 -> 0.2·2/2 + 0.8·2/3.  MAEPRUM: their mean
    assert got[("t", "MAEPRUM")] == pytest.approx((1 + 0.2 + 0.8 * 2 / 3) / 2)
    # @2 (e3, e1): level 2 is reached at rank 2 with 0.2, never otherwise (contributes 0)
    assert got[("t", "MAEPRUM@2")] == pytest.approx((1 + 0.2) / 2)
    assert got[("t", "EPRUM@2")] == pytest.approx(0.2)
    # PRUM@2, 2 desired: E[C] = 1 + 1 (rank 2 is always consulted), E[CL] = 1 + 0.2
    assert got[("t", "PRUM@2")] == pytest.approx(1.2 / 2)
    # PRUM@1: only e3 consulted, useful: 1/1
    assert got[("t", "PRUM@1")] == pytest.approx(1.0)


# --- ESR: graded relevance, an empty ranking, a repeated result (Ali et al. 2012) ------------

def _esr_qrels():
    q = Qrels("inex2005")
    q.add_element("t", "d0", ROOT, 2, 1.0, 10.0)  # gen5: e·s/2 = 1
    q.add_element("t", "d1", ROOT, 1, 0.5, 10.0)  # gen5: 0.25
    q.add_element("u", "d0", ROOT, 2, 1.0, 10.0)
    return q


def test_esr_graded_relevance_and_empty_ranking():
    run = Run("r", {"t": Ranking.from_elements([("d1", ROOT), ("d0", ROOT)]),
                    "u": Ranking.from_elements([])})
    got = _values(evaluate(_esr_qrels(), [run],
                           ["ESRP(rel=graded,nav=none)@1", "ESRP(rel=graded,nav=none)@3",
                            "ESRR(rel=graded,nav=none)@1", "MASRiP", "MASRiP2@2", "MAESRP"],
                           EvalContext(quant="gen5")))
    # Eq. 13: E[Hits, R_k]/k with rel = the quantised value: 0.25/1, (0.25 + 1)/3
    assert got[("t", "ESRP(rel=graded,nav=none)@1")] == pytest.approx(0.25)
    assert got[("t", "ESRP(rel=graded,nav=none)@3")] == pytest.approx(1.25 / 3)
    # Eq. 14: 0.25 of a recall-base of 1.25
    assert got[("t", "ESRR(rel=graded,nav=none)@1")] == pytest.approx(0.2)
    # length: 5 and 10 relevant characters of 10 each; SRiP 5/10 at recall 1/3, 15/20 at
    # recall 1: the interpolated precision is 0.75 at every one of the 101 points
    assert got[("t", "MASRiP")] == pytest.approx(0.75)
    assert got[("t", "MASRiP2@2")] == pytest.approx(0.75)
    assert got[("t", "MAESRP")] == pytest.approx(1.0)  # both results relevant
    for m in ("ESRP(rel=graded,nav=none)@1", "MASRiP", "MASRiP2@2", "MAESRP"):
        assert got[("u", m)] == 0.0  # nothing retrieved, something relevant


def test_esr_repeated_result_gains_nothing_and_is_said():
    run = Run("r2", {"t": Ranking.from_elements([("d0", ROOT), ("d0", ROOT), ("d1", ROOT)])})
    ctx = EvalContext(quant="gen5")
    got = _values(evaluate(_esr_qrels(), [run], ["ESRP(nav=none)@3", "ESRR(nav=none)@2"], ctx))
    assert got[("t", "ESRP(nav=none)@3")] == pytest.approx(2 / 3)  # hits at ranks 1 and 3
    assert got[("t", "ESRR(nav=none)@2")] == pytest.approx(1 / 2)
    assert any("repeats results (1 in topic t)" in w for w in ctx.warnings)


# --- the cumulated-gain formulas (Kazai & Lalmas 2006, Eq. 4, 5, 14) --------------------------

def test_cumulated_gain_formulas_by_hand():
    gains, ideal = [0.5, 0.0, 0.25], [1.0, 0.5, 0.25, 0.25]
    assert xcg(gains, 2) == 0.5 and xcg(gains, 9) == 0.75  # constant past the run's end
    assert xci(ideal, 3) == 1.75
    assert nxcg(gains, ideal, 2) == pytest.approx(float(Fraction(1, 2) / Fraction(3, 2)))
    assert nxcg(gains, [0.0], 1) == 0.0  # xCI = 0
    # gr[i] = xCG[i] / xCI[n], xCI[n] = 2
    np.testing.assert_array_equal(gain_recall(gains, ideal), [0.25, 0.25, 0.375])
    np.testing.assert_array_equal(gain_recall(gains, [0.0]), [0.0, 0.0, 0.0])


# --- Focused iP under --compat inex_eval at a level that is no whole percent -----------------

def test_focused_compat_level_between_percents():
    """Topic A of the worked example: passages of 20, 10, 40 characters with 10, 0, 30
    relevant, 50 relevant in all: P = 1/2, 1/3, 4/7 at recall 0.2, 0.2, 0.8."""
    cum_gain = np.array([10, 10, 40], dtype=np.int64)
    cum_size = np.array([20, 30, 70], dtype=np.float64)
    levels = levels_of((0.005, 0.205, 0.85))
    assert focused_blocks(cum_gain, cum_size, np.array([0, 3]), np.array([0]), np.array([50]),
                          levels, True) is None  # such levels go topic by topic
    ip, maip = focused_from_cumulative(cum_gain, cum_size, 50, levels, True, True)
    assert ip.tolist() == [4 / 7, 4 / 7, 0.0]
    assert maip == pytest.approx(81 * (4 / 7) / 101, abs=1e-15)  # 0.00..0.80 reach 4/7


def test_focused_blocks_refuse_a_key_that_could_overflow():
    """A billion relevant characters and a level of denominator 10**9: the folded key would
    pass 2**62, so the blocks give up and the topic-by-topic values stand."""
    cum_gain = np.full(5, 10**9, dtype=np.int64)  # five topics of one passage each
    cum_size = np.array([2 * 10**9] * 5, dtype=np.float64)
    levels = levels_of((0.123456789,))
    bounds, chosen, totals = np.arange(6), np.arange(5), np.full(5, 10**9)
    # the key's width is 10**9 · 10**9 + 1 per topic: 5 topics pass 2**62 ≈ 4.6·10**18
    assert focused_blocks(cum_gain, cum_size, bounds, chosen, totals, levels, False) is None
    ip, _ = focused_from_cumulative(cum_gain[:1], cum_size[:1], 10**9, levels, False, True)
    assert ip.tolist() == [0.5]  # recall 1 at rank 1, precision 10**9 / (2·10**9)


# --- exact sums: segments too uneven to pad, and infinities ----------------------------------

def test_segmented_cumsum_of_uneven_segments_restarts_each_segment():
    """One segment of 1,500 values and 2,000 of one: a padded matrix would be 3 million
    cells, so each segment is summed alone; the same values as np.cumsum on each."""
    rng = np.random.default_rng(3)
    sizes = [1500] + [1] * 2000
    values = rng.random(sum(sizes))
    bounds = np.concatenate(([0], np.cumsum(sizes)))
    got = segmented_cumsum(values, bounds)
    expected = np.concatenate([np.cumsum(values[a:b]) for a, b in zip(bounds[:-1], bounds[1:])])
    np.testing.assert_array_equal(got, expected)


def test_exact_sums_with_an_infinity_follow_ieee():
    (inf_sum,) = exact_sums(np.array([math.inf, 1.0]), np.array([0, 0]), 1)
    finite = exact_sum(np.array([2.0, 3.0]))
    for total in (finite + inf_sum, inf_sum + finite):  # either order
        assert total.total() == math.inf and total.count == 4 and total.mean() == math.inf
    (neg,) = exact_sums(np.array([-math.inf]), np.array([0]), 1)
    assert math.isnan((inf_sum + neg).total())  # inf + -inf
    assert (ExactSum() + finite).total() == 5.0


def test_relfrac_without_a_document_length_is_refused(tmp_path):
    """relfrac grades a relevant document relchars/doclen: doclen 0 gives no grade."""
    from sdreval.errors import UsageError
    from sdreval.io import read_qrels, read_run

    (tmp_path / "q.fol").write_text("1 Q0 a 50 0 0:50\n")
    (tmp_path / "r.run").write_text("1 Q0 a 1 3 r\n")
    with pytest.warns(Warning, match="passage 0:50 reaches beyond doclen 0"):
        qrels = read_qrels(tmp_path / "q.fol")
    run = read_run(tmp_path / "r.run")
    with pytest.raises(UsageError, match="quant=relfrac needs the document length"):
        evaluate(qrels, [run], ["AP(quant=relfrac)"], EvalContext())
    assert evaluate(qrels, [run], ["AP"], EvalContext()).value.tolist() == [1.0]  # binary


@pytest.mark.parametrize("compat", [None, "inex"])
def test_xcg_curves_cover_the_topics_of_the_measures(compat):
    """Topic 2 holds only an (e=1, s=1) element, nothing under strict: its nxCG is NaN and out
    of the mean, or 0 and in it under --compat inex; the curve's topics are the same."""
    from sdreval.measures.xcg import ep_gr_curve, nxcg_curve

    q = Qrels("inex2003")
    q.add_element("1", "d", ROOT, 3, 3)
    q.add_element("2", "e", ROOT, 1, 1)
    run = Run("r", {"1": Ranking.from_elements([("d", ROOT)]),
                    "2": Ranking.from_elements([("e", ROOT)])})
    ctx = EvalContext(quant="strict", compat=compat)
    measured = _values(evaluate(q, [run], ["nxCG(quant=strict)@2"], ctx))
    curve = nxcg_curve(q, run, max_rank=2, ctx=ctx, quant="strict")
    ep = ep_gr_curve(q, run, points=[0.5, 1.0], ctx=ctx, quant="strict")
    expected_topics = {"1", "all"} | ({"2"} if compat else set())
    assert set(curve.topic) == set(ep.topic) == expected_topics
    assert math.isnan(measured[("2", "nxCG(quant=strict)@2")]) == (compat is None)
    mean = 1.0 if compat is None else 0.5  # topic 1 scores 1; topic 2, when in, 0
    assert curve[curve.topic == "all"].nxCG.tolist() == [mean, mean]
    assert ep[ep.topic == "all"].ep.tolist() == [mean, mean]


def test_eprum_proximity_on_best_entry_points(tmp_path):
    """FOL qrels: document a, best entry point at 100.  Passages at 90 and 100: with A = 10,
    P(x ⇝ bep) = A/(A + d) = 10/20 and 1 (Ali, Consens & Lalmas 2012, §7.3)."""
    import warnings

    from sdreval.errors import UsageError
    from sdreval.io import read_collection, read_qrels, read_run

    (tmp_path / "q.fol").write_text("1 Q0 a 50 1000 100 100:50\n")
    (tmp_path / "r.run").write_text("1 Q0 a 1 2.0 r 90 20\n1 Q0 a 2 1.0 r 100 20\n")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the two passages overlap (said, allowed)
        qrels, run = read_qrels(tmp_path / "q.fol"), read_run(tmp_path / "r.run")
    got = _values(evaluate(qrels, [run], ["EPRUM(A=10)", "EPRUM(A=10)@1", "PRUM(A=10)",
                                          "MAEPRUM(A=10)"], EvalContext()))
    # one ideal unit: P(min_S = 1) = 0.5, P(min_S = 2) = 0.5 -> 0.5·1/1 + 0.5·1/2
    assert got[("1", "EPRUM(A=10)")] == pytest.approx(0.75)
    assert got[("1", "MAEPRUM(A=10)")] == pytest.approx(0.75)  # one level only
    assert got[("1", "EPRUM(A=10)@1")] == pytest.approx(0.5)
    # PRUM: E[C] = 1 + 0.5, E[CL] = 0.5 + 0.5
    assert got[("1", "PRUM(A=10)")] == pytest.approx(1 / 1.5)
    # an element run on best entry points: the proximity model only, at known positions
    root = example_path("synthetic")
    collection = read_collection(root / "docs")
    fol = read_qrels(root / "qrels.fol")
    (tmp_path / "e.run").write_text("1 Q0 doc0002 1 2.0 r /article[1]/sec[99]\n")
    elements = read_run(tmp_path / "e.run")
    with pytest.raises(UsageError, match="best entry points need the proximity model; give A"):
        evaluate(fol, [elements], ["EPRUM"], EvalContext(collection=collection))
    # an element the collection cannot place scores nothing, said in a warning (the passage
    # measures' rule for results they cannot convert; --strict refuses)
    ctx = EvalContext(collection=collection)
    table = evaluate(fol, [elements], ["EPRUM(A=10)"], ctx)
    assert table["value"].tolist() == [0.0]
    assert any("doc0002 /article[1]/sec[99]" in w and "score nothing" in w
               for w in ctx.warnings)


def test_prum_scenarios_skip_a_scenario_whose_probability_underflows():
    """Two navigations of probability 1e-200: both happening has probability 1e-400, 0 in
    double precision; the other three scenarios carry the whole probability."""
    from sdreval.measures.esr import prum as P

    scenarios = P.prum_scenarios(np.array([[1e-200], [1e-200]]), 1)
    assert len(scenarios) <= 3
    assert sum(s.probability for s in scenarios) == pytest.approx(1.0)
    with pytest.raises(Exception, match="A must be positive"):
        P.proximity(np.array([1.0]), 0.0)


def test_an_empty_ranking_scores_zero_in_every_family(tmp_path):
    """A topic answered with no result (possible through the API) retrieves nothing
    relevant: 0 under every measure, beside a topic where the one result is all there is."""
    from sdreval.io import read_qrels

    q = Qrels("inex2003")
    q.add_element("1", "d", ROOT, 3, 3)
    q.add_element("2", "e", ROOT, 3, 3)
    run = Run("r", {"1": Ranking.from_elements([("d", ROOT)]), "2": Ranking.from_elements([])})
    element_measures = ["inex_eval", "inex_eval(compat=inex)", "MAep", "nxCG@2", "map", "Q"]
    got = _values(evaluate(q, [run], element_measures, EvalContext(quant="strict")))
    for m in element_measures:
        assert (got[("1", m)], got[("2", m)]) == (1.0, 0.0), m
    (tmp_path / "q.fol").write_text("1 Q0 a 50 100 0 0:50\n2 Q0 a 50 100 0 0:50\n")
    passages = Run("p", {"1": Ranking.from_results([("a", None, 0, 50, 1, 1.0)]),
                         "2": Ranking.from_results([])}, unit="passage")
    passage_measures = ["HiXiP@5", "HiXiR@5", "MAiP", "MAgP", "SpanR@5"]
    got = _values(evaluate(read_qrels(tmp_path / "q.fol"), [passages], passage_measures,
                           EvalContext()))
    for m in passage_measures:
        assert (got[("1", m)], got[("2", m)]) == (1.0, 0.0), m


@pytest.mark.parametrize("judged, ranked", [((5, 7), ("7", "5", "9")),
                                            (("5", "7"), ("7", "5", "9"))])
def test_document_ids_given_as_numbers_are_their_text(judged, ranked):
    """Judgements built through the API with integer ids match the run's ids by their text
    (as trec_eval compares ids): 5 relevant at rank 2, 7 judged non-relevant at rank 1."""
    q = Qrels("graded")
    q.add_element("1", judged[0], ROOT, 1, 1)
    q.add_element("1", judged[1], ROOT, 0, 0)
    run = Run("r", {"1": Ranking.from_elements([(d, ROOT) for d in ranked])})
    got = _values(evaluate(q, [run], ["map", "P@2", "ndcg", "Judged@3"], EvalContext()))
    assert got[("1", "map")] == 0.5  # 1/2 at rank 2, one relevant
    assert got[("1", "P@2")] == 0.5
    assert got[("1", "ndcg")] == pytest.approx(1 / math.log2(3))  # ideal DCG 1
    assert got[("1", "Judged@3")] == pytest.approx(2 / 3)


def test_esr_on_highlighted_passages_by_hand(tmp_path):
    """Document x: <article><sec>10 chars</sec><sec>10 chars</sec></article>, characters
    5..15 highlighted: article 10 of 20, each sec 5 of 10.  Relevance of an element: binary
    1, graded the highlighted fraction 1/2, length its highlighted characters (Ali, Consens
    & Lalmas 2012, §6.2).  Run: sec[1], then the article; no navigation."""
    from sdreval.io import read_collection, read_qrels, read_run

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "x.xml").write_text(
        "<article><sec>aaaaaaaaaa</sec><sec>bbbbbbbbbb</sec></article>")
    (tmp_path / "q.fol").write_text("1 Q0 x 10 20 5 5:10\n")
    (tmp_path / "r.run").write_text("1 Q0 x 1 2.0 r /article[1]/sec[1]\n"
                                    "1 Q0 x 2 1.0 r /article[1]\n")
    collection = read_collection(tmp_path / "docs")
    assert collection["x"].start.tolist() == [0, 0, 10]
    measures = [f"{m}(rel={rel},nav=none)@{k}" for rel in ("binary", "graded", "length")
                for m in ("ESRP", "ESRR") for k in (1, 2)]
    got = _values(evaluate(read_qrels(tmp_path / "q.fol"), [read_run(tmp_path / "r.run")],
                           measures, EvalContext(collection=collection)))
    expected = {  # E[Hits]/k (Eq. 13) and E[Hits]/recall-base of all three (Eq. 14)
        "binary": (1 / 1, 2 / 2, 1 / 3, 2 / 3),
        "graded": (0.5 / 1, 1.0 / 2, 0.5 / 1.5, 1.0 / 1.5),
        "length": (5 / 1, 15 / 2, 5 / 20, 15 / 20)}
    for rel, (p1, p2, r1, r2) in expected.items():
        assert [got[("1", f"{m}(rel={rel},nav=none)@{k}")]
                for m, k in (("ESRP", 1), ("ESRP", 2), ("ESRR", 1), ("ESRR", 2))] == \
            pytest.approx([p1, p2, r1, r2]), rel


def test_esr_on_passages_judged_non_relevant(tmp_path):
    """Document y judged non-relevant (no highlight): its article gains nothing; topic 2,
    judging y only, has nothing relevant and is left out, said in a warning."""
    from sdreval.io import read_collection, read_qrels, read_run

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "x.xml").write_text(
        "<article><sec>aaaaaaaaaa</sec><sec>bbbbbbbbbb</sec></article>")
    (tmp_path / "docs" / "y.xml").write_text("<article><sec>cccccccccc</sec></article>")
    (tmp_path / "q.fol").write_text("1 Q0 x 10 20 5 5:10\n1 Q0 y 0 10\n2 Q0 y 0 10\n")
    (tmp_path / "r.run").write_text("1 Q0 x 1 2.0 r /article[1]/sec[1]\n"
                                    "1 Q0 y 2 1.5 r /article[1]\n1 Q0 x 3 1.0 r /article[1]\n"
                                    "2 Q0 y 1 1.0 r /article[1]\n")
    ctx = EvalContext(collection=read_collection(tmp_path / "docs"))
    got = _values(evaluate(read_qrels(tmp_path / "q.fol"), [read_run(tmp_path / "r.run")],
                           ["ESRP(nav=none)@3", "ESRR(nav=none)@3"], ctx))
    # hits at ranks 1 and 3 of 3; 2 of the 3 relevant trees of x (article, sec[1], sec[2])
    assert got == {("1", "ESRP(nav=none)@3"): pytest.approx(2 / 3),
                   ("1", "ESRR(nav=none)@3"): pytest.approx(2 / 3)}
    assert any(w.startswith("1 qrels topic(s) with nothing relevant left out of means: 2 (")
               for w in ctx.warnings)
