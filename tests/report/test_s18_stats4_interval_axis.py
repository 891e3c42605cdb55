"""The report's figure of the means' intervals names its axis by what it draws: for a count
(``num_rel_ret``) the sum over the topics (as ``eval`` prints it and the title says), not
"mean"; with a count beside a mean measure, the axis says which is which."""
from __future__ import annotations

import pandas as pd

from sdreval.report.figures import plot_mean_intervals


def _interval(mean):
    return pd.DataFrame({"run": ["a", "b"], "mean": [mean, mean / 2],
                         "low": [mean * 0.8, mean * 0.4], "high": [mean * 1.2, mean * 0.6]})


def test_count_axis_is_the_sum():
    fig = plot_mean_intervals({"num_rel_ret": _interval(40.0)}, ["a", "b"])
    assert fig.get_supxlabel() == "sum over the topics"  # was "mean"


def test_mean_axis_and_mixed_axis():
    assert plot_mean_intervals({"AP": _interval(0.4)}, ["a", "b"]).get_supxlabel() == "mean"
    both = plot_mean_intervals({"AP": _interval(0.4), "num_rel_ret": _interval(40.0)},
                               ["a", "b"])
    assert both.get_supxlabel() == "mean (the sum for a count)"
