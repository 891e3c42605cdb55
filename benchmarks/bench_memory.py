"""Bounded memory: a huge element run evaluated streaming vs in memory.

Generates, in a temporary directory, simulated judgements (``sdreval.simulate``) and one large
element run (default about 2 GB: every topic's simulated ranking followed by deep filler results
drawn from the collection), then evaluates it in fresh subprocesses and prints the peak RSS
(``getrusage(RUSAGE_CHILDREN).ru_maxrss``) and the time of

* the streaming path (:func:`sdreval.orchestrate.stream.evaluate_stream`) on the big file, and
* the in-memory path (``read_run`` + ``evaluate``) on a smaller file (``--small-mb``), whose
  memory grows with the file: the ratio of peak memory per MB of run says what streaming saves.

    python benchmarks/bench_memory.py [--size-mb 2048] [--small-mb 100] [--topics 100]
                                      [--keep DIR]

Target: the 2 GB run evaluates with a peak RSS under 1.5 GB.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

MEASURES = ["nxCG@10", "MAep", "AP", "P@10"]
RUN_ID = "bigrun"

CHILD = """
import json, sys, time
from sdreval.io import read_qrels, read_run
from sdreval.measures import EvalContext, evaluate
from sdreval.orchestrate.stream import evaluate_stream
from sdreval.errors import ProblemLog
mode, qrels_path, run_path = sys.argv[1:4]
measures = sys.argv[4:]
qrels = read_qrels(qrels_path)
t = time.perf_counter()
log = ProblemLog()
if mode == "stream":
    table = evaluate_stream(qrels, run_path, measures, EvalContext(), log=log)
else:
    table = evaluate(qrels, [read_run(run_path, log=log)], measures, EvalContext())
seconds = time.perf_counter() - t
print(json.dumps({"seconds": seconds, "rows": len(table), "errors": len(log.errors),
                  "means": table.groupby("measure")["value"].mean().round(6).to_dict()}))
"""


def make_inputs(directory: Path, n_topics: int = 100, n_docs: int = 200, seed: int = 3):
    """Simulated collection and qrels (native TSV written to ``directory``), and per topic a
    simulated 1500-result ranking: ``(collection, qrels, qrels_path, rankings)``."""
    from sdreval.io.native import write_native_qrels
    from sdreval.simulate import (AssessmentSpec, CollectionSpec, RunSpec, make_collection,
                                  make_qrels, make_runs)

    collection = make_collection(CollectionSpec(n_docs, 1500, seed=seed))
    qrels = make_qrels(collection, AssessmentSpec(n_topics, seed=seed + 1))
    run = make_runs(collection, qrels, RunSpec(1, 1500, seed=seed + 2))[0]
    qrels_path = directory / "qrels.tsv"
    write_native_qrels(qrels, qrels_path)
    return collection, qrels, qrels_path, run.topics


def write_big_run(path: Path, collection, rankings: dict, target_bytes: int,
                  seed: int = 5) -> tuple[int, int]:
    """An element run of about ``target_bytes``: for each topic (in turn, contiguous blocks)
    its simulated ranking, then filler results (distinct elements of the collection in random
    order, none repeating a result of the topic) with decreasing RSVs.  Returns (bytes
    written, lines).  The collection must have enough elements for the depth asked."""
    rng = np.random.default_rng(seed)
    elements = [(d, p) for d in sorted(collection) for p in collection[d].paths]
    topics = list(rankings)
    per_topic = target_bytes // max(len(topics), 1)
    size = lines = 0
    with open(path, "w", encoding="ascii") as out:
        for topic in topics:
            head = rankings[topic]
            text = "".join(f"{topic} Q0 {d} {i + 1} {s:.6f} {RUN_ID} {p}\n" for i, (d, p, s)
                           in enumerate(zip(head.docs, head.paths, head.rsv)))
            out.write(text)
            written, rank = len(text), len(head)
            low = float(head.rsv.min()) if len(head) else 1.0
            taken = set(zip(head.docs.tolist(), head.paths.tolist()))
            order = rng.permutation(len(elements)).tolist()
            cursor = 0
            while written < per_topic:
                n = max(100, min(20000, (per_topic - written) // 72 + 1))
                if cursor >= len(order):
                    raise SystemExit(f"the collection has too few elements for "
                                     f"{per_topic} bytes per topic: more documents needed")
                picks = [e for e in (elements[i] for i in order[cursor:cursor + n])
                         if e not in taken]
                cursor += n
                rsv = low * np.exp(-np.arange(rank, rank + len(picks)) / 1e6)
                text = "".join(f"{topic} Q0 {d} {r} {s:.6f} {RUN_ID} {p}\n"
                               for r, (d, p), s in zip(range(rank + 1, rank + len(picks) + 1),
                                                       picks, rsv.tolist()))
                out.write(text)
                written += len(text)
                rank += len(picks)
            size += written
            lines += rank
    return size, lines


def docs_needed(target_bytes: int, n_topics: int) -> int:
    """Documents (1,500 elements each) for filler results without repeats, with a margin."""
    per_topic_lines = target_bytes / max(n_topics, 1) / 60
    return max(100, int(per_topic_lines * 1.3 / 1500) + 1)


def run_child(mode: str, qrels_path: Path, run_path: Path) -> dict:
    """Evaluate in a fresh process; the child's peak RSS from RUSAGE_CHILDREN (a fresh
    intermediate process per call, so earlier children do not mask it)."""
    wrapper = ("import json, resource, subprocess, sys\n"
               "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
               "if done.returncode: sys.exit(done.stderr[-3000:])\n"
               "out = json.loads(done.stdout.strip().splitlines()[-1])\n"
               "out['rss_mb'] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
               "print(json.dumps(out))\n")
    command = [sys.executable, "-c", wrapper, sys.executable, "-c", CHILD, mode,
               str(qrels_path), str(run_path), *MEASURES]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{mode} evaluation failed: {done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=float, default=2048, help="big run size (streamed)")
    parser.add_argument("--small-mb", type=float, default=100,
                        help="run size for the in-memory comparison (0: skip)")
    parser.add_argument("--topics", type=int, default=100)
    parser.add_argument("--memory-big", action="store_true",
                        help="also evaluate the big run in memory (needs RAM ~1.3x its size)")
    parser.add_argument("--keep", default=None, help="write the files here and keep them")
    args = parser.parse_args()
    holder = None
    if args.keep:
        directory = Path(args.keep)
        directory.mkdir(parents=True, exist_ok=True)
    else:
        holder = tempfile.TemporaryDirectory(prefix="bench_memory_")
        directory = Path(holder.name)
    try:
        t = time.perf_counter()
        n_docs = docs_needed(int(args.size_mb * 2**20), args.topics)
        collection, _, qrels_path, rankings = make_inputs(directory, args.topics, n_docs)
        big = directory / "big.run"
        size, lines = write_big_run(big, collection, rankings, int(args.size_mb * 2**20))
        print(f"generated {size / 2**20:.0f} MB, {lines:,} results, {len(rankings)} topics "
              f"({n_docs} simulated documents) in "
              f"{time.perf_counter() - t:.0f} s")
        rows = []
        if args.small_mb:
            small = directory / "small.run"
            small_size, _ = write_big_run(small, collection, rankings,
                                          int(args.small_mb * 2**20))
            for mode in ("memory", "stream"):
                out = run_child(mode, qrels_path, small)
                rows.append((mode, small_size, out))
        out = run_child("stream", qrels_path, big)
        rows.append(("stream", size, out))
        if args.memory_big:
            rows.append(("memory", size, run_child("memory", qrels_path, big)))
        print(f"measures: {', '.join(MEASURES)}")
        print(f"{'path':8} {'run MB':>8} {'seconds':>8} {'MB/s':>6} {'peak RSS MB':>12} "
              f"{'RSS/run MB':>11}")
        for mode, nbytes, out in rows:
            mb = nbytes / 2**20
            print(f"{mode:8} {mb:8.0f} {out['seconds']:8.1f} {mb / out['seconds']:6.1f} "
                  f"{out['rss_mb']:12.0f} {out['rss_mb'] / mb:11.2f}")
        if args.small_mb:
            memory, stream_small = rows[0][2], rows[1][2]
            same = memory["means"] == stream_small["means"]
            print(f"in-memory vs streaming on the small run: peak RSS ratio "
                  f"{memory['rss_mb'] / stream_small['rss_mb']:.1f}x, time ratio "
                  f"{stream_small['seconds'] / memory['seconds']:.2f}x (stream/memory), "
                  f"same means: {same}")
            # in memory: the streaming peak (interpreter, judgements, one topic) plus the run
            slope = (memory["rss_mb"] - stream_small["rss_mb"]) / (rows[0][1] / 2**20)
            projected = stream_small["rss_mb"] + slope * size / 2**20
            print(f"in-memory peak projected to {size / 2**20:.0f} MB ({slope:.2f} MB of RSS "
                  f"per MB of run): ~{projected:.0f} MB")
        big_stream = next(out for mode, nbytes, out in rows if mode == "stream" and nbytes == size)
        if args.memory_big:
            print(f"same means streaming and in memory on the big run: "
                  f"{rows[-1][2]['means'] == big_stream['means']}")
        print(f"target: streaming peak RSS < 1536 MB on the big run: "
              f"{'met' if big_stream['rss_mb'] < 1536 else 'NOT met'}")
    finally:
        if holder is not None:
            holder.cleanup()


if __name__ == "__main__":
    main()
