"""A long run name (a PyTerrier pipeline, a run named with its parameters) squeezed the
report's panels to nothing: the interval, distribution and run × run figures put the whole
name on the y axis, and with a 90-character name the panels of a 7-inch figure were a few
pixels wide (matplotlib: "constrained_layout not applied because axes sizes collapsed to
zero"), the tick labels cut at the figure's edge; the curve legend covered the curves.  Axis
labels and legends now keep the start and end of a long name ("…" between); the tables give
it whole."""
from __future__ import annotations

import warnings

import matplotlib
import numpy as np
import pandas as pd

from sdreval.report import figures
from sdreval.report.curves import STANDARD_CURVES

LONG = "run_with_a_very_long_name_that_goes_on_and_on_and_on_bm25_rm3_k1_0.9_b_0.4_fb_20_docs_10"
RUNS = ["bert", LONG, "rev"]


def _per_topic() -> pd.DataFrame:
    rng = np.random.default_rng(1)
    rows = []
    for run, shift in zip(RUNS, (0.0, -0.2, 0.1)):
        for t in range(12):
            for m in ("MAP", "P@10", "RR"):
                rows.append({"run": run, "topic": str(t), "measure": m,
                             "value": float(np.clip(0.5 + shift + rng.normal(0, 0.1), 0, 1))})
    return pd.DataFrame(rows)


def _check(fig) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "axes sizes collapsed to zero" is a UserWarning
        fig.canvas.draw()
    width = fig.bbox.width
    for ax in fig.axes:
        if ax.get_visible():
            assert ax.get_window_extent().width >= 0.9 * fig.dpi, ax.get_title()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:  # the run names, on the y axis and under the run × run grid
        labels = ax.get_yticklabels() + (ax.get_xticklabels() if ax.images else [])
        for text in labels:
            if ax.get_visible() and text.get_text().strip():
                box = text.get_window_extent(renderer)
                assert box.x0 >= -1 and box.x1 <= width + 1, text.get_text()


def test_interval_and_distribution_panels_keep_their_width():
    results = _per_topic()
    intervals = {m: results[results.measure == m].groupby("run", sort=False)["value"]
                 .agg(mean="mean", low="min", high="max").reset_index()
                 for m in ("MAP", "P@10", "RR")}
    with matplotlib.rc_context(figures.rc()):
        _check(figures.plot_mean_intervals(intervals, RUNS))
        _check(figures.plot_distributions(results, ["MAP", "P@10", "RR"], RUNS))


def test_run_by_run_grid_keeps_its_width():
    compare = pd.DataFrame({"run_a": ["bert", "bert", LONG], "run_b": [LONG, "rev", "rev"],
                            "measure": "MAP", "mean_a": [0.5, 0.5, 0.3],
                            "mean_b": [0.3, 0.6, 0.6], "reject": [True, False, True]})
    with matplotlib.rc_context(figures.rc()):
        _check(figures.plot_significance_grid(compare, "MAP", RUNS))


def test_curve_legend_beside_the_axes():
    table = pd.DataFrame([{"run": r, "x": x, "value": 1 - x} for r in RUNS
                          for x in (0.0, 0.5, 1.0)])
    with matplotlib.rc_context(figures.rc()):
        fig = figures.plot_curve_bands(STANDARD_CURVES["ip"], table, RUNS)
        _check(fig)
    ax = fig.axes[0]
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["bert", "run_with_a_very…_fb_20_docs_10", "rev"]
    assert legend.get_window_extent().x0 >= ax.get_window_extent().x1  # not over the curves


def test_labels_shortened_in_the_middle_and_kept_apart():
    from sdreval.report.labels import run_labels, shorten

    assert shorten("abcdefghij", 5) == "ab…ij"
    assert shorten("short", 30) == "short"
    a, b = "x" * 20 + "AAA" + "y" * 20, "x" * 20 + "BBB" + "y" * 20
    labels = run_labels([a, b], width=10)
    assert labels[a] != labels[b] and all(len(v) < 43 for v in labels.values())
