"""The span measures' parameter ranges are the registry's (``Param.allowed``), checked when the
measure is parsed, as every other family's: ``SpanRR(tau=2)``, ``SpanF(beta=-1)``,
``SpanP(budget=0)`` and ``SpanR(retrieve=3)`` are usage errors naming the parameter and its
range before any input is read.  Before, the parser took them and only the span kernel refused
them, after the judgements and runs were read; ``sdreval measures`` showed no range."""
from __future__ import annotations

import pytest

from sdreval.errors import UsageError
from sdreval.measures.registry import MEASURES, parse_measure


@pytest.mark.parametrize("text, words", [
    ("SpanRR(tau=2)", ["tau", "0 < tau <= 1"]),
    ("SpanHit(tau=0)@5", ["tau", "0 < tau <= 1"]),
    ("SpanRecallUnits(tau=-0.5)", ["tau"]),
    ("SpanF(beta=-1)", ["beta", "beta > 0"]),
    ("SpanF(beta=0)@5", ["beta", "beta > 0"]),
    ("SpanP(budget=0)", ["budget", "budget >= 1"]),
    ("SpanIoU(budget=-5)@5", ["budget"]),
    ("SpanR(retrieve=3)", ["retrieve", "-1"]),
])
def test_out_of_range_refused_when_parsed(text, words):
    with pytest.raises(UsageError) as caught:
        parse_measure(text)
    for word in words:
        assert word in str(caught.value)


@pytest.mark.parametrize("text", ["SpanRR(tau=1)", "SpanRR(tau=0.01)", "SpanF(beta=0.5)",
                                  "SpanP(budget=1)", "SpanR(retrieve=-1)"])
def test_in_range_pass(text):
    parse_measure(text)


def test_measure_objects_too():
    with pytest.raises(UsageError, match="tau"):
        MEASURES["SpanRR"](tau=1.5)
