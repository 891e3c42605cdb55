"""Benchmark: INEX Focused + Relevant in Context measures on passage runs.

Target: 50 runs × 52 topics × 1,500 passages in under 3 s after parsing (in-memory Qrels/Run).
The baseline is a straightforward pure-Python implementation (per passage, per article, with
merged interval lists per document) computing the same values, timed on a few runs in the same
process and scaled to the full size; its values are checked against ours.

    python benchmarks/bench_passage.py [--runs 50] [--topics 52] [--passages 1500]
    python benchmarks/bench_passage.py --koolen DIR [--tasks frb] [--topics 50] [--repeat 3]

With ``--koolen DIR`` (a folder of Koolen's compiled ``inex_eval`` classes, or ``SDREVAL_KOOLEN``)
it times sdreval against Koolen's official INEX 2010 evaluator instead, as whole processes on the
same files paired in the same rounds, for -f, -r and -b on the real INEX 2009/2010 data and on
``sdreval simulate`` runs, checks that every mean agrees and prints the CPU ratios and the ratio
to a bare pandas read of the same files (:mod:`bench_koolen`).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

from sdreval.judgements.qrels import DocPassages, Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.model.run import Ranking, Run

from bench_koolen import add_arguments, paired  # noqa: E402  (benchmarks/ is the script's folder)

FOCUSED = ["iP@0.00", "iP@0.01", "iP@0.05", "iP@0.10", "MAiP"]
RIC = ["gP@5", "gP@10", "gP@25", "gP@50", "MAgP"]


def synthesise(n_runs: int, n_topics: int, n_passages: int, seed: int = 7):
    """INEX-2010-like sizes: ~100 relevant and ~600 judged articles per topic, 1-6 highlighted
    ranges each; runs of passages over ~500 articles with a few overlaps."""
    rng = np.random.default_rng(seed)
    qrels = Qrels("fol")
    for t in range(n_topics):
        topic = qrels.topic(str(2010000 + t))
        for d in range(700):
            doc = f"{t}-{d}"
            length = int(rng.integers(2_000, 30_000))
            if d < 100:
                k = int(rng.integers(1, 7))
                starts = np.sort(rng.choice(length - 600, size=k, replace=False))
                ranges = []
                last_end = -1
                for s in starts:
                    s = max(int(s), last_end + 1)
                    n = int(rng.integers(20, 600))
                    ranges.append((s, n))
                    last_end = s + n
                ranges = [(s, n) for s, n in ranges if s + n <= length]
                topic.passages[doc] = DocPassages(doc, ranges, sum(n for _, n in ranges),
                                                  length, ranges[0][0] if ranges else None)
            else:
                topic.passages[doc] = DocPassages(doc, [], 0, length, None)
    runs = []
    for r in range(n_runs):
        topics = {}
        for t in range(n_topics):
            docs = rng.integers(0, 1_200, size=n_passages)  # ids ≥ 700 are unjudged
            # group results of one article together (RiC), articles in random order
            order = np.argsort(rng.permutation(1_200)[docs], kind="stable")
            docs = docs[order]
            offsets = rng.integers(0, 20_000, size=n_passages)
            lengths = rng.integers(50, 1_500, size=n_passages)
            names = np.array([f"{t}-{d}" for d in docs], dtype=object)
            topics[str(2010000 + t)] = Ranking(names, np.full(n_passages, None, dtype=object),
                                               offsets.astype(np.int64),
                                               lengths.astype(np.int64),
                                               np.arange(1, n_passages + 1, dtype=np.int64),
                                               -np.arange(n_passages, dtype=np.float64),
                                               "passage")
        runs.append(Run(f"run{r}", topics, "passage"))
    return qrels, runs


# ------------------------------------------------------------------ pure-Python baseline
def _merge(ranges):
    out = []
    for s, e in sorted(ranges):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def _inter(a, b):
    """Characters shared by two merged interval lists."""
    i = j = total = 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if hi > lo:
            total += hi - lo
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return total


def baseline_topic(tq, rows, beta=0.25):
    rel = {d: _merge([(o, o + n) for o, n in p.ranges]) for d, p in tq.passages.items()}
    total = sum(e - s for r in rel.values() for s, e in r)
    seen: dict[str, list] = {}
    relret = ret = 0
    prec, rec = [], []
    for d, o, n in rows:
        before = seen.get(d, [])
        after = _merge(before + [[o, o + n]])
        new = sum(e - s for s, e in after) - sum(e - s for s, e in before)
        new_rel = _inter(after, rel.get(d, [])) - _inter(before, rel.get(d, []))
        seen[d] = after
        ret += new
        relret += new_rel
        prec.append(relret / ret if ret else 0.0)
        rec.append(relret / total)
    ip = []
    for k in range(101):
        ip.append(max([p for p, r in zip(prec, rec) if r * 100 >= k - 1e-9], default=0.0))
    out = {"iP@0.00": ip[0], "iP@0.01": ip[1], "iP@0.05": ip[5], "iP@0.10": ip[10],
           "MAiP": sum(ip) / 101}
    order = list(dict.fromkeys(d for d, _, _ in rows))
    scores, isrel = [], []
    for d in order:
        r = rel.get(d, [])
        rtot = sum(e - s for s, e in r)
        hit = _inter(seen[d], r)
        size = sum(e - s for s, e in seen[d])
        if hit:
            p, rc = hit / size, hit / rtot
            scores.append((1 + beta**2) * p * rc / (beta**2 * p + rc))
        else:
            scores.append(0.0)
        isrel.append(rtot > 0)
    nrel = sum(1 for r in rel.values() if r)
    cum, agp = 0.0, 0.0
    for i, (s, r) in enumerate(zip(scores, isrel)):
        cum += s
        if r:
            agp += cum / (i + 1)
    for k in (5, 10, 25, 50):
        out[f"gP@{k}"] = sum(scores[:k]) / k
    out["MAgP"] = agp / nrel
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--topics", type=int, default=52)
    ap.add_argument("--passages", type=int, default=1500)
    ap.add_argument("--baseline-runs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--files", action="store_true",
                    help="also time `sdreval eval` on the data written as FOL qrels and passage "
                         "runs, as a whole process (the Focused measures); --koolen times it "
                         "against Koolen's inex_eval in the same run")
    ap.add_argument("--jobs", type=int, default=1, help="--jobs of the whole-process run")
    add_arguments(ap)
    args = ap.parse_args()
    if args.koolen is not None:
        if "--topics" not in sys.argv:
            args.topics = 50  # the documented synthetic set: 50 runs x 50 topics x 1,500 passages
        paired(args)
        return
    t0 = time.perf_counter()
    qrels, runs = synthesise(args.runs, args.topics, args.passages)
    print(f"synthesised {args.runs} runs x {args.topics} topics x {args.passages} passages "
          f"in {time.perf_counter() - t0:.1f} s")
    if args.files:
        whole_process(qrels, runs, args.repeat, args.jobs)
    walls, cpus = [], []
    for _ in range(args.repeat):  # fresh context each time: qrels preparation included
        ctx = EvalContext()
        t0, c0 = time.perf_counter(), time.process_time()
        table = evaluate(qrels, runs, FOCUSED + RIC, ctx)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    ours = min(walls)
    print(f"sdreval passage family: best wall {ours:.2f} s, best CPU {min(cpus):.2f} s "
          f"(of {args.repeat}) for {len(table)} values "
          f"({'OK' if ours < 3 else 'SLOWER THAN'} target 3 s); load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    t0 = time.perf_counter()
    got = {(r.run, r.topic, r.measure): r.value for r in table.itertuples()}
    worst = 0.0
    for run in runs[:args.baseline_runs]:
        for topic, ranking in run.topics.items():
            rows = list(zip(ranking.docs, ranking.offsets.tolist(), ranking.lengths.tolist()))
            for name, value in baseline_topic(qrels.topics[topic], rows).items():
                worst = max(worst, abs(value - got[(run.name, topic, name)]))
    base = (time.perf_counter() - t0) * args.runs / args.baseline_runs
    print(f"pure-Python baseline: {base:.1f} s (timed on {args.baseline_runs} runs, scaled); "
          f"ratio {base / ours:.1f}x; largest difference {worst:.2e}")
    if ctx.warnings:
        print(f"{len(ctx.warnings)} warnings, e.g. {ctx.warnings[0]}")


def without_overlaps(run: Run) -> Run:
    """The run without the passages overlapping an earlier passage of the same document."""
    topics = {}
    for topic, ranking in run.topics.items():
        seen: dict[str, list[tuple[int, int]]] = {}
        keep = []
        for doc, offset, length in zip(ranking.docs, ranking.offsets.tolist(),
                                       ranking.lengths.tolist()):
            taken = seen.setdefault(doc, [])
            keep.append(all(offset + length <= o or o + n <= offset for o, n in taken))
            if keep[-1]:
                taken.append((offset, length))
        mask = np.array(keep)
        topics[topic] = Ranking(ranking.docs[mask], ranking.paths[mask], ranking.offsets[mask],
                                ranking.lengths[mask], np.arange(1, mask.sum() + 1),
                                ranking.rsv[mask], ranking.unit)
    return Run(run.name, topics, run.unit)


def whole_process(qrels, runs, repeat: int, jobs: int) -> None:
    """Write FOL qrels and passage runs, time ``sdreval eval -m MAiP -m iP@...`` whole."""
    import subprocess
    import tempfile
    from pathlib import Path

    from sdreval.io.writers import write_fol_qrels, write_run

    for tq in qrels.topics.values():  # FOL qrels need document lengths
        for dp in tq.passages.values():
            if dp.doc_length is None:
                dp.doc_length = max([o + n for o, n in dp.ranges] + [0])
    runs = [without_overlaps(run) for run in runs]  # Focused runs (Koolen's tool refuses
    # overlapping passages)
    with tempfile.TemporaryDirectory() as tmp:
        qrels_path = Path(tmp) / "bench.qrels"
        write_fol_qrels(qrels, qrels_path)
        paths = []
        for run in runs:
            paths.append(Path(tmp) / f"{run.name}.txt")
            write_run(run, paths[-1], "passage")
        size = sum(p.stat().st_size for p in paths) / 2**20
        command = [sys.executable, "-c", "import sys; from sdreval.cli.main import main; "
                   "sys.argv[0] = 'sdreval'; main()", "eval", str(qrels_path),
                   *map(str, paths), *[x for m in FOCUSED for x in ("-m", m)],
                   "--jobs", str(jobs), "-o", str(Path(tmp) / "out.txt")]
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            done = subprocess.run(command, capture_output=True, text=True)
            times.append(time.perf_counter() - t0)
            if done.returncode:
                raise SystemExit(done.stderr[-3000:])
    best = min(times)
    print(f"sdreval eval, whole process, Focused measures on {len(runs)} passage runs "
          f"({size:.0f} MB), --jobs {jobs}: best {best:.2f} s of "
          f"{', '.join(f'{t:.2f}' for t in times)} (--koolen DIR: against Koolen's inex_eval "
          f"in the same run); load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
