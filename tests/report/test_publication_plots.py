"""Figures fit for a paper and a report that can be reproduced byte for byte."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from matplotlib.colors import to_rgba

from sdreval.cli.main import cli
from sdreval.errors import UsageError
from sdreval.report import plots
from sdreval.report.html import corrected_decisions, render_html, report_data
from sdreval.report.tables import format_latex_table


def _curves(identical: bool = True) -> pd.DataFrame:
    xs = np.linspace(0, 1, 101)
    rows = [("a", x, 1 - x) for x in xs] + [("b", x, 1 - x if identical else x) for x in xs]
    return pd.DataFrame(rows, columns=["run", "x", "value"])


def test_identical_runs_stay_distinguishable():
    ax = plots.plot_curves(_curves()).axes[0]
    first, second = ax.get_lines()[:2]
    assert np.array_equal(first.get_ydata(), second.get_ydata())
    assert first.get_linestyle() != second.get_linestyle()
    assert first.get_marker() != second.get_marker()
    assert first.get_color() != second.get_color()
    assert first.get_markevery() != second.get_markevery()   # markers at different points
    styles = {(s["linestyle"], s["marker"]) for s in map(plots.line_style, range(12))}
    assert len(styles) == 12


def test_text_colour_follows_the_cell():
    assert plots.text_colour(to_rgba("#00441b")) == "white"     # dark green
    assert plots.text_colour(to_rgba("#f7fcf5")) == "black"     # pale green
    assert plots.text_colour(to_rgba("#440154")) == "white"     # viridis low
    assert plots.text_colour(to_rgba("#fde725")) == "black"     # viridis high


def test_decision_cells_readable_and_one_plot_per_measure(results):
    data = report_data(results, measures=["MAep", "nxCG@10"], samples=200)
    decisions = data.decisions
    assert set(decisions["measure"]) == {"MAep", "nxCG@10"}
    assert set(decisions["correction"]) == {"none", "bonferroni", "holm", "bh", "by"}
    fig = plots.plot_significance_decisions(decisions, "MAep")
    ax = fig.axes[0]
    image = ax.get_images()[0]
    cells = image.get_array()
    for text in ax.texts:
        x, y = text.get_position()
        expected = plots.text_colour(image.cmap(image.norm(cells[int(y), int(x)])))
        assert text.get_color() == expected
    assert any(t.get_color() == "white" for t in ax.texts)     # 'good' vs 'bad' is significant
    assert "MAep" in ax.get_title()


def test_decisions_use_the_compare_p_values(results):
    data = report_data(results, measures=["MAep"], samples=200, correction="holm")
    table = corrected_decisions(data.compare)
    holm = table[table.correction == "holm"].reset_index(drop=True)
    pd.testing.assert_series_equal(holm["p_adjusted"], data.compare["p_adjusted"],
                                   check_names=False)
    none = table[table.correction == "none"]
    assert (none["p_adjusted"].to_numpy() == none["p_value"].to_numpy()).all()


def test_box_plot_draws_each_topic_once(results):
    fig = plots.plot_topic_distribution(results, "MAep")
    ax = fig.axes[0]
    points = sum(len(c.get_offsets()) for c in ax.collections)
    assert points == len(results[results.measure == "MAep"])
    fliers = [line for line in ax.get_lines() if line.get_marker() == "o" and len(line.get_xdata())]
    assert fliers == []


def test_swap_rates_per_measure_named():
    swaps = pd.DataFrame({"size": [1, 2, 1, 2], "bin": ["<0.01"] * 4,
                          "error_rate": [0.3, 0.2, 0.4, 0.1],
                          "measure": ["MAep", "MAep", "Q", "Q"]})
    with pytest.raises(UsageError):
        plots.plot_swap_rates(swaps)
    ax = plots.plot_swap_rates(swaps, measure="Q").axes[0]
    assert "Q" in ax.get_title()
    assert list(ax.get_lines()[0].get_ydata()) == [0.4, 0.1]


@pytest.mark.parametrize("fmt, magic", [("png", b"\x89PNG"), ("pdf", b"%PDF"), ("svg", b"<?xml")])
def test_figure_formats_are_reproducible(fmt, magic):
    one = plots.figure_bytes(plots.plot_curves(_curves(False)), fmt)
    two = plots.figure_bytes(plots.plot_curves(_curves(False)), fmt)
    assert one.startswith(magic) and one == two
    with pytest.raises(UsageError):
        plots.figure_bytes(plots.plot_curves(_curves()), "gif")


def test_dpi_scales_png():
    small = plots.figure_bytes(plots.plot_curves(_curves()), "png", dpi=50)
    large = plots.figure_bytes(plots.plot_curves(_curves()), "png", dpi=200)

    def width(png: bytes) -> int:
        return int.from_bytes(png[16:20], "big")
    assert width(large) == 4 * width(small)


def _ties() -> pd.DataFrame:
    # 0.53401 and 0.53399 both print as 0.5340: both are shown best
    rows = [(run, str(t), "MAep", value + (0.01 if t % 2 else -0.01))
            for run, value in (("x", 0.53401), ("y", 0.53399), ("z", 0.4)) for t in range(6)]
    return pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])


def test_bold_by_displayed_value():
    data = report_data(_ties(), measures=["MAep"], samples=100, plots_wanted=())
    page = render_html(data, timestamp=False)
    assert page.count('class="best">0.5340') == 2
    latex = format_latex_table(_ties(), measures=["MAep"])
    assert latex.count(r"\textbf{0.5340}") == 2


def test_report_bytes_reproducible(results, monkeypatch):
    data = report_data(results, measures=["MAep"], samples=200)
    assert render_html(data, timestamp=False) == render_html(data, timestamp=False)
    assert render_html(data, "svg", timestamp=False) == render_html(data, "svg",
                                                                    timestamp=False)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    page = render_html(data)
    assert "2023-11-14 22:13 UTC" in page and page == render_html(data)


def test_cli_report_twice_identical_bytes(tmp_path, results):
    scores = tmp_path / "scores.csv"
    results.to_csv(scores, index=False)
    runner = CliRunner()
    outputs = []
    for name in ("one.html", "two.html"):
        out = tmp_path / name
        result = runner.invoke(cli, ["report", "--scores", str(scores), "-m", "MAep",
                                     "--samples", "200", "--no-timestamp", "-o", str(out),
                                     "--plot-dir", str(tmp_path / name.replace(".html", "")),
                                     "--plot-format", "pdf", "--dpi", "150", "--quiet"])
        assert result.exit_code == 0, result.output
        assert result.stderr == ""                           # --quiet: no note
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    pdfs = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert {"ci.pdf", "diffci.pdf", "differences-MAep.pdf", "distribution.pdf"} <= set(pdfs)
    assert all((tmp_path / "one" / n).read_bytes() == (tmp_path / "two" / n).read_bytes()
               for n in pdfs)


def test_passage_runs_get_no_element_curves():
    """With a collection, passage runs get iP but no precall / ep-gr / nxCG curve (nothing
    turns passages into elements: those curves would be all zero)."""
    from sdreval.data import example_path
    from sdreval.io import read_collection, read_qrels, read_run
    from sdreval.measures import EvalContext
    from scipy.stats import ttest_rel

    from sdreval.report.html import build_report, plot_makers

    base = example_path("synthetic")
    ctx = EvalContext(collection=read_collection(base / "docs"))
    runs = [read_run(base / "runs" / f"sim0{i}.passages.txt") for i in (1, 2)]
    data = build_report(read_qrels(base / "qrels.fol"), runs, ["MAiP", "iP@0.00"], ctx,
                        samples=100)
    makers = plot_makers(data)
    assert "ip" in makers and not {"precall", "epgr", "nxcg"} & set(makers)
    # every correction starts from the t test's p of the per-topic iP@0.00 (1 where the two
    # runs score the same on every topic: they cannot be told apart)
    ip0 = data.decisions[data.decisions["measure"].astype(str) == "iP@0.00"]
    scores = data.results[data.results["measure"].astype(str) == "iP@0.00"].pivot(
        index="topic", columns="run", values="value")
    a, b = scores[runs[0].name].to_numpy(), scores[runs[1].name].to_numpy()
    expected = 1.0 if (a == b).all() else ttest_rel(a, b).pvalue
    assert ip0["p_value"].to_numpy() == pytest.approx([expected] * len(ip0))
