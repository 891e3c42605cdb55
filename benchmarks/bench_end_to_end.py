"""End to end: ``sdreval eval`` on INEX XML submissions, whole processes, against bare iterparse.

Default size is the target's: 70 runs x 34 topics x 1,500 results on a synthetic INEX-like
collection, written as INEX XML submissions (about 470 MB) with native TSV judgements.  Two
whole processes are timed on the same files, alternately (``--repeat`` rounds, best and median
of each), so that both see the same machine load:

* the floor: a Python process that only runs lxml's bare ``iterparse`` over every file
  (``resolve_entities=False``, every element cleared), the least any reader built on lxml does;
* ``sdreval eval QRELS RUN... -m`` the 9 XCG measures: start-up, reading, validation,
  evaluation and output.

Prints wall and CPU (user + system) seconds of each, the ratio sdreval / bare iterparse, and the
load average before and after.  Target: sdreval < 30 s wall on an idle machine.

Run: ``python benchmarks/bench_end_to_end.py [--runs 70] [--topics 34] [--length 1500]
[--repeat 3] [--keep DIR]``.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sdreval.io.inex_submission import write_inex_submission
from sdreval.io.writers import write_native_qrels
from sdreval.simulate import AssessmentSpec, CollectionSpec, RunSpec, make_collection, make_qrels, make_runs

XCG = ["xCG@10", "nxCG@10", "nxCG@50", "MAnxCG@1500", "ep@0.5", "iMAep", "MAep", "Q", "R"]

BARE = """
import sys
from lxml import etree
count = 0
for path in sys.argv[1:]:
    for _, el in etree.iterparse(path, events=("end",), resolve_entities=False,
                                 no_network=True, load_dtd=False):
        count += 1
        el.clear()
print(count)
"""


def timed(command: list[str], env: dict | None = None) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the child, stdout) of one whole process (``env``: its
    environment, default this one's)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def write_inputs(folder: Path, args) -> list[Path]:
    t0 = time.perf_counter()
    collection = make_collection(CollectionSpec(args.docs, 1500, seed=1))
    qrels = make_qrels(collection, AssessmentSpec(args.topics, seed=2))
    runs = make_runs(collection, qrels, RunSpec(args.runs, args.length, seed=3))
    write_native_qrels(qrels, folder / "qrels.tsv")
    paths = []
    for run in runs:
        path = folder / f"{run.name}.xml"
        write_inex_submission(run, path)
        paths.append(path)
    print(f"simulated and wrote {args.runs} runs x {args.topics} topics x {args.length} results "
          f"in {time.perf_counter() - t0:.1f} s")
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=70)
    parser.add_argument("--topics", type=int, default=34)
    parser.add_argument("--length", type=int, default=1500)
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3, help="alternate rounds (best, median)")
    parser.add_argument("--keep", type=Path, default=None,
                        help="write the inputs here and keep them (default: a temporary dir)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        paths = write_inputs(folder, args)
        files = [str(p) for p in paths]
        megabytes = sum(p.stat().st_size for p in paths) / 1e6
        bare_cmd = [sys.executable, "-c", BARE, *files]
        ours_cmd = [sys.executable, "-m", "sdreval.cli.main", "eval", str(folder / "qrels.tsv"),
                    *files] + [arg for m in XCG for arg in ("-m", m)]
        load_before = os.getloadavg()
        bare, ours = [], []
        for _ in range(max(1, args.repeat)):
            bare.append(timed(bare_cmd))
            ours.append(timed(ours_cmd))
        load_after = os.getloadavg()
    lines = ours[-1][2].splitlines()
    assert len(lines) == args.runs * len(XCG), f"{len(lines)} output lines"

    def summary(found: list[tuple[float, float, str]]) -> tuple[float, float, float]:
        walls = [w for w, _, _ in found]
        return min(walls), statistics.median(walls), min(c for _, c, _ in found)

    b_best, b_median, b_cpu = summary(bare)
    o_best, o_median, o_cpu = summary(ours)
    print(f"{megabytes:.0f} MB of INEX XML submissions; {args.repeat} alternate round(s); "
          f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after (2 cores)")
    print(f"bare lxml iterparse process : best {b_best:6.2f} s, median {b_median:6.2f} s wall; "
          f"CPU {b_cpu:6.2f} s ({megabytes / b_best:5.1f} MB/s)")
    print(f"sdreval eval ({len(XCG)} XCG)     : best {o_best:6.2f} s, median {o_median:6.2f} s "
          f"wall; CPU {o_cpu:6.2f} s  (target < 30 s)")
    print(f"ratio sdreval / bare iterparse: wall {o_best / b_best:.2f}x (median "
          f"{o_median / b_median:.2f}x), CPU {o_cpu / b_cpu:.2f}x")


if __name__ == "__main__":
    main()
