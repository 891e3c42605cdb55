"""One topic policy for every family: a topic with nothing relevant under the measure's own
quantisation is NaN per topic, left out of the means and named once in a warning; relevance is
decided by the quantisation (an INEX 2005 element too small to judge counts under Bin Exh)."""
import math

import pytest

from sdreval.io import read_qrels, read_run
from sdreval.judgements.qrels import TOO_SMALL, Qrels
from sdreval.measures.evaluate import evaluate, summarise
from sdreval.measures.registry import EvalContext
from sdreval.model.run import Ranking, Run

STRICT_MEASURES = ["AP(quant=strict)", "gAP(quant=strict)", "AWP(quant=strict)",
                   "P(quant=strict)@5", "Rprec(quant=strict)", "nDCG(quant=strict)@5",
                   "Q(quant=strict)", "MAep(quant=strict)", "nxCG(quant=strict)@5",
                   "inex_eval(quant=strict)", "inex_eval_ng(quant=strict)",
                   "ESRP(quant=strict)@2", "SRPRUM(quant=strict)"]


@pytest.fixture()
def qrels():
    q = Qrels("inex2003")
    q.add_element("1", "d1", "/article[1]", 3, 3, 100.0)   # strict-relevant
    q.add_element("1", "d2", "/article[1]", 1, 1, 100.0)
    q.add_element("2", "d3", "/article[1]", 2, 2, 100.0)   # relevant, but not under strict
    q.add_element("2", "d4", "/article[1]", 0, 0, 100.0)
    return q


def _run(topics):
    return Run("r", {t: Ranking.from_elements([(d, "/article[1]") for d in docs])
                     for t, docs in topics.items()})


def test_every_family_leaves_out_topics_without_relevant_under_its_quantisation(qrels):
    ctx = EvalContext(collection_elements=10)
    table = evaluate(qrels, [_run({"1": ["d2", "d1"], "2": ["d3", "d4"]})], STRICT_MEASURES, ctx)
    by = table.set_index(["measure", "topic"]).value
    for m in STRICT_MEASURES:
        assert math.isnan(by[(m, "2")]), m          # nothing strict-relevant in topic 2
        assert not math.isnan(by[(m, "1")]), m
    means = summarise(table).set_index("measure").value
    for m in STRICT_MEASURES:
        assert means[m] == pytest.approx(by[(m, "1")]), m   # topic 2 is not averaged in as 0
    named = [w for w in ctx.warnings if "nothing relevant" in w]
    assert named and all(w.endswith(": 2") for w in named)
    assert sum("AP(quant=strict)" in w for w in named) == 1


def test_generalised_quantisation_keeps_the_topic(qrels):
    table = evaluate(qrels, [_run({"1": ["d2", "d1"], "2": ["d3", "d4"]})],
                     ["AP", "MAep", "inex_eval"], EvalContext(collection_elements=10))
    assert not table.value.isna().any()


def test_all_topics_keeps_nan_for_unanswered_topic_without_relevant(qrels):
    table = evaluate(qrels, [_run({"1": ["d1"]})], ["AP(quant=strict)", "AP"], EvalContext(),
                     all_topics=True)
    by = table.set_index(["measure", "topic"]).value
    assert math.isnan(by[("AP(quant=strict)", "2")])   # nothing to find: no value, not 0
    assert by[("AP", "2")] == 0.0                        # relevant but not answered: 0


def test_compat_inex_counts_them_as_zero(qrels):
    ctx = EvalContext(compat="inex")
    table = evaluate(qrels, [_run({"1": ["d1"], "2": ["d3"]})], ["AP(quant=strict)"], ctx)
    assert table.set_index("topic").value.to_dict() == {"1": 1.0, "2": 0.0}
    assert any("--compat inex" in w for w in ctx.warnings)


def test_too_small_elements_count_under_binexh_and_genlifted():
    """Ogilvie & Lalmas (2006), Table 2: f(?, s) = s for Bin Exh and Gen Lifted."""
    q = Qrels("inex2005")
    q.add_element("1", "d1", "/article[1]", 2, 1.0, 100.0)
    q.add_element("9", "d5", "/article[1]/p[1]", TOO_SMALL, 0.5, 10.0)  # only a too-small one
    run = _run({"1": ["d1"], "9": ["d5"]})
    run = Run("r", {"1": run.topics["1"],
                    "9": Ranking.from_elements([("d5", "/article[1]/p[1]")])})
    for quant in ("binexh", "genlifted"):
        measures = [f"AP(quant={quant})", f"MAep(quant={quant})", f"inex_eval(quant={quant})"]
        table = evaluate(q, [run], measures, EvalContext(collection_elements=10))
        by = table.set_index(["measure", "topic"]).value
        for m in measures:
            assert by[(m, "9")] > 0, m
    table = evaluate(q, [run], ["AP(quant=strict5)", "MAep(quant=gen5)"], EvalContext())
    assert table[table.topic == "9"].value.isna().all()


def test_passage_family_and_stream_path(tmp_path):
    try:  # the streaming orchestration moves above io and measures
        from sdreval.orchestrate.stream import evaluate_stream
    except ImportError:
        from sdreval.measures.stream import evaluate_stream

    qrels_file = tmp_path / "q.fol"
    qrels_file.write_text("1 Q0 d1 10 100 0:10\n2 Q0 d2 0 100\n")
    run_file = tmp_path / "r.run"
    run_file.write_text("1 Q0 d1 1 2.0 r 0 20\n2 Q0 d2 1 2.0 r 0 20\n")
    q = read_qrels(qrels_file)
    ctx = EvalContext()
    measures = ["MAiP", "iP@0.01", "AP", "AP(quant=relfrac)"]
    table = evaluate(q, [read_run(run_file)], measures, ctx)
    # topic 2 has nothing relevant at all: left out (no value), named once
    assert set(table.topic) == {"1"} and table.set_index("measure").value["iP@0.01"] == 0.5
    assert sum("nothing relevant" in w and ": 2 (trec_eval" in w for w in ctx.warnings) == 1
    streamed = evaluate_stream(q, run_file, measures, EvalContext())
    assert streamed.equals(table)


def test_the_warning_names_each_topic_once(qrels):
    q = qrels
    q.add_element("3", "d9", "/article[1]", 0, 0)  # nothing relevant under any quantisation
    ctx = EvalContext()
    evaluate(q, [_run({"1": ["d1"], "2": ["d3"], "3": ["d9"]})],
             ["AP(quant=strict)", "MAep(quant=strict)", "AP"], ctx)
    named = [w for w in ctx.warnings if "nothing relevant" in w]
    assert len(named) == 2
    assert any(": 3 (trec_eval" in w and "AP(quant" not in w for w in named)  # the evaluator's
    assert any(w.endswith(": 2") and "AP(quant=strict), MAep(quant=strict)" in w
               for w in named)


def test_paired_statistics_leave_out_topics_without_relevant(qrels):
    from sdreval.stats.matrix import score_matrix

    runs = [Run(name, {t: Ranking.from_elements([(d, "/article[1]") for d in docs])
                       for t, docs in topics.items()})
            for name, topics in (("a", {"1": ["d1"], "2": ["d3"]}),
                                 ("b", {"1": ["d2", "d1"], "2": ["d4"]}))]
    table = evaluate(qrels, runs, ["AP(quant=strict)"], EvalContext())
    matrix = score_matrix(table)
    assert matrix.topics == ("1",) and matrix.values.tolist() == [[1.0], [0.5]]


def test_esr_counts_too_small_elements_under_binexh():
    q = Qrels("inex2005")
    q.add_element("9", "d5", "/article[1]", 0, 0, 100.0)
    q.add_element("9", "d5", "/article[1]/p[1]", TOO_SMALL, 0.5, 10.0)
    run = Run("r", {"9": Ranking.from_elements([("d5", "/article[1]/p[1]")])})
    table = evaluate(q, [run], ["ESRP(quant=binexh,nav=none)@1", "ESRP(quant=gen5,nav=none)@1"],
                     EvalContext())
    by = table.set_index("measure").value
    assert by["ESRP(quant=binexh,nav=none)@1"] == 1.0
    assert math.isnan(by["ESRP(quant=gen5,nav=none)@1"])


def test_parallel_path_gives_the_same_nan(qrels):
    runs = [Run(f"r{i}", {"1": Ranking.from_elements([("d1", "/article[1]")] * (i % 2 + 1)),
                          "2": Ranking.from_elements([("d3", "/article[1]")])})
            for i in range(3)]
    measures = ["AP(quant=strict)", "MAep(quant=strict)", "AP"]
    serial = evaluate(qrels, runs, measures, EvalContext())
    parallel = evaluate(qrels, runs, measures, EvalContext(), jobs=2)
    assert serial[serial.topic == "2"].value.isna().sum() == 2 * 3
    import pandas as pd

    pd.testing.assert_frame_equal(serial, parallel)


def test_compat_inex_names_each_topic_once(qrels):
    qrels.add_element("3", "d9", "/article[1]", 0, 0)  # nothing relevant under any quantisation
    ctx = EvalContext(compat="inex")
    table = evaluate(qrels, [_run({"1": ["d1"], "2": ["d3"], "3": ["d9"]})],
                     ["AP(quant=strict)"], ctx)
    assert table.set_index("topic").value.to_dict() == {"1": 1.0, "2": 0.0, "3": 0.0}
    named = [w for w in ctx.warnings if "nothing relevant" in w]
    assert len(named) == 2 and sum(w.endswith("2") for w in named) == 1
