"""trec_eval and ir_measures measure names: parsed as sdreval measures, equal to pytrec_eval and
ir_measures on random document qrels/runs with ties and graded relevance."""
from __future__ import annotations

import numpy as np
import pytest

from sdreval import api
from sdreval.errors import UsageError
from sdreval.measures import EvalContext, evaluate, parse_measure, summarise


def random_data(seed: int, topics: int = 8, pool: int = 80, length: int = 50):
    """Graded qrels (0..3, every topic with a grade-3 document) and a run with many RSV ties;
    about a third of retrieved documents are unjudged.  As sdreval objects (through the API's
    dict readers) and as the dicts pytrec_eval and ir_measures take."""
    rng = np.random.default_rng(seed)
    qdict: dict[str, dict[str, int]] = {}
    rdict: dict[str, dict[str, float]] = {}
    for t in range(topics):
        grades = rng.choice(4, pool, p=[0.55, 0.2, 0.15, 0.1])
        grades[0] = 3
        docs = rng.choice(pool * 2, pool, replace=False)
        qdict[str(300 + t)] = {f"d{d}": int(g) for d, g in zip(docs, grades)}
        n = int(rng.integers(5, length))
        scores = np.round(rng.random(n) * 5) / 5  # six values: many ties
        rdict[str(300 + t)] = {f"d{d}": float(s) for d, s in
                               zip(rng.choice(pool * 3, n, replace=False), scores)}
    return api.read_qrels(qdict), api.read_run(rdict, name="r"), qdict, rdict


def per_topic(df, measure):
    sub = df[(df.measure == measure) & (df.topic != "all")]
    return dict(zip(sub.topic, sub.value))


TREC = ["map", "P_10", "P.5", "ndcg", "ndcg_cut_10", "recip_rank", "Rprec", "bpref",
        "num_rel", "num_ret", "num_rel_ret", "recall_100", "recall_5", "success_1",
        "success_10", "map_cut_10", "iprec_at_recall_0.00", "iprec_at_recall_0.10",
        "iprec_at_recall_0.50", "iprec_at_recall_1.00", "set_P", "set_recall", "set_F"]


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("seed", [1, 2])
def test_trec_eval_names_equal_pytrec_eval(seed, level):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels, run, qdict, rdict = random_data(seed)
    ctx = EvalContext(order="rsv", rel_level=level)
    df = evaluate(qrels, run, TREC, ctx)
    key = {m: m.replace(".", "_", 1) if m.startswith("P.") else m for m in TREC}  # P.5 is P_5
    ref = pytrec_eval.RelevanceEvaluator(qdict, set(key.values()),
                                         relevance_level=level).evaluate(rdict)
    for name in TREC:
        got = per_topic(df, name)
        for topic, values in ref.items():
            assert got[topic] == pytest.approx(values[key[name]], abs=1e-9), (name, topic)


def test_counts_are_summed_like_trec_eval():
    qrels, run, qdict, rdict = random_data(3)
    df = summarise(evaluate(qrels, run, ["num_ret", "NumRel", "map"], EvalContext(order="rsv")))
    means = dict(zip(df.measure, df.value))
    assert means["num_ret"] == sum(len(r) for r in rdict.values())
    assert means["NumRel"] == sum(sum(v > 0 for v in q.values()) for q in qdict.values())
    assert 0 < means["map"] < 1  # averaged


IR_MEASURES = ["AP", "AP(rel=2)", "AP@10", "nDCG@10", "nDCG", "P@10", "P(rel=2)@5", "RR",
               "RR(rel=2)", "R@100", "R(rel=2)@20", "Success@10", "Bpref", "Bpref(rel=2)",
               "NumRel", "NumRet", "NumRelRet", "Rprec", "MRR", "MAP", "NDCG@5",
               "nDCG(dcg='exp-log2')@10", "IPrec@0.2", "IPrec(rel=2)@0.5", "SetP", "SetR",
               "SetF", "SetF(beta=2.0)"]


@pytest.mark.parametrize("seed", [4, 5])
def test_ir_measures_names_equal_ir_measures(seed):
    ir_measures = pytest.importorskip("ir_measures")
    qrels, run, qdict, rdict = random_data(seed)
    df = evaluate(qrels, run, IR_MEASURES, EvalContext(order="rsv"))
    parsed = {name: ir_measures.parse_measure(name.replace("MRR", "RR").replace("MAP", "AP"))
              for name in IR_MEASURES}
    ref: dict = {}
    for metric in ir_measures.iter_calc(list(set(parsed.values())), qdict, rdict):
        ref.setdefault(metric.measure, {})[metric.query_id] = metric.value
    for name, measure in parsed.items():
        got = per_topic(df, name)
        tolerance = 1e-5 if "exp-log2" in name else 1e-9  # ir_measures' gdeval prints 5 digits
        for topic, value in ref[measure].items():
            assert got[topic] == pytest.approx(value, abs=tolerance), (name, topic)


def test_judged_equals_ir_measures_without_ties():
    """ir_measures' Judged breaks RSV ties by document id ascending (trec_eval: descending),
    so the comparison uses a run without ties."""
    ir_measures = pytest.importorskip("ir_measures")
    qrels, run, qdict, rdict = random_data(6)
    rng = np.random.default_rng(0)
    rdict = {t: {d: float(s) + rng.random() * 1e-3 for d, s in docs.items()}
             for t, docs in rdict.items()}
    run = api.read_run(rdict, name="r")
    df = evaluate(qrels, run, ["Judged@10", "Judged@100", "Judged"], EvalContext(order="rsv"))
    for name in ("Judged@10", "Judged@100", "Judged"):
        ref = {m.query_id: m.value for m in
               ir_measures.iter_calc([ir_measures.parse_measure(name)], qdict, rdict)}
        got = per_topic(df, name)
        for topic, value in ref.items():
            assert got[topic] == pytest.approx(value, abs=1e-12), (name, topic)


def test_output_keeps_the_name_as_typed():
    qrels, run, _, _ = random_data(7)
    names = ["map", "P_10", "P.10", "nDCG(dcg=\"exp-log2\")@10", "R@100"]
    df = summarise(evaluate(qrels, run, names, EvalContext(order="rsv")))
    assert list(df.measure) == names
    values = dict(zip(df.measure, df.value))
    assert values["P_10"] == values["P.10"]


def test_R_with_a_cutoff_is_recall_and_without_is_the_R_measure():
    assert parse_measure("R@100").name == "Recall"
    assert parse_measure("recall_100").name == "Recall"
    assert parse_measure("R").name == "R"


@pytest.mark.parametrize("text, hint", [
    ("mAP", "MAP"), ("nxcg@10", "nxCG"), ("ndcg_cutt_10", "ndcg_cut_10"),
    ("MAep(quant=sgo)", "sog"), ("AP(rell=2)", "rel"), ("nDCG(dcg=exp-log)@10", "exp-log2"),
    ("nDCG(gains=expp)", "exp"),
])
def test_unknown_names_and_values_get_a_did_you_mean(text, hint):
    with pytest.raises(UsageError, match=rf"did you mean [^)]*\b{hint}\b"):
        parse_measure(text)


def test_several_trec_cutoffs_are_refused_with_the_split_form():
    with pytest.raises(UsageError, match=r"-m P\.5 -m P\.10"):
        parse_measure("P.5,10")


def test_depth_cuts_after_trec_eval_ordering():
    """-M depth: only the first depth results (in the evaluation order) count."""
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels, run, qdict, rdict = random_data(8)
    df = evaluate(qrels, run, ["map", "num_ret", "P_20"], EvalContext(order="rsv", depth=7))
    cut = {}
    for topic, docs in rdict.items():
        ranked = sorted(docs.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)[:7]
        cut[topic] = dict(ranked)
    ref = pytrec_eval.RelevanceEvaluator(qdict, {"map", "num_ret", "P_20"}).evaluate(cut)
    for name in ("map", "num_ret", "P_20"):
        got = per_topic(df, name)
        for topic, values in ref.items():
            assert got[topic] == pytest.approx(values[name], abs=1e-9), (name, topic)


try:
    from hypothesis import given, settings, strategies as st
except ImportError:  # pragma: no cover
    given = None

if given is not None:
    @st.composite
    def small_collections(draw):
        """One topic: up to 12 judged documents (grades 0..3, at least one relevant) and a
        ranking of up to 15 documents from a pool of 20 with few distinct scores (ties)."""
        pool = [f"d{i:02d}" for i in range(20)]
        judged = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=12, unique=True))
        grades = draw(st.lists(st.integers(0, 3), min_size=len(judged), max_size=len(judged)))
        grades[0] = max(grades[0], 1)
        ranked = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=15, unique=True))
        scores = draw(st.lists(st.integers(0, 3), min_size=len(ranked), max_size=len(ranked)))
        return dict(zip(judged, grades)), dict(zip(ranked, map(float, scores)))

    @settings(max_examples=80, deadline=None)
    @given(small_collections(), st.sampled_from([1, 2]), st.sampled_from([None, 3, 8]))
    def test_any_small_collection_equals_pytrec_eval(data, level, depth):
        pytrec_eval = pytest.importorskip("pytrec_eval")
        judged, scored = data
        if not any(g >= level for g in judged.values()):
            level = 1  # sdreval leaves a topic with nothing relevant out (trec_eval: 0)
        qrels, run = api.read_qrels({"1": judged}), api.read_run({"1": scored}, name="r")
        names = ["map", "P_5", "ndcg_cut_5", "ndcg", "recip_rank", "Rprec", "bpref",
                 "num_rel", "num_ret", "num_rel_ret", "recall_5", "success_5",
                 "iprec_at_recall_0.30", "set_F"]
        df = evaluate(qrels, run, names, EvalContext(order="rsv", rel_level=level, depth=depth))
        cut = dict(sorted(scored.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)[:depth])
        ref = pytrec_eval.RelevanceEvaluator({"1": judged}, set(names),
                                             relevance_level=level).evaluate({"1": cut})["1"]
        for name in names:
            assert per_topic(df, name)["1"] == pytest.approx(ref[name], abs=1e-9), name
