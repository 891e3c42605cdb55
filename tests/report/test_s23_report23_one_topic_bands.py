"""With one topic there is nothing to resample, so the curves have no confidence band; the
report's curve title still said "95% bands" and its caption "band: 95% percentile bootstrap
interval of the mean at each point" over curves drawn without any (seen with three INEX 2009
passage runs of topic 2009001)."""
from __future__ import annotations

import matplotlib
import numpy as np
import pandas as pd

from sdreval.report import figures
from sdreval.report.html import plot_makers, report_data
from sdreval.report.page_figures import figure_captions


def _data(topics: list[str]):
    results = pd.DataFrame([{"run": r, "topic": t, "measure": "MAiP", "value": v}
                            for t in topics for r, v in (("a", 0.6), ("b", 0.3))])
    rows = [{"run": r, "x": x, "value": v * (1 - x), "low": np.nan, "high": np.nan}
            for r, v in (("a", 0.6), ("b", 0.3)) for x in (0.0, 0.5, 1.0)]
    curve = pd.DataFrame(rows)
    if len(topics) > 1:  # two topics: a band
        curve = curve.assign(low=curve.value - 0.1, high=curve.value + 0.1)
    return report_data(results, curves={"ip": curve}, measures=["MAiP"], samples=100,
                       plots_wanted=("ip",))


def test_one_topic_curve_says_no_bands():
    data = _data(["1"])
    with matplotlib.rc_context(figures.rc()):
        fig = plot_makers(data)["ip"]()
    assert "bands" not in fig.axes[0].get_title()
    assert not fig.axes[0].collections  # nothing filled
    caption = figure_captions(data)["ip"][1]
    assert "band:" not in caption and "no bands" in caption and "two topics" in caption


def test_two_topics_keep_the_bands():
    data = _data(["1", "2"])
    with matplotlib.rc_context(figures.rc()):
        fig = plot_makers(data)["ip"]()
    assert "95% bands" in fig.axes[0].get_title().replace("\n", " ")
    assert "band: 95% percentile bootstrap interval" in figure_captions(data)["ip"][1]


def test_one_topic_draws_no_intervals_of_the_means():
    """The intervals of the means were drawn over one topic: each "95% bootstrap percentile
    interval" a point (every resample is that topic)."""
    results = pd.DataFrame([{"run": r, "topic": "1", "measure": "MAiP", "value": v}
                            for r, v in (("a", 0.6), ("b", 0.3))])
    data = report_data(results, measures=["MAiP"], samples=100, plots_wanted=("ci",))
    assert "ci" not in plot_makers(data)
    assert any(n.startswith("intervals of the means: not drawn (one topic") for n in data.notes)
    two = pd.concat([results, results.assign(topic="2")], ignore_index=True)
    assert "ci" in plot_makers(report_data(two, measures=["MAiP"], samples=100,
                                           plots_wanted=("ci",)))
