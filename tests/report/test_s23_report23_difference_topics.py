"""The per-topic differences figure counts wins/ties/losses over the topics the tests against
the baseline use: with runs that answered different topics, the tests leave out a topic some
run lacks (compare's missing="drop"), and the figure drew every topic of each pair instead, so
its panel said "a: 3/0/1" where the table of the same page said W/T/L 1/0/1 (seen with a run
of half the INEX 2009-2010 topics)."""
from __future__ import annotations

import matplotlib
import pandas as pd

from sdreval.report import figures
from sdreval.report.html import report_data


def _results() -> pd.DataFrame:
    rows = [("base", t, v) for t, v in zip("1234", (0.5, 0.5, 0.5, 0.5))]
    rows += [("a", t, v) for t, v in zip("1234", (0.6, 0.4, 0.9, 0.9))]
    rows += [("b", t, v) for t, v in zip("12", (0.5, 0.5))]  # b answered topics 1 and 2 only
    return pd.DataFrame([{"run": r, "topic": t, "measure": "MAP", "value": v}
                         for r, t, v in rows])


def test_panel_counts_are_those_of_the_tests():
    results = _results()
    with matplotlib.rc_context(figures.rc()):
        fig = figures.plot_topic_differences(results, "MAP", "base", ["base", "a", "b"])
    titles = [ax.get_title() for ax in fig.axes if ax.get_visible()]
    # topics 1 and 2, which every run answered: a wins on 1 (0.6 > 0.5), loses on 2
    assert titles == ["a: 1/0/1", "b: 0/2/0"]
    assert "the 2 of 4 topics every run answered" in fig._suptitle.get_text().replace("\n", " ")
    data = report_data(results, measures=["MAP"], samples=200, baseline="base",
                       plots_wanted=())
    row = data.compare[data.compare.run_a == "a"].iloc[0]
    assert (row.wins, row.ties, row.losses) == (1, 0, 1)


def test_same_topics_title_unchanged():
    results = _results()
    results = results[results.run != "b"]
    with matplotlib.rc_context(figures.rc()):
        fig = figures.plot_topic_differences(results, "MAP", "base", ["base", "a"])
    assert [ax.get_title() for ax in fig.axes if ax.get_visible()] == ["a: 3/0/1"]
    assert "topics every run answered" not in fig._suptitle.get_text()


def test_captions_say_the_figures_are_over_the_tested_topics():
    from sdreval.report.page_figures import figure_captions

    data = report_data(_results(), measures=["MAP"], samples=200, baseline="base",
                       plots_wanted=("differences", "diffci"))
    captions = figure_captions(data)
    for key in ("differences-MAP", "diffci", "heatmap-MAP"):
        assert "Over the topics every run answered" in captions[key][1], key
    full = _results()
    full = full[full.run != "b"]
    captions = figure_captions(report_data(full, measures=["MAP"], samples=200,
                                           baseline="base", plots_wanted=()))
    assert not any("every run answered" in c for _, c in captions.values())


def test_summary_says_the_means_are_over_different_topics():
    """Run b's mean is over topics 1 and 2 only, the others' over 1-4: the column's bold
    "best run" compared means of different topic sets without a word (an INEX run of half the
    topics was bold everywhere, though it equals the baseline on every topic it answered)."""
    from sdreval.report.page import summary_html

    words = "the runs' means are over different topics"
    data = report_data(_results(), measures=["MAP"], samples=200, baseline="base",
                       plots_wanted=())
    assert words in summary_html(data)
    full = _results()
    full = full[full.run != "b"]
    assert words not in summary_html(report_data(full, measures=["MAP"], samples=200,
                                                 baseline="base", plots_wanted=()))
