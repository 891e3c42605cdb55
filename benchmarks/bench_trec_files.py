"""Whole processes on TREC files: ``sdreval eval`` against a pytrec_eval script (issue 15).

Writes TREC qrels (graded 0-3, 300 judged documents a topic) and N document runs
(``topic Q0 doc rank score run``; scores strictly decreasing, so every tool ranks in file order)
to a temporary directory, then times, as whole processes in the same run:

* ``sdreval eval QRELS RUN... -m AP -m nDCG@10 -m P@10 -m Rprec`` (``--jobs`` as given);
* a pytrec_eval script reading the same files with the usual Python loop and evaluating
  ``map``, ``ndcg_cut_10``, ``P_10``, ``Rprec``;

and checks that every mean agrees to 1e-9.  Prints the ratio sdreval / pytrec_eval (target
<= 1.0) and the machine load.

    python benchmarks/bench_trec_files.py [--runs 50] [--topics 50] [--docs 1000] [--jobs 1]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

PYTREC = r"""
import json, sys
import pytrec_eval
qrels = {}
with open(sys.argv[1]) as handle:
    for line in handle:
        topic, _, doc, rel = line.split()
        qrels.setdefault(topic, {})[doc] = int(rel)
evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"map", "ndcg_cut_10", "P_10", "Rprec"})
means = {}
for path in sys.argv[2:]:
    run, name = {}, None
    with open(path) as handle:
        for line in handle:
            topic, _, doc, rank, score, name = line.split()
            run.setdefault(topic, {})[doc] = float(score)
    scores = evaluator.evaluate(run)
    for measure, ours in (("map", "AP"), ("ndcg_cut_10", "nDCG@10"), ("P_10", "P@10"),
                          ("Rprec", "Rprec")):
        values = [per[measure] for per in scores.values()]
        means[f"{name} {ours}"] = sum(values) / len(values)
print(json.dumps(means))
"""


def write_files(directory: Path, n_runs: int, n_topics: int, n_docs: int, seed: int = 0
                ) -> tuple[Path, list[Path]]:
    rng = np.random.default_rng(seed)
    pool = n_docs * 5
    qrels = directory / "bench.qrels"
    with open(qrels, "w") as out:
        for t in range(1, n_topics + 1):
            judged = rng.choice(pool, 300, replace=False)
            levels = rng.choice(4, 300, p=[0.5, 0.25, 0.15, 0.1])
            out.writelines(f"{t} 0 d{d} {g}\n" for d, g in zip(judged.tolist(),
                                                                  levels.tolist()))
    runs = []
    for r in range(n_runs):
        path = directory / f"run{r:02d}.txt"
        with open(path, "w") as out:
            for t in range(1, n_topics + 1):
                docs = rng.choice(pool, n_docs, replace=False).tolist()
                scores = np.round(np.sort(rng.random(n_docs))[::-1] * 1000, 6)
                scores = scores + np.arange(n_docs, 0, -1) * 1e-3  # strictly decreasing
                out.writelines(f"{t} Q0 d{d} {i + 1} {s:.6f} run{r:02d}\n"
                               for i, (d, s) in enumerate(zip(docs, scores.tolist())))
        runs.append(path)
    return qrels, runs


def timed(command: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{command[:3]} failed:\n{done.stderr[-3000:]}")
    return seconds, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--topics", type=int, default=50)
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sdreval = [sys.executable, "-c", "import sys; from sdreval.cli.main import main; "
               "sys.argv[0] = 'sdreval'; main()"]
    with tempfile.TemporaryDirectory() as tmp:
        qrels, runs = write_files(Path(tmp), args.runs, args.topics, args.docs)
        size = sum(p.stat().st_size for p in runs) / 2**20
        ours_command = sdreval + ["eval", str(qrels), *map(str, runs), "-m", "AP", "-m",
                                  "nDCG@10", "-m", "P@10", "-m", "Rprec", "--format", "json",
                                  "--jobs", str(args.jobs)]
        peer_command = [sys.executable, "-c", PYTREC, str(qrels), *map(str, runs)]
        ours_times, peer_times = [], []
        for _ in range(args.repeat):  # alternate, keep the best of each (noisy machine)
            seconds, ours_out = timed(ours_command)
            ours_times.append(seconds)
            seconds, peer_out = timed(peer_command)
            peer_times.append(seconds)
    peer = json.loads(peer_out)
    ours = {f"{r['run']} {r['measure']}": r["value"] for r in json.loads(ours_out)
            if r["topic"] == "all"}
    assert set(ours) == set(peer), (sorted(ours)[:4], sorted(peer)[:4])
    worst = max(abs(ours[k] - peer[k]) for k in peer)
    assert worst < 1e-9, worst
    best_ours, best_peer = min(ours_times), min(peer_times)
    print(f"{args.runs} runs x {args.topics} topics x {args.docs} documents "
          f"({size:.0f} MB of runs), AP + nDCG@10 + P@10 + Rprec, --jobs {args.jobs}")
    print(f"all {len(peer)} means equal (largest difference {worst:.1e})")
    print(f"sdreval eval (whole process): best {best_ours:.2f} s of "
          f"{', '.join(f'{t:.2f}' for t in ours_times)}")
    print(f"pytrec_eval script (whole process): best {best_peer:.2f} s of "
          f"{', '.join(f'{t:.2f}' for t in peer_times)}")
    print(f"ratio sdreval / pytrec_eval: {best_ours / best_peer:.2f} (target <= 1.0); "
          f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
