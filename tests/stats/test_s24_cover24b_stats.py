"""Statistics paths no other test reached (session 24 coverage): values worked out by hand
or by scipy, and the refusals of bad arguments through the Python API."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from sdreval.errors import InputError, UsageError
from sdreval.stats import bootstrap, compare, correction, correlation, decisions, effect
from sdreval.stats import error_rate, matrix, output, paired, resample, stability
from sdreval.stats.aggregate import aggregates
from sdreval.stats.discrimination import group_a_by_tukey

X = np.array([[0.9, 0.7, 0.8, 0.6], [0.5, 0.6, 0.4, 0.5], [0.3, 0.2, 0.1, 0.4]])


def test_tukey_on_ranks_within_topics():
    """``transform="rank"`` ranks the runs within each topic (IR-STAT-PAK's rank
    transform).  Run 0 is first, run 1 second, run 2 third on every topic: the ranks are
    3, 2, 1 on each topic, the two-way residuals are all 0, so MSE = 0 and HSD = 0: only the
    top run is in group A."""
    assert group_a_by_tukey(X, transform="rank").tolist() == [True, False, False]
    # the scores of run 1 and run 2 nearly equal and noisy: without ranks the spread keeps
    # run 1 in group A; a rank per topic that is always 2 and 1 has no spread at all
    close = np.array([[0.50, 0.52, 0.49, 0.51], [0.49, 0.40, 0.48, 0.20],
                      [0.10, 0.35, 0.30, 0.05]])
    assert group_a_by_tukey(close).tolist()[:2] == [True, True]
    assert group_a_by_tukey(close, transform="rank").tolist() == [True, False, False]
    with pytest.raises(UsageError, match="unknown transform 'log'"):
        group_a_by_tukey(X, transform="log")
    with pytest.raises(UsageError, match=r"arcsine transform needs scores in \[0, 1\]"):
        group_a_by_tukey(X * 2, transform="arcsine")


def _setting(diff_ab: float, reject: bool) -> pd.DataFrame:
    return pd.DataFrame({"measure": ["m"], "run_a": ["a"], "run_b": ["b"],
                         "mean_a": [0.5 + diff_ab], "mean_b": [0.5], "reject": [reject]})


def test_decision_outcomes_without_direction():
    """Ogilvie & Lalmas 2006, Fig. 1: both settings reject a = b, but x finds a better and
    y finds b better: directional, an opposite decision; without direction, agreement."""
    x, y = _setting(0.1, True), _setting(-0.1, True)
    assert decisions.decision_outcomes(x, y).outcome.tolist() == ["opposite"]
    assert decisions.decision_outcomes(x, y, directional=False).outcome.tolist() == ["both"]
    assert decisions.decision_outcomes(x, _setting(0.1, False),
                                       directional=False).outcome.tolist() == ["false alarm"]
    with pytest.raises(UsageError, match="lacks columns reject"):
        decisions.decision_outcomes(x.drop(columns="reject"), y)
    other = y.assign(run_b=["c"])
    with pytest.raises(UsageError, match="do not compare the same pairs"):
        decisions.decision_outcomes(x, other)


def test_one_topic_has_no_interval_and_no_effect_size():
    """A paired t interval and d_z need the sample standard deviation: n − 1 = 0 with one
    topic, so both are undefined (NaN), as scipy's ``ttest_1samp`` gives NaN."""
    low, high = effect.t_interval(np.array([[0.2]]))
    assert math.isnan(low[0]) and math.isnan(high[0])
    assert math.isnan(effect.cohens_dz(np.array([[0.2]]))[0])
    with np.errstate(invalid="ignore", divide="ignore"):
        assert math.isnan(sps.ttest_1samp([0.2], 0.0).pvalue)
    # a 1-D vector of differences is one pair
    assert paired.t_test(np.array([0.1, 0.2, 0.3])).shape == (1,)
    assert paired.t_test(np.array([0.1, 0.2, 0.3]))[0] == pytest.approx(
        sps.ttest_1samp([0.1, 0.2, 0.3], 0.0).pvalue)


def test_empty_inputs():
    assert np.isnan(aggregates(np.zeros((2, 0)), "map")).all()  # no topic: no mean
    adjusted, reject = correction.adjust(np.zeros(0), "holm")
    assert adjusted.size == 0 and reject.size == 0
    assert correction.by_reject(np.zeros(0)).size == 0


@pytest.mark.parametrize("call, error, match", [
    (lambda: bootstrap.percentile_ci(X, level=1.0), UsageError, "confidence level"),
    (lambda: compare.baseline_pairs(["a", "b"], []), UsageError, "at least one run name"),
    (lambda: compare.compare_runs(matrix.ScoreMatrix(["a", "b"], ["1", "2", "3", "4"], X[:2]),
                                  alternative="less"), UsageError, "two-sided or greater"),
    (lambda: correction.adjust(np.array([0.1]), "holm", level=0), UsageError, "level must"),
    (lambda: correlation.kendall_tau(np.zeros(3), np.zeros(4)), UsageError, "same length"),
    (lambda: correlation.spearman_rho(np.zeros((2, 2)), np.zeros((2, 2))), UsageError,
     "same length"),
    (lambda: effect.paired_effects(np.zeros((1, 3)), ci_level=0), UsageError,
     "confidence level"),
    (lambda: effect.paired_effects(np.ones((1, 3)), interval="bca"), UsageError,
     "unknown interval 'bca'"),
    (lambda: error_rate.split_error_rate(X[:, :3]), UsageError, "at least 4 topics"),
    (lambda: error_rate.split_error_rate(X[:1]), UsageError, "at least 2 runs"),
    (lambda: matrix.ScoreMatrix(["a"], ["1", "2"], np.zeros((2, 2))), UsageError,
     "does not match"),
    (lambda: matrix.as_values(np.zeros(3)), UsageError, "2-D runs"),
    (lambda: matrix.as_values(np.array([[0.1, np.nan]])), InputError, "non-finite"),
    (lambda: output.table_text(pd.DataFrame({"a": [1]}), "xml"), UsageError,
     "unknown format 'xml'"),
    (lambda: paired.t_test(np.zeros((1, 0))), UsageError, "pairs × topics"),
    (lambda: paired.wilcoxon_test(np.ones((1, 3)), method="asymptotic"), UsageError,
     "unknown Wilcoxon method"),
    (lambda: resample.bootstrap_counts(0, 10), UsageError, "at least one topic"),
    (lambda: resample.bootstrap_counts(3, 0), UsageError, "must be positive"),
    (lambda: resample.sign_flips(3, 0), UsageError, "must be positive"),
    (lambda: resample.sign_flips(0, 10), UsageError, "at least one topic"),
    (lambda: stability.variant_correlation(X[:1]), UsageError, "two test sets"),
    (lambda: stability.error_rate_and_ties(X[:, :1]), UsageError, "at least two runs"),
    (lambda: stability.swap_counts(X[:1]), UsageError, "at least two runs"),
    (lambda: stability.swap_counts(X, sizes=[3]), UsageError, "topic-set sizes must be in 1..2"),
    (lambda: stability.swap_counts(X, bin_by="median"), UsageError, "first or mean"),
    (lambda: stability.top_runs(matrix.ScoreMatrix(["a", "b", "c"], list("1234"), X),
                                fraction=0), UsageError, r"fraction must be in \(0, 1\]"),
])
def test_refusals(call, error, match):
    with pytest.raises(error, match=match):
        call()


def _long(rows) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])


def test_score_table_refusals():
    rows = [(r, t, "map", v) for r, vs in (("a", (0.1, 0.2)), ("b", (0.3, 0.4)))
            for t, v in zip(("1", "2"), vs)]
    table = _long(rows)
    with pytest.raises(InputError, match="lacks column 'value'"):
        matrix.score_matrix(table.drop(columns="value"))
    with pytest.raises(InputError, match="no per-topic values"):
        matrix.score_matrix(_long([("a", "all", "map", 0.15)]))
    two = pd.concat([table, table.assign(measure="P_10")])
    with pytest.raises(UsageError, match="2 measures .*choose one with -m"):
        matrix.score_matrix(two)
    with pytest.raises(UsageError, match="not in the score table: c"):
        matrix.score_matrix(table, runs=["a", "c"])
    # 60 gaps: 50 listed, then the count of the rest
    many = _long([("a", str(t), "map", 0.1) for t in range(61)] + [("b", "0", "map", 0.2)])
    with pytest.raises(InputError, match=r"and 10 more gap\(s\)"):
        matrix.score_matrix(many)
    with pytest.raises(UsageError, match="some runs lack some measures"):
        correlation.means_by_measure(pd.concat([
            _long([("a", "1", "map", 0.1), ("b", "1", "map", 0.2), ("a", "1", "P_10", 0.3)])]))


def test_variant_table_refusals():
    base = pd.DataFrame({"run": ["a", "b"] * 2, "topic": ["1"] * 4, "measure": ["map"] * 4,
                         "value": [0.1, 0.2, 0.3, 0.4], "variant": ["x", "x", "y", "y"]})
    with pytest.raises(InputError, match="needs columns"):
        stability.variant_means(base.drop(columns="variant"))
    with pytest.raises(UsageError, match="all or varied"):
        stability.variant_means(base, topics="some")
    with pytest.raises(UsageError, match="2 measures; choose one"):
        stability.variant_means(pd.concat([base, base.assign(measure="P_10")]))
    with pytest.raises(UsageError, match="'P_10' not in the variant table"):
        stability.variant_means(base, measure="P_10")
    with pytest.raises(InputError, match="duplicate"):
        stability.variant_means(pd.concat([base, base.iloc[:1]]))


def test_minimum_difference_relative_bins_need_the_best_mean():
    rates = pd.DataFrame({"size": [2], "bin": ["0.00-0.05"], "low": [0.0], "high": [0.05],
                          "swap_rate": [0.0], "pairs": [1], "difference": ["relative"]})
    with pytest.raises(UsageError, match="needs best_score"):
        stability.minimum_difference(rates)


def test_plain_json_values():
    table = pd.DataFrame({"n": np.array([3], dtype=np.int64), "x": [float("nan")],
                          "ok": [np.bool_(True)]})
    assert output.records(table) == [{"n": 3, "x": None, "ok": True}]
    assert type(output.records(table)[0]["n"]) is int


def test_too_many_qrels_combinations_are_refused():
    """21 topics of two qrels variants each: 2**21 combinations, over the limit of 2**20."""
    rows = [(r, str(t), "map", 0.1 * (r == "a") + 0.01 * t + 0.001 * (v == "y"), v)
            for r in "ab" for t in range(1, 22) for v in "xy"]
    table = pd.DataFrame(rows, columns=["run", "topic", "measure", "value", "variant"])
    with pytest.raises(UsageError, match="2097152 qrels combinations is too many"):
        stability.variant_means(table)


def test_score_csv_problems(tmp_path):
    with pytest.raises(FileNotFoundError):  # the CSV reader's own error
        matrix.read_scores(tmp_path / "absent.csv")
    path = tmp_path / "long.csv"
    path.write_text("run,topic,measure,value\n"
                    + "".join(f"a,{t},map,0.5,extra\n" for t in range(60)))
    with pytest.raises(InputError) as caught:
        matrix.read_scores(path)
    assert len(caught.value.problems) == 50  # the first 50 rows are enough to say it
    assert caught.value.problems[0].line == 2
    assert "5 fields, the header has 4" in caught.value.problems[0].message


def test_numpy_integers_in_object_columns_become_python_ints():
    table = pd.DataFrame({"n": pd.Series([np.int64(3)], dtype=object)})
    (record,) = output.records(table)
    assert record == {"n": 3} and type(record["n"]) is int
    assert output.table_text(table, "text") == "n\n3\n"
