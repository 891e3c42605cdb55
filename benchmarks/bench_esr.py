"""Speed of the ESR family: ESRP/ESRR/SRiP/NSRCG at several cut-offs, SRPRUM, MASRiP2
and EPRUM for synthetic INEX-like element runs (depth-weighted summary navigation), against a
direct transcription of Ali, Consens & Lalmas 2012, Eq. 5 and 8-11 (per cut-off, per relevant
element, Python loops) timed on the same inputs for the expectations at every cut-off.

    python benchmarks/bench_esr.py [--runs 5] [--topics 10] [--length 1500]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from sdreval.measures import EvalContext, evaluate
from sdreval.measures.esr import kernels as K
from sdreval.measures.esr.definitions import hit_ranks, navigation_block, relevance
from sdreval.model.navigation import depth_weighted_summary
from sdreval.simulate import simulate

MEASURES = ["ESRP@10", "ESRR@10", "ESRP@100", "ESRR@1500", "SRiP@10", "SRiR@10",
            "NSRCG(l=1,m=10)@10", "NSRCG2(l=1,m=10)@10", "SRPRUM", "MASRiP", "MASRiP2",
            "MAESRP", "EPRUM(A=10)"]


def naive_expectations(nav: np.ndarray, rel: np.ndarray, ranks: np.ndarray):
    """Eq. 5, 8-11 literally: for every cut-off i and relevant a, a product over ranks."""
    L, n = nav.shape
    out = []
    for i in range(1, L + 1):
        hits = near = miss = 0.0
        for a in range(n):
            m = ranks[a]
            if 1 <= m <= i:
                p = 1.0
                for j in range(m - 1):
                    p *= 1.0 - nav[j, a]
                hits += rel[a] * p
            else:
                p = 1.0
                for j in range(i):
                    p *= 1.0 - nav[j, a]
                near += rel[a] * (1.0 - p)
                miss += rel[a] * p
        out.append((hits, near, miss, hits + near + miss))
    return np.array(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--topics", type=int, default=10)
    parser.add_argument("--length", type=int, default=1500)
    parser.add_argument("--naive-topics", type=int, default=1)
    parser.add_argument("--naive-ranks", type=int, default=300,
                        help="cut-offs given to the literal transcription (it is O(L^2 n))")
    args = parser.parse_args()
    t0 = time.perf_counter()
    collection, qrels, runs = simulate(n_docs=60, elements_per_doc=400, n_topics=args.topics,
                                       n_runs=args.runs, run_length=args.length,
                                       scale="inex2005", seed=3)
    print(f"simulated {args.runs} runs x {args.topics} topics x {args.length} results "
          f"in {time.perf_counter() - t0:.1f} s")
    nav = depth_weighted_summary()
    ctx = EvalContext(navigation=nav, collection=collection)
    t0 = time.perf_counter()
    df = evaluate(qrels, runs, MEASURES, ctx)
    ours_all = time.perf_counter() - t0
    print(f"sdreval: {len(MEASURES)} ESR measures, {len(df)} values in {ours_all:.2f} s")

    # expectations at every cut-off: ours vs the literal transcription, same inputs
    topics = [t for t in qrels.relevant_topics()][: args.naive_topics]
    ours = naive = 0.0
    for topic in topics:
        ranking = runs[0].get(topic)
        relevant, rel = relevance(qrels[topic], qrels.scale, "length", None)
        ranks, _ = hit_ranks(ranking, relevant)
        ranking = ranking.take(np.arange(min(len(ranking), args.naive_ranks)))
        ranks, _ = hit_ranks(ranking, relevant)
        block = navigation_block(nav, ranking, relevant)
        t0 = time.perf_counter()
        x = K.expectations(block, rel, ranks)
        ours += time.perf_counter() - t0
        t0 = time.perf_counter()
        ref = naive_expectations(block, rel, ranks)
        naive += time.perf_counter() - t0
        assert np.allclose(ref[:, 0], x.hits) and np.allclose(ref[:, 3], x.recall_base)
        print(f"topic {topic}: {len(ranking)} results, {len(relevant)} relevant elements")
    print(f"Eq. 8-11 at every cut-off: sdreval {ours * 1000:.1f} ms, literal transcription "
          f"{naive * 1000:.1f} ms, ratio {naive / max(ours, 1e-9):.0f}x")


if __name__ == "__main__":
    main()
