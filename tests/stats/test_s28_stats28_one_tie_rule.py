"""One rule for a tie: a difference that is 0 to 12 decimals.  Run A scores 1e-12 above run B
on each of 10 topics (0.100000000001 against 0.1, ...): the means, 0.325000000001 and 0.325,
differ at 12 decimals, so rankings order A first, and the t, sign and Wilcoxon tests reject
for A.  main counted every topic a tie (|d| <= 1e-12) and the difference 0, beside those
rejections: W/T/L 0/10/0, diff 0, direction 0 with p = 0 (t test).  Now W/T/L is 10/0/0 and
the difference is A's 1e-12, as the tests and the rankings have it."""
import numpy as np
import pytest

from sdreval.report.figures import plot_topic_differences
from sdreval.stats.compare import compare_runs
from sdreval.stats.matrix import ScoreMatrix

B = np.round(0.1 + 0.05 * np.arange(10), 2)
A = B + 1e-12


@pytest.fixture(scope="module")
def scores():
    return ScoreMatrix(("A", "B"), tuple(str(t) for t in range(10)), np.vstack([A, B]), "AP")


@pytest.mark.parametrize("test", ["t", "sign", "wilcoxon", "bootstrap"])
def test_wins_difference_and_direction_agree_with_the_test(scores, test):
    row = compare_runs(scores, test=test, correction="none").iloc[0]
    assert bool(row.reject)
    assert (row.wins, row.ties, row.losses) == (10, 0, 0)
    assert row["diff"] == pytest.approx(1e-12, abs=1e-15) and row.direction == 1


def test_a_difference_below_half_a_unit_is_a_tie():
    values = np.vstack([B + 4e-13, B])
    scores = ScoreMatrix(("A", "B"), tuple(str(t) for t in range(10)), values, "AP")
    row = compare_runs(scores, correction="none").iloc[0]
    assert (row.wins, row.ties, row.losses, row["diff"], row.p_value) == (0, 10, 0, 0.0, 1.0)


def test_the_differences_figure_counts_as_compare():
    import pandas as pd

    table = pd.DataFrame([(run, str(t), "AP", v) for run, values in (("A", A), ("B", B))
                          for t, v in enumerate(values)],
                         columns=["run", "topic", "measure", "value"])
    figure = plot_topic_differences(table, "AP", "B", ["B", "A"])
    assert "A: 10/0/0" in [ax.get_title() for ax in figure.axes]
