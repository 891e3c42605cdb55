"""The report's figures: one colour per run, bands, sorted per-topic differences, legible text,
the span recall curve cut at the runs' depth."""
from __future__ import annotations

import matplotlib
import numpy as np
import pandas as pd
import pytest

from sdreval.model.run import Ranking, Run
from sdreval.report import figures
from sdreval.report.curves import STANDARD_CURVES, curve_bands
from sdreval.report.html import curve_points, report_data


@pytest.mark.parametrize("n", [2, 5, 10, 20, 25])
def test_every_run_its_own_colour(n):
    colours = figures.run_colours([f"r{i}" for i in range(n)])
    assert len({tuple(np.round(c, 3)) for c in colours.values()}) == n


def _curve(runs, points=(0.1, 0.5, 1.0)):
    rows = [(r, x, 0.5, 0.4, 0.6) for r in runs for x in points]
    return pd.DataFrame(rows, columns=["run", "x", "value", "low", "high"])


def test_bands_for_every_run_up_to_six_then_first_and_best():
    spec = STANDARD_CURVES["epgr"]
    few = figures.plot_curve_bands(spec, _curve(["a", "b", "c"]))
    assert len(few.axes[0].collections) == 3
    runs = [f"r{i:02d}" for i in range(20)]
    table = _curve(runs)
    table.loc[table.run == "r07", "value"] = 0.9  # the best run
    many = figures.plot_curve_bands(spec, table, runs)
    # the title may be wrapped over two lines
    assert len(many.axes[0].collections) == 2 and \
        "first and best" in " ".join(many.axes[0].get_title().split())


def test_curve_bands_are_the_bootstrap_interval_at_each_point():
    rng = np.random.default_rng(2)
    values = rng.random((2, 12))  # points x topics
    rows = [("a", str(t), x, values[i, t]) for i, x in enumerate((0.5, 1.0)) for t in range(12)]
    bands = curve_bands(pd.DataFrame(rows, columns=["run", "topic", "x", "value"]),
                        samples=3000, seed=5)
    draws = np.random.default_rng(5).integers(0, 12, size=(3000, 12))
    topics = sorted(range(12), key=str)  # the columns of the pivot, in string order
    for i in range(2):
        means = values[i][topics][draws].mean(axis=1)
        assert (bands.low[i], bands.high[i]) == pytest.approx(
            tuple(np.quantile(means, [0.025, 0.975])))


def test_per_topic_differences_sorted_and_counted(results):
    with matplotlib.rc_context(figures.rc()):
        fig = figures.plot_topic_differences(results, "MAep", "bad", ["bad", "mid", "good"])
    axes = [ax for ax in fig.axes if ax.get_visible()]
    assert [ax.get_title().split(":")[0] for ax in axes] == ["mid", "good"]
    data = report_data(results, measures=["MAep"], samples=200, baseline="bad",
                       plots_wanted=())
    for ax, run in zip(axes, ["mid", "good"]):
        heights = [bar.get_height() for bar in ax.patches]
        assert heights == sorted(heights, reverse=True)
        row = data.compare[data.compare.run_a == run].iloc[0]
        assert ax.get_title() == f"{run}: {row.wins}/{row.ties}/{row.losses}"


def test_text_legible_at_print_size(results):
    """Every text of the figures is at least 7.5 pt on a 7-inch-wide page."""
    data = report_data(results, measures=["MAep", "nxCG@10"], samples=200)
    from sdreval.report.html import plot_makers

    with matplotlib.rc_context(figures.rc()):
        for key, make in plot_makers(data).items():
            fig = make()
            assert fig.get_figwidth() <= figures.WIDTH + 1e-9, key
            fig.canvas.draw()
            sizes = [t.get_fontsize() for t in fig.findobj(matplotlib.text.Text)
                     if t.get_text().strip() and t.get_visible()]
            assert min(sizes) >= 7.5, (key, min(sizes))


def test_span_recall_curve_stops_at_the_runs_depth():
    rankings = {"q1": Ranking.from_elements([(f"d{i}", "/article[1]") for i in range(6)]),
                "q2": Ranking.from_elements([("d1", "/article[1]")])}
    assert curve_points("spanr", [Run("r", rankings)]) == [1, 2, 3, 4, 5, 6]
    assert curve_points("nxcg", [Run("r", rankings)]) is None
