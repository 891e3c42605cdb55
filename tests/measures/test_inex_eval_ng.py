"""inex_eval_ng (seed 004 Eq. 6-9; SPEC §7)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.errors import UsageError
from sdreval.judgements.qrels import COVERAGE_CODES, Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.measures.inex_eval_ng import (inex_eval_ng_curve, ng_components,
                                           salton_interpolate)
from sdreval.model.run import Ranking, Run
from sdreval.model.tree import Collection, DocumentTree

ROOT = "/article[1]"
E, L, S, N = (COVERAGE_CODES[c] for c in "ELSN")


def ranking(keys):
    return Ranking.from_results([(d, p, -1, -1, i + 1, float(len(keys) - i))
                                 for i, (d, p) in enumerate(keys)])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=30), st.integers(0, 5),
       st.sampled_from(["strict", "gen"]))
def test_equal_size_disjoint_components_give_standard_recall_precision(flags, extra, level):
    """Seed 004 §5: non-overlapping components of equal size, relevance = coverage (binary)
    -> the standard recall and precision, for both the s and the o variants."""
    qrels = Qrels("inex2002")
    keys = [(f"d{i}", ROOT) for i in range(len(flags))]
    for (d, p), rel in zip(keys, flags):
        qrels.add_element("1", d, p, 3.0 if rel else 0.0, E if rel else N, size=250)
    for j in range(extra):
        qrels.add_element("1", f"unretrieved{j}", ROOT, 3.0, E, size=250)
    curves = ng_components(qrels, ranking(keys), "1", level)
    hits = np.cumsum(flags)
    total = sum(flags) + extra
    k = np.arange(1, len(flags) + 1)
    for variant in "so":
        if total:
            np.testing.assert_allclose(curves[f"recall_{variant}"], hits / total)
        np.testing.assert_allclose(curves[f"precision_{variant}"], hits / k)


def test_salton_interpolation_by_hand():
    recall = np.array([0.25, 0.25, 0.5, 0.75])
    precision = np.array([1.0, 0.5, 2 / 3, 0.6])
    got = salton_interpolate(recall, precision, np.array([0.1, 0.25, 0.3, 0.5, 0.6, 0.75, 0.8]))
    np.testing.assert_allclose(got, [1.0, 1.0, 2 / 3, 2 / 3, 0.6, 0.6, 0.0])


def nested_qrels():
    """One article (100 chars, rel 3, too large) with sec[1] (40, rel 3, exact) and
    sec[2] (60, rel 1, too small)."""
    qrels = Qrels("inex2002")
    qrels.add_element("5", "a", ROOT, 3.0, L, size=100)
    qrels.add_element("5", "a", ROOT + "/sec[1]", 3.0, E, size=40)
    qrels.add_element("5", "a", ROOT + "/sec[2]", 1.0, S, size=60)
    return qrels


def test_nested_example_recall_o_below_recall_s():
    qrels = nested_qrels()
    run = ranking([("a", ROOT + "/sec[1]"), ("a", ROOT)])
    c = ng_components(qrels, run, "5", "gen")
    # gen: rel 3 -> 1, rel 1 -> 1/3; cov E -> 1, L -> 1/2, S -> 0.  Σ_d rel(d) = rel(article) = 1
    np.testing.assert_allclose(c["recall_s"], [1.0, 1.0 + 1.0])
    np.testing.assert_allclose(c["recall_o"], [1.0, 1.0 + 1.0 * 60 / 100])
    np.testing.assert_allclose(c["precision_s"], [1.0, (1.0 * 40 + 0.5 * 100) / (40 + 100)])
    np.testing.assert_allclose(c["precision_o"], [1.0, (1.0 * 40 + 0.5 * 60) / (40 + 60)])
    assert c["recall_o"][-1] < c["recall_s"][-1]


def test_ancestor_first_makes_descendants_worthless_in_o_only():
    qrels = nested_qrels()
    run = ranking([("a", ROOT), ("a", ROOT + "/sec[1]"), ("a", ROOT + "/sec[2]")])
    c = ng_components(qrels, run, "5", "gen")
    np.testing.assert_allclose(c["recall_o"], [1.0, 1.0, 1.0])
    np.testing.assert_allclose(c["recall_s"], [1.0, 2.0, 2.0 + 1 / 3])
    np.testing.assert_allclose(c["precision_o"], [0.5, 0.5, 0.5])


def test_two_descendants_then_ancestor_counts_only_the_rest():
    qrels = nested_qrels()
    qrels.add_element("5", "a", ROOT + "/sec[1]/p[1]", 3.0, E, size=10)
    run = ranking([("a", ROOT + "/sec[1]/p[1]"), ("a", ROOT + "/sec[2]"), ("a", ROOT + "/sec[1]"),
                   ("a", ROOT)])
    c = ng_components(qrels, run, "5", "strict")
    # strict: rel 3 -> 1 else 0; cov E -> 1 else 0.  New text: 10, 60, 40-10 = 30, 100-40-60 = 0
    np.testing.assert_allclose(c["recall_o"], np.cumsum([1, 0, 1 * 30 / 40, 0]))
    np.testing.assert_allclose(c["precision_o"], np.cumsum([10, 0, 30, 0]) / np.cumsum(
        [10, 60, 30, 0]))


def test_measure_variants_and_sizes_from_collection():
    qrels = Qrels("inex2002")
    qrels.add_element("5", "a", ROOT, 3.0, L)
    qrels.add_element("5", "a", ROOT + "/sec[1]", 3.0, E)
    run = Run("r", {"5": ranking([("a", ROOT + "/sec[1]"), ("a", ROOT)])})
    with pytest.raises(UsageError):
        evaluate(qrels, run, ["inex_eval_ng"], EvalContext())
    tree = DocumentTree("a", [ROOT, ROOT + "/sec[1]", ROOT + "/sec[2]"], np.array([-1, 0, 0]),
                        np.array([0, 0, 40]), np.array([100, 40, 100]), np.array([20, 8, 12]))
    ctx = EvalContext(collection=Collection.from_trees([tree]))
    df = evaluate(qrels, run, ["inex_eval_ng", "inex_eval_ng(variant=s)",
                               "inex_eval_ng(quant=strict)"], ctx)
    values = dict(zip(df.measure, df.value))
    # variant o: recall_o = 1 at rank 1 already (precision 1) -> every point has precision 1
    assert values["inex_eval_ng"] == pytest.approx(1.0)
    assert values["inex_eval_ng(variant=s)"] == pytest.approx(1.0)
    assert values["inex_eval_ng(quant=strict)"] == pytest.approx(1.0)


def test_precision_interpolated_average_over_100_points():
    qrels = nested_qrels()
    run = ranking([("a", ROOT + "/sec[2]"), ("a", ROOT + "/sec[1]")])
    curve = inex_eval_ng_curve(qrels, run, "5", "o", "gen")
    # ranks: sec[2] (rel 1/3, cov 0): R = 1/3, P = 0; sec[1]: R = 4/3, P = 40/100
    assert np.allclose(curve, 0.4)


def test_missing_sizes_warn_and_use_the_mean():
    qrels = nested_qrels()
    ctx = EvalContext()
    run = ranking([("a", ROOT + "/sec[3]"), ("a", ROOT + "/sec[1]")])
    c = ng_components(qrels, run, "5", "gen", ctx)
    assert any("unknown size" in w for w in ctx.warnings)
    assert c["precision_s"][-1] == pytest.approx(40 / (40 + np.mean([100, 40, 60])))


def test_unsupported_scale_is_a_usage_error():
    qrels = Qrels("graded")
    qrels.add_element("1", "a", ROOT, 1.0, 1.0, size=3)
    with pytest.raises(UsageError):
        ng_components(qrels, ranking([("a", ROOT)]), "1", "gen")


@st.composite
def nested_runs(draw):
    """Random elements of two small documents (paths up to depth 3) with consistent sizes."""
    qrels = Qrels("inex2002")
    keys = []
    for doc in ("a", "b"):
        sizes = {ROOT: 1000.0}
        for i in (1, 2):
            sizes[f"{ROOT}/sec[{i}]"] = 400.0
            for j in (1, 2):
                sizes[f"{ROOT}/sec[{i}]/p[{j}]"] = 150.0
        for path, size in sizes.items():
            rel = draw(st.integers(0, 3))
            cov = draw(st.sampled_from([N, S, L, E])) if rel else N
            qrels.add_element("1", doc, path, float(rel), cov, size=size)
            keys.append((doc, path))
    chosen = draw(st.lists(st.sampled_from(keys), min_size=1, max_size=20))
    return qrels, chosen


@settings(max_examples=60, deadline=None)
@given(nested_runs(), st.sampled_from(["gen", "strict"]))
def test_overlap_never_increases_recall_and_values_are_bounded(data, level):
    qrels, chosen = data
    c = ng_components(qrels, ranking(chosen), "1", level)
    assert np.all(c["recall_o"] <= c["recall_s"] + 1e-12)
    for name in ("precision_s", "precision_o"):
        assert np.all((c[name] >= 0) & (c[name] <= 1 + 1e-12))
    assert np.all(np.diff(c["recall_o"]) >= -1e-12)
    from sdreval.measures.inex_eval_ng.definitions import new_text
    sizes = qrels["1"].elements
    new, _ = new_text(chosen, np.array([sizes[k].size for k in chosen]))
    # all text seen = the text of the maximal retrieved elements (no retrieved ancestor)
    distinct = set(chosen)
    maximal = [(d, p) for (d, p) in distinct
               if not any(dd == d and p.startswith(q + "/") for (dd, q) in distinct)]
    assert new.sum() == pytest.approx(sum(sizes[k].size for k in maximal))


def test_own_2002_functions_equal_the_registered_quantisations():
    from sdreval.judgements.quantise import get_quantisation
    from sdreval.measures.inex_eval_ng import kernels
    e = np.array([0, 1, 2, 3, 3, 2, 1, 0], dtype=float)
    s = np.array([0, 1, 2, 3, 0, 3, 2, 1], dtype=float)
    for level in ("gen", "strict"):
        np.testing.assert_allclose(getattr(kernels, f"rel_{level}")(e),
                                   get_quantisation(f"rel_{level}")(e, s))
        np.testing.assert_allclose(getattr(kernels, f"cov_{level}")(s),
                                   get_quantisation(f"cov_{level}")(e, s))
