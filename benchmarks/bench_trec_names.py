"""trec_eval's measures under trec_eval's names: sdreval against pytrec_eval on the
same data, in the same process, as a ratio; values checked equal.

map, P_10, ndcg_cut_10, recip_rank, bpref, recall_100, success_10, num_rel_ret for R runs x T
topics x D documents (graded qrels, 300 judged per topic): one ``evaluate`` call (fresh
context, ``order="rsv"``) against ``pytrec_eval.RelevanceEvaluator(...).evaluate`` per run with
the evaluator built once (not timed), dicts prebuilt.

    python benchmarks/bench_trec_names.py [--runs 20] [--topics 50] [--docs 1000]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from bench_classic import make_data
from sdreval.measures import EvalContext, evaluate

NAMES = ["map", "P_10", "ndcg_cut_10", "recip_rank", "bpref", "recall_100", "success_10",
         "num_rel_ret"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--topics", type=int, default=50)
    parser.add_argument("--docs", type=int, default=1000)
    args = parser.parse_args()
    import pytrec_eval

    qrels, runs, qdict, rdicts = make_data(args.runs, args.topics, args.docs)
    evaluator = pytrec_eval.RelevanceEvaluator(qdict, set(NAMES))
    start = time.perf_counter()
    table = evaluate(qrels, runs, NAMES, EvalContext(order="rsv"))
    ours = time.perf_counter() - start
    start = time.perf_counter()
    reference = [evaluator.evaluate(rdict) for rdict in rdicts]
    theirs = time.perf_counter() - start
    values = {(r.run, r.topic, r.measure): r.value for r in table.itertuples()}
    worst = max(abs(values[(run.name, t, m)] - ref[t][m])
                for run, ref in zip(runs, reference) for t in ref for m in NAMES)
    print(f"{args.runs} runs x {args.topics} topics x {args.docs} documents, "
          f"{len(NAMES)} measures")
    print(f"sdreval evaluate:     {ours:.2f} s")
    print(f"pytrec_eval evaluate: {theirs:.2f} s")
    print(f"ratio pytrec_eval / sdreval: {theirs / ours:.2f}x  (largest difference {worst:.1e})")
    # pytrec_eval holds scores in single precision: two scores equal in float32 but not in
    # float64 are a tie there (broken by document id) and not here -- one pair in this data
    assert worst < 1e-6


if __name__ == "__main__":
    main()
