"""GMAP, IPrecAvg, RBP, RBPResidual, ERR, Hits and ranx's names against their reference
implementations (ranx, ir_measures' gdeval provider, trec_eval's formulas written out)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from sdreval.measures import parse_measure


def _inputs(seed: int = 3):
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for t in range(1, 9):
        docs = [f"d{d}" for d in rng.choice(60, 25, replace=False)]
        grades = rng.choice(4, 25, p=[0.55, 0.2, 0.15, 0.1])
        grades[0] = max(grades[0], 1)
        qrels[str(t)] = {d: int(g) for d, g in zip(docs, grades)}
        retrieved = [f"d{d}" for d in rng.choice(60, 20, replace=False)]
        run[str(t)] = {d: float(20 - i) for i, d in enumerate(retrieved)}  # no ties
    return qrels, run


def _sdreval(qrels, run, measures):
    from sdreval.api import evaluate as api_evaluate

    table = api_evaluate(qrels, {"sys": run}, measures, per_topic=True, order="rsv")
    rows = table[table["topic"] != "all"]
    return {m: dict(zip(rows[rows["measure"] == m]["topic"], rows[rows["measure"] == m]["value"]))
            for m in measures}


@pytest.mark.xdist_group("ranx")  # one ranx interpreter (tests/conftest.py)
def test_ranx_names_and_values(ranx_evaluate):
    qrels, run = _inputs()
    names = ["ndcg@10", "precision@10", "mrr@10", "recall@15", "map@15", "hits@5",
             "hit_rate@3", "r-precision", "RBP(p=0.8)"]
    ours = _sdreval(qrels, run, names)
    metrics = {"ndcg@10": "ndcg@10", "precision@10": "precision@10", "mrr@10": "mrr@10",
               "recall@15": "recall@15", "map@15": "map@15", "hits@5": "hits@5",
               "hit_rate@3": "hit_rate@3", "r-precision": "r-precision", "RBP(p=0.8)": "rbp.8"}
    peer = ranx_evaluate(qrels, run, list(metrics.values()))
    topics = sorted(qrels)
    for name, metric in metrics.items():
        got = [ours[name][t] for t in topics]
        assert got == pytest.approx(list(peer[metric]), abs=1e-9), name


@pytest.mark.slow  # gdeval runs perl
def test_err_equals_gdeval():
    ir_measures = pytest.importorskip("ir_measures")
    qrels, run = _inputs(5)
    ours = _sdreval(qrels, run, ["ERR@10", "ERR@20"])
    provider = ir_measures.providers.registry["gdeval"]
    if not provider.is_available():
        pytest.skip("gdeval (perl) not available")
    q = [ir_measures.Qrel(t, d, g) for t, docs in qrels.items() for d, g in docs.items()]
    r = [ir_measures.ScoredDoc(t, d, s) for t, docs in run.items() for d, s in docs.items()]
    for k in (10, 20):
        peer = {m.query_id: m.value for m in provider.iter_calc([ir_measures.ERR @ k], q, r)}
        for t in qrels:
            assert ours[f"ERR@{k}"][t] == pytest.approx(peer[t], abs=1e-4), (k, t)


def test_err_written_out():
    """Chapelle et al. 2009: grades 2, 0, 1 with g_max 4: R = 3/16, 0, 1/16;
    ERR = 3/16 + (1/3)(13/16)(1)(1/16)."""
    qrels = {"1": {"a": 2, "b": 0, "c": 1}}
    run = {"1": {"a": 3.0, "b": 2.0, "c": 1.0}}
    value = _sdreval(qrels, run, ["ERR"])["ERR"]["1"]
    assert value == pytest.approx(3 / 16 + (1 / 3) * (13 / 16) * (1 / 16))


def test_rbp_residual_written_out():
    """Moffat & Zobel 2008 §4: results a (relevant), x (unjudged), b (judged 0) with p = 0.5:
    RBP = 0.5·1 = 0.5; residual = p^3 + 0.5·(0.5^1) = 0.125 + 0.25."""
    qrels = {"1": {"a": 1, "b": 0, "z": 1}}
    run = {"1": {"a": 3.0, "x": 2.0, "b": 1.0}}
    got = _sdreval(qrels, run, ["RBP(p=0.5)", "RBPResidual(p=0.5)", "RBPResidual(p=0.5)@1"])
    assert got["RBP(p=0.5)"]["1"] == pytest.approx(0.5)
    assert got["RBPResidual(p=0.5)"]["1"] == pytest.approx(0.375)
    assert got["RBPResidual(p=0.5)@1"]["1"] == pytest.approx(0.5)  # p^1, nothing unjudged


def test_gmap_is_trec_eval_geometric_mean():
    """trec_eval gm_map: exp(mean(log(max(AP, 0.00001)))); a topic with AP 0 weighs 1e-5."""
    qrels = {"1": {"a": 1, "b": 1}, "2": {"c": 1}}
    run = {"1": {"a": 2.0, "x": 1.0}, "2": {"y": 1.0}}
    from sdreval.api import evaluate as api_evaluate

    table = api_evaluate(qrels, {"s": run}, ["gm_map", "map"], order="rsv")
    means = dict(zip(table["measure"], table["value"]))
    assert means["map"] == pytest.approx(0.25)
    assert means["gm_map"] == pytest.approx(math.exp((math.log(0.5) + math.log(1e-5)) / 2))


def test_iprec_avg_versions_and_pytrec_eval():
    """11pt_avg as trec_eval 9.x (pytrec_eval) computes it: the mean of its 11 IPrec values."""
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels, run = _inputs(11)
    ours = _sdreval(qrels, run, ["IPrecAvg"])["IPrecAvg"]
    peer = pytrec_eval.RelevanceEvaluator(qrels, {"iprec_at_recall"}).evaluate(run)
    for t in qrels:
        levels = [peer[t][f"iprec_at_recall_{x / 10:.2f}"] for x in range(11)]
        assert ours[t] == pytest.approx(sum(levels) / 11, abs=1e-12)


def test_parse_names_without_quotes():
    assert parse_measure("MAep(quant=sog)").params == (("quant", "sog"),)
    assert parse_measure("ndcg@10").name == "nDCG"
    assert parse_measure("map@100").cutoff == 100
    assert parse_measure("r-precision").name == "Rprec"
    assert parse_measure("mrr@10").name == "RR"
    assert parse_measure("gm_map").name == "GMAP"
    assert parse_measure("11pt_avg").name == "IPrecAvg"
