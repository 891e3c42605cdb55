"""Registry and summary paths no other test reached (session 24 coverage): parameters of
kinds no built-in measure declares (a plug-in's), bad measure texts, exact means of
results given as columns."""
from __future__ import annotations

from fractions import Fraction

import pandas as pd
import pytest

from sdreval.errors import UsageError
from sdreval.measures import MEASURES
from sdreval.measures.evaluate import summarise
from sdreval.measures.registry import (MeasureDef, Param, Range, parse_measure,
                                       register_measure)
from sdreval.measures.results import ResultColumns

NAME = "_s24PluginMeasure"


@pytest.fixture
def plugin():
    """The plug-in measure, registered for the test only: registered at import, it stayed in
    the registry of the worker, and the did-you-mean of an unknown measure in other tests
    (the golden hostile-eval-unknown-measure) named it."""
    register_measure(MeasureDef(NAME, "_s24_plugin_family", "test-only plug-in measure", (
        Param("on", bool, False, "a switch"),
        Param("share", Fraction, Fraction(1, 2), "an exact fraction"),
        Param("upto", float, 0.0, "at most 1", allowed=Range(high=1.0)),
        Param("label", str, "x", "any text"))))
    yield
    del MEASURES[NAME]


def test_a_plugin_measure_parameters(plugin):
    for text, expected in (("true", True), ("on", True), ("1", True), ("no", False),
                           ("False", False)):
        assert parse_measure(f"{NAME}(on={text})").get("on") is expected
    with pytest.raises(UsageError, match="parameter on: expected a boolean, got 'maybe'"):
        parse_measure(f"{NAME}(on=maybe)")
    assert parse_measure(f"{NAME}(share=2/6)").get("share") == Fraction(1, 3)
    with pytest.raises(UsageError, match="parameter share: expected Fraction, got 'half'"):
        parse_measure(f"{NAME}(share=half)")
    with pytest.raises(UsageError, match=r"out of range \(allowed: upto <= 1\)"):
        parse_measure(f"{NAME}(upto=2)")
    assert parse_measure(f"{NAME}(label=anything)").get("label") == "anything"
    with pytest.raises(UsageError, match="is already registered"):
        register_measure(MEASURES[NAME])


def test_texts_that_are_no_measure():
    with pytest.raises(UsageError, match="cannot read a measure from int"):
        parse_measure(12)
    with pytest.raises(UsageError, match="cannot parse measure 'P@@10'"):
        parse_measure("P@@10")


PER_TOPIC = pd.DataFrame({"run": ["a"] * 3, "topic": ["1", "2", "3"], "measure": ["map"] * 3,
                          "value": [0.1, 0.2, 0.3]})


def test_means_of_columns():
    """The mean is the exact sum of the three doubles over 3, rounded once: 0.2, where
    adding them in floating point gives 0.20000000000000004."""
    exact = float((Fraction(0.1) + Fraction(0.2) + Fraction(0.3)) / 3)
    assert exact == 0.2 and (0.1 + 0.2 + 0.3) / 3 != 0.2
    given = pd.concat([PER_TOPIC, pd.DataFrame({"run": ["a"], "topic": ["all"],
                                                "measure": ["map"], "value": [0.99]})])
    # a mean row in the table is left out and made again from the topics
    again = summarise(ResultColumns.from_frame(given)).to_frame()
    assert again.values.tolist() == [["a", "all", "map", exact]]
    # a table of means only is returned as it is
    means = summarise(ResultColumns.from_frame(given[given.topic == "all"])).to_frame()
    assert means.value.tolist() == [0.99]
    empty = summarise(PER_TOPIC.iloc[:0], counts=True)
    assert empty.empty and empty.columns.tolist() == ["run", "topic", "measure", "value",
                                                      "topics"]


def test_result_rows_fill_unanswered_topics():
    """An answered topic without a value is NaN (nothing relevant under the measure); an
    unanswered one (-c) scores 0."""
    import math

    from sdreval.measures.evaluate import result_rows

    rows = result_rows("r", [parse_measure("map")], ["1", "2", "3"], {"map": {"1": 0.5}},
                       {"1", "2"})
    assert [r[:3] for r in rows] == [("r", "1", "map"), ("r", "2", "map"), ("r", "3", "map")]
    assert rows[0][3] == 0.5 and math.isnan(rows[1][3]) and rows[2][3] == 0.0
