"""Reading TREC-like runs: sdreval's validating columnar reader vs pandas.read_csv.

Generates a run (element, passage or document layout), then times in fresh processes, in the
same run, alternating (best of ``--repeat``):

* ``read_trec_run`` (columnar: Arrow CSV per block, vectorised checks, careful fallback) --
  validation, canonical XPaths, per-line reports and the Run objects included;
* ``iter_run_topics``, the streaming reader (two passes, topic by topic; peak RSS is what
  matters there: ``--stream-only --mb 2048`` targets < 30 s at < 1 GB);
* ``pandas.read_csv`` of the same file, ``sep=" "`` and ``sep=r"\\s+"`` (C parser, no
  validation, nothing built beyond the DataFrame).

Throughput is MB of file per second; the ratio sdreval / pandas is a ratio of throughputs
(>= 1.0: sdreval reads at least as fast).  Peak memory is the growth of the peak RSS
(VmHWM) over the RSS after imports, as a multiple of the file size.

    python benchmarks/bench_io.py [--mb 100] [--layout element] [--repeat 3]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

CHILD = r"""
import json, sys, time
mode, path, layout = sys.argv[1:4]
import numpy, pandas, pyarrow, pyarrow.csv, pyarrow.compute
from sdreval.errors import ProblemLog
from sdreval.io.trec import read_trec_run
def status(key):
    return [int(l.split()[1]) for l in open('/proc/self/status') if l.startswith(key)][0] / 1024
base = status("VmRSS:")
start = time.perf_counter()
if mode == "fast":
    rows = len(read_trec_run(path, layout, ProblemLog()))
elif mode == "stream":
    from sdreval.io.stream import iter_run_topics
    rows = sum(len(ranking) for _, ranking in iter_run_topics(path, layout + "-run",
                                                               ProblemLog()))
else:
    sep = " " if mode == "pandas" else r"\s+"
    rows = len(pandas.read_csv(path, sep=sep, header=None, dtype={0: str, 2: str}))
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "rows": rows, "peak_mb": status("VmHWM:") - base,
                  "hwm_mb": status("VmHWM:")}))
"""
MODES = {"fast": "sdreval read_trec_run", "stream": "sdreval iter_run_topics (streaming)",
         "pandas": 'pandas.read_csv(sep=" ")', "pandas-ws": 'pandas.read_csv(sep=r"\\s+")'}


def generate(path: Path, megabytes: float, layout: str) -> None:
    rng = np.random.default_rng(3)
    paths = [f"/article[1]/bdy[1]/sec[{i}]/p[{j}]" for i in range(1, 30) for j in range(1, 40)]
    size, topic = 0, 2009000
    with open(path, "w") as out:
        while size < megabytes * 2**20:
            topic += 1
            docs = rng.integers(1, 20_000_000, 1500).tolist()
            picks = rng.integers(0, len(paths), 1500).tolist()
            rsv = (np.sort(rng.random(1500))[::-1] * 10).tolist()
            tails = {"element": [f" {paths[p]}" for p in picks],
                     "passage": [f" {p * 37} {p % 500 + 1}" for p in picks],
                     "document": [""] * 1500}[layout]
            chunk = "".join(f"{topic} Q0 {d} {r + 1} {s!r} myrun{tail}\n"
                            for r, (d, s, tail) in enumerate(zip(docs, rsv, tails)))
            out.write(chunk)
            size += len(chunk)


def measure(mode: str, path: Path, layout: str) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, mode, str(path), layout],
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=100.0, help="size of the generated run")
    parser.add_argument("--layout", choices=("element", "passage", "document"),
                        default="element")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--stream-only", action="store_true",
                        help="time only the streaming reader (e.g. --mb 2048: target < 30 s "
                             "at < 1 GB peak RSS)")
    args = parser.parse_args()
    modes = list(MODES)
    if args.stream_only:
        modes = ["stream"]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "run.txt"
        generate(path, args.mb, args.layout)
        size = path.stat().st_size / 2**20
        found: dict[str, list[dict]] = {m: [] for m in modes}
        for _ in range(args.repeat):
            for mode in modes:
                found[mode].append(measure(mode, path, args.layout))
    rows = {m: found[m][0]["rows"] for m in modes}
    assert len(set(rows.values())) == 1, rows
    best = {m: min(r["seconds"] for r in found[m]) for m in modes}
    print(f"{args.layout} run, {size:.0f} MB, {rows[modes[0]]} results; best of {args.repeat}, "
          f"load {os.getloadavg()[0]:.1f}")
    print(f"{'reader':<36}{'seconds':>9}{'MB/s':>8}{'peak MB':>9}{'x file':>8}"
          f"{'RSS MB':>8}")
    for mode in modes:
        peak = max(r["peak_mb"] for r in found[mode])
        whole = max(r["hwm_mb"] for r in found[mode])
        print(f"{MODES[mode]:<36}{best[mode]:>9.2f}{size / best[mode]:>8.0f}{peak:>9.0f}"
              f"{peak / size:>8.2f}{whole:>8.0f}")
    print("peak MB: growth of the peak RSS over the RSS after imports; RSS MB: the whole "
          "process's peak RSS")
    for base in ("pandas", "pandas-ws") if "fast" in best else ():
        print(f"throughput ratio sdreval / {MODES[base]}: {best[base] / best['fast']:.2f} "
              f"(target >= 1.0)")


if __name__ == "__main__":
    main()
