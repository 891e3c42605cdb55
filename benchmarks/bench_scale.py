"""Scaling of one run over processes and Dask workers (topic partitions).

Writes one TREC document run of ``--topics`` topics x ``--docs`` results and its qrels, then
times ``sdreval eval`` on it serially, with ``--jobs N`` and with ``--scheduler ADDRESS`` on a
real ``distributed`` cluster of N worker processes on 127.0.0.1 (started here, outside the
timing), for every N of ``--workers``.  Every table must equal the serial one (checked).
Reported per line: wall seconds, CPU seconds of the client process and its children, the
machine's load.  Run it where there are cores: ``--workers 1,2,4,8,16``.

    python benchmarks/bench_scale.py --topics 20000 --docs 100 --workers 1,2
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np


def write_inputs(directory: Path, topics: int, docs: int, seed: int = 5) -> tuple[Path, Path]:
    """A qrels file (20 judged documents per topic, grades 0-2) and a run of ``docs``
    results per topic, written with numpy (no sdreval code)."""
    rng = np.random.default_rng(seed)
    qrels, run = directory / "qrels.txt", directory / "run.txt"
    with open(qrels, "w") as q, open(run, "w") as r:
        for t in range(1, topics + 1):
            judged = rng.choice(docs * 2, 20, replace=False)
            grades = rng.integers(0, 3, 20)
            q.writelines(f"{t} 0 D{d} {g}\n" for d, g in zip(judged, grades))
            ranked = rng.choice(docs * 2, docs, replace=False)
            r.writelines(f"{t} Q0 D{d} {k + 1} {docs - k} sys\n" for k, d in enumerate(ranked))
    return qrels, run


def timed(args: list[str]) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--topics", type=int, default=20000)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("-m", "--measures", default="AP,nDCG@10,P@10,RR")
    args = parser.parse_args()
    from distributed import LocalCluster

    sdreval = [shutil.which("sdreval") or "sdreval"]
    measures = [x for m in args.measures.split(",") for x in ("-m", m)]
    with tempfile.TemporaryDirectory() as tmp:
        qrels, run = write_inputs(Path(tmp), args.topics, args.docs)
        base = sdreval + ["eval", str(qrels), str(run), *measures, "-q", "--quiet"]
        wall, cpu, serial = timed(base)
        print(f"{args.topics} topics x {args.docs} docs, {os.cpu_count()} cores")
        print(f"| how | workers | wall s | client CPU s | load |")
        print(f"| serial | 1 | {wall:.2f} | {cpu:.2f} | {os.getloadavg()[0]:.1f} |")
        for n in [int(w) for w in args.workers.split(",")]:
            wall, cpu, out = timed(base + ["--jobs", str(n)])
            assert out == serial, "--jobs table differs from the serial one"
            print(f"| --jobs | {n} | {wall:.2f} | {cpu:.2f} | {os.getloadavg()[0]:.1f} |")
            with LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                              host="127.0.0.1", dashboard_address=None) as cluster:
                wall, cpu, out = timed(base + ["--scheduler", cluster.scheduler_address])
            assert out == serial, "--scheduler table differs from the serial one"
            print(f"| --scheduler | {n} | {wall:.2f} | {cpu:.2f} (client) | "
                  f"{os.getloadavg()[0]:.1f} |")


if __name__ == "__main__":
    main()
