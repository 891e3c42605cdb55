"""Span measures: hand-worked examples, agreement with plain character-set definitions,
Chroma's chunking evaluation on rankings without overlap, parameter validation."""
from __future__ import annotations

import numpy as np
import pytest

from sdreval.errors import UsageError
from sdreval.io.spans import span_qrels_from_frame, span_run_from_frame
from sdreval.measures import EvalContext, evaluate
from sdreval.measures.span import reference as ref

# random rankings hold empty spans on purpose: their warning is expected
pytestmark = pytest.mark.filterwarnings("ignore::sdreval.io.textlines.InputWarning")


def _qrels(gold, topic="q"):
    return span_qrels_from_frame([{"query_id": topic, "doc_id": d, "start": s, "end": e,
                                   "relevance": 1} for d, s, e in gold])


def _run(ranking, topic="q", name="r"):
    n = len(ranking)
    return span_run_from_frame([{"query_id": topic, "doc_id": d, "start": s, "end": e,
                                 "score": float(n - i)} for i, (d, s, e) in enumerate(ranking)],
                               name)


def scores(gold, ranking, measures):
    table = evaluate(_qrels(gold), _run(ranking), measures, EvalContext())
    return dict(zip(table.measure, table.value))


# One topic worked by hand.  Gold: d1 [10, 20) and d2 [0, 5): |G| = 15.
# Ranking: s1 = d3 [0, 15) (nothing relevant), s2 = d1 [0, 15), s3 = d1 [5, 25).
GOLD = [("d1", 10, 20), ("d2", 0, 5)]
RANKING = [("d3", 0, 15), ("d1", 0, 15), ("d1", 5, 25)]


def test_set_measures_by_hand():
    got = scores(GOLD, RANKING, ["SpanP@1", "SpanP@2", "SpanP", "SpanR@2", "SpanR",
                                 "SpanF", "SpanF(beta=2)", "SpanIoU@2", "SpanIoU"])
    # Ret_2 = d3[0,15) ∪ d1[0,15): 30 chars, 5 relevant; Ret_3 adds d1[15,25): 40, 10 relevant
    assert got["SpanP@1"] == 0.0
    assert got["SpanP@2"] == pytest.approx(5 / 30)
    assert got["SpanP"] == pytest.approx(10 / 40)  # not 10/50: d1[5,15) counted once
    assert got["SpanR@2"] == pytest.approx(5 / 15)
    assert got["SpanR"] == pytest.approx(10 / 15)
    p, r = 10 / 40, 10 / 15
    assert got["SpanF"] == pytest.approx(2 * p * r / (p + r))
    assert got["SpanF(beta=2)"] == pytest.approx(5 * p * r / (4 * p + r))
    assert got["SpanIoU@2"] == pytest.approx(5 / (30 + 15 - 5))
    assert got["SpanIoU"] == pytest.approx(10 / 45)


def test_budget_by_hand():
    got = scores(GOLD, RANKING, ["SpanR(budget=20)", "SpanR(budget=27)", "SpanP(budget=27)",
                                 "SpanIoU(budget=27)", "SpanR(budget=1000)",
                                 "SpanP(budget=27)@1"])
    # first 20 new characters: d3[0,15) and d1[0,5): nothing relevant
    assert got["SpanR(budget=20)"] == 0.0
    # first 27: d3[0,15), d1[0,12) -> relevant d1[10,12) = 2 characters
    assert got["SpanR(budget=27)"] == pytest.approx(2 / 15)
    assert got["SpanP(budget=27)"] == pytest.approx(2 / 27)
    assert got["SpanIoU(budget=27)"] == pytest.approx(2 / (27 + 15 - 2))
    assert got["SpanR(budget=1000)"] == pytest.approx(10 / 15)
    assert got["SpanP(budget=27)@1"] == 0.0  # only s1 may be used: 15 characters, none relevant


def test_coverage_threshold_by_hand():
    got = scores(GOLD, RANKING, ["SpanHit@2", "SpanHit(tau=0.5)@2", "SpanHit(tau=0.5)@1",
                                "SpanRR", "SpanRR(tau=0.5)", "SpanRR(tau=0.5)@1",
                                "SpanRecallUnits", "SpanRecallUnits(tau=0.5)@2",
                                "SpanRecallUnits@2"])
    # d1[10,20): 5 of 10 characters at rank 2, all 10 at rank 3; d2 never retrieved
    assert got["SpanHit@2"] == 0.0
    assert got["SpanHit(tau=0.5)@2"] == 1.0
    assert got["SpanHit(tau=0.5)@1"] == 0.0
    assert got["SpanRR"] == pytest.approx(1 / 3)
    assert got["SpanRR(tau=0.5)"] == pytest.approx(1 / 2)
    assert got["SpanRR(tau=0.5)@1"] == 0.0
    assert got["SpanRecallUnits"] == pytest.approx(1 / 2)
    assert got["SpanRecallUnits(tau=0.5)@2"] == pytest.approx(1 / 2)
    assert got["SpanRecallUnits@2"] == 0.0


def test_charmap_by_hand():
    got = scores(GOLD, RANKING, ["CharMAP"])
    # positions 1-25 not relevant (d3[0,15), d1[0,10)); d1[10,15) at positions 26-30 with 1-5
    # relevant so far; rank 3 adds d1[15,20) at 31-35 (relevant 6-10), then d1[20,25)
    expected = (sum(i / (25 + i) for i in range(1, 6))
                + sum((5 + i) / (30 + i) for i in range(1, 6))) / 15
    assert got["CharMAP"] == pytest.approx(expected, rel=1e-12)


def test_charmap_rereading_is_not_counted_again():
    # the second span re-retrieves d[0,10) (skipped) and adds d[10,14) of which 10-12 relevant
    got = scores([("d", 0, 12)], [("d", 0, 10), ("d", 0, 14)], ["CharMAP"])
    assert got["CharMAP"] == pytest.approx(12 / 12)  # every relevant character at precision 1
    got = scores([("d", 5, 10)], [("d", 0, 10)], ["CharMAP"])
    assert got["CharMAP"] == pytest.approx(sum(i / (5 + i) for i in range(1, 6)) / 5)


def test_topics_without_gold_are_nan_and_unanswered_score_zero():
    qrels = span_qrels_from_frame([
        {"query_id": "a", "doc_id": "d", "start": 0, "end": 10, "relevance": 1},
        {"query_id": "b", "doc_id": "d", "start": 0, "end": 10, "relevance": 0},
        {"query_id": "c", "doc_id": "d", "start": 0, "end": 4, "relevance": 1}])
    run = span_run_from_frame([{"query_id": "a", "doc_id": "d", "start": 0, "end": 5,
                                "score": 1}])
    table = evaluate(qrels, run, ["SpanR", "CharMAP", "SpanRR"], EvalContext(),
                     all_topics=True)
    by = {(m, t): v for m, t, v in zip(table.measure, table.topic, table.value)}
    assert by[("SpanR", "a")] == 0.5 and by[("SpanR", "c")] == 0.0
    assert ("SpanR", "b") not in by  # nothing relevant: out of the mean


def _random_case(rng):
    docs = ["a", "b", "c"]
    gold = []
    for _ in range(rng.integers(1, 4)):
        s = int(rng.integers(0, 60))
        gold.append((str(rng.choice(docs)), s, s + int(rng.integers(1, 25))))
    ranking = []
    for _ in range(rng.integers(0, 9)):
        s = int(rng.integers(0, 70))
        ranking.append((str(rng.choice(docs)), s, s + int(rng.integers(0, 30))))
    return gold, ranking


@pytest.mark.parametrize("seed", range(40))
def test_agrees_with_character_set_definitions(seed):
    rng = np.random.default_rng(seed)
    gold, ranking = _random_case(rng)
    k = int(rng.integers(1, 6))
    budget = int(rng.integers(1, 80))
    tau = float(rng.choice([0.1, 0.5, 0.75, 1.0]))
    names = [f"SpanP@{k}", "SpanR", f"SpanF(beta=0.5)@{k}", "SpanIoU", f"SpanR(budget={budget})",
             f"SpanP(budget={budget})@{k}", f"SpanIoU(budget={budget})",
             f"SpanHit(tau={tau})@{k}", f"SpanRR(tau={tau})", f"SpanRecallUnits(tau={tau})",
             "CharMAP"]
    if not ranking:
        return
    got = scores(gold, ranking, names)
    exp_k = ref.set_measures(gold, ranking, k, beta=0.5)
    exp_all = ref.set_measures(gold, ranking)
    exp_b = ref.set_measures(gold, ranking, budget=budget)
    exp_bk = ref.set_measures(gold, ranking, k, budget=budget)
    units_k = ref.unit_measures(gold, ranking, tau, k)
    units = ref.unit_measures(gold, ranking, tau)
    assert got[f"SpanP@{k}"] == pytest.approx(exp_k["SpanP"])
    assert got[f"SpanF(beta=0.5)@{k}"] == pytest.approx(exp_k["SpanF"])
    assert got["SpanR"] == pytest.approx(exp_all["SpanR"])
    assert got["SpanIoU"] == pytest.approx(exp_all["SpanIoU"])
    assert got[f"SpanR(budget={budget})"] == pytest.approx(exp_b["SpanR"])
    assert got[f"SpanIoU(budget={budget})"] == pytest.approx(exp_b["SpanIoU"])
    assert got[f"SpanP(budget={budget})@{k}"] == pytest.approx(exp_bk["SpanP"])
    assert got[f"SpanHit(tau={tau})@{k}"] == units_k["SpanHit"]
    assert got[f"SpanRR(tau={tau})"] == pytest.approx(units["SpanRR"])
    assert got[f"SpanRecallUnits(tau={tau})"] == pytest.approx(units["SpanRecallUnits"])
    assert got["CharMAP"] == pytest.approx(ref.char_ap(gold, ranking), rel=1e-9)


def test_many_topics_at_once_equal_one_at_a_time():
    rng = np.random.default_rng(7)
    cases = [_random_case(rng) for _ in range(25)]
    gold_rows, run_rows = [], []
    for t, (gold, ranking) in enumerate(cases):
        gold_rows += [{"query_id": f"t{t}", "doc_id": d, "start": s, "end": e, "relevance": 1}
                      for d, s, e in gold]
        run_rows += [{"query_id": f"t{t}", "doc_id": d, "start": s, "end": e,
                      "score": -i} for i, (d, s, e) in enumerate(ranking)]
    names = ["SpanP@3", "SpanR(budget=30)", "SpanRR(tau=0.5)", "CharMAP"]
    table = evaluate(span_qrels_from_frame(gold_rows), span_run_from_frame(run_rows), names,
                     EvalContext())
    for t, (gold, ranking) in enumerate(cases):
        if not ranking:
            continue
        one = scores(gold, ranking, names)
        mine = table[table.topic == f"t{t}"]
        assert dict(zip(mine.measure, mine.value)) == pytest.approx(one)


# ----------------------------------------------------------------- Chroma's chunking evaluation

def chroma_scores(references, chunks):
    """Transcription of the formulas of Chroma's chunking evaluation (Smith & Troynikov,
    2024: precision, recall and IoU of one question): the numerator is the union of the
    chunk-reference intersections, precision divides by the *sum* of the chunk lengths, IoU by
    that sum plus the reference characters no chunk touched."""
    numerator: set[int] = set()
    unused = set()
    for s, e in references:
        unused |= set(range(s, e))
    for cs, ce in chunks:
        for rs, re_ in references:
            lo, hi = max(cs, rs), min(ce, re_)
            if lo < hi:
                numerator |= set(range(lo, hi))
                unused -= set(range(lo, hi))
    recall_den = sum(e - s for s, e in references)
    precision_den = sum(e - s for s, e in chunks)
    iou_den = precision_den + len(unused)
    n = len(numerator)
    return {"SpanP": n / precision_den if precision_den else 0.0,
            "SpanR": n / recall_den if recall_den else 0.0,
            "SpanIoU": n / iou_den if iou_den else 0.0}


@pytest.mark.parametrize("seed", range(20))
def test_agrees_with_chroma_without_overlap(seed):
    rng = np.random.default_rng(100 + seed)
    cuts = np.sort(rng.choice(np.arange(1, 300), size=12, replace=False))
    pieces = list(zip(np.concatenate(([0], cuts[:-1])), cuts))
    chunks = [(int(s), int(e)) for s, e in (pieces[i] for i in rng.permutation(len(pieces))[:5])]
    ref_cuts = np.sort(rng.choice(np.arange(0, 300), size=4, replace=False))
    references = [(int(ref_cuts[0]), int(ref_cuts[1])), (int(ref_cuts[2]), int(ref_cuts[3]))]
    got = scores([("doc", s, e) for s, e in references], [("doc", s, e) for s, e in chunks],
                 ["SpanP", "SpanR", "SpanIoU"])
    assert got == pytest.approx(chroma_scores(references, chunks))


def test_chroma_counts_overlap_twice():
    # two chunks of 100 characters overlapping by 50, gold [40, 60): docs/rag.md's example
    references, chunks = [(40, 60)], [(0, 100), (50, 150)]
    chroma = chroma_scores(references, chunks)
    ours = scores([("doc", 40, 60)], [("doc", s, e) for s, e in chunks],
                  ["SpanP", "SpanR", "SpanIoU"])
    assert chroma["SpanP"] == pytest.approx(20 / 200) and ours["SpanP"] == pytest.approx(20 / 150)
    assert chroma["SpanIoU"] == pytest.approx(20 / 200) and ours["SpanIoU"] == pytest.approx(
        20 / 150)
    assert chroma["SpanR"] == ours["SpanR"] == 1.0


# --------------------------------------------------------------------------- validation

@pytest.mark.parametrize("name, parameter", [
    ("SpanHit(tau=0)", "tau"), ("SpanRR(tau=1.5)", "tau"), ("SpanRecallUnits(tau=-1)", "tau"),
    ("SpanR(budget=0)", "budget"), ("SpanP(budget=-5)", "budget"), ("SpanF(beta=0)", "beta")])
def test_parameters_outside_their_domain_are_usage_errors(name, parameter):
    with pytest.raises(UsageError, match=f"parameter {parameter}"):
        scores(GOLD, RANKING, [name])


def test_unknown_parameter_is_a_usage_error():
    with pytest.raises(UsageError, match="no parameter"):
        scores(GOLD, RANKING, ["SpanHit(budget=3)"])
