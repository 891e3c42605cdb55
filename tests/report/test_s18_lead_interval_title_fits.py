"""The interval figures' titles are wrapped to the figure's width, as the curves' titles are:
with a count measure and long run names, "Mean difference (of the sums for a count) with ...
and its 95% interval (filled: significant after correction)" ran past both edges of the
figure and was cut in the report (seen in a Chromium screenshot)."""
from __future__ import annotations

import pandas as pd

from sdreval.report.figures import plot_difference_intervals


def test_the_difference_figure_title_stays_inside_the_figure():
    baseline = "bm25 baseline (title and body fields)"
    compare = pd.DataFrame({"measure": ["num_rel_ret", "MAep"], "run_a": ["rerank", "rerank"],
                            "run_b": [baseline, baseline], "diff": [2.0, 0.05],
                            "diff_ci_low": [-1.0, -0.01], "diff_ci_high": [5.0, 0.1],
                            "reject": [False, False]})
    fig = plot_difference_intervals(compare, ["num_rel_ret", "MAep"], baseline,
                                    ["rerank", baseline])
    renderer = fig.canvas.get_renderer()
    fig.canvas.draw()
    title = fig._suptitle.get_window_extent(renderer)
    assert title.x0 >= 0 and title.x1 <= fig.bbox.width
