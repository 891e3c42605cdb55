"""Speed of the classic measures: AP + Q + nDCG@10 for 50 runs x 50 topics x 1,000
documents with graded qrels.

* public path (the target): one ``evaluate(qrels, runs, ["AP", "Q(ideal=full,overlap=off)",
  "nDCG@10"])`` call with a fresh context, against ranx's map + ndcg@10 with prebuilt
  Qrels/Run (JIT warmed up, not timed; ranx has no Q-measure); ratio ranx / sdreval >= 1 means
  sdreval is at least as fast.  AP and nDCG@10 are checked equal to ranx's;
* the batched kernels alone (gain lookup included);
* Q-measure against pyNTCIREVAL (timed on a sample of lists and scaled per list: it is pure
  Python, O(n^2) per list).

    python benchmarks/bench_classic.py [--runs 50] [--topics 50] [--docs 1000]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from sdreval.judgements.qrels import Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.measures.classic import kernels
from sdreval.measures.classic.definitions import topic_matrices
from sdreval.model.run import Ranking, Run

ROOT = "/article[1]"


def make_data(n_runs: int, n_topics: int, n_docs: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    pool = n_docs * 5
    qrels = Qrels("graded")
    qdict: dict[str, dict[str, int]] = {}
    for t in range(n_topics):
        topic = str(t + 1)
        judged = rng.choice(pool, 300, replace=False)
        levels = rng.choice(4, 300, p=[0.5, 0.25, 0.15, 0.1])
        qdict[topic] = {}
        for d, level in zip(judged, levels):
            qrels.add_element(topic, f"d{d}", ROOT, float(level), float(level))
            qdict[topic][f"d{d}"] = int(level)
    runs, rdicts = [], []
    for r in range(n_runs):
        rankings, rdict = {}, {}
        for t in range(n_topics):
            topic = str(t + 1)
            docs = rng.choice(pool, n_docs, replace=False)
            scores = np.sort(rng.random(n_docs))[::-1]
            names = [f"d{d}" for d in docs]
            rankings[topic] = Ranking(np.array(names, dtype=object),
                                      np.array([ROOT] * n_docs, dtype=object),
                                      np.full(n_docs, -1), np.full(n_docs, -1),
                                      np.arange(1, n_docs + 1), scores.copy())
            rdict[topic] = dict(zip(names, scores.tolist()))
        runs.append(Run(f"run{r}", rankings))
        rdicts.append(rdict)
    return qrels, runs, qdict, rdicts


def ours_kernels(qrels, runs):
    """AP + Q + nDCG@10 per run, batched over topics (gain lookup included)."""
    ctx = EvalContext()
    out = []
    for run in runs:
        topics = sorted(run.topics)
        G, I, _ = topic_matrices(qrels, run, topics, "graded", ctx)
        R = np.count_nonzero(I > 0, axis=1)
        out.append((kernels.average_precision(G > 0, R), kernels.q_measure(G, I, R, 1.0),
                    kernels.ndcg_at(G, I, 10)))
    return out


def ours_q_only(qrels, runs):
    ctx = EvalContext()
    for run in runs:
        topics = sorted(run.topics)
        G, I, _ = topic_matrices(qrels, run, topics, "graded", ctx)
        kernels.q_measure(G, I, np.count_nonzero(I > 0, axis=1), 1.0)


def timed(fn, *args, repeat: int = 3) -> float:
    best = np.inf
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--topics", type=int, default=50)
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--ntcir-lists", type=int, default=20,
                        help="lists timed with pyNTCIREVAL (scaled per list)")
    args = parser.parse_args()
    qrels, runs, qdict, rdicts = make_data(args.runs, args.topics, args.docs)
    n_lists = args.runs * args.topics
    print(f"data: {args.runs} runs x {args.topics} topics x {args.docs} docs, graded qrels 0-3")

    t_ours = timed(ours_kernels, qrels, runs)
    print(f"sdreval kernels AP+Q+nDCG@10 (all runs, gain lookup incl.)   {t_ours:8.3f} s")
    # the public path: one evaluate() call, a fresh context each time (nothing cached),
    # Q being the XCG family's (thorough, no overlap penalty: the classic Q-measure)
    public = ["AP", "Q(ideal=full,overlap=off)", "nDCG@10"]
    frames = []
    t_eval = timed(lambda: frames.append(evaluate(qrels, runs, public, EvalContext())))
    print(f"sdreval evaluate({', '.join(public)})  {t_eval:8.3f} s")

    try:
        import ranx
    except ImportError:  # pragma: no cover
        print("ranx not installed: no baseline")
    else:
        rq = ranx.Qrels(qdict)
        rr = [ranx.Run(d, name=f"run{i}") for i, d in enumerate(rdicts)]
        ranx.evaluate(rq, rr[0], ["map", "ndcg@10"])  # JIT warm-up, not timed
        scores = []
        t_ranx = timed(lambda: scores.append(
            [ranx.evaluate(rq, r, ["map", "ndcg@10"], return_mean=False) for r in rr]))
        print(f"ranx map+ndcg@10 (prebuilt Qrels/Run, no Q)                  {t_ranx:8.3f} s")
        print(f"ratio ranx / sdreval kernels = {t_ranx / t_ours:.2f}x")
        ratio = t_ranx / t_eval
        print(f"PUBLIC PATH: ratio ranx / sdreval evaluate(AP+Q+nDCG@10) = {ratio:.2f}x "
              f"(target >= 1x: {'PASS' if ratio >= 1 else 'FAIL'})")
        frame = frames[-1]
        worst = 0.0
        topics = sorted(qdict, key=int)
        for i, per_run in enumerate(scores[-1]):
            ours = frame[frame["run"] == f"run{i}"]
            for measure, theirs in (("AP", per_run["map"]), ("nDCG@10", per_run["ndcg@10"])):
                mine = ours[ours["measure"] == measure].set_index("topic")["value"]
                ranx_values = dict(zip(sorted(rdicts[i]), theirs))  # ranx: ids as strings
                worst = max(worst, max(abs(mine[t] - ranx_values[t]) for t in topics))
        print(f"max |sdreval - ranx| over AP and nDCG@10: {worst:.1e}")

    try:
        from pyNTCIREVAL.metrics import QMeasure
    except ImportError:  # pragma: no cover
        print("pyNTCIREVAL not installed: no Q baseline")
        return
    t_q = timed(ours_q_only, qrels, runs)
    sample = [(runs[i % len(runs)], str(i % args.topics + 1)) for i in range(args.ntcir_lists)]
    start = time.perf_counter()
    for run, topic in sample:
        counts = [0, 0, 0, 0]
        for level in qdict[topic].values():
            counts[level] += 1
        ranked = [(d, qdict[topic].get(d, 0)) for d in run.get(topic).docs.tolist()]
        QMeasure(counts, [1, 2, 3], 1.0).compute(ranked)
    per_list_ntcir = (time.perf_counter() - start) / len(sample)
    per_list_ours = t_q / n_lists
    print(f"Q-measure per list: sdreval {per_list_ours * 1e6:9.1f} us, "
          f"pyNTCIREVAL {per_list_ntcir * 1e6:9.1f} us ({len(sample)} lists timed)")
    print(f"ratio pyNTCIREVAL / sdreval (Q) = {per_list_ntcir / per_list_ours:.0f}x "
          f"(target >= 100x)")


if __name__ == "__main__":
    main()
