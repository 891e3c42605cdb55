"""What a reader of the HTML report saw go wrong, each checked on the figure or the page:

- the per-topic differences figure drew a tie as a bar of height 0, invisible: a panel
  titled 2/2/0 showed two bars for four topics; a tie is now a grey dot on the zero line;
- a long run name (two files of one run name get ``name (file)``) ran the panel titles into
  each other and hid the wins/ties/losses; titles wrap;
- the interval figures repeated their axis label under every narrow panel, where the
  labels overlapped: one label under the figure;
- the decisions figure's pair labels took most of its width and cut its key: they wrap;
- one topic: a paired test needs two topics, so ``report`` stopped with an error (the
  bundled Kazai & Lalmas example has one topic); it now writes the report without tests and
  says why;
- one run with ``--text-table``: a traceback (no tests to look at)."""
import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.report import figures, plots

LONG = "BengezzouIdrissMezianeGhilas (element_run_bm25_article_sec_p)"


def results(values: dict[str, list[float]]) -> pd.DataFrame:
    return pd.DataFrame([{"run": run, "topic": str(t), "measure": "AP", "value": v}
                         for run, vs in values.items() for t, v in enumerate(vs, 1)])


def test_ties_are_dots_on_the_zero_line():
    fig = figures.plot_topic_differences(
        results({"base": [0.5, 0.3, 0.2, 0.1], "new": [0.7, 0.3, 0.2, 0.0]}), "AP", "base",
        ["base", "new"])
    ax = fig.axes[0]
    dots = [line for line in ax.get_lines() if line.get_marker() == "o"]
    assert len(dots) == 1 and list(dots[0].get_ydata()) == [0.0, 0.0]  # topics 2 and 3
    assert ax.get_title() == "new: 1/2/1"


def test_long_run_names_wrap_in_the_panel_titles():
    fig = figures.plot_topic_differences(
        results({"base": [0.5, 0.3], LONG: [0.7, 0.1], LONG + "x": [0.6, 0.4]}), "AP", "base",
        ["base", LONG, LONG + "x"])
    titles = [ax.get_title() for ax in fig.axes]
    assert all("\n" in t for t in titles)
    assert all(len(line) <= 44 for t in titles for line in t.splitlines())
    assert titles[0].replace("\n", " ").endswith(": 1/0/1")


def test_interval_figure_has_one_axis_label():
    compare = pd.DataFrame({"run_a": ["a", "a"], "run_b": ["b", "b"], "measure": ["AP", "P@10"],
                            "diff": [0.1, 0.2], "diff_ci_low": [0.0, 0.1],
                            "diff_ci_high": [0.2, 0.3], "reject": [False, True]})
    fig = figures.plot_difference_intervals(compare, ["AP", "P@10"], "b", ["a", "b"])
    assert [ax.get_xlabel() for ax in fig.axes] == ["", ""]
    assert fig.get_supxlabel() == "difference with b"


def test_decisions_figure_wraps_pair_labels():
    table = pd.DataFrame({"run_a": [LONG, LONG], "run_b": ["base", "base"],
                          "measure": ["AP", "AP"], "p_adjusted": [0.04, 0.06],
                          "reject": [True, False], "correction": ["none", "by"]})
    fig = plots.plot_significance_decisions(table, "AP")
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels and all(len(line) <= 40 for label in labels for line in label.splitlines())


def test_one_topic_report_has_no_tests_and_says_why(tmp_path):
    base = example_path("kazai-lalmas-2006")
    runs = sorted(str(p) for p in (base / "runs").glob("*.txt"))
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["report", str(base / "qrels.tsv"), *runs, "-m", "MAep",
                                      "-o", str(out), "--no-timestamp", "--text-table", "-"])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "No significance tests (a paired test needs two topics)." in page
    assert "one topic only: no significance tests" in page
    assert "MAep" in result.stdout and "letters:" not in result.stdout


def test_one_run_with_text_table_has_no_traceback(tmp_path):
    base = example_path("synthetic")
    result = CliRunner().invoke(cli, ["report", str(base / "qrels.tsv"),
                                      str(base / "runs" / "sim01.txt"), "-m", "MAep", "-o",
                                      str(tmp_path / "r.html"), "--text-table", "-",
                                      "--no-plots"])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "(a) sim01" in result.stdout


def test_swap_rate_markers_at_zero_are_not_cut():
    swaps = pd.DataFrame({"size": [1, 2, 3], "bin": ["<0.01"] * 3, "bin_low": [0.0] * 3,
                          "comparisons": [10, 10, 10], "error_rate": [0.2, 0.1, 0.0]})
    fig = plots.plot_swap_rates(swaps)
    lines = fig.axes[0].get_lines()
    assert fig.axes[0].get_ylim()[0] == 0 and lines and not any(x.get_clip_on() for x in lines)
    assert fig.axes[0].get_title() == "Swap rate by topic-set size"  # was "Swap rate of by"
    named = plots.plot_swap_rates(swaps.assign(measure="AP"))
    assert named.axes[0].get_title() == "Swap rate of AP by topic-set size"
