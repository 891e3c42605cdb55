"""The API takes what ir_measures takes (measure objects, ``P @ 10``, generators of
namedtuples, numpy scalars, ranx column names) and answers as ir_measures does."""
from __future__ import annotations

from collections import namedtuple

import numpy as np
import pandas as pd
import pytest

import sdreval.api as api
from sdreval.errors import UsageError
from sdreval.measures import MEASURES

ir_measures = pytest.importorskip("ir_measures")

TrecQrel = namedtuple("TrecQrel", "query_id doc_id relevance iteration")  # ir_datasets'
GenericScoredDoc = namedtuple("GenericScoredDoc", "query_id doc_id score")


def _data(seed: int = 3, topics: int = 6, docs: int = 40):
    rng = np.random.default_rng(seed)
    qrels = {str(t): {f"d{i}": int(rng.choice(4, p=[.5, .25, .15, .1])) for i in range(docs)}
             for t in range(1, topics + 1)}
    for judged in qrels.values():
        judged["d0"] = 2  # something relevant everywhere (ir_measures averages them all)
    run = {t: {f"d{i}": float(rng.random()) for i in rng.choice(docs + 10, 30, replace=False)}
           for t in qrels}
    return qrels, run


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    qrels, run = _data()
    folder = tmp_path_factory.mktemp("trec")
    (folder / "qrels").write_text("".join(f"{t} 0 {d} {g}\n" for t, judged in qrels.items()
                                          for d, g in judged.items()))
    lines = []
    for t, scored in run.items():
        ranked = sorted(scored.items(), key=lambda x: (-x[1], x[0]))
        lines += [f"{t} Q0 {d} {i + 1} {s!r} bm25\n" for i, (d, s) in enumerate(ranked)]
    (folder / "run").write_text("".join(lines))
    return folder / "qrels", folder / "run", qrels, run


def _needed(*names):
    missing = [n for n in names if n not in MEASURES]
    if missing:
        pytest.skip(f"measures not registered: {missing}")


MEASURE_OBJECTS = [ir_measures.AP, ir_measures.nDCG @ 10, ir_measures.P @ 10,
                   ir_measures.Rprec, ir_measures.AP(rel=2), ir_measures.nDCG,
                   ir_measures.P(rel=2) @ 5]


def test_measure_objects_and_generators_give_ir_measures_values(files):
    _needed("AP", "nDCG", "P", "Rprec")
    qrels_path, run_path, _, _ = files
    theirs = ir_measures.calc_aggregate(MEASURE_OBJECTS,
                                        ir_measures.read_trec_qrels(str(qrels_path)),
                                        ir_measures.read_trec_run(str(run_path)))
    ours = api.calc_aggregate(MEASURE_OBJECTS, ir_measures.read_trec_qrels(str(qrels_path)),
                              ir_measures.read_trec_run(str(run_path)))
    assert set(ours) == set(MEASURE_OBJECTS)
    for m in MEASURE_OBJECTS:
        assert ours[m] == pytest.approx(theirs[m], abs=1e-12), m
    per_query = {(m.query_id, m.measure): m.value for m in ir_measures.iter_calc(
        MEASURE_OBJECTS, ir_measures.read_trec_qrels(str(qrels_path)),
        ir_measures.read_trec_run(str(run_path)))}
    ours_pq = list(api.iter_calc(MEASURE_OBJECTS, ir_measures.read_trec_qrels(str(qrels_path)),
                                 str(run_path)))
    assert all(isinstance(m, api.Metric) for m in ours_pq)
    assert len(ours_pq) == len(per_query)
    for m in ours_pq:
        assert m.value == pytest.approx(per_query[(m.query_id, m.measure)], abs=1e-12)


def test_namedtuples_numpy_scalars_and_ranx_columns(files):
    _needed("AP", "P")
    qrels_path, run_path, qrels, run = files
    expected = api.evaluate(ir_measures.read_trec_qrels(str(qrels_path)),
                            {"bm25": str(run_path)}, ["AP", "P@10"], per_topic=True)
    qrels_gen = (TrecQrel(t, d, g, "0") for t, judged in qrels.items() for d, g in judged.items())
    run_gen = (GenericScoredDoc(t, d, np.float64(s))
               for t, scored in run.items() for d, s in scored.items())
    forms = {
        "ir_datasets namedtuple generators": (qrels_gen, run_gen),
        "numpy scalar dict": (qrels, {t: {d: np.float64(s) for d, s in scored.items()}
                                      for t, scored in run.items()}),
        "ranx columns": (pd.DataFrame([(t, d, g) for t, j in qrels.items() for d, g in j.items()],
                                      columns=["q_id", "doc_id", "relevance"]),
                         pd.DataFrame([(t, d, s) for t, j in run.items() for d, s in j.items()],
                                      columns=["q_id", "doc_id", "score"])),
    }
    for name, (q, r) in forms.items():
        table = api.evaluate(q, {"bm25": r}, [api.AP, api.P @ 10], per_topic=True)
        pd.testing.assert_frame_equal(table, expected, check_exact=True, obj=name)


def test_float32_scores_in_a_dict_of_runs():
    _needed("AP")
    qrels, run = _data()
    runs = {"a": {t: {d: np.float32(s) for d, s in scored.items()} for t, scored in run.items()}}
    assert [r.name for r in api.read_runs(runs)] == ["a"]
    one = {t: {d: np.float32(s) for d, s in scored.items()} for t, scored in run.items()}
    assert [r.name for r in api.read_runs(one)] == ["run"]


def test_at_sets_the_cutoff():
    _needed("P", "nDCG")
    assert api.P @ 10 == api.measure("P@10")
    assert (api.nDCG(gains="exp") @ 5).text == "nDCG(gains=exp)@5"
    with pytest.raises(UsageError):
        api.Rprec @ 10  # takes no cut-off (AP does: AP@10 is trec_eval's map_cut_10)


def test_what_has_no_equivalent_is_refused():
    _needed("AP", "nDCG")
    assert api.measure(ir_measures.ERR @ 10).name == "ERR"  # an equivalent since ERR exists
    for obj in (ir_measures.alpha_nDCG @ 10, ir_measures.nDCG(judged_only=True),
                ir_measures.nDCG(gains={0: 0, 1: 5})):
        with pytest.raises(UsageError, match="no sdreval equivalent"):
            api.measure(obj)


def test_recall_is_never_sakai_r_measure(files):
    """ir_measures' R is recall; sdreval's R is the R-measure: never confused."""
    qrels_path, run_path, _, _ = files
    for obj in (ir_measures.R @ 100, ir_measures.R @ 5):
        try:
            ours = api.calc_aggregate([obj], ir_measures.read_trec_qrels(str(qrels_path)),
                                      str(run_path))[obj]
        except UsageError as error:
            assert "no sdreval equivalent" in str(error)
            continue
        theirs = ir_measures.calc_aggregate([obj], ir_measures.read_trec_qrels(str(qrels_path)),
                                            ir_measures.read_trec_run(str(run_path)))[obj]
        assert ours == pytest.approx(theirs, abs=1e-12)


def test_statistics_straight_from_the_results_table():
    _needed("AP", "P")
    rng = np.random.default_rng(1)
    qrels, _ = _data(topics=12)
    runs = {name: {t: {f"d{i}": float(rng.random()) + bonus * (i < 5) for i in range(40)}
                   for t in qrels} for name, bonus in (("good", 0.8), ("plain", 0.0),
                                                        ("other", 0.1))}
    table = api.evaluate(qrels, runs, [ir_measures.AP, "P@10"], per_topic=True)
    ci = api.confidence_intervals(table, samples=500)
    assert list(ci.columns) == ["run", "measure", "mean", "ci_low", "ci_high", "ci_length"]
    assert set(ci["measure"]) == {"AP", "P@10"} and len(ci) == 6
    assert (ci["ci_low"] <= ci["mean"]).all() and (ci["mean"] <= ci["ci_high"]).all()
    means = table[table.topic == "all"].set_index(["run", "measure"])["value"]
    for row in ci.itertuples():
        assert row.mean == pytest.approx(means[(row.run, row.measure)])
    pairs = api.compare(table, ir_measures.AP)
    assert len(pairs) == 3 and set(pairs["measure"]) == {"AP"}
    assert len(api.compare(table)) == 6
    with pytest.raises(UsageError, match="per_topic=True"):
        api.confidence_intervals(api.evaluate(qrels, runs, ["AP"]))


def test_evaluator_reads_qrels_once_and_answers_like_ir_measures(files):
    _needed("AP", "P")
    qrels_path, run_path, qrels, run = files
    measures = [ir_measures.AP, ir_measures.P @ 10]
    ours = api.evaluator(measures, qrels)
    theirs = ir_measures.evaluator(measures, list(ir_measures.read_trec_qrels(str(qrels_path))))
    ours_means, ours_rows = ours.calc(str(run_path))
    assert ours_means == ours.calc_aggregate(str(run_path))
    assert ours_rows == list(ours.iter_calc(str(run_path)))
    expected = theirs.calc_aggregate(ir_measures.read_trec_run(str(run_path)))
    for m in measures:
        assert ours_means[m] == pytest.approx(expected[m], abs=1e-12)


def test_tied_scores_from_dicts_equal_ir_measures():
    """Ties broken as pytrec_eval breaks them (document id descending)."""
    _needed("AP", "nDCG", "P", "Rprec")
    rng = np.random.default_rng(4)
    qrels = {str(t): {f"d{i}": int(rng.choice(3)) for i in range(30)} for t in range(1, 8)}
    for judged in qrels.values():
        judged["d0"] = 2
    run = {t: {f"d{i}": float(rng.choice([0.1, 0.2, 0.3])) for i in range(35)} for t in qrels}
    ours = api.calc_aggregate(MEASURE_OBJECTS, qrels, run)
    theirs = ir_measures.calc_aggregate(MEASURE_OBJECTS, qrels, run)
    for m in MEASURE_OBJECTS:
        assert ours[m] == pytest.approx(theirs[m], abs=1e-12), m
