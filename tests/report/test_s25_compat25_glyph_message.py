"""matplotlib 3.8 (the lowest version pyproject allows) words its warning of a character the
font lacks "Glyph 26816 (...) missing from current font.", without the font's name that
matplotlib 3.9 and later give ("missing from font(s) DejaVu Sans.").  Only the later wording
became the page's one note; under matplotlib 3.8 every figure's warning reached stderr instead.
Both wordings now become the one note."""
from __future__ import annotations

import warnings

import matplotlib
import pandas as pd
import pytest

from sdreval.report.html import report_data
from sdreval.report.page import figure_data

matplotlib.use("Agg")


@pytest.mark.parametrize("wording, font", [
    ("missing from current font.", None),         # matplotlib 3.8
    ("missing from font(s) DejaVu Sans.", "DejaVu Sans"),  # matplotlib >= 3.9
])
def test_both_wordings_become_one_note(wording, font):
    import matplotlib.pyplot as plt

    results = pd.DataFrame([{"run": r, "topic": str(t), "measure": "MAP", "value": 0.1 * t}
                            for r in ("a", "b") for t in range(4)])
    data = report_data(results, measures=["MAP"], samples=100, plots_wanted=("ci",))

    def make():
        warnings.warn(f"Glyph 26816 (\\N{{CJK UNIFIED IDEOGRAPH-68C0}}) {wording}", UserWarning)
        warnings.warn(f"Glyph 32034 (\\N{{CJK UNIFIED IDEOGRAPH-7D22}}) {wording}", UserWarning)
        return plt.figure(figsize=(1, 1))

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none escapes
        figure_data(data, "x", make, "png", 20)
    notes = [n for n in data.notes if "not in the figures' font" in n]
    assert len(notes) == 1 and notes[0].endswith(": \u68c0\u7d22"), notes
    named = notes[0].split("font (", 1)[1].split(")", 1)[0]
    assert named and "current" not in named
    if font is not None:
        assert named == font
