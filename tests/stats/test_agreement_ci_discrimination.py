"""Agreement of decisions (seed 001 Eq. 14, Fig. 1), CIs (seed 003 §5), group A (§6),
topic-split error rates (seed 001 §3.3.2), rank correlation."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from sdreval.stats.decisions import (agreement, agreement_matrix, decision_outcomes,
                                     outcomes_by_difference)
from sdreval.stats.bootstrap import bootstrap_means, confidence_intervals, percentile_ci
from sdreval.stats.compare import compare_runs
from sdreval.stats.correlation import kendall_tau, means_by_measure, ranking_correlations
from sdreval.stats.discrimination import (discrimination_power, group_a_by_ci,
                                          group_a_by_tukey)
from sdreval.stats.error_rate import split_error_rate, test_error_rates
from sdreval.stats.matrix import ScoreMatrix
from sdreval.stats.resample import bootstrap_counts

# Seed 001 Table 3 (INEX 2004, inex_eval): recall of the row predicting the column.
TABLE3_RECALL = {("Strict", "Gen"): 0.61, ("Strict", "SOG"): 0.60, ("Strict", "AnyRel"): 0.60,
                 ("Gen", "Strict"): 0.96, ("Gen", "SOG"): 0.96, ("Gen", "AnyRel"): 0.96,
                 ("SOG", "Strict"): 0.92, ("SOG", "Gen"): 0.94, ("SOG", "AnyRel"): 0.92,
                 ("AnyRel", "Strict"): 0.96, ("AnyRel", "Gen"): 0.99, ("AnyRel", "SOG"): 0.97}
TABLE3_F1 = {("Strict", "Gen"): 0.75, ("Strict", "SOG"): 0.73, ("Strict", "AnyRel"): 0.74,
             ("Gen", "SOG"): 0.95, ("Gen", "AnyRel"): 0.97, ("SOG", "AnyRel"): 0.94}


@pytest.mark.parametrize("pair", list(TABLE3_F1))
def test_eq14_reproduces_table3_f1_from_its_recalls(pair):
    # precision(Q1,Q2) = recall(Q2,Q1) (the caption's reading rule).  Build rejection sets with
    # |R1 ∩ R2| = r12 * |R2| = r21 * |R1| and check Eq. 14 (with ∩) gives the printed F1.
    q1, q2 = pair
    r12, r21 = TABLE3_RECALL[(q1, q2)], TABLE3_RECALL[(q2, q1)]
    both = 100_000
    size2, size1 = round(both / r12), round(both / r21)
    common = {("c", k) for k in range(both)}
    set1 = common | {("only1", k) for k in range(size1 - both)}
    set2 = common | {("only2", k) for k in range(size2 - both)}
    result = agreement(set1, set2)
    assert result["recall"] == pytest.approx(r12, abs=1e-4)
    assert result["precision"] == pytest.approx(r21, abs=1e-4)
    assert round(result["f1"], 2) == TABLE3_F1[pair]
    back = agreement(set2, set1)
    assert back["precision"] == pytest.approx(result["recall"])
    assert back["f1"] == pytest.approx(result["f1"])


def _matrix(seed=0, runs=6, topics=30, spread=0.3):
    rng = np.random.default_rng(seed)
    x = np.clip(rng.random((runs, topics)) * 0.5 + np.linspace(0, spread, runs)[:, None], 0, 1)
    return ScoreMatrix(tuple(f"r{k}" for k in range(runs)),
                       tuple(str(t) for t in range(topics)), x, "m")


def test_agreement_on_compare_tables_and_fig1_outcomes():
    sm = _matrix()
    other = ScoreMatrix(sm.runs, sm.topics, np.clip(sm.values + np.random.default_rng(9)
                                                    .normal(0, 0.05, sm.values.shape), 0, 1),
                        "m")
    x = compare_runs(sm, test="t", correction="none")
    y = compare_runs(other, test="t", correction="none")
    result = agreement(y, x)
    assert 0 <= result["recall"] <= 1 and 0 <= result["precision"] <= 1
    assert agreement(x, x)["f1"] == 1.0
    outcomes = decision_outcomes(x, y)
    counts = outcomes["outcome"].value_counts()
    assert counts.get("miss", 0) == ((~outcomes.reject_x) & outcomes.reject_y).sum()
    assert counts.get("false alarm", 0) == (outcomes.reject_x & ~outcomes.reject_y).sum()
    # recall(x predicts y) = both / |reject(y)| when no opposite-direction rejections
    if "opposite" not in counts:
        assert agreement(x, y)["recall"] == pytest.approx(
            counts.get("both", 0) / outcomes.reject_y.sum())
    binned = outcomes_by_difference(outcomes)
    assert binned.drop(columns="abs_diff_x").to_numpy().sum() == len(outcomes)
    matrix = agreement_matrix({"x": x, "y": y})
    assert len(matrix) == 4


def test_directional_agreement():
    a = pd.DataFrame({"run_a": ["p"], "run_b": ["q"], "measure": "m", "mean_a": [0.5],
                      "mean_b": [0.2], "reject": [True]})
    b = a.assign(mean_a=0.1)
    assert agreement(a, b)["recall"] == 0
    assert agreement(a, b, directional=False)["recall"] == 1
    assert decision_outcomes(a, b)["outcome"].item() == "opposite"


def test_percentile_ci_equals_explicit_resampling_and_is_close_to_scipy():
    sm = _matrix(runs=3, topics=25)
    low, high = percentile_ci(sm.values, 0.95, samples=2000, seed=4)
    counts = bootstrap_counts(25, 2000, 4)
    for r in range(3):
        resampled = [np.repeat(sm.values[r], c.astype(int)).mean() for c in counts]
        assert low[r] == pytest.approx(np.quantile(resampled, 0.025))
        assert high[r] == pytest.approx(np.quantile(resampled, 0.975))
        ref = stats.bootstrap((sm.values[r],), np.mean, n_resamples=5000, method="percentile",
                              rng=np.random.default_rng(0)).confidence_interval
        width = ref.high - ref.low
        assert low[r] == pytest.approx(ref.low, abs=0.1 * width)
        assert high[r] == pytest.approx(ref.high, abs=0.1 * width)
    table = confidence_intervals(sm)
    assert table["mean"].is_monotonic_decreasing
    assert (table["ci_low"] <= table["mean"]).all() and (table["mean"] <= table["ci_high"]).all()
    assert bootstrap_means(sm.values, 5000).shape == (3, 5000)


def test_group_a():
    sm = _matrix(runs=8, spread=0.6)
    ci = group_a_by_ci(sm.values)
    tukey = group_a_by_tukey(sm.values)
    assert ci[-1] and tukey[-1]  # top run is always in its own group
    assert not ci[0] and not tukey[0]
    # blocked HSD by hand for two runs equals the paired t critical difference logic
    x = sm.values[:2]
    mask = group_a_by_tukey(x)
    k, n = x.shape
    resid = x - x.mean(1, keepdims=True) - x.mean(0) + x.mean()
    hsd = stats.studentized_range.ppf(0.95, k, n - 1) * np.sqrt((resid ** 2).sum() / (n - 1) / n)
    assert mask[0] == (x[0].mean() >= x[1].mean() - hsd)
    oneway = group_a_by_tukey(sm.values, blocked=False)
    p = stats.tukey_hsd(*sm.values).pvalue[7]
    assert oneway.tolist() == [bool(v > 0.05) or k == 7 for k, v in enumerate(p)]
    table = discrimination_power(sm, samples=500)
    assert table["top_run"].item() == "r7"
    assert 1 <= table["group_a_ci"].item() <= 8
    assert group_a_by_tukey(sm.values, transform="arcsine")[-1]


def test_split_error_rate():
    sm = _matrix(runs=6, topics=30, spread=0.4)
    row = split_error_rate(sm.values, "t", splits=10, correction="none", seed=1)
    assert row["rejections"] > 0 and 0 <= row["error_rate"] <= 1
    # the same splits by hand
    rng = np.random.default_rng(1)
    errors = rejections = 0
    for _ in range(10):
        order = rng.permutation(30)
        a, b = sm.values[:, order[:15]], sm.values[:, order[15:]]
        for i in range(6):
            for j in range(i + 1, 6):
                hi, lo = (i, j) if a[i].mean() >= a[j].mean() else (j, i)
                p = stats.ttest_rel(a[hi], a[lo], alternative="greater").pvalue
                if p <= 0.05:
                    rejections += 1
                    errors += b[hi].mean() - b[lo].mean() <= 0
    assert (row["rejections"], row["errors"]) == (rejections, errors)
    table = test_error_rates(sm, ("t", "sign", "bootstrap"), splits=4, samples=500)
    assert table["test"].tolist() == ["t", "sign", "bootstrap"]


def test_rank_correlation():
    a = np.array([0.1, 0.4, 0.3, 0.9])
    tau, p = kendall_tau(a, a[::-1])
    ref = stats.kendalltau(a, a[::-1])
    assert (tau, p) == (pytest.approx(ref.statistic), pytest.approx(ref.pvalue))
    table = pd.DataFrame({"run": list("abcd") * 2, "topic": "1",
                          "measure": ["x"] * 4 + ["y"] * 4,
                          "value": [0.1, 0.2, 0.3, 0.4, 0.2, 0.1, 0.4, 0.3]})
    corr = ranking_correlations(means_by_measure(table))
    assert corr["kendall_tau"].item() == pytest.approx(stats.kendalltau([.1, .2, .3, .4],
                                                                        [.2, .1, .4, .3])[0])
