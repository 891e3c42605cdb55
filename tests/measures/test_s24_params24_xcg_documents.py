"""XCG measures on judgements of highlighted passages (INEX 2009-2010 FOL qrels) read the run
as documents, none containing another: the overlap penalty and the ideal recall-base change
nothing (Kazai & Lalmas 2006, §4-5), and a name or option setting them is said to have no
effect.  Before, MAep(ideal=full,overlap=off) and --ideal full were taken without a word, and
gave MAep's value (0.1920 on the INEX 2010 qrels and the BERT run below)."""
from __future__ import annotations

from pathlib import Path

import pytest

from sdreval.io.readers import read_qrels, read_runs
from sdreval.measures.evaluate import evaluate
from sdreval.measures.registry import EvalContext

DATA = Path(__file__).resolve().parents[1] / "realdata"
QRELS = DATA / "inex2010-adhoc" / "inex2010.qrels"
RUN = DATA / "inex2009-2010-zendel" / "bert_inex_converted.run"
NAMES = ["MAep", "MAep(ideal=full,overlap=off)", "MAep(alpha=0.3)", "MAep(keep=descendant)",
         "nxCG@10", "nxCG(ideal=full)@10"]


@pytest.fixture(scope="module")
def inputs():
    return read_qrels(str(QRELS)), read_runs([str(RUN)])[0]


def _evaluate(inputs, ctx, names=NAMES):
    table = evaluate(*inputs, names, ctx)
    means = table.groupby("measure", sort=False)["value"].mean()
    return means, ctx.warnings


def test_tree_settings_have_no_effect_and_are_said(inputs):
    means, warnings = _evaluate(inputs, EvalContext())
    assert means["MAep"] == means["MAep(ideal=full,overlap=off)"] == means["MAep(alpha=0.3)"] \
        == means["MAep(keep=descendant)"]
    assert means["nxCG@10"] == means["nxCG(ideal=full)@10"]
    said = [w for w in warnings if "no effect on judgements of highlighted passages" in w]
    assert len(said) == 1
    for name in NAMES[1:4] + NAMES[5:]:
        assert name in said[0]


def test_an_option_is_said_too(inputs):
    _, warnings = _evaluate(inputs, EvalContext(ideal="full"),
                            ["MAep(ideal=full,overlap=off)", "nxCG@10"])
    assert any(w.startswith("MAep(ideal=full,overlap=off)") and "--ideal full" in w
               for w in warnings)
