"""Reading TREC-like runs: sdreval's validating streaming reader vs pandas.read_csv.

pandas (C parser, no validation, no XPath canonicalisation, no per-line reports) is the
baseline of raw parsing speed; the ratio says what validation and canonical paths cost.
Also prints the peak RSS of each reader measured in a fresh subprocess.

    python benchmarks/bench_io.py [--mb 30]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

OURS = """
import json, resource, sys, time
from sdreval.errors import ProblemLog
from sdreval.io.trec import read_trec_run
t = time.perf_counter()
run = read_trec_run(sys.argv[1], "element", ProblemLog())
print(json.dumps({"seconds": time.perf_counter() - t, "results": len(run),
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""
PANDAS = """
import json, resource, sys, time
import pandas as pd
t = time.perf_counter()
frame = pd.read_csv(sys.argv[1], sep=" ", header=None, engine="c",
                    names=["topic", "q0", "doc", "rank", "rsv", "run", "path"],
                    dtype={"topic": str, "doc": str})
print(json.dumps({"seconds": time.perf_counter() - t, "results": len(frame),
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def generate(path: Path, megabytes: float) -> None:
    rng = np.random.default_rng(3)
    paths = [f"/article[1]/bdy[1]/sec[{i}]/p[{j}]" for i in range(1, 30) for j in range(1, 40)]
    size, topic = 0, 2009000
    with open(path, "w") as out:
        while size < megabytes * 2**20:
            topic += 1
            docs = rng.integers(1, 20_000_000, 1500).tolist()
            picks = rng.integers(0, len(paths), 1500).tolist()
            rsv = (np.sort(rng.random(1500))[::-1] * 10).tolist()
            chunk = "".join(f"{topic} Q0 {d} {r + 1} {s!r} myrun {paths[p]}\n"
                            for r, (d, p, s) in enumerate(zip(docs, picks, rsv)))
            out.write(chunk)
            size += len(chunk)


def measure(script: str, path: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=30.0, help="size of the generated run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "run.txt"
        generate(path, args.mb)
        ours, base = measure(OURS, path), measure(PANDAS, path)
    assert ours["results"] == base["results"]
    print(f"element run, {args.mb:.0f} MB, {ours['results']} results")
    print(f"{'reader':<28}{'seconds':>10}{'peak RSS MB':>14}")
    print(f"{'sdreval read_trec_run':<28}{ours['seconds']:>10.2f}{ours['rss_mb']:>14.0f}")
    print(f"{'pandas.read_csv (baseline)':<28}{base['seconds']:>10.2f}{base['rss_mb']:>14.0f}")
    print(f"time ratio sdreval/pandas: {ours['seconds'] / base['seconds']:.2f}; "
          f"memory ratio: {ours['rss_mb'] / base['rss_mb']:.2f}")


if __name__ == "__main__":
    main()
