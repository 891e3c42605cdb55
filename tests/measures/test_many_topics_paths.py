"""Evaluation of very many topics: from 32768 topics on nothing is cached per topic and the
values are those with the caches, the ideal and gain matrices summed in blocks give the same
values, and the results table built by columns is the one built row by row."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels, read_run
from sdreval.judgements.qrels import Qrels
from sdreval.measures import EvalContext, evaluate, summarise
from sdreval.measures.classic import gains, kernels
from sdreval.measures.registry import parse_measure
from sdreval.measures.serial import COLUMNS, result_table, topics_to_evaluate
from sdreval.measures.values import TopicPositions, TopicValues
from sdreval.model.ordering import sort_topics, topic_sort_key
from sdreval.model.run import Ranking, Run
from sdreval.report import output

REAL = Path(__file__).resolve().parents[1] / "realdata"
FOL = REAL / "inex2010-adhoc" / "inex2010.qrels"
ZENDEL = REAL / "inex2009-2010-zendel" / "INEX_Qrels.txt"
BERT = REAL / "inex2009-2010-zendel" / "bert_inex_converted.run"
CLASSIC = ["AP", "AP@5", "gAP", "AWP", "P@10", "P@1", "Rprec", "RR", "RR@3", "R@100", "R@2",
           "Success@5", "Judged@10", "Judged", "Bpref", "NumRel", "NumRet", "NumRelRet",
           "IPrec@0.2", "SetP", "SetR", "SetF", "nDCG@10", "nDCG", "nDCG(gains=exp)@20"]


def per_topic_path(monkeypatch) -> None:
    """Make every evaluation take the path of very many topics, in small blocks."""
    monkeypatch.setattr(gains, "MANY_TOPICS", 1)
    monkeypatch.setattr(kernels, "_ROWS", 5)


def element_data(seed: int = 3, topics: int = 30):
    """Graded element assessments with nested paths and a run with repeats and unjudged
    results."""
    rng = np.random.default_rng(seed)
    qrels = Qrels("graded")
    rankings = {}
    paths = ["/article[1]", "/article[1]/sec[1]", "/article[1]/sec[2]", "/article[1]/sec[1]/p[2]"]
    for t in range(topics):
        topic = str(500 + t)
        for d in rng.choice(40, 15, replace=False):
            for p in rng.choice(paths, 2, replace=False):
                level = float(rng.choice(4, p=[0.5, 0.2, 0.2, 0.1]))
                qrels.add_element(topic, f"d{d}", str(p), level, level)
        n = int(rng.integers(0, 40))
        rankings[topic] = Ranking.from_results(
            [(f"d{rng.integers(60)}", str(rng.choice(paths)), -1, -1, i + 1, float(n - i))
             for i in range(n)])
    return qrels, Run("elements", rankings)


CASES = {  # problems of the real files are not this test's business: logged, not warned
    "fol-passages": lambda: (read_qrels(FOL, log=ProblemLog()), read_run(BERT, log=ProblemLog())),
    "fol-zendel": lambda: (read_qrels(ZENDEL, log=ProblemLog()), read_run(BERT, log=ProblemLog())),
    "elements": element_data,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_many_topics_give_the_values_of_few(case, monkeypatch):
    qrels, run = CASES[case]()
    for all_topics in (False, True):
        want_ctx = EvalContext()
        want = evaluate(qrels, [run], CLASSIC, want_ctx, all_topics=all_topics)
        with monkeypatch.context() as patch:
            per_topic_path(patch)
            got_ctx = EvalContext()
            got = evaluate(qrels, [run], CLASSIC, got_ctx, all_topics=all_topics)
        pd.testing.assert_frame_equal(got, want, check_exact=True)
        assert got_ctx.warnings == want_ctx.warnings


def test_nothing_is_kept_per_topic_from_32768_topics_on():
    """Fails on the code that cached an assessment map and an ideal vector per topic."""
    topics = gains.MANY_TOPICS + 10
    qrels = Qrels("graded")
    rankings = {}
    for t in range(topics):
        qrels.add_element(str(t), f"d{t}", "/article[1]", 1.0, 1.0)
        rankings[str(t)] = Ranking.from_results([(f"d{t}", "/article[1]", -1, -1, 1, 1.0)])
    ctx = EvalContext()
    table = evaluate(qrels, [Run("r", rankings)], ["P@10", "nDCG@10", "Judged@10"], ctx)
    assert len(table) == 3 * topics and set(table["value"]) == {0.1, 1.0}
    held = sum(len(v) for v in ctx.cache.values() if isinstance(v, (dict, list, tuple)))
    assert held < 100, {k: len(v) for k, v in ctx.cache.items() if hasattr(v, "__len__")}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(0, 10 ** 20).map(str),
                          st.text("0123456789²٣a-", min_size=1, max_size=6)), max_size=40))
def test_sort_topics_is_the_topic_order(topics):
    assert sort_topics(topics) == sorted(topics, key=topic_sort_key)


def test_topics_left_out_are_counted_and_the_first_named():
    qrels = Qrels("graded")
    for t in range(30):
        qrels.add_element(str(t), "d", "/article[1]", 1.0 if t % 3 else 0.0, 1.0)
    run = Run("r", {str(t): Ranking.empty() for t in range(100, 0, -1)})
    ctx = EvalContext()
    chosen = topics_to_evaluate(qrels, run, False, ctx)
    assert chosen == [str(t) for t in range(1, 30) if t % 3]
    # topic 0 (nothing relevant) is not answered: trec_eval leaves it out too (told apart)
    assert ctx.warnings[0].startswith("run r: 9 qrels topic(s) with nothing relevant left out "
                                      "of its means: 3, 6, 9, 12")
    unknown = ", ".join(str(t) for t in range(30, 50))
    assert ctx.warnings[1].startswith("run r: 1 qrels topic(s) with nothing relevant not "
                                      "answered, left out of its means: 0 (")
    assert ctx.warnings[2] == f"run r: 71 topic(s) not in the qrels ignored: {unknown} ..."


def test_result_table_is_the_table_built_row_by_row():
    measures = [parse_measure(m) for m in ("AP", "P@10", "num_rel")]
    topics = ["3", "1", "x"]
    positions = TopicPositions(topics)
    values = {"AP": TopicValues(positions, np.array([0.5, np.nan, 1.0])),
              "P@10": {"3": 0.25}}  # a family's dict; "1" and "x" left without a value
    answered = {"3", "x"}
    rows = [("r", t, m.text, values[m.text][t] if t in values.get(m.text, {})
             else (np.nan if t in answered else 0.0)) for m in measures for t in topics]
    want = pd.DataFrame(rows, columns=COLUMNS)
    pd.testing.assert_frame_equal(result_table("r", measures, topics, values, answered), want)
    assert result_table("r", measures, [], values, answered).equals(
        pd.DataFrame([], columns=COLUMNS))


def test_topic_values_is_a_mapping_over_its_array():
    positions = TopicPositions(["a", "b"])
    values = TopicValues(positions, np.array([1.0, 2.0]))
    values["b"] = np.nan
    values["c"] = 3.0  # a topic not listed is kept aside
    assert list(values) == ["a", "b", "c"] and len(values) == 3 and "c" in values
    assert values["a"] == 1.0 and np.isnan(values["b"]) and values["c"] == 3.0
    assert values.array_for(positions.topics) is None  # "c" is not in the array
    with pytest.raises(TypeError):
        del values["a"]


def test_output_in_blocks_is_the_output_at_once(monkeypatch):
    qrels, run = element_data(5, 12)
    table = evaluate(qrels, [run], ["AP", "num_rel", "P@5"], EvalContext())
    results = summarise(table, keep_topics=True, counts=True)
    records = []
    for r in results.itertuples(index=False):
        record = {"run": r.run, "topic": r.topic, "measure": r.measure,
                  "value": None if pd.isna(r.value) else float(r.value)}
        if not pd.isna(r.topics):
            record["topics"] = int(r.topics)
        records.append(record)
    text = output.results_to_text(results)
    monkeypatch.setattr(output, "_ROWS", 4)
    assert output.results_to_json(results) == json.dumps(records, indent=1)
    assert output.results_to_text(results) == text
    assert output.results_to_json(results.iloc[:0]) == "[]"


PASSAGE = ["MAiP", "iP@0.01", "MAgP(task=bic)", "MAgP(task=ric)", "gP(task=ric)@5", "HiXiP@10"]


def test_passage_batch_built_in_blocks_gives_the_same_values(monkeypatch):
    from sdreval.measures.passage import batch

    qrels, run = read_qrels(FOL, log=ProblemLog()), read_run(BERT, log=ProblemLog())
    want_ctx = EvalContext()
    want = evaluate(qrels, [run], PASSAGE, want_ctx, all_topics=True)
    monkeypatch.setattr(batch, "_TOPICS_AT_ONCE", 3)
    got_ctx = EvalContext()
    got = evaluate(qrels, [run], PASSAGE, got_ctx, all_topics=True)
    pd.testing.assert_frame_equal(got, want, check_exact=True)
    assert got_ctx.warnings == want_ctx.warnings


def test_passage_measures_keep_no_object_per_topic(tmp_path):
    """Fails on the code that kept every topic's prepared relevant text (about 2 KB a topic:
    10 MB here; now about 0.2 KB)."""
    import tracemalloc

    topics = 5_000
    path = tmp_path / "many.fol"
    path.write_text("".join(f"{t} Q0 d{t} 10 100 0 0:10\n" for t in range(topics)))
    qrels = read_qrels(path)
    run = Run("r", {str(t): Ranking.from_results([(f"d{t}", None, 0, 10, 1, 1.0)], "passage")
                    for t in range(0, topics, 50)}, "passage")
    ctx = EvalContext()
    tracemalloc.start()
    try:
        table = evaluate(qrels, [run], ["MAiP"], ctx)
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(table) == topics // 50 and set(table["value"]) == {1.0}
    assert kept < 4_000_000, kept
