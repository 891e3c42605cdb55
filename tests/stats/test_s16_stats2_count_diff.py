"""A count (num_ret, num_rel_ret, ...) is summed over topics in compare's mean_a / mean_b, as
trec_eval prints it; its diff must then be mean_a − mean_b too (the documented identity), with
the interval on the same scale.  Before the fix diff was the per-topic mean difference: runs
retrieving 10, 20 and 5, 7 results printed mean_a 30, mean_b 12, diff 9."""
from __future__ import annotations

import numpy as np
import pandas as pd
from click.testing import CliRunner
from scipy import stats

from sdreval.cli.main import cli
from sdreval.stats.compare import compare_runs

# per-topic num_ret of two runs on three topics; differences 5, 13, 3
A, B = [10.0, 20.0, 4.0], [5.0, 7.0, 1.0]
D = np.subtract(A, B)
TABLE = pd.DataFrame({"run": ["a"] * 3 + ["b"] * 3, "topic": ["1", "2", "3"] * 2,
                      "measure": "num_ret", "value": A + B})


def test_diff_of_a_count_is_the_difference_of_its_sums():
    record = compare_runs(TABLE, "num_ret").iloc[0]
    assert (record.mean_a, record.mean_b) == (34.0, 13.0)
    assert record["diff"] == 34.0 - 13.0 == D.sum()
    # the paired t interval of the mean difference (scipy), times the 3 topics
    low, high = stats.ttest_rel(A, B).confidence_interval(0.95)
    assert np.isclose(record.diff_ci_low, 3 * low) and np.isclose(record.diff_ci_high, 3 * high)
    assert np.isclose(record.effect_size, D.mean() / D.std(ddof=1))  # d_z: no scale


def test_bootstrap_interval_of_a_count_is_on_the_sum_scale():
    mean_record = compare_runs(TABLE.assign(measure="P@5", value=TABLE["value"] / 100), "P@5",
                               test="bootstrap", samples=2000).iloc[0]
    count_record = compare_runs(TABLE, "num_ret", test="bootstrap", samples=2000).iloc[0]
    # the same resampling plan: the count's interval is 100 × 3 times the fractions' one
    assert np.isclose(count_record.diff_ci_low, 300 * mean_record.diff_ci_low)
    assert np.isclose(count_record.diff_ci_high, 300 * mean_record.diff_ci_high)


def test_cli_compare_diff_of_a_count(tmp_path):
    scores = tmp_path / "s.csv"
    TABLE.to_csv(scores, index=False)
    result = CliRunner().invoke(cli, ["compare", "--scores", str(scores), "-m", "num_ret",
                                      "--format", "csv"])
    assert result.exit_code == 0, result.output
    row = dict(zip(*[line.split(",") for line in result.stdout.splitlines()[:2]]))
    assert float(row["mean_a"]) - float(row["mean_b"]) == float(row["diff"]) == 21.0


def test_report_table_of_a_count_gives_the_difference_of_the_sums(tmp_path):
    from sdreval.report.html import report_data, render_html

    page = render_html(report_data(TABLE, plots_wanted=()), timestamp=False)
    assert "<td>b</td><td>-21.0000</td>" in page and "their sum for a count" in page


def test_difference_figure_of_a_count_says_sums():
    from sdreval.report.figures import plot_difference_intervals

    compare = compare_runs(TABLE, "num_ret", baseline="b")
    figure = plot_difference_intervals(compare, ["num_ret"], "b", ["a", "b"])
    assert "of the sums for a count" in figure._suptitle.get_text()
