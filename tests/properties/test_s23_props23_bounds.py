"""Bounds, ideal rankings, rankings without anything relevant and the monotonicity the
definitions imply, on document runs over graded qrels (hypothesis)."""
from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from props23_common import (DOCS, UNIT, examples, qrels, qrels_and_run, ranking, same,
                            scores)


@examples(10)
@given(qrels_and_run(ties=True, relevant=False))
def test_unit_measures_lie_in_the_unit_interval(pair):
    judged, run = pair
    for order in ("file", "rsv"):
        for (topic, name), value in scores(judged, run, UNIT, order=order).items():
            assert math.isnan(value) or 0.0 <= value <= 1.0 + 1e-12, (topic, name, value)


IDEAL_ONE = ["AP", "AWP", "nDCG", "nDCG@3", "nDCG(gains=exp)", "RR", "Rprec", "bpref", "Q",
             "Q(beta=10)", "R", "MAep", "iMAep", "ep@0.5", "nxCG@1", "nxCG@3", "nxCG@10",
             "MAnxCG@5", "inex_eval", "infAP", "11pt_avg", "AP(rel=2)", "P@1",
             "Success@3"]


@examples(20)
@given(qrels(max_topics=1), st.lists(st.sampled_from(DOCS), unique=True, max_size=3),
       st.randoms(use_true_random=False))
def test_the_ideal_ranking_scores_one(judged, tail, rnd):
    """Relevant documents by grade descending (ties in any order), then anything not
    relevant: 1 on the measures of the ideal ranking; P@k = 1 for k <= R."""
    (topic, docs), = judged.items()
    relevant = [d for d in docs if docs[d] > 0]
    rnd.shuffle(relevant)
    relevant.sort(key=lambda d: -docs[d])
    ranked = relevant + [d for d in tail if docs.get(d, 0) == 0]
    run = {topic: [(d, float(len(ranked) - i)) for i, d in enumerate(ranked)]}
    n = len(relevant)
    got = scores(judged, run, IDEAL_ONE + [f"P@{n}", f"recall@{n}"])
    for name in IDEAL_ONE + [f"P@{n}", f"recall@{n}"]:
        value = got[("all", name)]
        if name == "AP(rel=2)" and max(docs.values()) < 2:
            assert math.isnan(value)
            continue
        # infAP smooths with epsilon = 1e-5 (trec_eval's): AP up to epsilon
        assert same(value, 1.0, 1e-4 if name == "infAP" else 1e-12), (name, value)


ZERO = ["P@1", "P@5", "AP", "gAP", "AWP", "nDCG", "nDCG@3", "RR", "Rprec", "recall@5", "bpref",
        "Q", "R", "MAep", "iMAep", "ep@0.5", "nxCG@3", "MAnxCG@5", "xCG@3", "set_F", "ERR@5",
        "RBP", "Success@3", "infAP", "11pt_avg", "num_rel_ret", "gm_map"]


@examples(20)
@given(qrels_and_run(ties=True))
def test_a_ranking_without_anything_relevant_scores_zero(pair):
    judged, run = pair
    run = {t: [(d, s) for d, s in ranked if judged.get(t, {}).get(d, 0) == 0]
           for t, ranked in run.items()}
    run = {t: ranked for t, ranked in run.items() if ranked}
    if not set(run) & set(judged):
        return
    for (topic, name), value in scores(judged, run, ZERO).items():
        assert value == 0 or (name == "gm_map" and topic == "all"), (topic, name, value)


KEPT = [f"P@{k}" for k in range(1, 8)] + [f"xCG@{k}" for k in range(1, 8)] + \
    [f"nDCG@{k}" for k in range(1, 8)]
GROWS = ["AP", "gAP", "AWP", "nDCG", "bpref", "Q", "R", "MAep", "iMAep", "recall@10",
         "num_rel_ret", "RR", "Success@10", "ep@0.5", "11pt_avg"]


@examples(15)
@given(qrels(max_topics=1), ranking(max_size=5), ranking(max_size=4))
def test_appending_results_keeps_the_prefix_measures_and_never_lowers_the_others(
        judged, head, tail):
    (topic,) = judged
    seen = {d for d, _ in head}
    tail = [d for d, _ in tail if d not in seen]
    longer = head + [(d, -float(i)) for i, d in enumerate(tail)]
    before = scores(judged, {topic: head}, KEPT + GROWS)
    after = scores(judged, {topic: longer}, KEPT + GROWS)
    for name in KEPT:
        if int(name.split("@")[1]) <= len(head):
            assert same(after[(topic, name)], before[(topic, name)]), name
    for name in GROWS:
        assert after[(topic, name)] >= before[(topic, name)] - 1e-12, name
    if before[(topic, "RR")] > 0:
        assert after[(topic, "RR")] == before[(topic, "RR")]


@examples(20)
@given(qrels_and_run(ties=True))
def test_recall_and_success_at_k_never_fall_as_k_grows(pair):
    judged, run = pair
    names = [f"{m}@{k}" for m in ("recall", "Success", "xCG", "num_rel_ret") for k in
             range(1, 9) if m != "num_rel_ret"]
    got = scores(judged, run, names)
    for topic in {t for t, _ in got}:
        for m in ("recall", "Success", "xCG"):
            values = [got[(topic, f"{m}@{k}")] for k in range(1, 9)]
            assert values == sorted(values), (topic, m, values)
