"""docs/statistics.md said Q, MAep and iMAep drop "by 25%, 30%, 48% ... as §6.1.2 states" on
Kazai & Lalmas 2006's ideal run (quant=sog) from "insert 1" to "precede 1"; the formulas give
24.1%, 30.0%, 47.1% (xcg.md and the user guide list §6.1.2's figures as rounded).  Q goes
from 8/9 to 85/126 (1 − 85·9/(126·8) = 243/1008 = 24.1%) and MAep from 5/6 to 7/12 (30%)."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from sdreval.data.kazai_lalmas_2006 import kazai_lalmas_example
from sdreval.measures import EvalContext, evaluate
from sdreval.stats.perturb import insert_nonrelevant

ROOT = Path(__file__).resolve().parents[2]


def _values(where: str) -> dict[str, float]:
    qrels, runs = kazai_lalmas_example()
    ideal = next(r for r in runs if r.name == "ideal")
    table = evaluate(qrels, [insert_nonrelevant(ideal, 1, where, qrels)], ["Q", "MAep", "iMAep"],
                     EvalContext(quant="sog"))
    return dict(zip(table.measure, table.value))


def test_statistics_page_gives_the_drops_the_formulas_give():
    insert, precede = _values("insert"), _values("precede")
    assert abs(insert["Q"] - 8 / 9) < 1e-12 and abs(precede["Q"] - 85 / 126) < 1e-12
    assert abs(insert["MAep"] - 5 / 6) < 1e-12 and abs(precede["MAep"] - 7 / 12) < 1e-12
    assert round(float(1 - Fraction(85, 126) / Fraction(8, 9)), 3) == 0.241
    drops = [f"{100 * (1 - precede[m] / insert[m]):.1f}%" for m in ("Q", "MAep", "iMAep")]
    assert drops == ["24.1%", "30.0%", "47.1%"]
    text = " ".join((ROOT / "docs" / "statistics.md").read_text(encoding="utf-8").split())
    assert "drop by 24.1%, 30.0%, 47.1%" in text
    assert "drop by 25%, 30%, 48%" not in text
