"""Measure parameters and cut-offs are checked when the measure is parsed: NaN, infinities,
negative and out-of-range values are usage errors naming the parameter and its allowed range."""
import pytest

from sdreval.errors import UsageError
from sdreval.judgements.qrels import Qrels
from sdreval.measures.evaluate import evaluate
from sdreval.measures.registry import MEASURES, EvalContext, Range, parse_measure
from sdreval.model.run import Ranking, Run


@pytest.mark.parametrize("text, names", [
    ("Q(beta=-1)", ["beta", "beta >= 0"]),
    ("R(beta=inf)", ["beta", "finite"]),
    ("MAgP(beta=nan)", ["beta", "finite"]),
    ("AP(rel=-7)", ["rel", "rel >= 0"]),
    ("P(rel=nan)@10", ["rel"]),
    ("MAep(alpha=2)", ["alpha", "0 <= alpha <= 1"]),
    ("MAiP(alpha=-0.5)", ["alpha"]),
    ("gP(task=bic,n=0)@5", ["n", "n >= 1"]),
    ("inex_eval(elements=-3)", ["elements"]),
    ("inex_eval(elements=2.5)", ["elements", "integer"]),
    ("NSRCG(l=0)@3", ["l", "0 < l <= 1"]),
    ("PRUM(A=0)", ["A", "A > 0"]),
    ("SRPRUM(recall=1.5)", ["recall"]),
    ("nxCG@inf", ["cut-off", "finite"]),
    ("nxCG@1e400", ["cut-off", "finite"]),
    ("nxCG@-3", ["cut-off", ">= 1"]),
    ("P@nan", ["cut-off"]),
    ("ep@1.5", ["cut-off", "0 < cut-off <= 1"]),
    ("ep@nan", ["cut-off"]),
    ("iP@2", ["cut-off", "0 <= cut-off <= 1"]),
])
def test_bad_values_are_usage_errors_naming_the_parameter(text, names):
    with pytest.raises(UsageError) as caught:
        parse_measure(text)
    message = str(caught.value)
    assert text in message
    for name in names:
        assert name in message


@pytest.mark.parametrize("text", ["Q(beta=0)", "Q(beta=10)", "MAep(alpha=0.5)", "ep@1",
                                  "iP@0", "nxCG@10.0", "gP(task=bic,n=1)@5", "AP(rel=1)"])
def test_good_values_pass(text):
    parse_measure(text)


def test_measure_objects_are_checked_too():
    with pytest.raises(UsageError, match="beta"):
        MEASURES["Q"](beta=float("nan"))


def test_context_values_are_checked_like_names():
    q = Qrels("inex2003")
    q.add_element("1", "d", "/article[1]", 3, 3)
    run = Run("r", {"1": Ranking.from_elements([("d", "/article[1]")])})
    with pytest.raises(UsageError, match="alpha"):
        evaluate(q, run, ["MAep"], EvalContext(alpha=float("inf")))


def test_collection_elements_below_assessed_elements_is_a_usage_error():
    q = Qrels("inex2003")
    for i in range(5):
        q.add_element("1", f"d{i}", "/article[1]", 3 if i == 0 else 0, 3 if i == 0 else 0)
    run = Run("r", {"1": Ranking.from_elements([("d0", "/article[1]")])})
    with pytest.raises(UsageError, match="below the 5 elements"):
        evaluate(q, run, ["inex_eval"], EvalContext(collection_elements=4))
    assert evaluate(q, run, ["inex_eval"], EvalContext(collection_elements=5)).value[0] == 1.0


def test_range_descriptions():
    assert Range(0.0, 1.0).describe("x") == "0 <= x <= 1"
    assert Range(0.0, low_open=True).describe("A") == "A > 0"
    assert 0.0 not in Range(0.0, low_open=True) and float("nan") not in Range()


def test_cli_exit_code_2_naming_the_parameter():
    from pathlib import Path

    from click.testing import CliRunner

    from sdreval.cli.main import cli

    examples = Path(__file__).resolve().parents[2] / "src" / "sdreval" / "data" / "examples"
    qrels = str(examples / "synthetic" / "qrels.tsv")
    run = str(examples / "synthetic" / "runs" / "sim01.txt")
    for measure, name in (("Q(beta=-1)", "beta"), ("nxCG@1e400", "cut-off"),
                          ("AP(rel=-7)", "rel")):
        result = CliRunner().invoke(cli, ["eval", qrels, run, "-m", measure])
        assert result.exit_code == 2, result.output
        assert name in result.output and "Traceback" not in result.output
    result = CliRunner().invoke(cli, ["eval", qrels, run, "-m", "inex_eval",
                                      "--collection-elements", "3"])
    assert result.exit_code == 2 and "--collection-elements" in result.output


def test_every_numeric_parameter_of_every_measure_refuses_non_finite_values():
    checked = 0
    for definition in MEASURES.values():
        cut = {"int": "@5", "float": "@0.5"}.get(definition.cutoff, "")
        for param in definition.params:
            if param.type not in (int, float):
                continue
            for bad in ("nan", "inf", "-inf", "1e400"):
                with pytest.raises(UsageError, match=f"parameter {param.name}"):
                    parse_measure(f"{definition.name}({param.name}={bad}){cut}")
                checked += 1
        if definition.cutoff != "none":
            for bad in ("nan", "inf", "-1"):
                with pytest.raises(UsageError, match="cut-off"):
                    parse_measure(f"{definition.name}@{bad}")
    assert checked > 40
