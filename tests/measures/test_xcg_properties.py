"""XCG invariants (hypothesis) and parameter handling."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sdreval.data.kazai_lalmas_2006 import kazai_lalmas_example
from sdreval.errors import UsageError
from sdreval.judgements.qrels import Qrels
from sdreval.judgements.recallbase import full_recall_base, ideal_recall_base
from sdreval.measures import EvalContext, evaluate, parse_measure
from sdreval.measures.cumgain import FINE_POINTS, ep_at, q_measure
from sdreval.model.run import Ranking, Run

from test_xcg_gains import tree_and_runs  # noqa: E402  (same directory, pytest rootdir import)

ALL = ["xCG@3", "nxCG@1", "nxCG@5", "MAnxCG@20", "ep@0.1", "ep@0.5", "ep@1", "iMAep",
       "iMAep(step=0.01)", "MAep", "Q", "R", "Q(beta=10)"]
NORMALISED = [m for m in ALL if not m.startswith("xCG")]
FOCUSED = {"nxCG@1", "nxCG@5", "MAnxCG@20", "MAep", "Q", "R", "Q(beta=10)"}


def values(qrels, results, measures, **ctx):
    run = Run("r", {"t": Ranking.from_elements(results)})
    frame = evaluate(qrels, run, measures, EvalContext(**ctx))
    return dict(zip(frame["measure"], frame["value"]))


def has_content(qrels, quant):
    return "t" in qrels and any(e.value > 0 for e in full_recall_base(qrels["t"], quant))


PROFILE = dict(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(**PROFILE)
@given(tree_and_runs(), st.sampled_from(["on", "off"]), st.sampled_from(["sog", "gen"]))
def test_scores_in_unit_interval(data, overlap, quant):
    qrels, runs = data
    if not has_content(qrels, quant):
        return
    for results in runs:
        got = values(qrels, results, NORMALISED, quant=quant, overlap=overlap)
        for m, v in got.items():
            assert -1e-12 <= v <= 1 + 1e-9, (m, v)


@settings(**PROFILE)
@given(tree_and_runs(), st.sampled_from([0.0, 0.5, 1.0]), st.sampled_from(["sog", "gen", "strict"]))
def test_ideal_run_scores_one(data, alpha, quant):
    qrels, _ = data
    if not has_content(qrels, quant):
        return
    ideal = [(e.doc, e.path) for e in ideal_recall_base(qrels["t"], quant)]
    if not ideal:
        return
    got = values(qrels, ideal, NORMALISED, quant=quant, alpha=alpha)
    assert all(v == pytest.approx(1.0) for v in got.values()), got
    full = [(e.doc, e.path) for e in full_recall_base(qrels["t"], quant)]
    got = values(qrels, full, NORMALISED, quant=quant, overlap="off", ideal="full")
    assert all(v == pytest.approx(1.0) for v in got.values()), got


@settings(**PROFILE)
@given(tree_and_runs(), st.integers(0, 14), st.integers(1, 3), st.sampled_from(["on", "off"]))
def test_inserting_or_appending_non_relevant_never_raises(data, where, count, overlap):
    qrels, runs = data
    if not has_content(qrels, "gen"):
        return
    measures = ["MAep", "Q", "nxCG@1", "nxCG@3", "nxCG@10"]
    junk = [(f"unjudged{i}", "/article[1]") for i in range(count)]
    for results in runs:
        before = values(qrels, results, measures, overlap=overlap)
        cut = min(where, len(results))
        for changed in (results[:cut] + junk + results[cut:], results + junk):
            after = values(qrels, changed, measures, overlap=overlap)
            for m in measures:
                assert after[m] <= before[m] + 1e-12, (m, before[m], after[m])


# ---------------------------------------------------------------------------- parameters
def test_overlap_and_alpha_resolution():
    qrels, runs = kazai_lalmas_example()
    frb = [r for r in runs if r.name == "frb"]

    def v(m, **ctx):
        frame = evaluate(qrels, frb, [m], EvalContext(**{"quant": "sog", **ctx}))
        return float(frame["value"].iloc[0])

    assert v("MAep(ideal=full)") == v("MAep(ideal=full,alpha=1)") == v("MAep(ideal=full,overlap=on)")
    off = v("MAep(ideal=full,overlap=off)")
    assert off == v("MAep(ideal=full,alpha=0)") == v("MAep(ideal=full)", overlap="off")
    assert off == v("MAep(ideal=full)", alpha=0.0) != v("MAep(ideal=full)")
    assert v("MAep(ideal=full,overlap=on)", overlap="off") != off  # the name wins
    assert v("MAep(ideal=full,alpha=0)", overlap="on") == off
    assert v("MAep", ideal="full") == v("MAep(ideal=full)")
    assert v("R(ideal=full,quant=strict)") == v("R(ideal=full)", quant="strict") \
        != v("R(ideal=full,quant=gen)")


def test_quant_in_name_and_keep_option():
    qrels, runs = kazai_lalmas_example()
    reverse = [r for r in runs if r.name == "reverse_ideal"]
    frame = evaluate(qrels, reverse, ["R(quant=strict)", "R(quant=sog)",
                                      "R(quant=sog,keep=descendant)"])
    r = dict(zip(frame["measure"], frame["value"]))
    assert r["R(quant=strict)"] == 0.0                  # ideal {sec[6]}; rank 1 is sec[4]
    assert r["R(quant=sog)"] == pytest.approx(1.0)
    # ideal {sec[6], sec[4]/ip1[2], sec[4]/p[1]}: sec[4] draws 0.5 from the pooled 1.8
    assert r["R(quant=sog,keep=descendant)"] == pytest.approx((1.5 + 2) / (2.8 + 3))


def test_beta_and_fine_points():
    qrels, runs = kazai_lalmas_example()
    rl = [r for r in runs if r.name == "rel_leaves"]
    frame = evaluate(qrels, rl, ["Q(beta=10)", "iMAep(step=0.01)"], EvalContext(quant="sog"))
    got = dict(zip(frame["measure"], frame["value"]))
    gains, ideal = np.array([0.9, 0.1, 0, 0.5, 0, 0]), np.array([1.0, 0.5])
    assert got["Q(beta=10)"] == pytest.approx(q_measure(gains, ideal, 10))
    assert got["iMAep(step=0.01)"] == pytest.approx(ep_at(gains, ideal, FINE_POINTS).mean())


def test_bad_parameters_are_usage_errors():
    for text in ("ep@1.5", "MAep(overlap=maybe)", "MAep(alpha=2)", "iMAep(step=0.2)",
                 "MAep(quant=nosuch)", "nxCG"):
        with pytest.raises(UsageError):
            qrels, runs = kazai_lalmas_example()
            evaluate(qrels, runs[:1], [text])


def test_measure_objects_in_api_style():
    from sdreval.measures.xcg import nxCG
    m = nxCG(k=10, quant="gen", overlap="on")
    assert m.text == "nxCG(quant=gen,overlap=on)@10"
    assert parse_measure("nxCG(quant=gen)@10").cutoff == 10


@settings(**PROFILE)
@given(st.lists(st.sampled_from([0, 1, 2, 3]), min_size=1, max_size=8),
       st.lists(st.integers(0, 9), max_size=12))
def test_flat_data_every_setting_agrees_with_classic_q(grades, order):
    """One element per document: Q, R, MAep are the classic measures under every setting."""
    qrels = Qrels("graded")
    for i, g in enumerate(grades):
        qrels.add_element("t", f"d{i}", "/article[1]", g, g)
    if not any(grades):
        return
    results = [(f"d{i}", "/article[1]") for i in dict.fromkeys(order)]
    settings_list = [dict(), dict(ideal="full", overlap="off"), dict(overlap="off"),
                     dict(ideal="full")]
    got = [values(qrels, results, ["Q", "R", "MAep"], quant="graded", **s) for s in settings_list]
    for other in got[1:]:
        for m in ("Q", "R", "MAep"):
            assert other[m] == pytest.approx(got[0][m])
    gains = [grades[i] if i < len(grades) else 0 for i in dict.fromkeys(order)]
    ideal = sorted((g for g in grades if g > 0), reverse=True)
    cg, ci, count, total = 0.0, np.cumsum(ideal), 0, 0.0
    for j, g in enumerate(gains, 1):
        cg += g
        if g > 0:
            count += 1
            total += (cg + count) / (ci[min(j, len(ideal)) - 1] + j)
    assert got[0]["Q"] == pytest.approx(total / len(ideal))


def test_passage_only_judgements_are_measured_at_the_document_level():
    from sdreval.judgements.qrels import DocPassages

    qrels = Qrels("fol")
    qrels.topic("t").passages["d"] = DocPassages("d", [(0, 10)], 10, 100)
    qrels.topic("t").passages["e"] = DocPassages("e", [], 0, 100)
    run = Run("r", {"t": Ranking.from_elements([("e", "/article[1]"), ("d", "/article[1]")])})
    assert evaluate(qrels, run, ["MAep"])["value"].tolist() == [0.5]
    with pytest.raises(UsageError, match="element assessments"):
        evaluate(qrels, run, ["MAep(quant=gen)"])


def test_manxcg_default_cutoff_and_document_runs():
    qrels, runs = kazai_lalmas_example()
    frame = evaluate(qrels, runs, ["MAnxCG", "MAnxCG@1500"], EvalContext(quant="sog"))
    by = frame.pivot(index="run", columns="measure", values="value")
    assert (by["MAnxCG"] == by["MAnxCG@1500"]).all()
    # a document run (whole articles) is an element run of /article[1]
    doc_run = Run("docs", {"163": Ranking.from_elements([("co/2001/r7022", "/article[1]")])},
                  unit="document")
    frame = evaluate(qrels, doc_run, ["xCG@1"], EvalContext(quant="sog"))
    assert frame["value"].tolist() == [0.25]
