"""Measures with their parameters have long names, "nxCG(quant=sog,overlap=off,ideal=full,
keep=ancestor)@10": in the report's panels (intervals, distributions; three to a row) each
title ran over its neighbours' and past the figure's edge, and the summary table ran off the
page.  Panel titles now break after the name's commas; the table's headers may too."""
from __future__ import annotations

import matplotlib
import pandas as pd

from sdreval.report import figures
from sdreval.report.html import report_data
from sdreval.report.page import summary_html

MEASURES = ["nxCG(quant=sog,overlap=off,ideal=full,keep=ancestor)@10",
            "MAep(quant=sog,overlap=off,ideal=full)", "Q(quant=sog,overlap=off,ideal=full)"]


def _results() -> pd.DataFrame:
    return pd.DataFrame([{"run": r, "topic": str(t), "measure": m, "value": v + 0.1 * t}
                         for r, v in (("a", 0.2), ("b", 0.4)) for t in range(4)
                         for m in MEASURES])


def test_panel_titles_do_not_overlap():
    results = _results()
    with matplotlib.rc_context(figures.rc()):
        fig = figures.plot_distributions(results, MEASURES, ["a", "b"])
        fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = sorted((ax.title.get_window_extent(renderer) for ax in fig.axes
                    if ax.get_visible()), key=lambda b: b.x0)
    assert len(boxes) == 3
    for left, right in zip(boxes, boxes[1:]):
        assert left.x1 <= right.x0, (left, right)
    assert boxes[0].x0 >= 0 and boxes[-1].x1 <= fig.bbox.width
    # the whole name is there, broken after commas
    texts = [ax.get_title() for ax in fig.axes if ax.get_visible()]
    assert [t.replace("\n", "") for t in texts] == MEASURES


def test_summary_headers_may_break_after_commas():
    data = report_data(_results(), measures=MEASURES, samples=100, plots_wanted=())
    page = summary_html(data)
    assert "<th>MAep(quant=sog,<wbr>overlap=off,<wbr>ideal=full)</th>" in page
