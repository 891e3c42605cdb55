"""XCG states its rule when a repeated result earns gain (alpha < 1).

Kazai & Lalmas 2006, Eq. 9: a result listed again is fully seen and earns (1 - alpha)·q; the
near-miss cap (Eq. 8) takes it from what its ideal node's budget has left (ideal=ideal), and
ideal=full has no cap.  The classic measures score a repeat 0 and say so; XCG credited it
without a word, so ``nxCG(overlap=off,ideal=full)@3`` of a run listing one element three times
was 2.0 next to a warning that "a result listed again earns nothing".

Tree (gen, INEX 2003): /article[1] (1,1) -> 0.25, size 100; sec[1] (3,3) -> 1, size 40;
sec[2] (1,2) -> 0.25, size 60.  Ideal recall-base {sec[1], sec[2]} (the path to sec[2] ties
article and sec[2] at 0.25: the deeper is picked), full recall-base 1, 0.25, 0.25.
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from sdreval.judgements.qrels import Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.model.run import Ranking, Run

A, S1, S2 = "/article[1]", "/article[1]/sec[1]", "/article[1]/sec[2]"


def _qrels() -> Qrels:
    q = Qrels("inex2003")
    q.add_element("1", "d", A, 1, 1, 100.0)
    q.add_element("1", "d", S1, 3, 3, 40.0)
    q.add_element("1", "d", S2, 1, 2, 60.0)
    return q


def _run(paths) -> Run:
    return Run("r", {"1": Ranking.from_elements([("d", p) for p in paths])})


def _said(ctx) -> list[str]:
    return [w for w in ctx.warnings if "credited again by XCG" in w]


def test_full_recall_base_without_overlap_credits_every_repeat_and_says_so():
    ctx = EvalContext()
    got = evaluate(_qrels(), _run([S1, S1, S1]), ["nxCG(overlap=off,ideal=full)@3"], ctx)
    # xG = 1, 1, 1 (alpha = 0: (1 - 0)·1 each, no cap); xCI[3] = 1 + 0.25 + 0.25
    assert got.value[0] == pytest.approx(float(F(3) / F(3, 2)))       # 2.0
    said = _said(ctx)
    assert said and "2 repeated result(s) in 1 topic(s)" in said[0], ctx.warnings
    assert "Eq. 9" in said[0]


def test_repeat_within_the_ideal_budget_is_stated():
    ctx = EvalContext()
    got = evaluate(_qrels(), _run([A, S1, S1, S2]), ["xCG(alpha=0.5)@4"], ctx)
    # article 0.25 (taken from sec[1]: 0.2, sec[2]: 0.05, in proportion to 1 and 0.25);
    # sec[1] fully seen: 0.5·1 = 0.5 (budget 0.8 -> 0.3); its repeat min(0.5, 0.3) = 0.3;
    # sec[2] fully seen: 0.5·0.25 = 0.125 (budget 0.2)
    assert got.value[0] == pytest.approx(0.25 + 0.5 + 0.3 + 0.125)
    said = _said(ctx)
    assert said and "1 repeated result(s) in 1 topic(s)" in said[0], ctx.warnings


@pytest.mark.parametrize("measure", ["nxCG@3", "nxCG(alpha=0.5)@3"])
def test_no_warning_when_the_repeat_earns_nothing(measure):
    # alpha = 1: (1 - 1)·q = 0; alpha = 0.5: sec[1]'s budget is used up at rank 1
    ctx = EvalContext()
    got = evaluate(_qrels(), _run([S1, S1, S1]), [measure], ctx)
    assert got.value[0] == pytest.approx(1 / 1.25)
    assert not _said(ctx), ctx.warnings
