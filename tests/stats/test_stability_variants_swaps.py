"""Qrels-variant error rate / ties (seed 000 Eq. 15-16) and topic-set-size swap rates (§6.2.2)."""
from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest

from sdreval.errors import InputError, UsageError
from sdreval.stats.matrix import ScoreMatrix
from sdreval.stats.stability import (SWAP_BINS, error_rate_and_ties, extrapolate_swap_rates,
                                     minimum_difference, pair_decisions, swap_counts,
                                     swap_rates, top_runs, variant_correlation, variant_means,
                                     variant_spread)


def _variant_table(n_runs=6, n_static=4, varied=("165", "169"), seed=0):
    rng = np.random.default_rng(seed)
    rows = []
    for r in range(n_runs):
        for t in range(n_static):
            rows.append((f"r{r}", str(300 + t), "MAep", rng.random(), "official"))
        for t in varied:
            rows.append((f"r{r}", t, "MAep", rng.random(), "official"))
            rows.append((f"r{r}", t, "MAep", rng.random(), "second"))
    return pd.DataFrame(rows, columns=["run", "topic", "measure", "value", "variant"])


def test_all_2k_combinations_by_brute_force():
    table = _variant_table(varied=("165", "169", "173"))
    runs, combos, means = variant_means(table)
    assert len(combos) == 2 ** 3 and combos[0] == {"165": "official", "169": "official",
                                                    "173": "official"}
    for combo, row in zip(combos, means):
        chosen = table[(table["variant"] == "official") & ~table["topic"].isin(combo)
                       | table.apply(lambda r: combo.get(r.topic) == r.variant, axis=1)]
        expected = chosen.groupby("run")["value"].mean().reindex(runs).to_numpy()
        np.testing.assert_allclose(row, expected)
    _, _, varied_only = variant_means(table, topics="varied")
    assert varied_only.shape == (8, 6)


def test_original_variant_first():
    _, combos, _ = variant_means(_variant_table(), original="second")
    assert combos[0] == {"165": "second", "169": "second"}


def test_kazai_lalmas_comparison_count_75072():
    # 69 runs, 5 doubly-judged topics: 32 test sets x 69*68/2 pairs = 75072 comparisons
    table = _variant_table(n_runs=69, n_static=0, varied=("165", "169", "173", "175", "201"))
    _, combos, means = variant_means(table, topics="varied")
    assert len(combos) == 32
    assert error_rate_and_ties(means)["comparisons"] == 75072


def test_eq15_16_by_hand():
    # runs A, B, C over 3 test sets (rows)
    means = np.array([[0.50, 0.30, 0.00],
                      [0.60, 0.40, 0.70],
                      [0.50, 0.49, 0.00]])
    better, worse, ties = pair_decisions(means)
    # (A,B): A>B, A>B, tie (0.01 < 5% of 0.50)   (A,C): A>C, C>A, A>C   (B,C): B>C, C>B, B>C
    assert better.tolist() == [2, 2, 2]
    assert worse.tolist() == [0, 1, 1]
    assert ties.tolist() == [1, 0, 0]
    result = error_rate_and_ties(means)
    assert result["comparisons"] == 9
    assert result["error_rate"] == pytest.approx((0 + 1 + 1) / 9)  # per-pair minimum
    assert result["ties"] == pytest.approx(1 / 9)
    zeros = error_rate_and_ties(np.zeros((2, 2)))
    assert zeros["ties"] == 1.0  # two zero scores are equal


def test_identical_sets_have_no_errors_and_tau_one():
    means = np.tile(np.linspace(0.1, 0.9, 7), (4, 1))
    assert error_rate_and_ties(means)["error_rate"] == 0
    corr = variant_correlation(means)
    assert corr["tau_mean"] == corr["tau_min"] == 1.0
    spread = variant_spread([f"r{k}" for k in range(7)], means)
    assert (spread["range"] == 0).all()


def test_variant_errors():
    table = _variant_table()
    with pytest.raises(InputError):
        variant_means(table.drop(index=3))
    with pytest.raises(UsageError):
        variant_means(table[table["variant"] == "official"])


def test_swap_bins_are_the_23_of_kazai_lalmas_2006():
    assert len(SWAP_BINS) - 1 == 23
    assert SWAP_BINS[:5].tolist() == [0, 0.0025, 0.005, 0.01, 0.02]
    assert SWAP_BINS[-2:].tolist() == [0.2, np.inf]


def test_kazai_lalmas_127500_comparisons_per_size():
    # 51 runs, 100 trials: 51*50*100/2 = 127500 pairwise comparisons for each set size
    x = np.random.default_rng(1).random((51, 34))
    sizes, comparisons, swaps = swap_counts(x, trials=100, sizes=range(1, 18))
    assert comparisons.sum(axis=1).tolist() == [127500] * 17
    assert (swaps <= comparisons).all()


def test_swap_counts_against_a_loop():
    rng = np.random.default_rng(2)
    x = np.round(rng.random((5, 8)) * 0.2, 3)
    _, comparisons, swaps = swap_counts(x, trials=7, sizes=[1, 2, 4], seed=5)
    # same permutations, counted one by one
    gen = np.random.default_rng(5)
    perms = np.argsort(gen.random((7, 8)), axis=1)
    exp_c = np.zeros_like(comparisons)
    exp_s = np.zeros_like(swaps)
    for perm in perms:
        for s_pos, s in enumerate([1, 2, 4]):
            first, second = perm[:s], perm[::-1][:s]
            for a, b in itertools.combinations(range(5), 2):
                d1 = x[a, first].mean() - x[b, first].mean()
                d2 = x[a, second].mean() - x[b, second].mean()
                d1 = 0.0 if abs(d1) < 1e-12 else d1
                d2 = 0.0 if abs(d2) < 1e-12 else d2
                k = np.searchsorted(SWAP_BINS, round(abs(d1), 12), side="right") - 1
                exp_c[s_pos, k] += 1
                exp_s[s_pos, k] += d1 * d2 < 0
    assert np.array_equal(comparisons, exp_c) and np.array_equal(swaps, exp_s)


def test_error_rate_falls_with_set_size_and_extrapolation():
    rng = np.random.default_rng(3)
    x = rng.random((30, 34)) * 0.5 + np.linspace(0, 0.2, 30)[:, None]
    rates = swap_rates(x, trials=60, sizes=range(1, 18))
    small = rates[(rates["size"] == 2) & (rates["bin_low"] == 0.02)]["error_rate"].item()
    large = rates[(rates["size"] == 17) & (rates["bin_low"] == 0.02)]["error_rate"].item()
    assert large < small
    ext = extrapolate_swap_rates(rates, target_sizes=(25, 50))
    row = ext[(ext["bin_low"] == 0.02)]
    assert row["error_rate"].iloc[1] <= row["error_rate"].iloc[0]
    need = minimum_difference(rates, best_score=x.mean(axis=1).max())
    first, last = need["min_difference"].iloc[0], need["min_difference"].iloc[-1]
    assert not np.isnan(last) and (np.isnan(first) or last <= first)
    assert "min_difference_relative" in need


def test_extrapolation_recovers_exponential():
    sizes = np.arange(1, 18)
    rate = 0.4 * np.exp(-0.08 * sizes)
    table = pd.DataFrame({"size": sizes, "bin": "<0.0025", "bin_low": 0.0, "bin_high": 0.0025,
                          "comparisons": 1000, "swaps": 0, "error_rate": rate})
    ext = extrapolate_swap_rates(table, target_sizes=(50,))
    assert ext["error_rate"].item() == pytest.approx(0.4 * np.exp(-4.0))


def test_minimum_difference_rule():
    table = pd.DataFrame({"size": 5, "bin": ["a", "b", "c", "d"], "bin_low": [0, .01, .02, .03],
                          "bin_high": [.01, .02, .03, np.inf],
                          "error_rate": [0.3, 0.04, 0.06, 0.01]})
    assert minimum_difference(table)["min_difference"].item() == 0.03


def test_top_runs():
    sm = ScoreMatrix(("a", "b", "c", "d"), ("1", "2"),
                     np.array([[0.1, 0.1], [0.9, 0.8], [0.5, 0.5], [0.3, 0.2]]), "m")
    assert top_runs(sm, 0.75).runs == ("b", "c", "d")
    many = ScoreMatrix(tuple(map(str, range(69))), ("1",), np.arange(69.0)[:, None], "m")
    assert len(top_runs(many, 0.75).runs) == 51  # seed 000: top 75% of 69 runs = 51 runs
