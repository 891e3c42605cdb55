"""evaluate/summarise: topic selection, -c, warnings, parallel path identical to serial."""
import pandas as pd
import pytest

from sdreval.judgements.qrels import Qrels
from sdreval.measures.evaluate import evaluate, summarise
from sdreval.measures.registry import (FAMILIES, MEASURES, EvalContext, MeasureDef,
                                       register_family)
from sdreval.model.run import Ranking, Run


def _count_relevant(measures, qrels, run, topics, ctx):
    out = {}
    for m in measures:
        k = m.cutoff or 10**9
        values = {}
        for t in topics:
            ranking = run.get(t)
            rel = {key for key, a in qrels[t].elements.items() if a.e > 0}
            values[t] = float(sum((d, p) in rel for d, p in zip(ranking.docs[:k], ranking.paths[:k])))
        out[m.text] = values
    return out


@pytest.fixture(scope="module", autouse=True)
def toy_family():
    real = MEASURES.get("Hits")  # the registered Hits (measures.rankings) comes back after
    MEASURES["Hits"] = MeasureDef("Hits", "toyhits", "relevant results retrieved",
                                  cutoff="optional-int")
    register_family("toyhits", _count_relevant)
    yield
    del MEASURES["Hits"], FAMILIES["toyhits"]
    if real is not None:
        MEASURES["Hits"] = real


@pytest.fixture()
def qrels():
    q = Qrels("inex2003")
    q.add_element("1", "d1", "/article[1]", 3, 1)
    q.add_element("1", "d2", "/article[1]", 2, 2)
    q.add_element("2", "d1", "/article[1]", 1, 1)
    q.add_element("3", "d9", "/article[1]", 0, 0)  # nothing relevant
    return q


def _run(name, topics):
    return Run(name, {t: Ranking.from_elements([(d, "/article[1]") for d in docs])
                      for t, docs in topics.items()})


def test_topics_and_means(qrels):
    run = _run("r", {"1": ["d1", "d3", "d2"], "3": ["d9"], "7": ["d1"]})
    ctx = EvalContext()
    table = evaluate(qrels, [run], ["Hits", "Hits@1"], ctx)
    assert set(table.topic) == {"1"}  # topic 2 not answered, 3 has nothing relevant, 7 unknown
    assert table.set_index("measure").value.to_dict() == {"Hits": 2.0, "Hits@1": 1.0}
    assert any("nothing relevant" in w for w in ctx.warnings)
    assert any("not in the qrels" in w and "7" in w for w in ctx.warnings)


def test_all_topics_scores_missing_as_zero(qrels):
    run = _run("r", {"1": ["d1"]})
    table = evaluate(qrels, [run], ["Hits"], EvalContext(), all_topics=True)
    assert table.set_index("topic").value.to_dict() == {"1": 1.0, "2": 0.0}
    means = summarise(table)
    assert list(means.topic) == ["all"] and means.value.iloc[0] == 0.5
    both = summarise(table, keep_topics=True)
    assert list(both.topic) == ["1", "2", "all"]


def test_parallel_equals_serial(qrels):
    runs = [_run(f"r{i}", {"1": ["d1", "d2"][: i % 3], "2": ["d1"] * (i % 2)}) for i in range(5)]
    serial = evaluate(qrels, runs, ["Hits", "Hits@1"], EvalContext(), all_topics=True)
    parallel = evaluate(qrels, runs, ["Hits", "Hits@1"], EvalContext(), all_topics=True, jobs=2)
    pd.testing.assert_frame_equal(serial, parallel)


def test_compat_inex_keeps_topics_without_relevant(qrels):
    run = _run("r", {"1": ["d1"], "3": ["d9"]})
    ctx = EvalContext(compat="inex")
    table = evaluate(qrels, [run], ["Hits"], ctx)
    assert table.set_index("topic").value.to_dict() == {"1": 1.0, "3": 0.0}
    assert any("--compat inex" in w for w in ctx.warnings)
