"""All-pairs paired tests equal scipy's per-pair results on random data."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy import stats

from sdreval.errors import UsageError
from sdreval.stats.paired import (bootstrap_test, pair_differences, paired_test,
                                  randomization_test, sign_test, t_test, wilcoxon_test)
from sdreval.stats.resample import bootstrap_counts

ALTS = ["two-sided", "greater", "less"]


def _scores(seed: int, runs: int = 8, topics: int = 25, ties: bool = True) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = rng.beta(0.8, 2.0, size=(runs, topics))
    if ties:  # INEX-like: many zeros and coarse values -> zero differences and tied |d|
        x[:, :4] = 0.0
        x = np.round(x, 2)
    return x


@pytest.mark.parametrize("alternative", ALTS)
def test_t_equals_scipy_ttest_rel(alternative):
    x = _scores(1)
    i, j, d = pair_differences(x)
    ours = t_test(d, alternative)
    ref = [stats.ttest_rel(x[a], x[b], alternative=alternative).pvalue for a, b in zip(i, j)]
    np.testing.assert_allclose(ours, ref, rtol=1e-12)


@pytest.mark.parametrize("alternative", ALTS)
@pytest.mark.parametrize("ties", [True, False])
def test_wilcoxon_approx_equals_scipy(alternative, ties):
    x = _scores(2, ties=ties)
    i, j, d = pair_differences(x)
    ours = wilcoxon_test(d, alternative, method="approx")
    # with ties the scores have 2 decimals, so have their true differences (0.35 − 0.25 and
    # 0.25 − 0.15 are one |d|, tied, which float subtraction makes two)
    true = (lambda a, b: np.round(a - b, 2)) if ties else (lambda a, b: a - b)
    ref = [stats.wilcoxon(true(x[a], x[b]), zero_method="wilcox", correction=False,
                          alternative=alternative, method="approx").pvalue
           for a, b in zip(i, j)]
    np.testing.assert_allclose(ours, ref, rtol=1e-12)


@pytest.mark.parametrize("alternative", ALTS)
def test_wilcoxon_exact_equals_scipy_without_ties(alternative):
    x = _scores(3, topics=15, ties=False)
    _, _, d = pair_differences(x)
    ours = wilcoxon_test(d, alternative, method="exact")
    ref = [stats.wilcoxon(row, method="exact", alternative=alternative).pvalue for row in d]
    np.testing.assert_allclose(ours, ref, rtol=1e-12)
    # auto takes exact on these tie-free rows
    np.testing.assert_allclose(wilcoxon_test(d, alternative, method="auto"), ref, rtol=1e-12)


def test_wilcoxon_auto_uses_approx_on_tied_rows():
    d = np.array([[0.0, 0.1, 0.1, -0.2, 0.3, 0.4, 0.5, 0.2]])
    ref = stats.wilcoxon(d[0], zero_method="wilcox", correction=False, method="approx").pvalue
    assert wilcoxon_test(d, method="auto")[0] == pytest.approx(ref, rel=1e-12)


@pytest.mark.parametrize("alternative", ALTS)
@pytest.mark.parametrize("test", ["t", "wilcoxon", "sign", "bootstrap", "randomization"])
def test_all_zero_rows_give_one_in_every_test(test, alternative):
    """Identical runs cannot be told apart: p = 1, never NaN (scipy's t test gives 0/0)."""
    d = np.array([np.zeros(10), [0.1, -0.2, 0.3, 0.0, 0.5, -0.1, 0.2, 0.4, 0.3, 0.1]])
    p = paired_test(d, test, alternative, samples=200)
    assert p[0] == 1.0
    assert 0 < p[1] < 1


@pytest.mark.parametrize("test", ["t", "wilcoxon", "sign"])
def test_compare_of_identical_runs_gives_p_one(tmp_path, test):
    import json as _json
    from importlib import resources

    from click.testing import CliRunner

    from sdreval.cli.main import cli

    rag = resources.files("sdreval") / "data" / "examples" / "rag"
    copy = tmp_path / "copy.txt"
    copy.write_text((rag / "runs" / "fixed.txt").read_text().replace("bm25-fixed", "copy"))
    result = CliRunner().invoke(cli, [
        "compare", str(rag / "qrels.jsonl"), str(rag / "runs" / "fixed.txt"), str(copy),
        "--chunk-map", str(rag / "chunks" / "fixed.jsonl"), "-m", "CharMAP", "--test", test,
        "--format", "json"])
    assert result.exit_code == 0, result.output
    record = _json.loads(result.stdout)[0]
    assert record["p_value"] == 1.0 and record["reject"] is False


@pytest.mark.parametrize("alternative", ALTS)
def test_sign_equals_binomtest(alternative):
    x = _scores(4, runs=10)
    _, _, d = pair_differences(x)
    ours = sign_test(d, alternative)
    ref = []
    for row in d:
        k, n = int((row > 0).sum()), int((row != 0).sum())
        ref.append(stats.binomtest(k, n, 0.5, alternative=alternative).pvalue)
    np.testing.assert_allclose(ours, ref, rtol=1e-10)


def test_bootstrap_is_eq13_fraction_of_resampled_differences_at_most_zero():
    x = _scores(5, runs=4, topics=12)
    _, _, d = pair_differences(x)
    samples, seed = 2000, 7
    counts = bootstrap_counts(d.shape[1], samples, seed)
    # Eq. 13 with explicit loops over the resamples
    expected = []
    for row in d:
        # resample means, rounded to kill float noise of decimal scores (0.3 - 0.1 - 0.2)
        thetas = np.round([np.mean(np.repeat(row, c.astype(int))) for c in counts], 12)
        expected.append(np.mean(thetas <= 0))
    np.testing.assert_allclose(bootstrap_test(d, "greater", samples, seed), expected)
    p_less = [np.mean(np.round([np.mean(np.repeat(row, c.astype(int))) for c in counts], 12)
                      >= 0) for row in d]
    np.testing.assert_allclose(bootstrap_test(d, "two-sided", samples, seed),
                               np.minimum(1, 2 * np.minimum(expected, p_less)))


def test_bootstrap_reproducible_and_seed_sensitive():
    _, _, d = pair_differences(_scores(6))
    a = bootstrap_test(d, "greater", 500, seed=3)
    assert np.array_equal(a, bootstrap_test(d, "greater", 500, seed=3))
    assert not np.array_equal(a, bootstrap_test(d, "greater", 500, seed=4))


def test_bootstrap_agrees_with_t_on_large_effects():
    rng = np.random.default_rng(0)
    d = rng.normal(0.5, 1.0, size=(3, 60))
    p = bootstrap_test(d, "greater", 4000)
    assert np.all(p < 0.01)
    assert np.all(bootstrap_test(-d, "greater", 4000) > 0.99)


@pytest.mark.parametrize("alternative", ALTS)
def test_randomization_exact_equals_scipy_permutation_test(alternative):
    x = _scores(8, runs=5, topics=9, ties=False)
    _, _, d = pair_differences(x)
    ours = randomization_test(d, alternative, samples=10_000)
    ref = [stats.permutation_test((row,), np.mean, permutation_type="samples",
                                  alternative=alternative, n_resamples=10_000).pvalue
           for row in d]
    np.testing.assert_allclose(ours, ref, rtol=1e-12)


def test_randomization_sampled_close_to_exact():
    x = _scores(9, runs=3, topics=12, ties=False)
    _, _, d = pair_differences(x)
    exact = randomization_test(d, "two-sided", samples=5000)  # 2**12 <= 5000: exact
    sampled = randomization_test(d, "two-sided", samples=4000, seed=1)
    np.testing.assert_allclose(sampled, exact, atol=0.03)


def test_orientation_for_greater():
    x = np.array([[0.1, 0.2, 0.3, 0.2], [0.5, 0.6, 0.7, 0.9]])
    _, _, d = pair_differences(x, orient=True)
    assert np.all(d > 0)


def test_unknown_test_and_alternative():
    with pytest.raises(UsageError):
        paired_test(np.zeros((1, 3)), "ztest")
    with pytest.raises(UsageError):
        t_test(np.zeros((1, 3)), "bigger")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-1, 1, allow_nan=False), min_size=3, max_size=20))
def test_two_sided_is_twice_the_smaller_one_sided(values):
    d = np.array([values])
    # the randomisation test only where every sign flip is enumerated (2**n <= 300): with
    # sampled flips, two-sided counts |mean| >= |observed| (the null is symmetric), which is
    # 2·min only in expectation (tests/stats/test_s28_stats28_resampling_ties.py)
    for test in ("sign", "bootstrap") + (("randomization",) if 2 ** len(values) <= 300 else ()):
        two = paired_test(d, test, "two-sided", samples=300)
        g = paired_test(d, test, "greater", samples=300)
        l = paired_test(d, test, "less", samples=300)
        assert two[0] == pytest.approx(min(1.0, 2 * min(g[0], l[0])))
        assert 0 <= g[0] <= 1 and 0 <= l[0] <= 1


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_two_sided_pvalues_do_not_depend_on_run_order(seed):
    from sdreval.stats.compare import pairwise_pvalues

    x = _scores(seed, runs=4, topics=9)
    for test in ("t", "wilcoxon", "sign", "bootstrap", "randomization"):
        i, j, p = pairwise_pvalues(x, test, samples=200)
        ri, rj, q = pairwise_pvalues(x[::-1], test, samples=200)
        # pair (a, b) of x is pair (3 - b, 3 - a) of the reversed matrix
        where = {(a, b): k for k, (a, b) in enumerate(zip(ri, rj))}
        mapped = np.array([q[where[(3 - b, 3 - a)]] for a, b in zip(i, j)])
        np.testing.assert_allclose(np.nan_to_num(p, nan=-1), np.nan_to_num(mapped, nan=-1),
                                   rtol=1e-9)


def test_progress_bar_only_when_asked(capsys):
    d = np.random.default_rng(0).normal(size=(3, 10))
    bootstrap_test(d, samples=100, show_progress=True)
    assert "bootstrap" in capsys.readouterr().err
    bootstrap_test(d, samples=100)  # stderr is not a TTY under pytest: silent
    assert capsys.readouterr().err == ""


def test_a_constant_difference_with_rounding_noise_is_one_difference():
    # per topic 0.5 − 0.4, 0.3 − 0.2, 0.2 − 0.1: the same difference 0.1 three times, which
    # floats hold as 0.09999999999999998, 0.09999999999999998, 0.1; the t test divided by that
    # spread of 1e-17 (p 1.3e-32, Cohen's d_z 5.1e15, and scipy's "catastrophic cancellation"
    # warning on stderr).  A constant difference has no spread: t = +inf, so p = 0 two-sided
    # and for "greater", 1 for "less"; d_z = mean / 0 = +inf
    import warnings as _warnings

    import pandas as pd

    from sdreval.stats import compare_runs

    table = pd.DataFrame({"run": ["a"] * 3 + ["b"] * 3, "topic": ["1", "2", "3"] * 2,
                          "measure": "AP", "value": [0.5, 0.3, 0.2, 0.4, 0.2, 0.1]})
    with _warnings.catch_warnings():
        _warnings.simplefilter("error")
        out = compare_runs(table, "AP", test="t")
    row = out.iloc[0]
    assert (row.p_value, row.effect_size, row.wins, row.ties) == (0.0, float("inf"), 3, 0)
    assert t_test(np.array([[0.1, 0.1, 0.1]]), "less")[0] == 1.0
