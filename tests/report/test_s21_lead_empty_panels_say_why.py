"""A measure with no value on any topic (nothing relevant under it, e.g. AP at -l 2 on
judgements that never reach grade 2) leaves the report's interval and distribution panels
empty; each says so on the panel, not only in the command's warnings."""
import pandas as pd

from sdreval.report import figures


def _texts(fig):
    return [t.get_text() for ax in fig.axes for t in ax.texts]


def test_interval_panel_without_values_says_why():
    empty = pd.DataFrame({"run": [], "mean": [], "low": [], "high": []})
    fig = figures.plot_mean_intervals({"AP": empty}, ["r1"], 0.95)
    assert figures.NO_VALUES in _texts(fig)


def test_distribution_panel_without_values_says_why():
    rows = pd.DataFrame({"run": ["r1", "r1"], "topic": ["1", "all"], "measure": ["AP", "AP"],
                         "value": [float("nan"), float("nan")]})
    fig = figures.plot_distributions(rows, ["AP"], ["r1"])
    assert figures.NO_VALUES in _texts(fig)


def test_panel_with_values_has_no_such_note():
    table = pd.DataFrame({"run": ["r1"], "mean": [0.5], "low": [0.4], "high": [0.6]})
    fig = figures.plot_mean_intervals({"AP": table}, ["r1"], 0.95)
    assert figures.NO_VALUES not in _texts(fig)
