"""ir_measures' and ranx's spellings that sdreval refused without the hint, or took for
another measure (session 29, sweep of ir_measures' registry and ranx's metric names on the
INEX 2010 qrels):

* ``ir_measures.SetRelP`` (the object is ``SetP(relative=True)``) was refused as having "no
  sdreval equivalent", though sdreval's SetRelP is the same measure (trec_eval's
  set_relative_P, count(L) / min(L, R)); the text ``SetP(relative=True)`` got "no parameter
  'relative'";
* ir_measures' own cut-off parameter, ``P(cutoff=10)`` (its ``P@10``) and ``IPrec(recall=0.1)``
  (its ``IPrec@0.1``), got "no parameter 'cutoff'", where ``P(k=10)`` said to write ``P@10``;
* ir_measures' ``NumQ`` (trec_eval's num_q) got "did you mean NumRet or NumRel?";
* an unknown name was told "did you mean r-precision@10?" or "bpref@10?", names sdreval refuses
  (neither takes a cut-off);
* trec_eval's ``-m P`` (P at each of its default cut-offs) got "P needs a cut-off: P@k", with
  no word of what trec_eval prints for it."""
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from sdreval import api
from sdreval.errors import UsageError
from sdreval.measures import parse_measure

ir_measures = pytest.importorskip("ir_measures")

QRELS = {"1": {"a": 1, "b": 0, "c": 1, "d": 1}, "2": {"e": 1, "f": 0}}
RUN = {"1": {"a": 0.9, "b": 0.8, "x": 0.7}, "2": {"f": 0.5, "e": 0.4, "g": 0.3, "h": 0.2}}


def test_ir_measures_setrelp_object_is_setrelp():
    assert api.from_ir_measures(ir_measures.SetRelP).text == "SetRelP"
    assert api.from_ir_measures(ir_measures.SetP(relative=True, rel=2)).text == "SetRelP(rel=2)"
    assert api.from_ir_measures(ir_measures.SetP).text == "SetP"
    # count(L) / min(L, R): topic 1 has 1 of 3 retrieved relevant, R = 3 -> 1/3;
    # topic 2 has 1 of 4, R = 1 -> 1/1
    expected = {"1": Fraction(1, 3), "2": Fraction(1, 1)}
    table = api.evaluate(QRELS, RUN, [ir_measures.SetRelP], per_topic=True)
    got = {r.topic: r.value for r in table.itertuples() if r.topic != "all"}
    assert got == pytest.approx({t: float(v) for t, v in expected.items()})
    peer = {m.query_id: m.value for m in ir_measures.iter_calc(
        [ir_measures.SetRelP], [ir_measures.Qrel(q, d, g) for q, ds in QRELS.items()
                                for d, g in ds.items()],
        [ir_measures.ScoredDoc(q, d, s) for q, ds in RUN.items() for d, s in ds.items()])}
    assert got == pytest.approx(peer)


def test_setp_relative_text_names_setrelp():
    with pytest.raises(UsageError, match=r"SetP\(relative=True\).*is SetRelP in sdreval"):
        api.measure("SetP(relative=True)")


@pytest.mark.parametrize("text, written", [("P(cutoff=10)", "P@10"),
                                           ("nDCG(cutoff=5,dcg='exp-log2')", "nDCG@5"),
                                           ("IPrec(recall=0.1)", "IPrec@0.1")])
def test_ir_measures_cutoff_parameter_says_where_the_cutoff_goes(text, written):
    assert str(ir_measures.parse_measure(text)).startswith(written.split("@")[0])
    with pytest.raises(UsageError, match=rf"the cut-off is written after @ \({written}\)"):
        api.measure(text)


def test_api_recall_keyword_of_iprec_is_its_cutoff():
    assert api.IPrec(recall=0.1).text == "IPrec@0.1"
    with pytest.raises(UsageError, match="given 2 times"):
        api.IPrec(0.1, recall=0.2)


def test_numq_names_trec_eval_num_q():
    with pytest.raises(UsageError, match=r"ir_measures' 'NumQ' \(trec_eval's num_q\) is not a "
                                         "measure in sdreval"):
        api.measure("NumQ")


@pytest.mark.parametrize("typed", ["R-precision", "Rprecision", "bpre", "precison"])
def test_suggestions_are_names_sdreval_reads(typed):
    with pytest.raises(UsageError) as refused:
        api.measure(typed)
    said = str(refused.value)
    assert "did you mean" in said
    suggested = said.split("did you mean ")[1].split("?")[0].split(" or ")
    for name in suggested:  # each is read, or refused only for want of a cut-off (P: P@k)
        try:
            api.measure(name)
        except UsageError as error:
            assert "@" not in name and "needs a cut-off" in str(error), (name, str(error))


TREC_EVAL = Path("/tmp/trec_eval/trec_eval")
#: what trec_eval 10.0 prints for -m NAME without a cut-off (its default cut-offs)
DEFAULTS = {"P": "P_5 P_10 P_15 P_20 P_30 P_100 P_200 P_500 P_1000",
            "success": "success_1 success_5 success_10",
            "ndcg_cut": " ".join(f"ndcg_cut_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500,
                                                             1000))}


@pytest.mark.parametrize("name", sorted(DEFAULTS))
def test_trec_eval_name_without_cutoff_lists_trec_eval_defaults(name, tmp_path):
    expected = DEFAULTS[name].split()
    if TREC_EVAL.exists():  # the peer itself, where it is installed
        (tmp_path / "q").write_text("1 0 a 1\n")
        (tmp_path / "r").write_text("1 Q0 a 1 1.0 r\n")
        out = subprocess.run([str(TREC_EVAL), "-m", name, str(tmp_path / "q"),
                              str(tmp_path / "r")], capture_output=True, text=True).stdout
        expected = [line.split()[0] for line in out.splitlines()]
    with pytest.raises(UsageError) as refused:
        parse_measure(name)
    said = str(refused.value)
    assert "needs a cut-off" in said
    assert f"trec_eval's -m {name} (each of its default cut-offs) is " \
        + " ".join(f"-m {m}" for m in expected) in said
    for each in expected:
        parse_measure(each)


def test_ir_measures_object_notation_with_parameters_then_cutoff():
    # ir_measures writes P(rel=2)@5: the call first, the cut-off after; sdreval's P(rel=2)
    # said "P needs a cut-off: P@k" before the @ 5 was reached
    measure = api.P(rel=2) @ 5
    assert (measure.name, measure.cutoff, measure.get("rel")) == ("P", 5, 2.0)
    assert api.IPrec(version="trec10") @ 0.1 == api.measure("IPrec(version=trec10)@0.1")
    qrels = {"1": {"a": 2, "b": 1, "c": 2}, "2": {"d": 1, "e": 2}}
    run = {"1": {"a": 0.9, "b": 0.8, "x": 0.7}, "2": {"d": 0.9, "e": 0.1}}
    got = api.calc_aggregate([api.P(rel=2) @ 2], qrels, run)
    # topic 1: a (grade 2) and b (1) in the first 2 -> 1/2; topic 2: d (1), e (2) -> 1/2
    assert list(got.values()) == [pytest.approx(0.5)]
    peer = ir_measures.calc_aggregate(
        [ir_measures.P(rel=2) @ 2], [ir_measures.Qrel(q, d, g) for q, ds in qrels.items()
                                     for d, g in ds.items()],
        [ir_measures.ScoredDoc(q, d, s) for q, ds in run.items() for d, s in ds.items()])
    assert list(peer.values()) == [pytest.approx(0.5)]
    with pytest.raises(UsageError, match=r"measure P\(rel=2.0\) needs a cut-off: "
                                         r"P\(rel=2.0\)@k"):
        api.evaluate(qrels, run, [api.P(rel=2)])


@pytest.mark.parametrize("name", ["alpha_nDCG@10", "ERR_IA@20", "StRecall@10", "SDCG@10",
                                  "Compat(p=0.8)", "INST"])
def test_ir_measures_measures_sdreval_lacks_are_said_to_be(name):
    # alpha_nDCG was told "did you mean SpanNDCG?", a character-span measure
    assert ir_measures.parse_measure(name)  # ir_measures' own names
    with pytest.raises(UsageError) as refused:
        api.measure(name)
    said = str(refused.value)
    assert f"ir_measures' {name.split('@')[0].split('(')[0]}, " in said
    assert "is not in sdreval" in said and "did you mean" not in said
