"""sdreval measures in ``pt.Experiment`` (offline: PyTerrier evaluates transformer DataFrame
output with ir_measures; no JVM is started)."""
from __future__ import annotations

import warnings
from importlib.resources import files

import pandas as pd
import pytest

from sdreval import api

pt = pytest.importorskip("pyterrier")

from sdreval.integrations.pyterrier import measure, qrels_frame, results_frame  # noqa: E402

SYNTHETIC = files("sdreval") / "data" / "examples" / "synthetic"
NAMES = ["sim01", "sim02", "sim03"]


def experiment(qrels_file, run_pattern, measures, **kwargs):
    qrels = qrels_frame(SYNTHETIC / qrels_file)
    systems = [pt.Transformer.from_df(results_frame(SYNTHETIC / run_pattern.format(name)))
               for name in NAMES]
    topics = pd.DataFrame({"qid": sorted(qrels.qid.unique()), "query": "unused"})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pt.Experiment(systems, topics, qrels, measures, names=NAMES, **kwargs)


def expected(qrels_file, run_pattern, names):
    table = api.evaluate(str(SYNTHETIC / qrels_file),
                         {n: str(SYNTHETIC / run_pattern.format(n)) for n in NAMES}, names,
                         all_topics=True, order="rsv")
    return {(r.run, r.measure): r.value for r in table.itertuples()}


def test_experiment_with_passage_measures():
    ms = [measure("MAiP"), measure("iP@0.01"), measure("iP@0.10")]
    table = experiment("qrels.fol", "runs/{}.passages.txt", ms).set_index("name")
    want = expected("qrels.fol", "runs/{}.passages.txt", ["MAiP", "iP@0.01", "iP@0.10"])
    for name in NAMES:
        for m, text in zip(ms, ["MAiP", "iP@0.01", "iP@0.10"]):
            assert table.loc[name, repr(m)] == pytest.approx(want[(name, text)], abs=1e-12)
    assert not pt.java.started()


def test_experiment_with_element_measures_and_ir_measures_own():
    import ir_measures

    ms = [measure("nxCG@10"), measure("MAep"), ir_measures.P @ 5]
    table = experiment("qrels.tsv", "runs/{}.txt", ms).set_index("name")
    want = expected("qrels.tsv", "runs/{}.txt", ["nxCG@10", "MAep"])
    for name in NAMES:
        assert table.loc[name, "nxCG@10"] == pytest.approx(want[(name, "nxCG@10")], abs=1e-12)
        assert table.loc[name, "MAep"] == pytest.approx(want[(name, "MAep")], abs=1e-12)
    assert "P@5" in table.columns


def test_per_query_and_baseline_significance_run():
    table = experiment("qrels.fol", "runs/{}.passages.txt", [measure("MAiP")], baseline=0)
    assert {"MAiP p-value", "MAiP +", "MAiP -"} <= set(table.columns)
    per_query = experiment("qrels.fol", "runs/{}.passages.txt", [measure("MAiP")],
                           perquery=True)
    assert set(per_query.measure) == {"MAiP"} and len(per_query) == 3 * 4
