"""The friendly Python API (ir_measures / ranx style)."""
from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

import sdreval.api as api
from sdreval.errors import UsageError
from sdreval.measures import MEASURES, Measure
from sdreval.model.run import Run

QRELS = {"1": {"d1": 2, "d2": 0, "d3": 1}, "2": {"d4": 1, "d5": 0}}
RUN = {"1": {"d1": 0.9, "d2": 0.8, "d3": 0.1}, "2": {"d5": 2.0, "d4": 1.0}}


def test_measure_objects_with_parameters():
    if "nxCG" not in MEASURES:
        pytest.skip("XCG family not registered")
    m = api.nxCG(k=10, quant="gen", overlap="on")
    assert isinstance(m, Measure) and m.cutoff == 10 and m.get("quant") == "gen"
    assert api.measure("nxCG@10", quant="gen", overlap="on").params == m.params
    parsed = api.measure("MAep(quant=sog)")
    assert parsed.text == "MAep(quant=sog)" and parsed.get("quant") == "sog"
    assert api.measure("MAep(quant=sog)", quant="strict").get("quant") == "strict"
    assert "nxCG" in dir(api)
    with pytest.raises(AttributeError):
        api.NoSuchMeasure  # noqa: B018
    with pytest.raises(UsageError):
        api.measure("nxCG(colour=red)@10")


def test_non_identifier_names_through_measure():
    if "P" not in MEASURES:
        pytest.skip("classic family not registered")
    assert api.measure("P@10").cutoff == 10
    assert api.measure("P", k=5).text == "P@5"
    assert [m.text for m in api.measures("AP", ["P@10", api.P(k=3)])] == ["AP", "P@10", "P@3"]


def _values(table):
    return {(r.run, r.topic, r.measure): r.value for r in table.itertuples(index=False)}


def test_evaluate_dicts_dataframes_and_files(tmp_path):
    if "P" not in MEASURES or "AP" not in MEASURES:
        pytest.skip("classic family not registered")
    table = api.evaluate(QRELS, {"bm25": RUN}, ["P@2", "AP"], per_topic=True)
    assert list(table.columns) == ["run", "topic", "measure", "value"]
    v = _values(table)
    assert v[("bm25", "1", "P@2")] == 0.5 and v[("bm25", "2", "P@2")] == 0.5
    assert v[("bm25", "1", "AP")] == pytest.approx((1 / 1 + 2 / 3) / 2)
    assert v[("bm25", "2", "AP")] == pytest.approx(1 / 2)
    assert v[("bm25", "all", "AP")] == pytest.approx(((1 + 2 / 3) / 2 + 0.5) / 2)

    means = api.evaluate(QRELS, RUN, "AP")
    assert list(means["topic"]) == ["all"] and means["run"].iloc[0] == "run"

    qrels_df = pd.DataFrame([(t, d, g) for t, docs in QRELS.items() for d, g in docs.items()],
                            columns=["query_id", "doc_id", "relevance"])
    run_df = pd.DataFrame([(t, d, s) for t, docs in RUN.items() for d, s in docs.items()],
                          columns=["query_id", "doc_id", "score"])
    same = api.evaluate(qrels_df, {"bm25": run_df}, ["P@2", "AP"], per_topic=True)
    pd.testing.assert_frame_equal(same, table)

    run_file = tmp_path / "bm25.txt"
    run_file.write_text("".join(f"{t} Q0 {d} {i + 1} {s} bm25\n" for t, docs in RUN.items()
                                for i, (d, s) in enumerate(sorted(docs.items(),
                                                                  key=lambda x: -x[1]))))
    from_path = api.evaluate(QRELS, str(run_file), ["P@2", "AP"], per_topic=True)
    pd.testing.assert_frame_equal(from_path, table)
    with open(run_file, "rb") as handle:
        from_file = api.evaluate(QRELS, handle, ["P@2", "AP"], per_topic=True)
    pd.testing.assert_frame_equal(from_file, table)
    from_text = api.read_run(io.StringIO(run_file.read_text()), name="bm25")
    assert from_text.name == "bm25" and list(from_text["1"].docs) == ["d1", "d2", "d3"]


def test_ir_measures_inputs_and_runs_list():
    ir_measures = pytest.importorskip("ir_measures")
    if "AP" not in MEASURES:
        pytest.skip("classic family not registered")
    qrels = [ir_measures.Qrel(t, d, g) for t, docs in QRELS.items() for d, g in docs.items()]
    run = [ir_measures.ScoredDoc(t, d, s) for t, docs in RUN.items() for d, s in docs.items()]
    ours = api.evaluate(qrels, run, ["AP"], order="rsv")
    theirs = ir_measures.calc_aggregate([ir_measures.AP], qrels, run)[ir_measures.AP]
    assert ours["value"].iloc[0] == pytest.approx(theirs)
    two = api.evaluate(QRELS, [api.read_run(RUN, name="a"), api.read_run(RUN, name="a")], "AP")
    assert list(two["run"]) == ["a (#1)", "a (#2)"]


def test_element_inputs_and_options():
    if "MAep" not in MEASURES:
        pytest.skip("XCG family not registered")
    qrels = pd.DataFrame({"topic": ["9", "9", "9"], "file": ["x", "x", "x"],
                          "path": ["/article", "/article/sec", "/article/sec[2]"],
                          "exhaustivity": [2, 3, 1], "specificity": [1, 3, 1]})
    run = {"9": {("x", "/article[1]/sec[1]"): 2.0, ("x", "/article[1]"): 1.0}}
    q = api.read_qrels(qrels)
    assert q.scale == "inex2003" and ("x", "/article[1]/sec[2]") in q["9"].elements
    r = api.read_run(run)
    assert r.unit == "element" and list(r["9"].paths) == ["/article[1]/sec[1]", "/article[1]"]
    table = api.evaluate(q, r, ["MAep", api.nxCG(k=1)], quant="strict")
    nx = table[table.measure == "nxCG@1"]["value"].iloc[0]
    assert nx == pytest.approx(1.0)  # sec[1] (3,3) is the strict ideal element
    with pytest.raises(UsageError, match="unknown option"):
        api.evaluate(q, r, ["MAep"], qaunt="strict")


def test_read_errors():
    with pytest.raises(UsageError):
        api.read_qrels(pd.DataFrame({"topic": ["1"], "doc": ["d"]}))
    with pytest.raises(UsageError):
        api.read_run(pd.DataFrame({"topic": ["1"], "doc": ["d"]}))
    with pytest.raises(UsageError):
        api.read_run(42)
    assert isinstance(api.read_run(Run("x")), Run)


def test_report_through_api(tmp_path):
    if "AP" not in MEASURES:
        pytest.skip("classic family not registered")
    rng = np.random.default_rng(0)
    qrels = {str(t): {f"d{i}": int(i < 4) for i in range(12)} for t in range(6)}
    runs = {name: {t: {f"d{i}": float(rng.random() + bonus * (i < 4)) for i in range(12)}
                   for t in qrels} for name, bonus in (("a", 0.6), ("b", 0.0))}
    path = api.report(qrels, runs, ["AP", "P@5"], tmp_path / "r.html")
    text = path.read_text()
    assert "summary-table" in text and "data:image/svg+xml;base64," in text


def test_docstring_examples():
    import doctest

    if "nxCG" not in MEASURES or "P" not in MEASURES:
        pytest.skip("measure families not registered")
    assert doctest.testmod(api).failed == 0
