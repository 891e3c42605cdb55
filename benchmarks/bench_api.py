"""API evaluation from plain dicts: ``api.evaluate(qrels_dict, {name:
run_dict}, [AP, nDCG@10, P@10, Rprec])`` against pytrec_eval on the same
``{topic: {doc: score}}`` dicts (a ``RelevanceEvaluator`` built once, then ``evaluate`` per
run, means taken), both timed in this process, conversion included.  Means are checked equal.

    python benchmarks/bench_api.py [--runs 50] [--topics 50] [--docs 1000] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import time

import numpy as np


def make_dicts(n_runs: int, n_topics: int, n_docs: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    pool = n_docs * 5
    qrels = {}
    for t in range(1, n_topics + 1):
        judged = rng.choice(pool, 300, replace=False)
        levels = rng.choice(4, 300, p=[0.5, 0.25, 0.15, 0.1])
        levels[0] = 2  # something relevant in every topic
        qrels[str(t)] = {f"d{d}": int(g) for d, g in zip(judged, levels)}
    runs = {}
    for r in range(n_runs):
        runs[f"run{r}"] = {t: dict(zip((f"d{d}" for d in rng.choice(pool, n_docs,
                                                                      replace=False)),
                                       ((rng.permutation(n_docs) + 0.5 * rng.random(n_docs))
                                        / n_docs).tolist()))
                           for t in qrels}
    return qrels, runs


def interleaved(first, second, repeat: int):
    """Best time of each of two functions, run alternately (load changes hit both)."""
    best, results = [np.inf, np.inf], [None, None]
    for _ in range(repeat):
        for i, fn in enumerate((first, second)):
            start = time.perf_counter()
            results[i] = fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return best, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--topics", type=int, default=50)
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    import pytrec_eval

    import sdreval.api as api

    qrels, runs = make_dicts(args.runs, args.topics, args.docs)
    print(f"data: {args.runs} runs x {args.topics} topics x {args.docs} docs "
          f"(dicts), graded qrels 0-3, 300 judged per topic")
    measures = [api.AP, api.nDCG @ 10, api.P @ 10, api.Rprec]
    names = {"AP": "map", "nDCG@10": "ndcg_cut_10", "P@10": "P_10", "Rprec": "Rprec"}

    def ours():
        return api.evaluate(qrels, runs, measures)

    def theirs():
        evaluator = pytrec_eval.RelevanceEvaluator(qrels, set(names.values()))
        out = {}
        for name, run in runs.items():
            per_topic = evaluator.evaluate(run)
            for measure, key in names.items():
                out[(name, measure)] = float(np.mean([v[key] for v in per_topic.values()]))
        return out

    (t_ours, t_theirs), (table, means) = interleaved(ours, theirs, args.repeat)
    worst = max(abs(v - means[(r, m)]) for r, m, v in
                zip(table["run"], table["measure"], table["value"]))
    print(f"sdreval api.evaluate (dicts -> table)      {t_ours:8.3f} s")
    print(f"pytrec_eval (evaluator + evaluate per run) {t_theirs:8.3f} s")
    print(f"ratio sdreval / pytrec_eval: {t_ours / t_theirs:.2f}x (target <= 1.0; best of "
          f"{args.repeat}, interleaved; load {os.getloadavg()[0]:.1f}); "
          f"largest difference of a mean: {worst:.2e}")
    assert worst < 1e-12, "means differ from pytrec_eval"


if __name__ == "__main__":
    main()
