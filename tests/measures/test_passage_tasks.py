"""INEX Focused / Relevant in Context / Best in Context and HiXEval on hand-made inputs.

Every expected value is computed in the test from the inputs (hand arithmetic spelled out, or a
per-character reference implementation written independently of the numpy kernels)."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.errors import InputError, UsageError
from sdreval.judgements.qrels import DocPassages, Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.model.run import Ranking, Run


def make_qrels(spec: dict[str, dict[str, tuple[list[tuple[int, int]], int, int | None]]]) -> Qrels:
    """{topic: {doc: (ranges, doc_length, bep)}} -> FOL qrels."""
    q = Qrels("fol")
    for topic, docs in spec.items():
        t = q.topic(topic)
        for doc, (ranges, length, bep) in docs.items():
            t.passages[doc] = DocPassages(doc, list(ranges), sum(n for _, n in ranges), length,
                                          bep)
    return q


def make_run(topics: dict[str, list[tuple[str, int, int]]], name: str = "r") -> Run:
    return Run(name, {t: Ranking.from_results([(d, None, o, n, i + 1, -float(i))
                                               for i, (d, o, n) in enumerate(rows)], "passage")
                      for t, rows in topics.items()}, "passage")


def values(qrels, run, measures, **ctx_kw):
    ctx = EvalContext(**ctx_kw)
    table = evaluate(qrels, run, measures, ctx)
    return {(r.topic, r.measure): r.value for r in table.itertuples()}, ctx


# ------------------------------------------------------------------ per-character reference
def ref_focused(rel: dict[str, set[int]], rows, levels):
    """Per-character P[r], R[r], iP[x] (each character once)."""
    total = sum(len(c) for c in rel.values())
    seen: set[tuple[str, int]] = set()
    relret = ret = 0
    pr = []
    for d, o, n in rows:
        for c in range(o, o + n):
            if (d, c) not in seen:
                seen.add((d, c))
                ret += 1
                relret += c in rel.get(d, ())
        pr.append((Fraction(relret, ret) if ret else Fraction(0), Fraction(relret, total)))
    return [float(max([p for p, r in pr if r >= x], default=0)) for x in levels]


def ref_articles(rows):
    order: list[str] = []
    chars: dict[str, set[int]] = {}
    first: dict[str, int] = {}
    for d, o, n in rows:
        if d not in chars:
            order.append(d)
            chars[d] = set()
            first[d] = o
        chars[d] |= set(range(o, o + n))
    return order, chars, first


def ref_ric(rel, rows, beta, k):
    order, chars, _ = ref_articles(rows)
    scores, isrel = [], []
    for d in order:
        r = rel.get(d, set())
        hit = len(chars[d] & r)
        if hit:
            p, rc = hit / len(chars[d]), hit / len(r)
            scores.append((1 + beta**2) * p * rc / (beta**2 * p + rc))
        else:
            scores.append(0.0)
        isrel.append(bool(r))
    nrel = sum(1 for c in rel.values() if c)
    gp = [sum(scores[:i + 1]) / (i + 1) for i in range(len(scores))]
    agp = sum(g for g, r in zip(gp, isrel) if r) / nrel
    return sum(scores[:k]) / k, sum(isrel[:k]) / nrel, agp


def ref_bic(rel, bep, rows, n, k):
    order, _, first = ref_articles(rows)
    scores = [(n - abs(bep[d] - first[d])) / n
              if rel.get(d) and abs(bep[d] - first[d]) <= n else 0.0 for d in order]
    isrel = [bool(rel.get(d)) for d in order]
    nrel = sum(1 for c in rel.values() if c)
    gp = [sum(scores[:i + 1]) / (i + 1) for i in range(len(scores))]
    agp = sum(g for g, r in zip(gp, isrel) if r) / nrel
    return sum(scores[:k]) / k, agp


# ------------------------------------------------------------------ hand-computed cases
QRELS = make_qrels({"1": {"d1": ([(0, 100)], 1000, 10), "d2": ([(50, 50)], 200, 60),
                          "d3": ([], 300, None)}})


def test_focused_by_hand():
    # T_rel = 100 + 50 = 150.
    # rank 1: d1 [0,200)   rel 100, ret 200 -> P = 0.5,     R = 2/3
    # rank 2: d3 [0,100)   rel 0,   ret 100 -> P = 100/300, R = 2/3
    # rank 3: d2 [50,100)  rel 50,  ret 50  -> P = 150/350, R = 1
    run = make_run({"1": [("d1", 0, 200), ("d3", 0, 100), ("d2", 50, 50)]})
    v, ctx = values(QRELS, run, ["iP@0.00", "iP@0.5", "iP@0.67", "iP@1.0", "MAiP"])
    assert v[("1", "iP@0.00")] == pytest.approx(0.5)
    assert v[("1", "iP@0.5")] == pytest.approx(0.5)
    assert v[("1", "iP@0.67")] == pytest.approx(150 / 350)  # 2/3 < 0.67
    assert v[("1", "iP@1.0")] == pytest.approx(150 / 350)
    # levels 0..66 reach 0.5 (R = 2/3 ≥ k/100 for k ≤ 66), 67..100 only rank 3
    assert v[("1", "MAiP")] == pytest.approx((67 * 0.5 + 34 * 150 / 350) / 101)
    assert not ctx.warnings


def test_focused_overlap_counts_each_character_once_and_warns():
    # rank 2 repeats d1 [50,150): 50 new characters (150..200 of d1 not relevant? no: d1's
    # relevant text is [0,100), so the 50 new characters [100,150) are not relevant)
    run = make_run({"1": [("d1", 0, 100), ("d1", 50, 100), ("d2", 50, 50)]})
    v, ctx = values(QRELS, run, ["iP@0.00", "iP@1.0", "MAiP"])
    # ranks: (100/100, R 2/3), (100/150, 2/3), (150/200, 1)
    assert v[("1", "iP@0.00")] == pytest.approx(1.0)
    assert v[("1", "iP@1.0")] == pytest.approx(150 / 200)
    assert any("overlapping passage pair" in w for w in ctx.warnings)
    with pytest.raises(InputError) as err:
        values(QRELS, run, ["MAiP"], strict=True)
    assert "positions 1 and 2 overlap in document d1 (50 characters)" in str(err.value)


def test_hixeval_alpha_by_hand():
    # seed 002 Eq. 15: rank 2 re-retrieves d1 [0,50) (50 relevant characters, rov = 50)
    run = make_run({"1": [("d1", 0, 100), ("d1", 0, 50), ("d2", 50, 50)]})
    for alpha in (0.0, 0.5, 1.0):
        v, ctx = values(QRELS, run, [f"HiXiP(alpha={alpha})@2", f"HiXiR(alpha={alpha})@3",
                                     f"iP(alpha={alpha})@1.0"])
        gain2 = 100 + 50 - (1 - alpha) * 50
        assert v[("1", f"HiXiP(alpha={alpha})@2")] == pytest.approx(gain2 / 150)
        assert v[("1", f"HiXiR(alpha={alpha})@3")] == pytest.approx((gain2 + 50) / 150)
        reaches = (gain2 + 50) / 150 >= 1.0
        assert v[("1", f"iP(alpha={alpha})@1.0")] == pytest.approx(
            (gain2 + 50) / 200 if reaches else 0.0)
        assert not ctx.warnings  # HiXEval handles overlap by α: no Focused-task warning
    # HiXiP/HiXiR past the end keep the last rank's values
    v, _ = values(QRELS, run, ["HiXiP@3", "HiXiP@10"])
    assert v[("1", "HiXiP@10")] == v[("1", "HiXiP@3")]


def test_compat_inex_floor_binning():
    # T_rel = 100; rank 1 retrieves 29 relevant characters only (P = 1, R = 0.29 exactly);
    # floor(100 * 0.29) == 28 in double precision, so inex_eval puts rank 1 in bin 28.
    assert math.floor(100 * (29 / 100)) == 28
    q = make_qrels({"1": {"a": ([(0, 100)], 500, 0)}})
    run = make_run({"1": [("a", 0, 29), ("a", 29, 142)]})
    # rank 2: relret 100, ret 171
    v, _ = values(q, run, ["iP@0.29", "iP@0.28"])
    assert v[("1", "iP@0.29")] == pytest.approx(1.0)
    v, _ = values(q, run, ["iP@0.29", "iP@0.28"], compat="inex")
    assert v[("1", "iP@0.29")] == pytest.approx(100 / 171)
    assert v[("1", "iP@0.28")] == pytest.approx(1.0)


def test_relevant_in_context_by_hand():
    # articles: d1 (results 1 and 3, interleaved), d3 (non-relevant), d2
    run = make_run({"1": [("d1", 0, 50), ("d3", 0, 10), ("d1", 150, 50), ("d2", 0, 100)]})
    v, ctx = values(QRELS, run, ["gP@1", "gP@2", "gP@3", "gP@10", "gR@1", "gR@3", "MAgP",
                                 "gP(beta=1)@1"])
    b2 = 0.25 ** 2
    # d1: retrieved [0,50) ∪ [150,200) = 100 chars, 50 relevant -> P = .5, R = .5
    f_d1 = (1 + b2) * 0.5 * 0.5 / (b2 * 0.5 + 0.5)
    # d2: retrieved 100, relevant 50 (all of d2's) -> P = .5, R = 1
    f_d2 = (1 + b2) * 0.5 * 1.0 / (b2 * 0.5 + 1.0)
    assert v[("1", "gP@1")] == pytest.approx(f_d1)
    assert v[("1", "gP(beta=1)@1")] == pytest.approx(0.5)
    assert v[("1", "gP@2")] == pytest.approx(f_d1 / 2)
    assert v[("1", "gP@3")] == pytest.approx((f_d1 + f_d2) / 3)
    assert v[("1", "gP@10")] == pytest.approx((f_d1 + f_d2) / 10)
    assert v[("1", "gR@1")] == pytest.approx(0.5)
    assert v[("1", "gR@3")] == pytest.approx(1.0)
    assert v[("1", "MAgP")] == pytest.approx((f_d1 + (f_d1 + f_d2) / 3) / 2)
    assert any("not consecutive" in w for w in ctx.warnings)
    with pytest.raises(InputError, match="results of article d1 are not consecutive"):
        values(QRELS, run, ["MAgP"], strict=True)
    # the Focused task is not concerned by interleaving: strict focused measures pass
    values(QRELS, run, ["MAiP"], strict=True)
    # compat: gP past the end of the run is the last rank's value
    v, _ = values(QRELS, run, ["gP@10"], compat="inex")
    assert v[("1", "gP@10")] == pytest.approx((f_d1 + f_d2) / 3)
    # --beta sets the default
    v, _ = values(QRELS, run, ["gP@1"], beta=1.0)
    assert v[("1", "gP@1")] == pytest.approx(0.5)


def test_best_in_context_by_hand():
    # d2 BEP 60, d1 BEP 10, d3 not relevant
    run = make_run({"1": [("d2", 460, 10), ("d3", 0, 5), ("d1", 700, 10), ("d1", 10, 5)]})
    v, ctx = values(QRELS, run, ["gP(task=bic)@1", "gP(task=bic)@3", "MAgP(task=bic)",
                                 "MAgP(task=bic,n=1000)", "gR(task=bic)@2"])
    s_d2 = (500 - 400) / 500
    s_d1 = 0.0  # first entry point of d1 is 690 characters from its BEP (> 500)
    assert v[("1", "gP(task=bic)@1")] == pytest.approx(s_d2)
    assert v[("1", "gP(task=bic)@3")] == pytest.approx((s_d2 + s_d1) / 3)
    assert v[("1", "MAgP(task=bic)")] == pytest.approx((s_d2 + (s_d2 + s_d1) / 3) / 2)
    s2, s1 = (1000 - 400) / 1000, (1000 - 690) / 1000
    assert v[("1", "MAgP(task=bic,n=1000)")] == pytest.approx((s2 + (s2 + s1) / 3) / 2)
    assert v[("1", "gR(task=bic)@2")] == pytest.approx(0.5)
    assert any("returned more than once" in w for w in ctx.warnings)
    v, _ = values(QRELS, run, ["MAgP(task=bic)"], bep_distance=1000)
    assert v[("1", "MAgP(task=bic)")] == pytest.approx((s2 + (s2 + s1) / 3) / 2)
    with pytest.raises(InputError, match="article d1 returned 2 times"):
        values(QRELS, run, ["gP(task=bic)@5"], strict=True)


def test_empty_and_unanswered_topics_and_bad_parameters():
    q = make_qrels({"1": {"d1": ([(0, 10)], 100, 0)}, "2": {"x": ([(0, 5)], 10, 0)}})
    run = make_run({"1": [("d1", 0, 10)]})
    ctx = EvalContext()
    table = evaluate(q, run, ["MAiP", "MAgP", "gP@5"], ctx, all_topics=True)
    got = {(r.topic, r.measure): r.value for r in table.itertuples()}
    assert got[("1", "MAiP")] == 1.0 and got[("2", "MAiP")] == 0.0
    assert got[("2", "MAgP")] == 0.0 and got[("1", "gP@5")] == pytest.approx(1 / 5)
    with pytest.raises(UsageError):
        evaluate(q, run, ["iP@1.5"], EvalContext())
    with pytest.raises(UsageError):
        evaluate(q, run, ["HiXiP(alpha=2)@3"], EvalContext())
    elem = Run("e", {"1": Ranking.from_elements([("d1", "/article[1]")])}, "element")
    with pytest.raises(UsageError, match="collection"):
        evaluate(q, elem, ["MAiP"], EvalContext())
    bad = Run("b", {"1": Ranking.from_results([("d1", None, -1, -1, 1, 1.0)], "passage")},
              "passage")
    with pytest.raises(InputError, match="no valid character range"):
        evaluate(q, bad, ["MAiP"], EvalContext())


# ------------------------------------------------------------------ against the reference
docs = st.sampled_from(["a", "b", "c", "d"])
rows = st.lists(st.tuples(docs, st.integers(0, 40), st.integers(0, 20)), min_size=0, max_size=10)
rel_spec = st.dictionaries(docs, st.lists(st.tuples(st.integers(0, 40), st.integers(1, 15)),
                                          max_size=3), min_size=1)


@settings(max_examples=120, deadline=None)
@given(rel_spec, rows, st.sampled_from([1, 2, 3, 7]))
def test_measures_agree_with_per_character_reference(spec, ranked, k):
    rel = {d: {c for o, n in rs for c in range(o, o + n)} for d, rs in spec.items()}
    if not any(rel.values()):
        return
    q = make_qrels({"1": {d: (rs, 100, (rs[0][0] if rs else None)) for d, rs in spec.items()}})
    run = make_run({"1": ranked})
    levels = [0.0, 0.01, 0.1, 0.33, 0.5, 1.0]
    names = [f"iP@{x}" for x in levels] + ["MAiP", f"gP@{k}", f"gR@{k}", "MAgP",
                                           f"gP(task=bic,n=20)@{k}", "MAgP(task=bic,n=20)"]
    v, _ = values(q, run, names)
    want = ref_focused(rel, ranked, [Fraction(repr(x)) for x in levels])
    for x, w in zip(levels, want):
        assert v[("1", f"iP@{x}")] == pytest.approx(w)
    maip = np.mean(ref_focused(rel, ranked, [Fraction(i, 100) for i in range(101)]))
    assert v[("1", "MAiP")] == pytest.approx(maip)
    if ranked:
        gp, gr, agp = ref_ric(rel, ranked, 0.25, k)
        assert v[("1", f"gP@{k}")] == pytest.approx(gp)
        assert v[("1", f"gR@{k}")] == pytest.approx(gr)
        assert v[("1", "MAgP")] == pytest.approx(agp)
        bep = {d: rs[0][0] for d, rs in spec.items() if rs}
        gp, agp = ref_bic(rel, bep, ranked, 20, k)
        assert v[("1", f"gP(task=bic,n=20)@{k}")] == pytest.approx(gp)
        assert v[("1", "MAgP(task=bic,n=20)")] == pytest.approx(agp)


@settings(max_examples=40, deadline=None)
@given(rel_spec, rel_spec, rows, rows)
def test_topics_of_one_run_do_not_interfere(spec1, spec2, rows1, rows2):
    """Documents shared between topics: evaluating two topics together equals evaluating each
    alone (the run-wide document numbering must keep topics apart)."""
    q = make_qrels({"1": {d: (rs, 100, None) for d, rs in spec1.items()},
                    "2": {d: (rs, 100, None) for d, rs in spec2.items()}})
    names = ["iP@0.01", "MAiP", "gP@3", "MAgP", "MAgP(task=bic,n=30)"]
    together, _ = values(q, make_run({"1": rows1, "2": rows2}), names)
    for t, rows_t in (("1", rows1), ("2", rows2)):
        alone, _ = values(q, make_run({t: rows_t}), names)
        for key, value in alone.items():
            assert together[key] == pytest.approx(value, nan_ok=True)


def ref_hixeval(rel: dict[str, set[int]], rows, alpha: float, k: int) -> tuple[float, float]:
    """Seed 002 Eq. 15-17 per character: rov = relevant characters of e already retrieved by
    a better-ranked passage."""
    total = sum(len(c) for c in rel.values())
    seen: set[tuple[str, int]] = set()
    gain = size = 0.0
    for d, o, n in rows[:k]:
        chars = {(d, c) for c in range(o, o + n)}
        relchars = {x for x in chars if x[1] in rel.get(d, ())}
        rov = len(relchars & seen)
        gain += len(relchars) - (1 - alpha) * rov
        size += n
        seen |= chars
    return (gain / size if size else 0.0), gain / total


@settings(max_examples=80, deadline=None)
@given(rel_spec, rows.filter(bool), st.sampled_from([0.0, 0.3, 1.0]), st.integers(1, 12))
def test_hixeval_agrees_with_per_character_reference(spec, ranked, alpha, k):
    rel = {d: {c for o, n in rs for c in range(o, o + n)} for d, rs in spec.items()}
    if not any(rel.values()):
        return
    q = make_qrels({"1": {d: (rs, 100, None) for d, rs in spec.items()}})
    v, _ = values(q, make_run({"1": ranked}), [f"HiXiP(alpha={alpha})@{k}",
                                               f"HiXiR(alpha={alpha})@{k}"])
    p, r = ref_hixeval(rel, ranked, alpha, k)
    assert v[("1", f"HiXiP(alpha={alpha})@{k}")] == pytest.approx(p)
    assert v[("1", f"HiXiR(alpha={alpha})@{k}")] == pytest.approx(r)


def test_relchars_disagreement_is_reported_and_ranges_used():
    q = Qrels("fol")
    q.topic("1").passages["a"] = DocPassages("a", [(0, 10), (5, 10)], 20, 100, 0)  # union 15
    run = make_run({"1": [("a", 0, 15)]})
    v, ctx = values(q, run, ["iP@1.0"])
    assert v[("1", "iP@1.0")] == 1.0  # T_rel = 15 (merged ranges), not 20
    assert any("relchars column disagrees" in w and "1 document" in w for w in ctx.warnings)


def test_run_held_as_shared_columns_gives_the_values_of_per_topic_rankings():
    """A run read from a file keeps its topics in shared columns (Arrow document names,
    int32 offsets), stored here in another order than the evaluation's, with an empty topic
    and one the qrels do not judge: the passage families read the columns straight (no
    ranking per topic) and give the values of the same run held as one ranking per topic."""
    import pyarrow as pa

    qrels = make_qrels({
        "1": {"d1": ([(0, 100)], 1000, 10), "d2": ([(50, 50)], 200, 60), "d3": ([], 300, None)},
        "2": {"d1": ([(20, 30), (400, 10)], 1000, None), "d4": ([(0, 5)], 50, 0)}})
    rows = {"2": [("d4", 0, 10), ("d1", 0, 100), ("d9", 5, 5), ("d1", 390, 30)],
            "3": [],
            "1": [("d1", 0, 50), ("d3", 0, 10), ("d1", 150, 50), ("d2", 0, 100)],
            "7": [("d1", 0, 10)]}
    names = ["iP@0.01", "MAiP", "gP@2", "MAgP", "MAgP(task=bic)", "gP(task=bic)@1",
             "HiXiP@2"]
    flat = [r for t in rows for r in rows[t]]
    bounds = np.cumsum([0] + [len(rows[t]) for t in rows])
    columns = Run.from_columns("r", list(rows), bounds, pa.array([d for d, _, _ in flat]),
                               np.full(len(flat), None, dtype=object),
                               np.array([o for _, o, _ in flat], dtype=np.int32),
                               np.array([n for _, _, n in flat], dtype=np.int32),
                               np.concatenate([np.arange(1, len(rows[t]) + 1) for t in rows]),
                               -np.arange(len(flat), dtype=np.float64), "passage")
    per_topic = make_run({t: r for t, r in rows.items() if r})
    got, _ = values(qrels, columns, names)
    expected, _ = values(qrels, per_topic, names)
    assert got == expected and len(got) == len(names) * 2  # topics 1 and 2 (7: not judged)


def test_document_ids_that_are_not_strings_give_the_same_values():
    """Through the Python API document ids may be integers: they are numbered by Python
    dictionaries instead of Arrow's string encoding, with the same values."""
    def spec(ids):
        qrels = make_qrels({"1": {ids[0]: ([(0, 100)], 1000, 10), ids[1]: ([(50, 50)], 200, 60),
                                  ids[2]: ([], 300, None)}})
        run = make_run({"1": [(ids[0], 0, 50), (ids[2], 0, 10), (ids[0], 150, 50),
                              (ids[1], 0, 100)]})
        return values(qrels, run, ["iP@0.01", "MAiP", "gP@2", "MAgP", "MAgP(task=bic)"])[0]

    assert spec([1, 2, 3]) == spec(["d1", "d2", "d3"])
