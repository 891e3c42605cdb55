"""A count (num_ret, num_rel_ret ...) is summed over the topics where ``eval`` prints it (as
trec_eval does) and in ``compare``'s mean_a / mean_b; the confidence intervals of the API,
``stability -a ci`` and the report's figure printed its per-topic mean instead under the same
name ``mean`` (11.3333 where eval prints 34).  Every path now prints the sum, its interval the
mean's times the number of topics (the scaling compare applies to the difference of sums), and
a mean is the exact mean eval prints (0.2, not numpy's 0.20000000000000004)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
from click.testing import CliRunner

from sdreval import api
from sdreval.cli.main import cli

# per-topic num_ret of two runs on three topics: eval prints the sums 34 and 13
A, B = [10.0, 20.0, 4.0], [5.0, 7.0, 1.0]
COUNTS = pd.DataFrame({"run": ["a"] * 3 + ["b"] * 3, "topic": ["1", "2", "3"] * 2,
                       "measure": "num_ret", "value": A + B})
# the same values as fractions of 100 under a measure that is averaged: the same resampling
# plan, so the count's interval is 3 topics × 100 times this one
FRACTIONS = COUNTS.assign(measure="P_5", value=COUNTS["value"] / 100)


def _by_run(table: pd.DataFrame) -> pd.DataFrame:
    return table.set_index("run").loc[["a", "b"]]


def test_api_interval_of_a_count_is_of_its_sum():
    count = _by_run(api.confidence_intervals(COUNTS))
    mean = _by_run(api.confidence_intervals(FRACTIONS))
    assert count["mean"].tolist() == [sum(A), sum(B)] == [34.0, 13.0]
    for column in ("ci_low", "ci_high", "ci_length"):
        assert np.allclose(count[column], 300 * mean[column])
    assert (count["ci_low"] <= count["mean"]).all() and (count["mean"] <= count["ci_high"]).all()


def test_stability_ci_of_a_count_prints_the_sum(tmp_path):
    scores = tmp_path / "s.csv"
    COUNTS.to_csv(scores, index=False)
    result = CliRunner().invoke(cli, ["stability", "--scores", str(scores), "-m", "num_ret",
                                      "-a", "ci", "--format", "csv"])
    assert result.exit_code == 0, result.output
    table = pd.read_csv(pd.io.common.StringIO(result.stdout))
    assert _by_run(table)["mean"].tolist() == [34.0, 13.0]
    text = CliRunner().invoke(cli, ["stability", "--scores", str(scores), "-m", "num_ret",
                                    "-a", "ci"])
    assert "its sum over the topics" in text.stdout.splitlines()[0]


def test_report_interval_figure_of_a_count_is_of_its_sum():
    from sdreval.report.bridge import bootstrap_ci
    from sdreval.report.figures import plot_mean_intervals

    table = _by_run(bootstrap_ci(COUNTS))
    assert table["mean"].tolist() == [34.0, 13.0]
    assert table["low"].min() >= 3.0 and table["high"].max() <= 60.0  # within the sum's range
    figure = plot_mean_intervals({"num_ret": table.reset_index()}, ["a", "b"])
    assert "the sum for a count" in figure._suptitle.get_text()


def test_means_are_the_exact_means_eval_prints(tmp_path):
    values = {"a": [0.1, 0.2, 0.3], "b": [0.2, 0.3, 0.4]}
    exact = {run: float(sum(map(Fraction, v)) / 3) for run, v in values.items()}
    assert exact["a"] == 0.2 != np.mean(values["a"])  # numpy's pairwise sum rounds twice
    table = pd.DataFrame([(run, str(t), "map", x) for run, v in values.items()
                          for t, x in enumerate(v)], columns=["run", "topic", "measure", "value"])
    from sdreval.stats import compare_runs

    record = compare_runs(table, "map").iloc[0]
    assert (record.mean_a, record.mean_b) == (exact["a"], exact["b"])
    intervals = _by_run(api.confidence_intervals(table))
    assert intervals["mean"].tolist() == [exact["a"], exact["b"]]
