"""gm_map is not tested (a geometric mean; compare refuses it), and the report's "Against the
baseline" section showed an empty table under a gm_map heading (only the header row; seen with
three INEX 2010 document runs and -m gm_map).  It now says there are no tests and why."""
from __future__ import annotations

import pandas as pd

from sdreval.report.html import report_data
from sdreval.report.page import comparisons_html


def test_gm_map_says_no_tests_instead_of_an_empty_table():
    values = {"a": (0.2, 0.4, 0.6, 0.5), "b": (0.1, 0.3, 0.2, 0.4)}
    results = pd.DataFrame([{"run": r, "topic": str(t), "measure": m, "value": v}
                            for r, vs in values.items() for t, v in enumerate(vs)
                            for m in ("gm_map", "map")])
    data = report_data(results, measures=["gm_map", "map"], samples=100, plots_wanted=())
    page = comparisons_html(data)
    assert 'data-measure="gm_map"' not in page
    assert "<b>gm_map</b>: no tests (a geometric mean" in page
    assert '<details open><summary>map' in page  # the first table shown is open
    assert page.count("<tr class") + page.count("<tr><td>") == 1  # b against a, on map
