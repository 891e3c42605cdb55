"""trec_eval's less common measures (num_nonrel_judged_ret, set_map, set_relative_P, relative_P,
gm_bpref, utility, Rprec_mult, binG, G, ndcg_rel, Rndcg, rbp, rbp_resid) were refused ("not in
sdreval").
Values worked by hand from trec_eval 10.0's m_<name>.c on one small topic.

Topic 1, qrels d1 2, d2 1, d3 0, d4 -1 (pooled, not judged), d5 1; the run in score order:
d1, d9 (not judged), d3, d4, d2.  Binary (grade >= 1): isrel = 1 0 0 0 1, count(L) = 2, L = 5,
R = 3; gains g = 2 0 0 0 1; the ideal gains I = 2 1 1 (P = 3).
Topic 2, qrels x1 1; the run x2 (not judged): every measure 0 but utility (−1: one result not
relevant).
"""
from __future__ import annotations

import math
from fractions import Fraction as F

import pytest

from sdreval.io import read_qrels, read_run
from sdreval.measures.evaluate import evaluate, summarise
from sdreval.measures.registry import EvalContext

QRELS = "1 0 d1 2\n1 0 d2 1\n1 0 d3 0\n1 0 d4 -1\n1 0 d5 1\n2 0 x1 1\n"
RUN = ("1 Q0 d1 1 3.0 r\n1 Q0 d9 2 2.5 r\n1 Q0 d3 3 2.0 r\n1 Q0 d4 4 1.0 r\n1 Q0 d2 5 0.5 r\n"
       "2 Q0 x2 1 1.0 r\n")
lg = math.log2
DCG = [2.0, 2.0, 2.0, 2.0, 2 + 1 / lg(6)]       # run's DCG at ranks 1..5
IDCG = [2.0, 2 + 1 / lg(3), 2 + 1 / lg(3) + 1 / lg(4)]  # ideal DCG at ranks 1..3

TOPIC1 = {
    # judged (grade >= 0) and not relevant: d3
    "num_nonrel_judged_ret": 1,
    # count(L)² / (L·R) = 4 / 15
    "set_map": F(4, 15), "SetAP": F(4, 15),
    # count(L) / min(L, R) = 2 / 3
    "set_relative_P": F(2, 3),
    # count(k) / min(k, R): k = 1: 1/1; k = 2: 1/2; k = 5: 2/3
    "relative_P_1": F(1), "RelP@2": F(1, 2), "relative_P_5": F(2, 3),
    # 1·2 + (−1)·(5 − 2) + 0·(3 − 2)
    "utility": -1, "Utility(a=2,b=-1,c=-0.5)": F(2 * 2 - 3, 1) - F(1, 2),
    # c = (long)(x·3 + 0.9): x = 0.2 -> 1: 1/1; 0.4 -> 2: 1/2; 1.4 -> 5: 2/5; 2.0 -> 6: 2/6
    "Rprec_mult_0.20": F(1), "Rprec_mult_0.40": F(1, 2), "RprecMult@1.4": F(2, 5),
    "Rprec_mult_2.00": F(1, 3),
    # relevant at rank 1 (no non-relevant above: 1/log2 2) and 5 (3 above: 1/log2 5), over R
    "binG": (1 + 1 / lg(5)) / 3,
    # cost = cumsum max(I, 1) = 2 3 4 5 6, cg = 2 2 2 2 3: 2/log2(2+2−2) + 1/log2(2+6−3), / ΣI
    "G": (2 / lg(2) + 1 / lg(5)) / 4,
    # nDCG at rank 1 and at rank 5, the whole list's once for d5 (not retrieved), over P
    "ndcg_rel": (DCG[0] / IDCG[0] + DCG[4] / IDCG[2] + DCG[4] / IDCG[2]) / 3,
    # the ideal gain changes after 1 and 3 ideal results: nDCG there; L = 5 > P + 1: once more
    # over the whole list
    "Rndcg": (DCG[0] / IDCG[0] + DCG[2] / IDCG[2] + DCG[4] / IDCG[2]) / 3,
    # p = 0.9, grades over the highest grade 2: (1 − p)(2/2 + 1/2 · p^4)
    "rbp": 0.1 * (1 + 0.5 * 0.9 ** 4), "rbp.p=0.5": 0.5 * (1 + 0.5 * 0.5 ** 4),
    "RBP(p=0.9)": 0.1 * (2 + 1 * 0.9 ** 4),  # sdreval's RBP: the grades as they are
    # unjudged at ranks 2 (d9) and 4 (d4): p^5 + (1 − p)(p + p^3)
    "rbp_resid": 0.9 ** 5 + 0.1 * (0.9 + 0.9 ** 3),
}

TOPIC2 = {"utility": -1.0, "Utility(a=2,b=-1,c=-0.5)": -1.5,  # b·1 + c·1
          "rbp_resid": 0.9 + 0.1}  # x2 not judged: p^1 + (1 − p)·p^0


def _table(tmp_path, measures, **options):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    ctx = EvalContext(order="rsv", zero_rel=True, **options)
    per_topic = evaluate(read_qrels(tmp_path / "q"), [read_run(tmp_path / "r")], measures, ctx)
    return summarise(per_topic, keep_topics=True)


def test_values_by_hand(tmp_path):
    table = _table(tmp_path, list(TOPIC1))
    for name, expected in TOPIC1.items():
        rows = table[table.measure == name].set_index("topic").value
        assert rows["1"] == pytest.approx(float(expected), abs=1e-12), name
        assert rows["2"] == TOPIC2.get(name, 0.0), name


def test_means_sum_and_geometric(tmp_path):
    table = _table(tmp_path, ["num_nonrel_judged_ret", "gm_bpref", "utility", "set_map"])
    means = table[table.topic == "all"].set_index("measure").value
    assert means["num_nonrel_judged_ret"] == 1  # summed: 1 + 0
    # bpref 1: d1 (no non-relevant above) 1, d2 (d3 above: 1 − min(1, 3)/min(3, N = 1)) 0,
    # over R = 3; bpref 2: 0, floored at 0.00001 as trec_eval's gm_map
    assert means["gm_bpref"] == pytest.approx(math.sqrt(1 / 3 * 0.00001))
    assert means["utility"] == -1  # (−1 + (0 − 1)) / 2
    assert means["set_map"] == pytest.approx(float(F(4, 15) / 2))


def test_rel_level_makes_grade_one_non_relevant(tmp_path):
    # -l 2: only d1 is relevant (R = 1); d2 and d5 (grade 1) and d3 judged non-relevant
    table = _table(tmp_path, ["num_nonrel_judged_ret", "set_relative_P", "Rndcg"], rel_level=2)
    rows = table[table.topic == "1"].set_index("measure").value
    assert rows["num_nonrel_judged_ret"] == 2  # d3, d2
    assert rows["set_relative_P"] == 1.0  # 1 / min(5, 1)
    assert rows["Rndcg"] == pytest.approx(TOPIC1["Rndcg"])  # graded: -l only decides R > 0
    table = _table(tmp_path, ["Rndcg"], rel_level=3)  # R = 0 at level 3: trec_eval's 0
    assert table[table.topic == "1"].value.iloc[0] == 0.0


def test_rbp_resid_is_zero_without_unjudged_results(tmp_path):
    (tmp_path / "q").write_text("1 0 a 1\n1 0 b 0\n")
    (tmp_path / "r").write_text("1 Q0 a 1 2 r\n1 Q0 b 2 1 r\n")
    per_topic = evaluate(read_qrels(tmp_path / "q"), [read_run(tmp_path / "r")],
                         ["rbp_resid", "RBPResidual(p=0.9)"], EvalContext(order="rsv"))
    values = per_topic.set_index("measure").value
    assert values["rbp_resid"] == 0.0  # trec_eval: 0 when nothing retrieved is unjudged
    assert values["RBPResidual(p=0.9)"] == pytest.approx(0.81)  # Moffat & Zobel: p^2


#: trec_eval 10.0 -q -m runid -m num_q -m num_nonrel_judged_ret -m set_map -m set_relative_P
#: -m relative_P.5 -m gm_bpref -m utility -m Rprec_mult.0.4,1.4 -m binG -m G -m ndcg_rel
#: -m Rndcg -m rbp -m rbp_resid, on QRELS and RUN: its names, order and digits
TREC_EVAL_BYTES = "".join(
    f"{name:<22}\t{topic}\t{value}\n" for name, topic, value in (
        line.split() for line in """\
Rprec_mult_0.40 1 0.5000|Rprec_mult_1.40 1 0.4000|utility 1 -1.0000|binG 1 0.4769|G 1 0.6077
ndcg_rel 1 0.8416|Rndcg 1 0.8004|relative_P_5 1 0.6667|set_relative_P 1 0.6667|set_map 1 0.2667
num_nonrel_judged_ret 1 1|rbp 1 0.1328|rbp_resid 1 0.7534|Rprec_mult_0.40 2 0.0000
Rprec_mult_1.40 2 0.0000|utility 2 -1.0000|binG 2 0.0000|G 2 0.0000|ndcg_rel 2 0.0000
Rndcg 2 0.0000|relative_P_5 2 0.0000|set_relative_P 2 0.0000|set_map 2 0.0000
num_nonrel_judged_ret 2 0|rbp 2 0.0000|rbp_resid 2 1.0000|runid all r|num_q all 2
gm_bpref all 0.0018|Rprec_mult_0.40 all 0.2500|Rprec_mult_1.40 all 0.2000|utility all -1.0000
binG all 0.2384|G all 0.3038|ndcg_rel all 0.4208|Rndcg all 0.4002|relative_P_5 all 0.3333
set_relative_P all 0.3333|set_map all 0.1333|num_nonrel_judged_ret all 1|rbp all 0.0664
rbp_resid all 0.8767""".replace("\n", "|").split("|")))


@pytest.mark.parametrize("path", [[], ["--stream"], ["--jobs", "2"]])
def test_trec_eval_format_prints_trec_evals_bytes(tmp_path, path):
    """Names, order (trec_eval's measure table), per-topic rows (none for gm_bpref, as for
    gm_map) and digits, sdreval's names given in any order; streamed and parallel alike."""
    from click.testing import CliRunner

    from sdreval.cli.main import cli

    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    names = ["rbp_resid", "TrecRBP", "Rndcg", "nDCGRel", "G", "BinG", "RprecMult@1.4",
             "Rprec_mult_0.40", "utility", "GMBpref", "RelP@5", "set_relative_P", "SetAP",
             "NumNonRelJudgedRet"]
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "-q",
                                      "--order", "rsv", "--format", "trec_eval", "--quiet",
                                      *path, *(x for n in names for x in ("-m", n))])
    assert result.exit_code == 0, result.output
    assert result.stdout == TREC_EVAL_BYTES


@pytest.mark.parametrize("name", ["G.1=3.5", "ndcg_rel.1=2,3=4", "Rndcg.2=1", "rbp.p=0.5,2=1"])
def test_trec_evals_gain_parameters_are_refused(name):
    from sdreval.errors import UsageError
    from sdreval.measures import parse_measure

    with pytest.raises(UsageError, match="gain parameters"):
        parse_measure(name)


def test_trec_eval_spellings_with_parameters():
    from sdreval.errors import UsageError
    from sdreval.measures import parse_measure

    assert dict(parse_measure("rbp.p=0.8").params) == {"p": 0.8}
    assert parse_measure("rbp_resid.p=0.8").name == "TrecRBPResidual"
    assert dict(parse_measure("utility.2,-1,-0.5,0").params) == {"a": 2.0, "b": -1.0, "c": -0.5}
    with pytest.raises(UsageError, match="collection"):
        parse_measure("utility.1,-1,0,0.5")  # trec_eval's fourth weight needs -N
