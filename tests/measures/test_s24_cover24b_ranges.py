"""The parameter ranges of the ESR, passage and XCG measures live in their registry
definitions (Param.allowed, cutoff_range): a value out of range, in the name or from an
option, is refused there, before any kernel runs."""
from __future__ import annotations

import pytest

from sdreval.errors import UsageError
from sdreval.measures.registry import EvalContext, parse_measure


@pytest.mark.parametrize("text, shown", [
    ("NSRCG(l=0)@2", "0 < l <= 1"), ("NSRCG2(l=1.5)@2", "0 < l <= 1"),
    ("NSRCG(m=0)@2", "m > 0"), ("SRPRUM(recall=0)", "0 < recall <= 1"),
    ("PRUM(recall=1.2)", "0 < recall <= 1"), ("EPRUM(A=0)", "A > 0"),
    ("MAEPRUM(A=-1)", "A > 0"), ("iP(alpha=2)@0.1", "0 <= alpha <= 1"),
    ("MAiP(alpha=-0.5)", "0 <= alpha <= 1"), ("HiXiP(alpha=1.1)@5", "0 <= alpha <= 1"),
    ("iP@1.5", "0 <= cut-off <= 1"), ("gP(task=ric,beta=-1)@5", "beta >= 0"),
    ("gP(task=bic,n=0)@5", "n >= 1"), ("ep@1.5", "0 < cut-off <= 1"),
    ("ep@0", "0 < cut-off <= 1")])
def test_out_of_range_in_the_name(text, shown):
    with pytest.raises(UsageError, match="out of range") as caught:
        parse_measure(text)
    assert shown in str(caught.value)


@pytest.mark.parametrize("text, option, value", [
    ("gP(task=ric)@5", "beta", -1.0), ("MAgP(task=bic)", "bep_distance", 0)])
def test_out_of_range_from_an_option(text, option, value):
    with pytest.raises(UsageError, match="out of range"):
        parse_measure(text).get("beta" if option == "beta" else "n",
                                EvalContext(**{option: value}))
