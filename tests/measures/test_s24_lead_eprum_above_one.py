"""EPRUM passes 1 when a result leads to several ideal elements by navigation: sdreval takes
the ideal list's ranks as ceil(l·N) (an assumption where Ali, Consens & Lalmas 2012, footnote
11, is silent), and says so with a warning counting the topics (it printed 2.0 without a word)."""
from __future__ import annotations

import pytest

from sdreval.data import ali_consens_lalmas_2012 as S
from sdreval.judgements.qrels import Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.model.navigation import ExplicitNavigation
from sdreval.model.run import Ranking, Run


def _evaluate(probability: float):
    """Ideal elements e3 and e4 of Table 9; the run retrieves e3 alone, from which the user
    reaches e4 with ``probability``."""
    e3, e4 = S.PRUM_EXAMPLE["ideal"]
    q = Qrels("inex2005")
    for node in (e3, e4):
        q.add_element("t", S.DOC, S.path(node), 2, 1.0, 10.0)
    run = Run("r", {"t": Ranking.from_elements([(S.DOC, S.path(e3))])})
    nav = ExplicitNavigation()
    nav.set(S.DOC, S.path(e3), S.path(e4), probability)
    ctx = EvalContext(navigation=nav)
    table = evaluate(q, [run], ["EPRUM", "MAEPRUM", "PRUM"], ctx)
    values = {m: v for m, t, v in zip(table["measure"], table["topic"], table["value"])
              if t == "t"}
    return values, ctx.warnings


def test_a_result_leading_to_both_ideal_elements_scores_above_one_and_is_said():
    values, warnings = _evaluate(1.0)
    # recall 1 (l = 1, N = 2): min_I = ceil(1·2) = 2; the user sees e3 and e4 at rank 1: min_S = 1
    assert values["EPRUM"] == pytest.approx(2 / 1)
    # MAEPRUM: levels 1/2 (min_I 1, min_S 1) and 2/2 (2/1): (1 + 2) / 2
    assert values["MAEPRUM"] == pytest.approx(1.5)
    assert values["PRUM"] == pytest.approx(1.0)  # PRUM = E[CL]/E[C] = 1/1 stays within one
    said = [w for w in warnings if "above one" in w]
    assert said == [f"run r: 1 topic(s) score {m} above one: " + said[i].split(": ", 2)[2]
                    for i, m in enumerate(("EPRUM", "MAEPRUM"))]
    assert "min_I(l) = ceil(l·N)" in said[0] and "footnote 11" in said[0]


def test_within_one_nothing_is_said():
    values, warnings = _evaluate(0.5)
    # level 1: min_S = 1 with 0.5 (2/1), else the list ends unreached (ratio 0): 0.5·2 = 1.0
    assert values["EPRUM"] == pytest.approx(1.0)
    assert not [w for w in warnings if "above one" in w]
