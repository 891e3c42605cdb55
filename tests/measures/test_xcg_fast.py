"""The XCG fast path (``xcg/fast.py``) against the general path, and the shared run lookup
(``classic/gains.run_lookup``) against the per-topic gain lookup."""
from __future__ import annotations

import math
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from sdreval.judgements.qrels import Qrels
from sdreval.judgements.quantise import get_quantisation
from sdreval.measures import EvalContext, evaluate
from sdreval.measures.classic.definitions import topic_matrices
from sdreval.measures.classic.gains import ranking_gains, topic_quant_map
from sdreval.measures.classic.join import run_lookup
from sdreval.measures.classic.judged import is_flat
from sdreval.measures.xcg import fast
from sdreval.measures.xcg.gains import GainSettings
from sdreval.model.run import Ranking, Run

ES = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3), (0, 0)]
KINDS = ["xCG@3", "nxCG@1", "nxCG@5", "MAnxCG@20", "ep@0.1", "ep@0.5", "ep@1", "iMAep",
         "iMAep(step=0.01)", "MAep", "Q", "R", "Q(beta=10)", "R(beta=10)"]
PROFILE = dict(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def named(kind: str, params: str) -> str:
    """``kind`` with ``params`` added to its parameters, before any cut-off."""
    name, _, cutoff = kind.partition("@")
    if name.endswith(")"):
        name = name[:-1] + "," + params + ")"
    else:
        name = f"{name}({params})"
    return name + (f"@{cutoff}" if cutoff else "")


@st.composite
def flat_or_nested(draw, flat: bool):
    """Qrels of two topics (flat: only whole articles assessed; nested: small trees) and a run
    with repeats, unjudged documents and (sometimes) unassessed elements below a root."""
    qrels = Qrels("inex2003")
    pool: dict[str, list[tuple[str, str]]] = {}
    with_sizes = draw(st.booleans())
    for topic in ("1", "2"):
        items = []
        for d in range(draw(st.integers(1, 4))):
            doc = f"doc{d}"
            paths = ["/article[1]"]
            if not flat:
                for k in range(draw(st.integers(0, 3))):
                    sec = f"/article[1]/sec[{k + 1}]"
                    paths.append(sec)
                    paths += [f"{sec}/p[{j + 1}]" for j in range(draw(st.integers(0, 2)))]
            sizes = {p: 10.0 * (6 - p.count("/")) + len(paths) for p in paths}
            for p in paths:
                if flat or draw(st.integers(0, 4)) > 0:
                    e, s = draw(st.sampled_from(ES))
                    qrels.add_element(topic, doc, p, e, s, sizes[p] if with_sizes else None)
                items.append((doc, p))
        items += [("unjudged", "/article[1]"), ("doc0", "/book[1]")]
        if draw(st.booleans()):
            items.append(("doc0", "/article[1]/zz[1]"))  # below a root, never assessed
        pool[topic] = items
    rankings = {}
    for topic, items in pool.items():
        if draw(st.integers(0, 5)) == 0:
            continue  # topic not answered
        results = draw(st.lists(st.sampled_from(items), max_size=16))
        rankings[topic] = Ranking.from_elements(results)
    return qrels, Run("r", rankings)


SETTINGS = st.tuples(st.sampled_from(["gen", "sog", "strict"]),
                     st.sampled_from([0.0, 0.3, 0.5, 1.0]),
                     st.sampled_from(["ideal", "full"]),
                     st.sampled_from(["ancestor", "descendant"]))


@contextmanager
def fast_path(enabled: bool):
    saved = fast.ENABLED
    fast.ENABLED = enabled
    try:
        yield
    finally:
        fast.ENABLED = saved


def both_paths(qrels, run, measures, all_topics=False):
    """Values and warnings with and without the fast path."""
    out = []
    for enabled in (True, False):
        ctx = EvalContext()
        with fast_path(enabled):
            frame = evaluate(qrels, run, measures, ctx, all_topics=all_topics)
        out.append(({(t, m): v for t, m, v in zip(frame["topic"], frame["measure"],
                                                   frame["value"])}, list(ctx.warnings)))
    return out


def expect_fast(qrels, run, setting):
    """Whether the fast path applies (module docstring of xcg/fast.py), computed directly."""
    if setting.ideal == "full" and setting.alpha == 0:
        return True
    quant = get_quantisation(setting.quant)
    for topic in qrels.topics:
        qmap = topic_quant_map(qrels, topic, quant)
        content = {d for (d, _), v in qmap.items() if v > 0}
        if any(d in content and p.count("/") > 1 for d, p in qmap):
            return False  # not flat
        for d, p in zip(run.get(topic).docs, run.get(topic).paths):
            if d in content and (d, p) not in qmap and p.count("/") > 1:
                return False
    return True


def flat_topic(qrels, topic, quant):
    """Every assessed element of a document with an element quantised > 0 is a root."""
    qmap = topic_quant_map(qrels, topic, quant)
    content = {d for (d, _), v in qmap.items() if v > 0}
    return not any(d in content and p.count("/") > 1 for d, p in qmap)


def check_same(data, setting, flat):
    qrels, run = data
    quant, alpha, ideal, keep = setting
    if not any(qrels[t].has_relevant() for t in qrels.topics):
        return
    if ideal == "full":  # keep has no effect with ideal=full: refused in a name
        keep = "ancestor"
    params = f"quant={quant},alpha={alpha},ideal={ideal}" + (
        f",keep={keep}" if ideal == "ideal" else "")
    measures = [named(k, params) for k in KINDS]
    topics = [t for t in ("1", "2") if t in qrels]
    gs = GainSettings(quant, alpha, ideal, keep)
    with fast_path(True):
        taken = fast.fast_gains(qrels, run, topics, gs, EvalContext()) is not None
    assert taken == expect_fast(qrels, run, gs)
    q = get_quantisation(quant)
    assert is_flat(qrels, topics, q) == all(flat_topic(qrels, t, q) for t in topics)
    event(f"fast path taken: {taken}")
    if flat:  # the flat generator assesses whole articles only
        assert taken or any(p.count("/") > 1 for r in run.topics.values() for p in r.paths)
    for all_topics in (False, True):
        (on, warn_on), (off, warn_off) = both_paths(qrels, run, measures, all_topics)
        assert on.keys() == off.keys()
        for key, value in off.items():
            if math.isnan(value):
                assert math.isnan(on[key]), key
            else:
                assert on[key] == pytest.approx(value, abs=1e-12, rel=0), key
        assert warn_on == warn_off


@settings(**PROFILE)
@given(flat_or_nested(flat=True), SETTINGS)
def test_fast_path_equals_general_path_on_flat_data(data, setting):
    check_same(data, setting, True)


@settings(**PROFILE)
@given(flat_or_nested(flat=False), SETTINGS)
def test_fast_path_equals_general_path_on_nested_data(data, setting):
    check_same(data, setting, False)


def test_thorough_plain_gains_are_quantised_values_repeats_included():
    qrels = Qrels("inex2003")
    qrels.add_element("t", "d", "/article[1]", 3, 3)
    qrels.add_element("t", "d", "/article[1]/sec[1]", 2, 1)
    run = Run("r", {"t": Ranking.from_elements([("d", "/article[1]/sec[1]"),
                                                ("d", "/article[1]"), ("d", "/article[1]"),
                                                ("x", "/article[1]")])})
    got = fast.fast_gains(qrels, run, ["t"], GainSettings("gen", 0.0, "full"), EvalContext())
    assert got is not None
    gen = get_quantisation("gen")
    np.testing.assert_array_equal(got[0][0], [gen(2, 1), 1.0, 1.0, 0.0])
    assert got[1] == 1  # one result of an unjudged document
    # nested data, overlap penalty: general path
    assert fast.fast_gains(qrels, run, ["t"], GainSettings("gen", 1.0, "full"),
                           EvalContext()) is None


# ------------------------------------------------------------------ shared run lookup
@st.composite
def classic_data(draw):
    qrels = Qrels("graded")
    rankings = {}
    for topic in ("1", "2", "3"):
        docs = [f"d{i}" for i in range(draw(st.integers(0, 6)))]
        for d in docs:
            for p in draw(st.sets(st.sampled_from(["/article[1]", "/article[1]/sec[1]"]),
                                  min_size=1)):
                g = draw(st.integers(0, 3))
                qrels.add_element(topic, d, p, g, g)
        pool = [(d, p) for d in docs + ["zz"]
                for p in ("/article[1]", "/article[1]/sec[1]", None)]
        if draw(st.booleans()):
            results = draw(st.lists(st.sampled_from(pool), max_size=15))
            rankings[topic] = Ranking.from_results(
                [(d, p, -1, -1, i + 1, float(-i)) for i, (d, p) in enumerate(results)])
    return qrels, Run("r", rankings)


@settings(max_examples=60, deadline=None)
@given(classic_data())
def test_run_lookup_equals_per_topic_lookup(data):
    """The vectorised lookup gives the per-topic gains (repeats 0, path None = root) and the
    same repeat warnings."""
    qrels, run = data
    topics = sorted(qrels.topics)
    if not topics:
        return
    ctx = EvalContext()
    G, _, _ = topic_matrices(qrels, run, topics, "graded", ctx)
    quant = get_quantisation("graded")
    ref_ctx = EvalContext()
    for t_i, topic in enumerate(topics):
        ref = ranking_gains(run.get(topic), topic_quant_map(qrels, topic, quant), ref_ctx, "r",
                            topic=topic)
        row = G[t_i, :ref.size]
        np.testing.assert_array_equal(row, ref)
        assert not G[t_i, ref.size:].any()
    assert ctx.warnings == ref_ctx.warnings


def test_run_lookup_cache_follows_the_rankings():
    """One context, different runs / a ranking replaced in place: never a stale lookup."""
    qrels = Qrels("graded")
    qrels.add_element("1", "a", "/article[1]", 2, 2)
    qrels.add_element("1", "b", "/article[1]", 1, 1)
    quant = get_quantisation("graded")
    ctx = EvalContext()
    run = Run("r", {"1": Ranking.from_elements([("a", "/article[1]")])})
    assert run_lookup(qrels, run, ["1"], quant, ctx).q.tolist() == [2.0]
    assert run_lookup(qrels, run, ["1"], quant, ctx) is run_lookup(qrels, run, ["1"], quant, ctx)
    run.topics["1"] = Ranking.from_elements([("b", "/article[1]"), ("a", "/article[1]")])
    assert run_lookup(qrels, run, ["1"], quant, ctx).q.tolist() == [1.0, 2.0]
    other = Run("s", {"1": Ranking.from_elements([("x", "/article[1]")])})
    assert run_lookup(qrels, other, ["1"], quant, ctx).q.tolist() == [0.0]
    frame = evaluate(qrels, [run, other], ["AP", "Q(ideal=full,overlap=off)"], ctx)
    assert frame["value"].tolist() == [1.0, pytest.approx(((1 + 1) / (2 + 1) + (3 + 2) / (3 + 2)) / 2),
                                       0.0, 0.0]


@pytest.mark.parametrize("with_pandas_table", [True, False])
def test_object_ids_lookup(monkeypatch, with_pandas_table):
    """Ids of known strings, -1 for unknown ones and None, with or without pandas' table."""
    from sdreval.measures.classic import gains as cg

    if not with_pandas_table:
        monkeypatch.setattr(cg, "_hash_table", lambda: None)
    ids = cg.ObjectIds(["a", "b"])
    assert ids.add("c") == 2 and ids.add("a") == 0 and len(ids) == 3
    assert ids.keys == ["a", "b", "c"]
    values = np.array(["".join(["c"]), "z", None, "a", "b"], dtype=object)
    assert ids.lookup(values).tolist() == [2, -1, -1, 0, 1]
    assert ids.lookup(np.array(["b", "q"])).tolist() == [1, -1]  # a unicode array
