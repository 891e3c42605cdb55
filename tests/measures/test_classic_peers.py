"""Classic measures against the reference implementations installed here (flat data: one element
per document): trec_eval (pytrec_eval-terrier) for AP, P@10, Rprec; pyNTCIREVAL for AP and Q."""
from __future__ import annotations

import numpy as np
import pytest

from sdreval.judgements.qrels import Qrels
from sdreval.measures import MEASURES, EvalContext, evaluate
from sdreval.measures.classic import kernels
from sdreval.measures.classic.definitions import topic_matrices
from sdreval.model.run import Ranking, Run

pytrec_eval = pytest.importorskip("pytrec_eval")
pyNTCIREVAL = pytest.importorskip("pyNTCIREVAL")

ROOT = "/article[1]"


def flat_data(seed: int, ties: bool, topics: int = 8, pool: int = 120, length: int = 60):
    """Random graded qrels (levels 0..3) and a run over documents ``d<number>``."""
    rng = np.random.default_rng(seed)
    qrels = Qrels("graded")
    qdict: dict[str, dict[str, int]] = {}
    rdict: dict[str, dict[str, float]] = {}
    rankings = {}
    for t in range(topics):
        topic = str(100 + t)
        judged = rng.choice(pool * 2, pool, replace=False)
        levels = rng.choice(4, pool, p=[0.6, 0.2, 0.12, 0.08])
        levels[0] = max(levels[0], 1)  # at least one relevant element
        qdict[topic] = {}
        for d, level in zip(judged, levels):
            qrels.add_element(topic, f"d{d}", ROOT, float(level), float(level))
            qdict[topic][f"d{d}"] = int(level)
        retrieved = rng.choice(pool * 2, length, replace=False)
        scores = rng.random(length)
        if ties:
            scores = np.round(scores * 4) / 4  # five distinct values: many ties
        order = np.argsort(-scores, kind="stable")
        if ties:
            rng.shuffle(order)  # file order is not trec_eval's order
        docs = [f"d{retrieved[i]}" for i in order]
        rsv = [float(scores[i]) for i in order]
        rankings[topic] = Ranking.from_results(
            [(d, ROOT, -1, -1, i + 1, s) for i, (d, s) in enumerate(zip(docs, rsv))])
        rdict[topic] = dict(zip(docs, rsv))
    return qrels, Run("r", rankings), qdict, rdict


def per_topic(df, measure):
    sub = df[df.measure == measure]
    return dict(zip(sub.topic, sub.value))


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_trec_eval_ap_p10_rprec(seed, ties):
    qrels, run, qdict, rdict = flat_data(seed, ties)
    ctx = EvalContext(quant="graded", order="rsv")
    df = evaluate(qrels, run, ["AP", "P@10", "Rprec"], ctx)
    ref = pytrec_eval.RelevanceEvaluator(qdict, {"map", "P_10", "Rprec"}).evaluate(rdict)
    for ours, theirs in (("AP", "map"), ("P@10", "P_10"), ("Rprec", "Rprec")):
        got = per_topic(df, ours)
        for topic, values in ref.items():
            assert got[topic] == pytest.approx(values[theirs], abs=1e-9), (ours, topic)


def test_file_order_differs_from_trec_eval_with_ties():
    """With ties, file order (the default) is not trec_eval's order: AP changes somewhere."""
    qrels, run, _, _ = flat_data(5, True)
    a = per_topic(evaluate(qrels, run, ["AP"], EvalContext(quant="graded")), "AP")
    b = per_topic(evaluate(qrels, run, ["AP"], EvalContext(quant="graded", order="rsv")), "AP")
    assert any(abs(a[t] - b[t]) > 1e-12 for t in a)


def ntcir_list(run: Run, topic: str, qdict):
    return [(d, qdict[topic].get(d, 0)) for d in run.get(topic).docs.tolist()]


def xrelnum(qdict, topic):
    counts = [0, 0, 0, 0]
    for level in qdict[topic].values():
        counts[level] += 1
    return counts


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("seed", [11, 12])
def test_pyntcireval_q_and_ap(seed, ties):
    from pyNTCIREVAL.metrics import AP, QMeasure

    qrels, run, qdict, _ = flat_data(seed, ties)
    ctx = EvalContext(quant="graded", order="rsv")
    topics = sorted(qdict)
    ordered = Run(run.name, {t: r.ordered("rsv") for t, r in run.topics.items()})
    G, I, _ = topic_matrices(qrels, ordered, topics, "graded", ctx)
    R = np.count_nonzero(I > 0, axis=1)
    q1 = kernels.q_measure(G, I, R, 1.0)
    q10 = kernels.q_measure(G, I, R, 10.0)
    ap = per_topic(evaluate(qrels, run, ["AP"], ctx), "AP")
    xcg = {}
    if "Q" in MEASURES:  # the XCG family's Q (shared kernel), default and thorough settings
        names = ["Q", "Q(beta=10)", "Q(ideal=full,overlap=off)"]
        df = evaluate(qrels, run, names, ctx)
        xcg = {name: per_topic(df, name) for name in names}
    for i, topic in enumerate(topics):
        ranked = ntcir_list(ordered, topic, qdict)
        counts = xrelnum(qdict, topic)
        assert q1[i] == pytest.approx(QMeasure(counts, [1, 2, 3], 1.0).compute(ranked), abs=1e-9)
        assert q10[i] == pytest.approx(QMeasure(counts, [1, 2, 3], 10.0).compute(ranked),
                                       abs=1e-9)
        assert ap[topic] == pytest.approx(AP(counts, [1, 2, 3]).compute(ranked), abs=1e-9)
        if xcg:
            assert xcg["Q"][topic] == pytest.approx(q1[i], abs=1e-9)
            assert xcg["Q(ideal=full,overlap=off)"][topic] == pytest.approx(q1[i], abs=1e-9)
            assert xcg["Q(beta=10)"][topic] == pytest.approx(q10[i], abs=1e-9)


@pytest.mark.parametrize("ties", [False, True])
def test_trec_eval_ndcg_cut(ties):
    qrels, run, qdict, rdict = flat_data(21, ties)
    ctx = EvalContext(quant="graded", order="rsv")
    df = evaluate(qrels, run, ["nDCG@10", "nDCG"], ctx)
    ref = pytrec_eval.RelevanceEvaluator(qdict, {"ndcg_cut_10", "ndcg"}).evaluate(rdict)
    for ours, theirs in (("nDCG@10", "ndcg_cut_10"), ("nDCG", "ndcg")):
        got = per_topic(df, ours)
        for topic, values in ref.items():
            assert got[topic] == pytest.approx(values[theirs], abs=1e-9), (ours, topic)


@pytest.mark.xdist_group("ranx")  # one ranx interpreter (tests/conftest.py)
def test_ranx_ndcg_linear_and_exp_gains(ranx_evaluate):
    qrels, run, qdict, rdict = flat_data(22, False)
    df = evaluate(qrels, run, ["nDCG@10", "nDCG(gains=exp)@10"], EvalContext(quant="graded"))
    ref = ranx_evaluate(qdict, rdict, ["ndcg@10", "ndcg_burges@10"])
    topics = sorted(qdict)  # ranx returns per-query arrays in its own (sorted) query order
    for ours, theirs in (("nDCG@10", "ndcg@10"), ("nDCG(gains=exp)@10", "ndcg_burges@10")):
        got = per_topic(df, ours)
        np.testing.assert_allclose([got[t] for t in topics], ref[theirs], atol=1e-9)
