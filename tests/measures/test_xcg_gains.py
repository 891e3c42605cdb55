"""XCG gains: Eq. 9 recursion with sizes at α = 1, 0.5, 0 (hand-computed), the near-miss cap
(Eq. 8) incl. an ancestor spanning several ideal nodes, the no-ideal rule, thorough mode,
unknown documents and sizes, and the vectorised implementation against the reference."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sdreval.judgements.qrels import Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.measures.xcg import xcg_gains
from sdreval.measures.xcg.gains import (GainSettings, build_topic_table, global_table,
                                        reference_gains, run_gains)
from sdreval.model.run import Ranking, Run
from sdreval.model.tree import Collection, DocumentTree

A, S1, S2 = "/article[1]", "/article[1]/sec[1]", "/article[1]/sec[2]"
# path: ((e, s), size, char range); sog values in comments
TREE = {
    A: ((3, 1), 100, (0, 100)),                 # 0.25
    S1: ((2, 2), 60, (0, 60)),                  # 0.5
    f"{S1}/p[1]": ((3, 3), 20, (0, 20)),        # 1
    f"{S1}/p[2]": ((1, 2), 30, (20, 50)),       # 0.25
    f"{S1}/p[3]": ((0, 0), 10, (50, 60)),
    S2: ((2, 3), 40, (60, 100)),                # 0.9
    f"{S2}/p[1]": ((1, 3), 20, (60, 80)),       # 0.75
    f"{S2}/p[2]": ((0, 0), 20, (80, 100)),
}
# sog ideal recall-base: {sec[1] (0.5), sec[2] (0.9)}


def make_qrels(sizes: bool = True) -> Qrels:
    qrels = Qrels("inex2003")
    for path, ((e, s), size, _) in TREE.items():
        qrels.add_element("t", "d", path, e, s, float(size) if sizes else None)
    return qrels


def gains(paths, alpha=1.0, ideal="ideal", keep="ancestor", qrels=None, collection=None):
    qrels = qrels or make_qrels()
    run = Run("r", {"t": Ranking.from_elements([(d, p) if isinstance(p, str) and d else ("d", p)
                                                for d, p in [(None, x) if isinstance(x, str)
                                                             else x for x in paths]])})
    setting = GainSettings("sog", alpha, ideal, keep)
    table = build_topic_table(qrels["t"], setting, collection)
    fast = run_gains(global_table([table]), run, setting).gains["t"]
    slow = reference_gains(qrels["t"], run.get("t"), setting, collection)
    np.testing.assert_allclose(fast, slow, atol=1e-12)
    return fast


@pytest.mark.parametrize("alpha, article", [
    (1.0, 0.36 + 0.075),                                   # sec[2] .9*.4 + sec[1]/p[2] .25*.3
    (0.5, 0.5 * (0.395833333333 * 0.6 + 0.9 * 0.4) + 0.5 * 0.25),  # rv(sec[1]) = .395833
    (0.0, 0.25),
])
def test_eq9_partially_seen_ancestor(alpha, article):
    # rank 1 sec[1]/p[1]: rv 1, capped by sec[1]'s budget 0.5.
    # rank 2 article: partially seen; spans both ideal nodes (pooled budget 0 + 0.9).
    got = gains([f"{S1}/p[1]", A], alpha)
    assert got[0] == pytest.approx(0.5)
    assert got[1] == pytest.approx(article)


def test_eq9_alpha_half_written_out():
    alpha = 0.5
    rv_sec1 = alpha * ((1 - alpha) * 1.0 * 20 / 60 + 0.25 * 30 / 60) + (1 - alpha) * 0.5
    rv_article = alpha * (rv_sec1 * 60 / 100 + 0.9 * 40 / 100) + (1 - alpha) * 0.25
    assert rv_article == pytest.approx(0.42375)
    got = gains([f"{S1}/p[1]", A, S2], alpha)
    assert got[1] == pytest.approx(rv_article)
    # rank 3 sec[2]: fully seen -> (1-α)·0.9 = 0.45; budget 0.9 - 0.42375 left
    assert got[2] == pytest.approx(0.45)


def test_eq9_alpha_one_and_zero_after_the_ancestor():
    assert gains([f"{S1}/p[1]", A, S2], 1.0)[2] == 0.0            # fully seen
    assert gains([f"{S1}/p[1]", A, S2], 0.0)[2] == pytest.approx(0.9 - 0.25)  # capped


def test_ancestor_draws_on_several_budgets_in_proportion():
    got = gains([A, f"{S1}/p[1]", S2], 0.0)
    pool = 0.5 + 0.9
    assert got[0] == pytest.approx(0.25)
    assert got[1] == pytest.approx(0.5 - 0.25 * 0.5 / pool)
    assert got[2] == pytest.approx(0.9 - 0.25 * 0.9 / pool)
    assert got.sum() == pytest.approx(pool)


def test_near_miss_descendant_capped_then_exhausted():
    got = gains([f"{S2}/p[1]", S2, f"{S1}/p[2]", f"{S1}/p[1]", S1], 1.0)
    # p .75 within sec[2]'s .9; sec[2] partially seen: nothing unseen relevant -> 0 ... budget .15
    assert got.tolist() == pytest.approx([0.75, 0.0, 0.25, 0.25, 0.0])


def test_result_related_to_no_ideal_node_scores_zero():
    # keep=descendant: picks {sec[1]/p[1], sec[1], sec[2]} -> {sec[1]/p[1], sec[2]};
    # sec[1]/p[2] lies on no ideal node's path
    assert gains([f"{S1}/p[2]"], keep="descendant").tolist() == [0.0]
    assert gains([f"{S1}/p[2]"], keep="ancestor").tolist() == [0.25]


def test_thorough_mode_no_cap_and_full_ideal_vector():
    got = gains([f"{S1}/p[1]", f"{S1}/p[1]", S1], 1.0, ideal="full")
    assert got.tolist() == pytest.approx([1.0, 0.0, 0.25 * 30 / 60])
    assert gains([f"{S1}/p[1]", f"{S1}/p[1]"], 0.0, ideal="full").tolist() == [1.0, 1.0]
    (xg, xi), = xcg_gains(make_qrels(), Run("r", {"t": Ranking.from_elements([("d", A)])}),
                          quant="sog", ideal="full").values()
    assert xi.tolist() == [1.0, 0.9, 0.75, 0.5, 0.25, 0.25]


def test_unknown_sizes_fall_back_to_fully_seen_and_warn():
    qrels = make_qrels(sizes=False)
    assert gains([f"{S1}/p[1]", A], 1.0, qrels=qrels).tolist() == [0.5, 0.0]
    assert gains([f"{S1}/p[1]", A], 0.5, qrels=qrels)[1] == pytest.approx(0.125)
    ctx = EvalContext(quant="sog")
    run = Run("r", {"t": Ranking.from_elements([("d", f"{S1}/p[1]"), ("d", A)])})
    evaluate(qrels, run, ["nxCG@2"], ctx)
    assert any("sizes" in w for w in ctx.warnings)


def test_sizes_from_the_collection():
    paths = list(TREE)
    order = sorted(paths, key=lambda p: (TREE[p][2][0], -TREE[p][2][1]))
    index = {p: i for i, p in enumerate(order)}
    parent = np.array([index.get(p.rsplit("/", 1)[0], -1) for p in order])
    tree = DocumentTree("d", order, parent, np.array([TREE[p][2][0] for p in order]),
                        np.array([TREE[p][2][1] for p in order]), np.ones(len(order)))
    collection = Collection.from_trees([tree])
    got = gains([f"{S1}/p[1]", A], 1.0, qrels=make_qrels(sizes=False), collection=collection)
    assert got[1] == pytest.approx(0.435)


def test_unknown_documents_score_zero_and_are_counted():
    qrels = make_qrels()
    run = Run("r", {"t": Ranking.from_elements([("nowhere", A), ("d", S2)])})
    ctx = EvalContext(quant="sog")
    frame = evaluate(qrels, run, ["xCG@1", "xCG@2"], ctx)
    assert frame["value"].tolist() == [0.0, 0.9]
    assert any("not assessed" in w and "1 result" in w for w in ctx.warnings)


def test_unassessed_descendant_makes_its_ancestor_partially_seen():
    got = gains([f"{S1}/p[3]/b[1]", S1], 1.0)
    # sec[1] partially seen: unseen p[1] (1*20) and p[2] (.25*30) over 60
    assert got.tolist() == pytest.approx([0.0, (1 * 20 + 0.25 * 30) / 60])
    got = gains([f"{S2}/p[2]/it[1]", A], 1.0)
    assert got[1] == pytest.approx(0.5 * 0.6 + 0.75 * 0.2)  # sec[1] clean; sec[2]/p[1] frontier


# ----------------------------------------------------------------------------------------
# vectorised == reference on random trees and runs
ES = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3), (0, 0)]


@st.composite
def tree_and_runs(draw):
    docs = {}
    for d in range(draw(st.integers(1, 3))):
        paths = ["/article[1]"]
        frontier = ["/article[1]"]
        while frontier and len(paths) < 14:
            node = frontier.pop(0)
            for k in range(draw(st.integers(0, 3))):
                child = f"{node}/{draw(st.sampled_from(['sec', 'p']))}[{k + 1}]"
                if child not in paths and child.count("/") <= 4:
                    paths.append(child)
                    frontier.append(child)
        docs[f"doc{d}"] = paths
    qrels = Qrels("inex2003")
    sizes = {}
    with_sizes = draw(st.booleans())
    for d, paths in docs.items():
        for p in sorted(paths, key=lambda x: -x.count("/")):
            kids = [c for c in paths if c.rsplit("/", 1)[0] == p]
            sizes[(d, p)] = sum(sizes[(d, c)] for c in kids) + draw(st.integers(1, 30))
        for p in paths:
            if draw(st.integers(0, 4)) > 0:
                e, s = draw(st.sampled_from(ES))
                qrels.add_element("t", d, p, e, s, float(sizes[(d, p)]) if with_sizes else None)
    pool = [(d, p) for d, paths in docs.items() for p in paths]
    pool += [("doc0", "/article[1]/zz[1]"), ("other", "/article[1]")]
    runs = [draw(st.lists(st.sampled_from(pool), max_size=14)) for _ in range(2)]
    return qrels, runs


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree_and_runs(), st.sampled_from([0.0, 0.5, 1.0, 0.3]),
       st.sampled_from(["ideal", "full"]), st.sampled_from(["ancestor", "descendant"]),
       st.sampled_from(["sog", "gen", "strict"]))
def test_vectorised_equals_reference(data, alpha, ideal, keep, quant):
    qrels, runs = data
    if "t" not in qrels:
        return
    setting = GainSettings(quant, alpha, ideal, keep)
    table = build_topic_table(qrels["t"], setting)
    gt = global_table([table])
    for results in runs:
        ranking = Ranking.from_elements(results)
        fast = run_gains(gt, Run("r", {"t": ranking}), setting).gains["t"]
        slow = reference_gains(qrels["t"], ranking, setting)
        np.testing.assert_allclose(fast, slow, atol=1e-12)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(tree_and_runs(), min_size=2, max_size=3), st.sampled_from([0.5, 1.0]),
       st.sampled_from(["ideal", "full"]))
def test_vectorised_equals_reference_across_topics(data, alpha, ideal):
    """Several topics in one global table (offsets of elements, ideal ids and rows)."""
    qrels = Qrels("inex2003")
    run = Run("r")
    for k, (one, runs) in enumerate(data):
        if "t" not in one:
            continue
        for (d, p), a in one["t"].elements.items():
            qrels.add_element(f"t{k}", d, p, a.e, a.s, a.size)
        run.topics[f"t{k}"] = Ranking.from_elements(runs[0])
    setting = GainSettings("sog", alpha, ideal)
    topics = list(qrels.topics)
    gt = global_table([build_topic_table(qrels[t], setting) for t in topics])
    fast = run_gains(gt, run, setting).gains
    for t in topics:
        slow = reference_gains(qrels[t], run.get(t), setting)
        np.testing.assert_allclose(fast[t], slow, atol=1e-12)


def _table_bytes(n_topics: int) -> int:
    """Bytes of the arrays of a global table of ``n_topics`` topics, each judging two
    documents of its own (an article and a section each), and a run over them."""
    qrels = Qrels("inex2003")
    for t in range(n_topics):
        for d in (f"a{t}", f"b{t}"):
            qrels.add_element(f"t{t}", d, A, 2, 1, 100.0)
            qrels.add_element(f"t{t}", d, S1, 2, 2, 60.0)
    setting = GainSettings("sog")
    gt = global_table([build_topic_table(qrels[t], setting) for t in qrels.topics])
    run = Run("r", {f"t{t}": Ranking.from_elements([(f"a{t}", S1), (f"b{t}", A), ("x", A)])
                    for t in range(n_topics)})
    gains = run_gains(gt, run, setting)
    assert gains.unknown_docs == n_topics and gains.gains["t0"][0] > 0
    return sum(v.nbytes for v in vars(gt).values() if isinstance(v, np.ndarray))


def test_global_table_memory_is_linear_in_the_judgements():
    """Twice the topics (and judged documents), twice the memory: no topics x documents table
    (with one, 800 topics would take 800 x 1600 bytes more)."""
    small, large = _table_bytes(400), _table_bytes(800)
    assert large <= 2.1 * small
