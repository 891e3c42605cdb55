"""The convention of Cohen's d_z at its limits (0 when every topic ties, ±inf when every topic
differs by the same amount) is written once, ``sdreval.stats.choices.EFFECT_LIMITS``, and
``compare --help`` and the report's legend say that text.  Before, it was written out in
report/page.py and in compare's help (and in effect_rule's docstring): three copies to keep
in step."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.report import page
from sdreval.stats.choices import EFFECT_LIMITS

SRC = Path(__file__).resolve().parents[2] / "src" / "sdreval"


def test_the_convention_is_written_once():
    copies = [str(p.relative_to(SRC)) for p in SRC.rglob("*.py")
              for _ in range(" ".join(p.read_text(encoding="utf-8").split()).count(
                  "when every topic differs by the same amount"))]
    assert copies == ["stats/choices.py"]


def test_help_and_legend_say_it():
    text = " ".join(CliRunner().invoke(cli, ["compare", "--help"]).output.split())
    assert f"Eq. 6; {EFFECT_LIMITS})" in text
    assert page.EFFECT_LIMITS is EFFECT_LIMITS  # the legend's text (its content: test_s14)
