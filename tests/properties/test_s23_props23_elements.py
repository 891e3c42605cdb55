"""XCG, inex_eval and the classic measures on element runs over INEX 2003/2004 judgements
(hypothesis): bounds, renaming documents, and, on flat data (whole documents), the same
values under every XCG setting (Kazai & Lalmas 2006: only overlap and the recall-base
differ between the settings, and flat data has neither)."""
from __future__ import annotations

import math

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from props23_common import assert_same, examples, qrels_and_run, records, scores

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
