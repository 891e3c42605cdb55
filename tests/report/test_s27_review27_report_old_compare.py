"""A compare table without the ``direction`` column (written by ``sdreval compare`` before it
had one) marks the report's summary by its means, as the text and LaTeX tables,
the figures and the decisions take it (:func:`sdreval.stats.compare.directions`); the HTML
summary read ``row.direction`` and failed with AttributeError."""
from __future__ import annotations

import pandas as pd

from sdreval.report.html import report_data
from sdreval.report.page import summary_html
from sdreval.stats import compare_runs


def _results() -> pd.DataFrame:
    rows = []
    for topic, (a, b) in enumerate([(0.9, 0.1), (0.8, 0.2), (0.85, 0.15), (0.95, 0.05)]):
        rows += [("A", str(topic + 1), "AP", a), ("B", str(topic + 1), "AP", b)]
    return pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])


def test_compare_table_without_direction_marks_by_the_means():
    # B's mean 0.125 is below the baseline A's 0.875: B is marked worse (▼), A gets no mark
    compare = compare_runs(_results(), "AP", baseline="A")
    assert list(compare["direction"]) == [-1]  # B against A: the t test finds A better
    compare = compare.drop(columns=["direction"])  # as written before the column was added
    data = report_data(_results(), compare=compare, plots_wanted=(), baseline="A")
    html = summary_html(data)
    assert html.count('class="down"') == 1 and 'class="up"' not in html
