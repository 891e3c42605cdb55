"""sdreval measures inside ir_measures (runtime-measure extension point): element, passage and
classic measures through ``ir_measures.calc_aggregate``/``iter_calc`` on DataFrames carrying
xpath or offset/length, equal to sdreval's own evaluation under the same conventions."""
from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from sdreval import api

ir_measures = pytest.importorskip("ir_measures")

from sdreval.integrations.ir_measures import (qrels_frame, register, run_frame,  # noqa: E402
                                              sdreval_measure)


@pytest.fixture(scope="module")
def synthetic():
    from importlib.resources import files

    return files("sdreval") / "data" / "examples" / "synthetic"


def sdreval_means(qrels, run, names, **options):
    table = api.evaluate(str(qrels), str(run), names, all_topics=True, order="rsv", **options)
    return dict(zip(table.measure, table.value))


@pytest.mark.parametrize("names, qrels, run", [
    (["nxCG@10", "MAep", "MAep(quant=sog,overlap=off)", "AP", "P@5"], "qrels.tsv",
     "runs/sim02.txt"),
    (["MAiP", "iP@0.01", "iP@0.10", "gP@5"], "qrels.fol", "runs/sim03.passages.txt"),
])
def test_calc_aggregate_equals_sdreval(synthetic, names, qrels, run):
    measures = [sdreval_measure(n) for n in names]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = ir_measures.calc_aggregate(measures, qrels_frame(synthetic / qrels),
                                         run_frame(synthetic / run))
    want = sdreval_means(synthetic / qrels, synthetic / run, names)
    for name, m in zip(names, measures):
        assert got[m] == pytest.approx(want[name], abs=1e-12), name


def test_element_run_on_passage_qrels_with_a_collection(synthetic):
    m = sdreval_measure("MAiP", collection=str(synthetic / "docs"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = m.calc_aggregate(qrels_frame(synthetic / "qrels.fol"),
                               run_frame(synthetic / "runs/sim01.txt"))
    want = sdreval_means(synthetic / "qrels.fol", synthetic / "runs/sim01.txt", ["MAiP"],
                         collection=str(synthetic / "docs"))
    assert got == pytest.approx(want["MAiP"], abs=1e-12) and got > 0


def test_classic_measures_equal_ir_measures_own_on_documents():
    rng = np.random.default_rng(3)
    qrels = {str(t): {f"d{d}": int(rng.integers(0, 3)) for d in rng.choice(50, 20, False)}
             for t in range(6)}
    for t in qrels:
        qrels[t][f"d{t}"] = 2
    run = {t: {f"d{d}": float(rng.integers(0, 5)) for d in rng.choice(60, 25, False)}
           for t in qrels}
    pairs = [(sdreval_measure("AP"), ir_measures.AP), (sdreval_measure("nDCG@10"),
             ir_measures.nDCG @ 10), (sdreval_measure("RR(rel=2)"), ir_measures.RR(rel=2)),
             (sdreval_measure("NumRet"), ir_measures.NumRet),
             (sdreval_measure("Bpref"), ir_measures.Bpref)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = ir_measures.calc_aggregate([m for pair in pairs for m in pair], qrels, run)
    for ours, theirs in pairs:
        assert repr(ours) == "sdreval_" + repr(theirs)  # never confused with ir_measures'
        assert got[ours] == pytest.approx(got[theirs], abs=1e-9), repr(theirs)


def test_per_query_values_and_nan_topics(synthetic):
    """Every qrels topic gets a value; topics with nothing relevant are NaN and left out of
    the mean; an unanswered topic scores 0 (ir_measures' convention)."""
    qrels = qrels_frame(synthetic / "qrels.tsv")
    qrels.loc[qrels.query_id == "2", ["exhaustivity", "specificity"]] = 0.0
    run = run_frame(synthetic / "runs/sim01.txt")
    run = run[run.query_id != "3"]
    m = sdreval_measure("nxCG@10")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        per_query = {x.query_id: x.value for x in m.iter_calc(qrels, run)}
        mean = m.calc_aggregate(qrels, run)
    assert set(per_query) == set(qrels.query_id)
    assert math.isnan(per_query["2"]) and per_query["3"] == 0.0
    finite = [v for v in per_query.values() if not math.isnan(v)]
    assert mean == pytest.approx(sum(finite) / len(finite))
    assert any("nothing relevant" in str(w.message) for w in caught)


def test_registered_names_parse_in_ir_measures():
    register()
    assert repr(ir_measures.parse_measure("nxCG@10")) == "nxCG@10"
    assert repr(ir_measures.parse_measure("MAiP")) == "MAiP"
    assert type(ir_measures.parse_measure("AP")) is type(ir_measures.AP)  # theirs kept
    assert repr(ir_measures.parse_measure("sdreval_AP(rel=2)")) == "sdreval_AP(rel=2)"
    with pytest.raises(Exception, match="did you mean sog"):
        m = ir_measures.parse_measure("MAep(quant='sgo')")
        m.calc_aggregate({"1": {"d": 1}}, {"1": {"d": 1.0}})
