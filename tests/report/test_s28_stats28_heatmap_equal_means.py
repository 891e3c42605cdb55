"""The significance heatmap's arrow for runs whose means are equal (to 12 decimals, the rule
of compare's direction and of every table): no side, ``=``, in both cells.  It was ``▼`` in
both cells (the column run higher either way round), and for means apart in the last bit
only (0.1 + 0.2 against 0.3) an arrow of that float noise."""
import numpy as np
import pytest

from sdreval.report.plots import plot_significance_heatmap
from sdreval.stats.compare import compare_runs
from sdreval.stats.matrix import ScoreMatrix


def _texts(values):
    scores = ScoreMatrix(("a", "b"), ("1", "2", "3"), np.array(values), "AP")
    figure = plot_significance_heatmap(compare_runs(scores, correction="none"), "AP")
    return [t.get_text().split("\n")[1] for t in figure.axes[0].texts]


@pytest.mark.parametrize("values", [
    [[0.1, 0.5, 0.3], [0.3, 0.1, 0.5]],             # the same scores, other topics
    [[0.1 + 0.2, 0.4, 0.2], [0.3, 0.4, 0.2]],       # means 0.30000000000000004 / 0.3
])
def test_equal_means_have_no_arrow(values):
    assert _texts(values) == ["=", "="]


def test_higher_mean_keeps_its_arrow():
    assert _texts([[0.9, 0.5, 0.3], [0.3, 0.1, 0.5]]) == ["▲", "▼"]
