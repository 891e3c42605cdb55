"""The decisions figure writes the adjusted p-value in each cell only up to 40 tests; above,
its caption still said "cell: adjusted p-value" under cells without any (seen with 60 INEX
runs against a baseline)."""
from __future__ import annotations

import pandas as pd

from sdreval.report.html import plot_makers, report_data
from sdreval.report.page_figures import figure_captions

BASE = [0.5] * 10
STRONG = [0.9, 0.85, 0.95, 0.9, 0.88, 0.92, 0.9, 0.87, 0.93, 0.9]
# differences 0.1, 0.05, 0.1, -0.02, 0.08, 0.03, 0.06, -0.01, 0.09, 0.02: t about 3.8, p < 0.01
# (rejected without correction, not after Bonferroni over the tests)
MODERATE = [0.6, 0.55, 0.6, 0.48, 0.58, 0.53, 0.56, 0.49, 0.59, 0.52]


def _data(others: int):
    runs = {"base": BASE, "strong": STRONG, "moderate": MODERATE}
    runs.update({f"same{i}": BASE for i in range(others)})
    results = pd.DataFrame([{"run": r, "topic": str(t), "measure": "MAP", "value": v}
                            for r, vs in runs.items() for t, v in enumerate(vs)])
    return report_data(results, measures=["MAP"], samples=100, plots_wanted=("decisions",))


def test_caption_names_the_cells_only_when_they_hold_p_values():
    few, many = _data(3), _data(45)
    assert "decisions-MAP" in plot_makers(many)  # the corrections disagree on "moderate"
    assert "cell: adjusted p-value" in figure_captions(few)["decisions-MAP"][1]
    caption = figure_captions(many)["decisions-MAP"][1]
    assert "cell: adjusted p-value" not in caption
    assert "Against the baseline" in caption
