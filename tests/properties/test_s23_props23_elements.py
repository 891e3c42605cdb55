"""XCG, inex_eval and the classic measures on element runs over INEX 2003/2004 judgements
(hypothesis): bounds, renaming documents, and, on flat data (whole documents), the same
values under every XCG setting (Kazai & Lalmas 2006: only overlap and the recall-base
differ between the settings, and flat data has neither)."""
from __future__ import annotations

import math

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

import sdreval
from props23_common import assert_same, examples, qrels_and_run, records, same, scores
from sdreval.judgements.recallbase import full_recall_base, ideal_recall_base

PATHS = ["/article[1]", "/article[1]/sec[1]", "/article[1]/sec[1]/p[1]",
         "/article[1]/sec[1]/p[2]", "/article[1]/sec[2]"]
EDOCS = ["d1", "10", "9"]
pairs = st.one_of(st.just((0, 0)), st.tuples(st.integers(1, 3), st.integers(1, 3)))
XCG = ["nxCG@1", "nxCG@2", "nxCG@3", "nxCG@5", "MAnxCG@5", "ep@0.1", "ep@0.5", "ep@1.0",
       "iMAep", "MAep", "Q", "R", "Q(beta=10)"]
SETTINGS = [{}, {"overlap": "off"}, {"ideal": "full"}, {"ideal": "full", "overlap": "off"},
            {"alpha": 0.5}]


@st.composite
def element_case(draw):
    """Judgements of one topic (a relevant element at least) and a run of its elements (and
    some not judged), in decreasing score."""
    judged = draw(st.dictionaries(st.tuples(st.sampled_from(EDOCS), st.sampled_from(PATHS)),
                                  pairs, min_size=1, max_size=8))
    if not any(e for e, _ in judged.values()):
        judged[next(iter(judged))] = (draw(st.integers(1, 3)), draw(st.integers(1, 3)))
    ranked = draw(st.lists(st.tuples(st.sampled_from(EDOCS), st.sampled_from(PATHS)),
                           min_size=1, max_size=7, unique=True))
    qrels = pd.DataFrame([{"topic": "1", "doc": d, "path": p, "exhaustivity": e,
                           "specificity": s} for (d, p), (e, s) in judged.items()])
    run = pd.DataFrame([{"topic": "1", "doc": d, "path": p, "score": float(10 - i)}
                        for i, (d, p) in enumerate(ranked)])
    return qrels, run


@examples(20)
@given(element_case(), st.sampled_from(SETTINGS), st.sampled_from(["gen", "sog", "strict"]))
def test_element_measures_lie_in_the_unit_interval(case, setting, quant):
    qrels, run = case
    names = XCG + ["inex_eval", "AP", "AWP", "P@3", "Rprec", "nDCG"]
    for key, value in scores(qrels, run, names, quant=quant, **setting).items():
        assert math.isnan(value) or 0 <= value <= 1 + 1e-12, (key, value, setting, quant)


@examples(15)
@given(element_case(), st.permutations(["x7", "700", "80"]))
def test_renaming_documents_changes_no_element_value(case, new):
    qrels, run = case
    names = XCG + ["inex_eval", "AP", "gAP", "nDCG"]
    rename = dict(zip(EDOCS, new))
    want = scores(qrels, run, names, overlap="on")
    got = scores(qrels.assign(doc=qrels.doc.map(rename)), run.assign(doc=run.doc.map(rename)),
                 names, overlap="on")
    assert_same(got, want, 1e-12)


@examples(8)
@given(qrels_and_run(relevant=False))
def test_on_whole_documents_every_xcg_setting_gives_the_same_values(pair):
    judged, run = pair
    want = scores(judged, records(run), XCG)
    for setting in SETTINGS[1:]:
        assert_same(scores(judged, records(run), XCG, **setting), want, 1e-12)


@examples(12)
@given(element_case(), st.sampled_from(["gen", "sog", "strict"]), st.booleans())
def test_the_recall_base_ranked_in_its_order_scores_one(case, quant, full):
    """The ideal recall-base in its order scores 1 on every XCG measure (Kazai & Lalmas 2006,
    §4-5: the ideal vector is that ranking's gain vector); so does the full recall-base with
    ``ideal=full, overlap=off`` (every relevant element a target, no overlap penalty)."""
    qrels, _ = case
    judged = sdreval.read_qrels(qrels)["1"]
    base = full_recall_base(judged, quant) if full else ideal_recall_base(judged, quant)
    if not base:
        return
    run = pd.DataFrame([{"topic": "1", "doc": e.doc, "path": e.path, "score": 100.0 - i}
                        for i, e in enumerate(base)])
    setting = {"ideal": "full", "overlap": "off"} if full else {}
    names = XCG + ["nxCG@10", "ep@0.3"]
    for key, value in scores(qrels, run, names, quant=quant, **setting).items():
        assert same(value, 1.0), (key, value)


@examples(12)
@given(element_case(), element_case())
def test_appending_elements_keeps_the_cumulated_gain_of_the_ranks_before(case, more):
    """xCG[k] for k up to the old length: the gain of a result depends on the results before
    it only (Kazai & Lalmas 2006, Eq. 8-9)."""
    qrels, run = case
    extra = more[1][~more[1].set_index(["doc", "path"]).index.isin(
        run.set_index(["doc", "path"]).index)].assign(score=lambda f: f.score - 20)
    names = [f"xCG@{k}" for k in range(1, len(run) + 1)] + \
        [f"nxCG@{k}" for k in range(1, len(run) + 1)]
    for setting in SETTINGS:
        before = scores(qrels, run, names, **setting)
        after = scores(qrels, pd.concat([run, extra]), names, **setting)
        assert_same(after, before, 0)
