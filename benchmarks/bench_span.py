"""Span measures end to end: 10,000 queries x 100 retrieved spans (1 M JSONL lines).

Writes a synthetic span qrels and span run (fixed-size chunks of 200-800 characters with
overlap, 3 gold spans per query in 40 candidate documents), then times

* ``sdreval eval`` as a whole process with every span measure, and
* a plain-Python, character-set loop (``sdreval.measures.span.reference``: each character a
  set member, the ranking walked character by character) on a subset of the queries, scaled
  to all queries (said so in the output).

Usage: ``python benchmarks/bench_span.py [--queries 10000] [--depth 100] [--subset 100]``.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

MEASURES = ["SpanP@10", "SpanR@10", "SpanF@10", "SpanIoU@10", "SpanP", "SpanR",
            "SpanR(budget=2000)", "SpanP(budget=2000)", "SpanIoU(budget=2000)",
            "SpanHit(tau=0.5)@10", "SpanRR(tau=0.5)", "SpanRecallUnits(tau=0.5)@10",
            "CharMAP"]


def make_data(outdir: Path, queries: int, depth: int, seed: int = 0) -> tuple[Path, Path]:
    rng = np.random.default_rng(seed)
    n = queries * depth
    q = np.repeat(np.arange(queries), depth)
    doc = rng.integers(0, 40, n) + (q % 250) * 40  # 40 candidate documents per query
    start = rng.integers(0, 20_000, n)
    length = rng.integers(200, 800, n)
    score = np.round(rng.random(n), 6)
    run = outdir / "run.jsonl"
    lines = [f'{{"query_id": "q{a}", "doc_id": "d{b}", "start": {c}, "end": {c + d}, '
             f'"score": {e}}}\n' for a, b, c, d, e in zip(q.tolist(), doc.tolist(),
                                                          start.tolist(), length.tolist(),
                                                          score.tolist())]
    run.write_text("".join(lines))
    g = 3 * queries
    gq = np.repeat(np.arange(queries), 3)
    gdoc = rng.integers(0, 40, g) + (gq % 250) * 40
    gstart = rng.integers(0, 20_000, g)
    glen = rng.integers(50, 600, g)
    qrels = outdir / "qrels.jsonl"
    qrels.write_text("".join(
        f'{{"query_id": "q{a}", "doc_id": "d{b}", "start": {c}, "end": {c + d}, '
        f'"relevance": 1}}\n' for a, b, c, d in zip(gq.tolist(), gdoc.tolist(),
                                                    gstart.tolist(), glen.tolist())))
    return qrels, run


def plain_loop(qrels: Path, run: Path, topics: int) -> tuple[float, int]:
    """The reference character-set loop on the first ``topics`` queries (reading included)."""
    from sdreval.measures.span import reference as ref

    t0 = time.perf_counter()
    gold: dict[str, list] = {}
    for line in open(qrels, encoding="utf-8"):
        r = json.loads(line)
        gold.setdefault(r["query_id"], []).append((r["doc_id"], r["start"], r["end"]))
    wanted = set(list(gold)[:topics])
    ranked: dict[str, list] = {}
    for line in open(run, encoding="utf-8"):
        r = json.loads(line)
        if r["query_id"] in wanted:
            ranked.setdefault(r["query_id"], []).append((-r["score"], r["doc_id"], r["start"],
                                                         r["end"]))
    for t in wanted:
        ranking = [(d, s, e) for _, d, s, e in sorted(ranked[t], key=lambda x: x[0])]
        for k, budget in ((10, None), (None, None), (None, 2000)):
            ref.set_measures(gold[t], ranking, k, budget)
        ref.unit_measures(gold[t], ranking, 0.5, 10)
        ref.unit_measures(gold[t], ranking, 0.5)
        ref.char_ap(gold[t], ranking)
    return time.perf_counter() - t0, len(wanted)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--depth", type=int, default=100)
    parser.add_argument("--subset", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        qrels, run = make_data(Path(tmp), args.queries, args.depth)
        size = run.stat().st_size / 1e6
        command = [sys.executable, "-m", "sdreval.cli.main", "eval", str(qrels), str(run),
                   "--format", "csv", "-o", os.devnull]
        for m in MEASURES:
            command += ["-m", m]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(command, check=True)
        ours = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        loop, done = plain_loop(qrels, run, args.subset)
        scaled = loop * args.queries / done
        load = os.getloadavg()[0]
        print(f"{args.queries} queries x {args.depth} spans ({size:.0f} MB JSONL), "
              f"{len(MEASURES)} span measures; load average {load:.1f}")
        print(f"sdreval eval (whole process):       {ours:8.2f} s  (CPU time user+sys "
              f"{cpu:.2f} s)")
        print(f"plain-Python character-set loop:    {scaled:8.2f} s  (measured on {done} "
              f"queries: {loop:.2f} s, scaled x{args.queries / done:.0f})")
        print(f"ratio loop / sdreval:               {scaled / ours:8.1f}")


if __name__ == "__main__":
    main()
