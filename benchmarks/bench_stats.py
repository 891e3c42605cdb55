"""Benchmark of sdreval.stats against scipy loops and ranx.

70 runs × 34 topics (INEX 2004 CO size):
- all 2,415 pairs with t, sign and Wilcoxon: target < 0.1 s in total;
- bootstrap test, b = 10,000, all pairs: target < 5 s;
- swap-rate study, 51 runs, 100 trials, topic-set sizes 1–17: target < 10 s.
Baselines measured in the same run: per-pair scipy loops (scipy.stats.ttest_rel, wilcoxon
method="approx", binomtest), a per-pair numpy bootstrap loop and a per-trial Python swap loop
(both timed on a subset and scaled), and ranx's significance testing as ranx.compare runs it
(``ranx.statistical_tests.compute_statistical_significance`` on the same per-topic scores;
ranx tests every ordered pair, i.e. 70·69 comparisons).

Run: ``python benchmarks/bench_stats.py``.
"""
from __future__ import annotations

import itertools
import time

import numpy as np
from scipy import stats

from sdreval.stats.paired import (bootstrap_test, pair_differences, sign_test, t_test,
                                  wilcoxon_test)
from sdreval.stats.stability import SWAP_BINS, swap_counts


def timed(func, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def inex_like(runs: int, topics: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = rng.beta(0.6, 6.0, size=(runs, topics)) * rng.uniform(0.3, 1.0, size=(runs, 1))
    x[rng.random(x.shape) < 0.15] = 0.0  # topics a run fails on
    return np.round(x, 4)


def line(name: str, ours: float, other: float, other_name: str, target: float | None = None):
    goal = ""
    if target is not None:
        goal = f"  target < {target:g} s: {'OK' if ours < target else 'MISSED'}"
    print(f"{name:<34} ours {ours:8.4f} s   {other_name:<24} {other:9.4f} s   "
          f"ratio {other / ours:8.1f}x{goal}")


def main() -> None:
    x = inex_like(70, 34)
    i, j, d = pair_differences(x)
    print(f"scores: {x.shape[0]} runs × {x.shape[1]} topics, {len(i)} pairs\n")

    # warm-up (imports, scipy dispatch)
    t_test(d), sign_test(d), wilcoxon_test(d)
    t_ours = timed(lambda: t_test(d))
    s_ours = timed(lambda: sign_test(d))
    w_ours = timed(lambda: wilcoxon_test(d))
    t_loop = timed(lambda: [stats.ttest_rel(x[a], x[b]) for a, b in zip(i, j)], 1)
    s_loop = timed(lambda: [stats.binomtest(int((r > 0).sum()), int((r != 0).sum()))
                            for r in d], 1)
    w_loop = timed(lambda: [stats.wilcoxon(x[a], x[b], method="approx", correction=False)
                            for a, b in zip(i, j)], 1)
    line("t (all pairs)", t_ours, t_loop, "scipy ttest_rel loop")
    line("sign (all pairs)", s_ours, s_loop, "scipy binomtest loop")
    line("wilcoxon approx (all pairs)", w_ours, w_loop, "scipy wilcoxon loop")
    line("t + sign + wilcoxon", t_ours + s_ours + w_ours, t_loop + s_loop + w_loop,
         "scipy loops", 0.1)

    try:
        from ranx.statistical_tests import compute_statistical_significance

        names = [f"r{k}" for k in range(x.shape[0])]
        scores = {n: {"m": x[k]} for k, n in enumerate(names)}
        compute_statistical_significance(names[:3], scores, "student")  # numba warm-up
        compute_statistical_significance(names[:3], scores, "fisher", 100)
        ranx_t = timed(lambda: compute_statistical_significance(names, scores, "student"), 1)
        line("t (all pairs) vs ranx", t_ours, ranx_t, "ranx student (compare)")
        sub = names[:12]  # fisher on all 4830 ordered pairs is slow; scale a subset
        ranx_f = timed(lambda: compute_statistical_significance(sub, scores, "fisher", 1000),
                       1) * (len(names) * (len(names) - 1)) / (len(sub) * (len(sub) - 1))
        from sdreval.stats.paired import randomization_test

        r_ours = timed(lambda: randomization_test(d, samples=1000), 1)
        line("randomization b=1000 vs ranx", r_ours, ranx_f, "ranx fisher (scaled)")
    except ImportError:
        print("ranx not installed: ranx comparison skipped")

    b_ours = timed(lambda: bootstrap_test(d, "greater", 10_000, seed=1, show_progress=False), 1)
    subset = 40

    def loop_bootstrap():
        rng = np.random.default_rng(1)
        for row in d[:subset]:
            idx = rng.integers(0, row.size, size=(10_000, row.size))
            np.mean(row[idx].mean(axis=1) <= 0)

    b_loop = timed(loop_bootstrap, 1) * len(d) / subset
    line("bootstrap b=10,000 (all pairs)", b_ours, b_loop, "per-pair numpy (scaled)", 5.0)

    x51 = inex_like(51, 34, seed=2)
    sw_ours = timed(lambda: swap_counts(x51, 100, range(1, 18), show_progress=False), 1)
    trials_loop = 3

    def loop_swaps():
        rng = np.random.default_rng(0)
        for _ in range(trials_loop):
            perm = rng.permutation(34)
            for size in range(1, 18):
                m1 = x51[:, perm[:size]].mean(axis=1)
                m2 = x51[:, perm[::-1][:size]].mean(axis=1)
                for a, b in itertools.combinations(range(51), 2):
                    d1, d2 = m1[a] - m1[b], m2[a] - m2[b]
                    np.searchsorted(SWAP_BINS, abs(d1))
                    _ = d1 * d2 < 0

    sw_loop = timed(loop_swaps, 1) * 100 / trials_loop
    line("swap study 51 runs, 100 trials", sw_ours, sw_loop, "python loop (scaled)", 10.0)


if __name__ == "__main__":
    main()
