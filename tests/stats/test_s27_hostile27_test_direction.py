"""A rejection is for the run the test finds better, which for the sign test (wins over
losses) and Wilcoxon's signed-rank test (W+ against W−) need not be the run with the higher
mean.

new beats base by 0.05 on nine topics and loses by 0.9 on the tenth: base's mean is higher
(0.545 against 0.5), but the sign test rejects for new, which wins 9 of 10 topics
(``scipy.stats.binomtest(9, 10)``: p = 22/1024 = 0.0215).  The report and ``eval --baseline``
marked base as significantly better than new (the letter went by the means), and the HTML
summary gave new ▼; the decisions of two settings compared the pair by the means too."""
from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from scipy import stats

from sdreval.cli.main import cli
from sdreval.stats import compare_runs, score_matrix
from sdreval.stats.decisions import rejection_set


def _scores(base, new):
    rows = [("base", str(t + 1), "AP", v) for t, v in enumerate(base)]
    rows += [("new", str(t + 1), "AP", v) for t, v in enumerate(new)]
    return pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])


SIGN = _scores([0.5] * 9 + [0.95], [0.55] * 9 + [0.05])
# 20 topics: new ahead by 0.05 on 18, behind by 0.9 on 2; base's mean is 0.045 higher
WILCOXON = _scores([0.5] * 18 + [0.95] * 2, [0.55] * 18 + [0.05] * 2)


def test_sign_test_rejects_for_the_run_that_wins():
    row = compare_runs(score_matrix(SIGN, "AP"), test="sign", correction="none").iloc[0]
    assert (row.run_a, row.run_b) == ("base", "new")
    assert row.mean_a == pytest.approx(0.545) and row.mean_b == pytest.approx(0.5)
    assert row.p_value == pytest.approx(stats.binomtest(1, 10, 0.5).pvalue) == 22 / 1024
    assert bool(row.reject) and (row.wins, row.losses) == (1, 9)
    assert row.direction == -1  # for run_b, new


def test_wilcoxon_rejects_for_the_signed_ranks():
    d = np.round(np.array([0.5] * 18 + [0.95] * 2) - np.array([0.55] * 18 + [0.05] * 2), 12)
    # W+ (base ahead) = 2 · 19.5 = 39, W− = 18 · 9.5 = 171: the ranks are new's
    ranks = stats.rankdata(np.abs(d))
    assert ranks[d > 0].sum() == 39 and ranks[d < 0].sum() == 171
    p = stats.wilcoxon(d, correction=False, method="approx").pvalue
    assert p < 0.05 and d.mean() > 0
    row = compare_runs(score_matrix(WILCOXON, "AP"), test="wilcoxon",
                       correction="none").iloc[0]
    assert row.p_value == pytest.approx(p) and bool(row.reject)
    assert row.direction == -1
    assert rejection_set(compare_runs(score_matrix(WILCOXON, "AP"), test="wilcoxon",
                                      correction="none")) == {("new", "base")}


def test_t_test_direction_is_the_means():
    d = np.array([0.5] * 9 + [0.95]) - np.array([0.55] * 9 + [0.05])
    row = compare_runs(score_matrix(SIGN, "AP"), test="t", correction="none").iloc[0]
    assert np.sign(d.mean()) == row.direction == 1


@pytest.fixture()
def scores_file(tmp_path):
    path = tmp_path / "scores.csv"
    SIGN.to_csv(path, index=False)
    return str(path)


def test_report_marks_the_run_the_test_finds_better(scores_file, tmp_path):
    page = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["report", "--scores", scores_file, "--test", "sign",
                                      "--correction", "none", "--text-table", "-",
                                      "--no-plots", "-o", str(page), "--quiet"])
    assert result.exit_code == 0, result.stderr
    lines = {line.split()[0]: line.split()[1:] for line in result.stdout.splitlines()
             if line.startswith("AP")}
    # (a) base, (b) new: new carries a (better than base), base carries nothing
    assert lines["AP"] == ["0.5450", "0.5000", "a"]
    assert "not the higher mean for new–base on AP" in result.stdout
    html = page.read_text()
    cell = re.search(r"<td>new</td><td>10</td><td[^>]*>0\.5000(.*?)</td>", html)
    assert cell is not None and "▲" in cell.group(1)


def test_compare_says_where_the_side_is_not_the_means(scores_file):
    result = CliRunner().invoke(cli, ["compare", "--scores", scores_file, "--test", "sign",
                                      "--correction", "none", "--format", "csv"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[1].endswith(",1,0,9,-1")
    assert "1 rejection(s) favour the run whose mean is not higher: base–new on AP " \
           "(for new)" in result.stderr


def test_split_error_rate_takes_the_side_the_test_rejected_for():
    """Two-sided sign test on 40 topics: new ahead by 0.05 on 36, behind by 0.9 on 4.  On a
    first half holding k of the 4, the sign test rejects for new (about 18 wins of 20); the
    decision is an error when new's mean on the second half is not higher: new's gain there
    is (0.05·(16 + k) − 0.9·(4 − k)) / 20, ≤ 0 for k ≤ 2.  With the means' side instead, a
    first half with k ≥ 2 made base the better run."""
    from sdreval.stats.error_rate import split_error_rate

    gap = np.array([0.05] * 36 + [-0.9] * 4)
    x = np.vstack([np.full(40, 0.95), 0.95 + gap])  # base, new
    splits = 30
    out = split_error_rate(x, "sign", splits, "none", "two-sided", 0.05, seed=3)
    rng = np.random.default_rng(3)  # the splits: a seeded permutation each, first half 20
    rejections = errors = 0
    for _ in range(splits):
        first = rng.permutation(40)[:20]
        k = int(np.count_nonzero(first >= 36))
        wins = 20 - k
        if stats.binomtest(wins, 20, 0.5).pvalue <= 0.05:
            rejections += 1
            errors += (0.05 * (16 + k) - 0.9 * (4 - k)) <= 0
    assert out["rejections"] == rejections > 0
    assert out["errors"] == errors


def test_heatmap_arrow_of_a_rejection_is_the_tests_side():
    from sdreval.report.plots import plot_significance_heatmap

    table = compare_runs(score_matrix(SIGN, "AP"), test="sign", correction="none")
    figure = plot_significance_heatmap(table, "AP")
    texts = [t.get_text() for t in figure.axes[0].texts]
    # cell (base, new): the column run, new, is the one the test rejected for
    assert texts == ["0.0215\n▼*", "0.0215\n▲*"]
