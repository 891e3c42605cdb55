import pytest

from sdreval.errors import UsageError
from sdreval.measures.registry import MEASURES, MeasureDef, Param, parse_measure


@pytest.fixture()
def toy_measure():
    definition = MeasureDef("ToyM", "toy", "toy measure",
                            (Param("quant", str, "gen", "quantisation", context_key="quant"),
                             Param("beta", float, 1.0, "beta")), cutoff="optional-int")
    MEASURES["ToyM"] = definition
    yield definition
    del MEASURES["ToyM"]


def test_parse_keeps_text_and_params(toy_measure):
    m = parse_measure("ToyM(quant=sog, beta=10)@5")
    assert m.text == "ToyM(quant=sog, beta=10)@5"
    assert m.get("quant") == "sog" and m.get("beta") == 10.0 and m.cutoff == 5


def test_context_default_then_definition_default(toy_measure):
    class Ctx:
        quant = "strict"
    m = parse_measure("ToyM")
    assert m.get("quant", Ctx()) == "strict"
    assert m.get("quant") == "gen"


@pytest.mark.parametrize("text", ["ToyM(x=1)", "ToyM(beta=abc)", "ToyM@0", "ToyM@1.5",
                                  "Nope@3", "ToyM(quant)", "ToyM(beta=1,beta=2)"])
def test_bad_measures_are_usage_errors(toy_measure, text):
    with pytest.raises(UsageError):
        parse_measure(text)


def test_measure_objects_callable(toy_measure):
    m = toy_measure(k=10, quant="sog")
    assert m.cutoff == 10 and m.text == "ToyM(quant=sog)@10"


def test_a_name_parsed_again_follows_the_registered_definition():
    """Names are parsed once per process; a measure registered anew, or removed, is seen."""
    first = MeasureDef("ToyR", "toy", "toy measure")
    MEASURES["ToyR"] = first
    try:
        assert parse_measure("ToyR").definition is first
        assert parse_measure("ToyR") is parse_measure("ToyR")
        del MEASURES["ToyR"]
        second = MeasureDef("ToyR", "toy", "another toy measure")
        MEASURES["ToyR"] = second
        assert parse_measure("ToyR").definition is second
    finally:
        del MEASURES["ToyR"]
    with pytest.raises(UsageError, match="unknown measure"):
        parse_measure("ToyR")
