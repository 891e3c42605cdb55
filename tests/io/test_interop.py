"""Conversion to and from ranx and ir_measures (whole documents), and from dicts."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.errors import UsageError
from sdreval.io import interop
from sdreval.judgements.qrels import Qrels
from sdreval.model.run import Ranking, Run

QRELS = {"1": {"d1": 2, "d2": 0, "d3": 1}, "2": {"d4": 1}}
RUN = {"1": {"d1": 0.5, "d2": 0.9, "d5": 0.1}, "2": {"d4": 3.0, "d6": 3.0}}


def test_dicts_in():
    qrels = interop.qrels_from_dict(QRELS)
    assert qrels.scale == "graded"
    a = qrels["1"].elements[("d1", "/article[1]")]
    assert (a.e, a.s) == (2.0, 2.0)
    run = interop.run_from_dict(RUN, "r")
    assert run.unit == "document"
    assert list(run["1"].docs) == ["d2", "d1", "d5"] and list(run["1"].ranks) == [1, 2, 3]
    assert list(run["2"].docs) == ["d6", "d4"]  # tie: document id descending (trec_eval)


def test_element_dicts():
    qrels = interop.qrels_from_dict({"7": {("d", "/article/sec"): (3, 2)}})
    assert qrels.scale == "inex2003"
    assert ("d", "/article[1]/sec[1]") in qrels["7"].elements
    run = interop.run_from_dict({"7": {("d", "/article/sec"): 1.0}})
    assert run.unit == "element" and run["7"].paths[0] == "/article[1]/sec[1]"
    with pytest.raises(UsageError, match="whole document"):
        interop.run_to_dict(run)
    assert interop.run_to_dict(run, documents="max") == {"7": {"d": 1.0}}
    from sdreval.errors import InputError

    with pytest.raises(InputError, match="topic 1, document d: score 'high' is not a finite"):
        interop.run_from_dict({"1": {"d": "high"}})

    with pytest.raises(InputError) as error:
        interop.qrels_from_dict({"7": {("d", "/a"): (0, 2), ("d", "/a/b"): (3, 4),
                                       ("d", "/a/c"): (1, 1)}}, scale="inex2003")
    assert len(error.value.problems) == 2  # (0, 2) and (3, 4), all listed


@pytest.mark.xdist_group("ranx")  # one process pays ranx's import and compilation
@pytest.mark.slow  # ranx compiles its numba kernels on first use (cached afterwards)
def test_ranx_round_trip():
    ranx = pytest.importorskip("ranx")
    rq = ranx.Qrels.from_dict(QRELS)
    rr = ranx.Run.from_dict(RUN, name="bm25")
    qrels = interop.qrels_from_ranx(rq)
    run = interop.run_from_ranx(rr)
    assert run.name == "bm25"
    assert interop.qrels_to_ranx(qrels).to_dict() == rq.to_dict()
    back = interop.run_to_ranx(run)
    assert back.name == "bm25" and back.to_dict() == rr.to_dict()


def test_ir_measures_round_trip():
    ir_measures = pytest.importorskip("ir_measures")
    qrels_tuples = [ir_measures.Qrel(t, d, r) for t, docs in QRELS.items()
                    for d, r in docs.items()]
    run_tuples = [ir_measures.ScoredDoc(t, d, s) for t, docs in RUN.items()
                  for d, s in docs.items()]
    qrels = interop.qrels_from_ir_measures(qrels_tuples)
    run = interop.run_from_ir_measures(run_tuples, "x")
    assert sorted(interop.qrels_to_ir_measures(qrels)) == sorted(qrels_tuples)
    assert sorted(interop.run_to_ir_measures(run)) == sorted(run_tuples)
    with pytest.warns(UserWarning, match="repeats row 0"):  # as in files: kept, warned
        twice = interop.run_from_ir_measures(run_tuples + run_tuples[:1])
    assert len(twice) == len(run_tuples) + 1


def test_non_document_qrels_need_a_policy():
    qrels = Qrels("inex2003")
    qrels.add_element("1", "d", "/article[1]", 1, 1)
    qrels.add_element("1", "d", "/article[1]/sec[1]", 2, 2)
    with pytest.raises(UsageError, match="not a whole document"):
        interop.qrels_to_dict(qrels)
    assert interop.qrels_to_dict(qrels, documents="max") == {"1": {"d": 1}}
    assert interop.qrels_to_dict(qrels, quant="strict", documents="max") == {"1": {"d": 0}}
    with pytest.raises(UsageError, match="non-integer"):
        interop.qrels_to_dict(qrels, quant="gen", documents="max")
    assert interop.qrels_to_dict(qrels, quant="gen", documents="max", integer=False) == \
        {"1": {"d": 0.5}}


def test_passage_run_is_not_documents():
    ranking = Ranking.from_results([("d", None, 0, 10, 1, 1.0)], "passage")
    with pytest.raises(UsageError):
        interop.run_to_dict(Run("p", {"1": ranking}, "passage"))


@settings(max_examples=30, deadline=None)
@given(st.dictionaries(st.sampled_from(["1", "2", "3"]),
                       st.dictionaries(st.text("abcdef", min_size=1, max_size=3),
                                       st.floats(-100, 100, allow_nan=False), min_size=1,
                                       max_size=8), min_size=1))
def test_run_dict_round_trip_and_order(data):
    run = interop.run_from_dict(data)
    assert interop.run_to_dict(run) == data
    for ranking in run.topics.values():
        assert np.all(np.diff(ranking.rsv) <= 0)


def test_agrees_with_ir_measures_on_documents():
    """Classic measures on converted document data equal ir_measures' (pytrec_eval) values."""
    ir_measures = pytest.importorskip("ir_measures")
    from sdreval.measures import MEASURES, EvalContext, evaluate

    if "AP" not in MEASURES or "P" not in MEASURES:
        pytest.skip("classic measures not registered")
    rng = np.random.default_rng(5)
    qrels_dict = {str(t): {f"d{i}": int(rng.integers(0, 3)) for i in range(30)}
                  for t in range(1, 6)}
    for docs in qrels_dict.values():
        docs["d0"] = 1  # something relevant in every topic
    run_dict = {t: {f"d{i}": float(rng.random()) for i in rng.choice(40, 20, replace=False)}
                for t in qrels_dict}
    qrels = interop.qrels_from_dict(qrels_dict)
    run = interop.run_from_dict(run_dict, "r")
    table = evaluate(qrels, run, ["AP", "P@10"], EvalContext(order="rsv"))
    ours = table.groupby("measure")["value"].mean()
    agg = ir_measures.calc_aggregate([ir_measures.AP, ir_measures.P @ 10],
                                     interop.qrels_to_ir_measures(qrels),
                                     interop.run_to_ir_measures(run))
    assert ours["AP"] == pytest.approx(agg[ir_measures.AP], abs=1e-9)
    assert ours["P@10"] == pytest.approx(agg[ir_measures.P @ 10], abs=1e-9)


def test_dicts_go_through_the_table_reader_rules():
    """A nested dict is read by the one table reader: two keys naming one element (the same
    XPath written two ways) judged differently are refused as in a file, not overwritten."""
    import pytest

    from sdreval.errors import InputError
    from sdreval.io.interop import qrels_from_dict, run_from_dict

    with pytest.raises(InputError, match="judged again, differently"):
        qrels_from_dict({"1": {("d", "/article[1]/sec[1]"): 2, ("d", "/article/sec"): 0}})
    same = qrels_from_dict({"1": {("d", "/article[1]/sec[1]"): 2, ("d", "/article/sec"): 2}})
    assert list(same["1"].elements) == [("d", "/article[1]/sec[1]")]
    # topics judged with nothing, and runs' topics without results, stay in the dict's order
    assert list(qrels_from_dict({"2": {}, "1": {"a": 1}}).topics) == ["2", "1"]
    run = run_from_dict({"2": {}, "1": {"b": 1.0, "a": 1.0}})
    assert list(run.topics) == ["2", "1"] and run.topics["1"].docs.tolist() == ["b", "a"]


def test_topic_keys_equal_as_text_are_one_topic_in_runs_as_in_qrels():
    """Intended change (a silently wrong number): ids are text, so dict keys 1 and "1" name one
    topic; qrels merged them, but a run kept only the last key's results (document a lost)."""
    run = interop.run_from_dict({1: {"a": 1.0}, "1": {"b": 2.0}})
    assert list(run.topics) == ["1"]
    assert run.topics["1"].docs.tolist() == ["b", "a"]  # score descending
    qrels = interop.qrels_from_dict({1: {"a": 1}, "1": {"b": 2}})
    assert sorted(doc for doc, _ in qrels["1"].elements) == ["a", "b"]


@pytest.mark.parametrize("missing", [None, float("nan")])
def test_missing_document_key_refused_in_runs_as_in_qrels(missing):
    """A None or NaN document key names no document: qrels refused it, but a run dict took it
    as the document "None" / "nan" (a result that can never be relevant, counted silently)."""
    from sdreval.errors import InputError

    for read in (interop.run_from_dict, interop.qrels_from_dict):
        with pytest.raises(InputError, match="topic 1, document nan: doc is missing"
                           if missing is not None else "topic 1, document None: doc is missing"):
            read({1: {missing: 1.0, "d": 2.0}})
    # integer keys are ids written in digits, in runs as in qrels
    run = interop.run_from_dict({1: {101: 2.0, "x": 1.0}})
    assert run.topics["1"].docs.tolist() == ["101", "x"]


def test_unknown_documents_policy_refused_before_reading():
    """documents='Max' (a typo) was only refused when an element was checked: a passage run
    or passage qrels were converted as under 'max', with no message."""
    from sdreval.io.interop import qrels_from_dict, qrels_to_dict, run_from_dict, run_to_dict

    run = run_from_dict({"1": {("d", 0, 10): 1.0}})
    qrels = qrels_from_dict({"1": {("d", 0, 10): 1}})
    with pytest.raises(UsageError, match="documents must be strict or max, not 'Max'"):
        run_to_dict(run, documents="Max")
    with pytest.raises(UsageError, match="documents must be strict or max, not 'Max'"):
        qrels_to_dict(qrels, documents="Max")
    assert run_to_dict(run, documents="max") == {"1": {"d": 1.0}}


def test_one_item_tuple_keys_are_their_document_id():
    """A key ``("d",)`` names document d: it became the id "('d',)", which no file's qrels
    hold, so a run of such keys scored 0 against the same judgements read from a file."""
    run = interop.run_from_dict({"1": {("d",): 1.0, "e": 0.5}})
    assert run.topics["1"].docs.tolist() == ["d", "e"]
    qrels = interop.qrels_from_dict({"1": {("d",): 1}})
    assert list(qrels["1"].elements) == [("d", "/article[1]")]
