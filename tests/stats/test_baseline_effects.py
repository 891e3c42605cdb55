"""Comparisons against a baseline (PyTerrier's ``baseline=``) and the effect-size columns:
mean difference, its confidence interval, Cohen's d_z (Lakens 2013, Eq. 6), wins/ties/losses."""
from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from scipy import stats
from statsmodels.stats.multitest import multipletests

from sdreval import api as sdreval
from sdreval.cli.main import cli
from sdreval.errors import UsageError
from sdreval.stats import compare_runs


def _table(values, names=None):
    names = names or [f"r{k}" for k in range(len(values))]
    rows = [(names[r], str(t + 1), "M", float(values[r][t])) for r in range(len(values))
            for t in range(len(values[0]))]
    return pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])


def test_effects_written_out():
    # run a: 0.5 0.4 0.3 0.3; run b: 0.2 0.4 0.1 0.5 -> d = 0.3 0 0.2 -0.2
    table = _table([[0.5, 0.4, 0.3, 0.3], [0.2, 0.4, 0.1, 0.5]], ["a", "b"])
    row = compare_runs(table, "M", correction="none").iloc[0]
    assert row["diff"] == pytest.approx(0.3 / 4)
    sd = np.sqrt(((0.3 - 0.075) ** 2 + 0.075 ** 2 + 0.125 ** 2 + 0.275 ** 2) / 3)
    assert row["effect_size"] == pytest.approx(0.075 / sd)
    assert (row["wins"], row["ties"], row["losses"]) == (2, 1, 1)
    half = stats.t.ppf(0.975, 3) * sd / 2
    assert (row["diff_ci_low"], row["diff_ci_high"]) == pytest.approx((0.075 - half,
                                                                       0.075 + half))


def test_t_interval_is_scipys_and_matches_the_test():
    rng = np.random.default_rng(4)
    x = rng.random((3, 25))
    x[0] += 0.15
    result = compare_runs(_table(x), "M", correction="none", level=0.1)
    for row in result.itertuples():
        a, b = int(row.run_a[1]), int(row.run_b[1])
        ci = stats.ttest_rel(x[a], x[b]).confidence_interval(0.9)
        assert (row.diff_ci_low, row.diff_ci_high) == pytest.approx((ci.low, ci.high))
        assert (row.diff_ci_low > 0 or row.diff_ci_high < 0) == (row.p_value < 0.1)


def test_bootstrap_interval_of_the_differences():
    rng = np.random.default_rng(5)
    x = rng.random((2, 30))
    row = compare_runs(_table(x), "M", test="bootstrap", samples=4000, seed=7).iloc[0]
    d = x[0] - x[1]
    draws = np.random.default_rng(7).integers(0, 30, size=(4000, 30))
    means = d[draws].mean(axis=1)  # the same seeded plan, written as index draws
    assert (row.diff_ci_low, row.diff_ci_high) == pytest.approx(
        tuple(np.quantile(means, [0.025, 0.975])))


def test_identical_runs_have_no_effect():
    table = _table([[0.1, 0.2, 0.3], [0.1, 0.2, 0.3]])
    row = compare_runs(table, "M").iloc[0]
    assert row["effect_size"] == 0 and (row["wins"], row["ties"], row["losses"]) == (0, 3, 0)


def test_baseline_tests_fewer_pairs_and_corrects_over_them():
    rng = np.random.default_rng(1)
    x = rng.random((4, 20))
    x[2] += 0.2
    table = _table(x)
    full = compare_runs(table, "M", correction="holm")
    base = compare_runs(table, "M", correction="holm", baseline="r1")
    assert list(zip(base.run_a, base.run_b)) == [("r0", "r1"), ("r2", "r1"), ("r3", "r1")]
    raw = [stats.ttest_rel(x[k], x[1]).pvalue for k in (0, 2, 3)]
    assert base["p_value"].tolist() == pytest.approx(raw)
    assert base["p_adjusted"].tolist() == pytest.approx(multipletests(raw, method="holm")[1])
    # the same p-value, corrected over 3 tests instead of 6, is never adjusted upwards
    same = full[(full.run_a == "r1") & (full.run_b == "r2")].p_adjusted.iloc[0]
    assert base.p_adjusted.iloc[1] <= same
    assert base["diff"].tolist() == pytest.approx([x[k].mean() - x[1].mean() for k in (0, 2, 3)])


def test_two_baselines_tested_against_each_other_once():
    x = np.random.default_rng(2).random((4, 10))
    result = compare_runs(_table(x), "M", baseline=["r0", "r1"])
    assert list(zip(result.run_a, result.run_b)) == [("r1", "r0"), ("r2", "r0"), ("r3", "r0"),
                                                     ("r2", "r1"), ("r3", "r1")]


def test_unknown_baseline_is_a_usage_error():
    with pytest.raises(UsageError, match="'bm25' is not one of the runs"):
        compare_runs(_table([[0.1, 0.2], [0.3, 0.1]]), "M", baseline="bm25")


def test_cli_and_api_give_the_same_records(tmp_path):
    x = np.random.default_rng(3).random((3, 12))
    table = _table(x, ["bm25", "new1", "new2"])
    path = tmp_path / "scores.csv"
    table.to_csv(path, index=False)
    result = CliRunner().invoke(cli, ["compare", "--scores", str(path), "-m", "M",
                                      "--baseline", "bm25", "--format", "json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.output)
    api = sdreval.compare(table, "M", baseline="bm25")
    assert [(r["run_a"], r["run_b"]) for r in records] == [("new1", "bm25"), ("new2", "bm25")]
    for record, row in zip(records, api.itertuples()):
        for key in ("p_adjusted", "diff", "diff_ci_low", "diff_ci_high", "effect_size"):
            assert record[key] == pytest.approx(getattr(row, key))
        assert (record["wins"], record["ties"], record["losses"]) == (row.wins, row.ties,
                                                                        row.losses)
    help_text = CliRunner().invoke(cli, ["compare", "--help"]).output
    assert "Cohen's d_z" in help_text and "--baseline" in help_text
    bad = CliRunner().invoke(cli, ["compare", "--scores", str(path), "-m", "M",
                                   "--baseline", "nope"])
    assert bad.exit_code == 2 and "not one of the runs" in bad.output
