"""Curves from results tables and the plot functions (synthetic inputs only)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from sdreval.errors import UsageError
from sdreval.report import plots
from sdreval.report.bridge import bootstrap_ci, compare, swap_rates
from sdreval.report.curves import as_curve_table, curve_from_results


def test_curve_from_results_averages_topics_and_reads_cutoffs(results):
    curve = curve_from_results(results, "nxCG")
    assert list(curve.columns) == ["run", "x", "value"]
    good = curve[curve.run == "good"].set_index("x")["value"]
    assert sorted(good.index) == [1, 5, 10, 25]
    expected = results[(results.run == "good") & (results.measure == "nxCG@5")]["value"].mean()
    assert good[5] == pytest.approx(expected)
    # ep must not be picked up by nxCG, nor MAep by ep
    assert set(curve_from_results(results, "ep")["x"]) == {0.1, 0.5, 1.0}


def test_curve_from_results_parameters_and_all_rows():
    table = pd.DataFrame({"run": ["r", "r", "r"], "topic": ["all", "all", "all"],
                          "measure": ["ep(quant=sog)@0.2", "ep(quant=sog)@0.4", "MAep"],
                          "value": [0.5, 0.25, 0.1]})
    curve = curve_from_results(table, "ep")
    assert curve["x"].tolist() == [0.2, 0.4]
    assert curve["value"].tolist() == [0.5, 0.25]


def test_curves_as_arrays():
    table = as_curve_table({"a": ([0.1, 0.2], [1.0, 0.5])})
    assert table["value"].tolist() == [1.0, 0.5]
    with pytest.raises(UsageError):
        as_curve_table({"a": ([0.1, 0.2], [1.0])})


@pytest.mark.parametrize("function", [plots.plot_ep_gr, plots.plot_nxcg, plots.plot_precall,
                                      plots.plot_interpolated_precision])
def test_curve_plots_draw_one_line_per_run(results, function):
    curve = curve_from_results(results, "nxCG")
    fig = function(curve)
    assert isinstance(fig, Figure)
    lines = fig.axes[0].get_lines()
    assert [line.get_label() for line in lines] == ["good", "mid", "bad"]
    good = curve[curve.run == "good"].sort_values("x")
    np.testing.assert_allclose(lines[0].get_ydata(), good["value"].to_numpy())
    assert plots.figure_bytes(fig)[:8] == b"\x89PNG\r\n\x1a\n"


def test_topic_distribution(results):
    fig = plots.plot_topic_distribution(results, "MAep")
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["good", "mid", "bad"]
    # one scatter collection per run holding one point per topic
    assert [len(c.get_offsets()) for c in ax.collections] == [20, 20, 20]
    with pytest.raises(UsageError):
        plots.plot_topic_distribution(results, "nope")


def test_bootstrap_intervals_contain_the_mean(results):
    ci = bootstrap_ci(results[results.measure == "MAep"], samples=2000)
    assert ci["run"].tolist() == ["good", "mid", "bad"]
    assert (ci["low"] <= ci["mean"]).all() and (ci["mean"] <= ci["high"]).all()
    assert ci.set_index("run").loc["good", "low"] > ci.set_index("run").loc["bad", "high"]
    fig = plots.plot_confidence_intervals(results, "MAep")
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels == ["bad", "mid", "good"]  # sorted by mean, best on top


def test_significance_heatmap_marks_rejections(results):
    table = compare(results, ["MAep"], test="t", correction="holm")
    assert len(table) == 3
    good_bad = table[(table.run_a == "good") & (table.run_b == "bad")].iloc[0]
    assert good_bad.reject and good_bad.p_adjusted >= good_bad.p_value
    fig = plots.plot_significance_heatmap(table, "MAep")
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert len(texts) == 6  # off-diagonal cells
    assert any(t.endswith("▲*") for t in texts) and any(t.endswith("▼*") for t in texts)
    runs, p_adj, reject, diff = plots.significance_matrix(table, "MAep")
    assert runs == ["good", "mid", "bad"]
    assert reject[0, 2] and reject[2, 0] and diff[0, 2] > 0 > diff[2, 0]
    assert np.isnan(p_adj[0, 0])


def test_significance_decisions_pairs_by_corrections(results):
    by_corr = {c: compare(results, ["MAep"], correction=c)
               for c in ("none", "holm", "bonferroni")}
    fig = plots.plot_significance_decisions(by_corr, "MAep")
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["none", "holm", "bonferroni"]
    assert len(ax.get_yticklabels()) == 3
    image = ax.get_images()[0].get_array()
    assert image.shape == (3, 3)
    # a correction never rejects more than no correction
    assert (image[:, 1] <= image[:, 0]).all() and (image[:, 2] <= image[:, 1]).all()


def test_swap_rate_curves():
    swaps = pd.DataFrame({"size": [5, 10, 20, 5, 10, 20], "bin": ["0.00-0.01"] * 3 + ["0.05+"] * 3,
                          "swap_rate": [0.4, 0.3, 0.2, 0.1, 0.05, 0.0]})
    fig = plots.plot_swap_rates(swaps)
    lines = fig.axes[0].get_lines()
    assert len(lines) == 2
    np.testing.assert_allclose(lines[0].get_ydata(), [0.4, 0.3, 0.2])
    with pytest.raises(UsageError):
        plots.plot_swap_rates(swaps.drop(columns="swap_rate"))


def test_swap_rates_from_stats(results):
    swaps = swap_rates(results, "MAep", sizes=[2, 5, 10], trials=20)
    fig = plots.plot_swap_rates(swaps, max_bins=3)
    lines = fig.axes[0].get_lines()
    assert 1 <= len(lines) <= 3
    for line in lines:
        assert set(line.get_xdata()) <= {2, 5, 10}
        assert ((line.get_ydata() >= 0) & (line.get_ydata() <= 1)).all()


def test_intervals_use_each_runs_own_topics(results):
    rows = results[results.measure == "MAep"]
    rows = rows[~((rows.run == "bad") & (rows.topic.astype(int) > 10))]
    ci = bootstrap_ci(rows, samples=500).set_index("run")
    expected = rows[rows.run == "bad"]["value"].mean()
    assert ci.loc["bad", "mean"] == pytest.approx(expected)
    assert ci.loc["good", "mean"] == pytest.approx(rows[rows.run == "good"]["value"].mean())
