"""ranx's benchmark scale: Q queries × D documents (ranx's own figure: 1,000,000 × 100).

Writes TREC qrels (10 judged documents a query, grades 0-2, at least one relevant) and one TREC
run of Q × D lines (scores strictly decreasing), then times, as whole processes:

* ``sdreval eval QRELS RUN -m AP -m nDCG@10 -m P@10 -m RR --format json`` (CPU = user + sys);
* a ranx script that reads both files with ``pyarrow.csv`` (timed: the *read* share), builds
  ``ranx.Qrels``/``ranx.Run`` from the columns and calls ``ranx.evaluate`` with ``map``,
  ``ndcg@10``, ``precision@10``, ``mrr`` (timed: the *in-memory evaluation*, after a first
  call on a tiny input that compiles ranx's numba kernels).

The target: sdreval's whole process ≤ ranx's in-memory evaluation + the pyarrow read.  Every
mean is checked equal (1e-9).

    python benchmarks/bench_ranx_scale.py [--queries 1000000] [--docs 100] [--dir DIR]
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
from bench_trec_files import CHILD_ENV, measured  # noqa: E402  (benchmarks/ is the folder)

RANX = r"""
import json, resource, sys, time
import pyarrow.csv as csv
from ranx import Qrels, Run, evaluate
t0 = time.process_time()
opts = csv.ParseOptions(delimiter=" ")
q = csv.read_csv(sys.argv[1], read_options=csv.ReadOptions(column_names=["q", "z", "d", "r"]),
                 parse_options=opts,
                 convert_options=csv.ConvertOptions(column_types={"q": "string", "d": "string"}))
r = csv.read_csv(sys.argv[2], read_options=csv.ReadOptions(
                     column_names=["q", "z", "d", "k", "s", "n"]), parse_options=opts,
                 convert_options=csv.ConvertOptions(column_types={"q": "string", "d": "string"}))
read = time.process_time() - t0
tiny_q, tiny_r = Qrels({"a": {"x": 1}}), Run({"a": {"x": 1.0, "y": 0.5}})
evaluate(tiny_q, tiny_r, ["map", "ndcg@10", "precision@10", "mrr"])  # numba compiled here
t1 = time.process_time()
def frame(table, names):  # ranx wants object (str) id columns
    out = table.select(names).to_pandas()
    return out.astype({names[0]: object, names[1]: object})
qrels = Qrels.from_df(frame(q, ["q", "d", "r"]), q_id_col="q", doc_id_col="d", score_col="r")
run = Run.from_df(frame(r, ["q", "d", "s"]), q_id_col="q", doc_id_col="d", score_col="s")
build = time.process_time() - t1
t2 = time.process_time()
means = evaluate(qrels, run, ["map", "ndcg@10", "precision@10", "mrr"])
ev = time.process_time() - t2
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"read": read, "build": build, "evaluate": ev, "means": means, "rss": rss}))
"""
NAMES = {"map": "AP", "ndcg@10": "nDCG@10", "precision@10": "P@10", "mrr": "RR"}


def write_files(folder: Path, queries: int, docs: int, seed: int = 0) -> tuple[Path, Path]:
    rng = np.random.default_rng(seed)
    qrels, run = folder / "ranx.qrels", folder / "ranx.run"
    ranks = np.arange(1, docs + 1)
    scores = [f"{s:.4f}" for s in np.linspace(docs, 1, docs).tolist()]
    with open(qrels, "w") as q, open(run, "w") as r:
        for start in range(0, queries, 10_000):
            lines_q, lines_r = [], []
            for t in range(start, min(queries, start + 10_000)):
                judged = rng.choice(docs * 2, 10, replace=False)
                grades = rng.integers(0, 3, 10)
                grades[0] = max(grades[0], 1)
                lines_q += [f"q{t} 0 d{d} {g}\n" for d, g in zip(judged.tolist(),
                                                                 grades.tolist())]
                got = rng.choice(docs * 2, docs, replace=False).tolist()
                lines_r += [f"q{t} Q0 d{d} {k} {s} r\n" for d, k, s in zip(got, ranks.tolist(),
                                                                          scores)]
            q.writelines(lines_q)
            r.writelines(lines_r)
    return qrels, run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=1_000_000)
    ap.add_argument("--docs", type=int, default=100)
    ap.add_argument("--dir", help="folder keeping the files between invocations")
    args = ap.parse_args()
    folder = Path(args.dir or tempfile.mkdtemp(prefix="bench-ranx-"))
    folder.mkdir(parents=True, exist_ok=True)
    qrels, run = folder / "ranx.qrels", folder / "ranx.run"
    marker = folder / f"done-{args.queries}x{args.docs}"
    if not marker.exists():
        for stale in folder.glob("done-*"):
            stale.unlink()
        write_files(folder, args.queries, args.docs)
        marker.touch()
    ours_argv = [sys.executable, "-c", "import sys; from sdreval.cli.main import main; "
                 "sys.argv[0] = 'sdreval'; main()", "eval", str(qrels), str(run), "--format",
                 "json", "--quiet", *[x for m in NAMES.values() for x in ("-m", m)]]
    ranx_argv = [sys.executable, "-c", RANX, str(qrels), str(run)]
    load = os.getloadavg()[0]
    cpu, rss, out = measured(ours_argv)
    done = subprocess.run(ranx_argv, capture_output=True, text=True, env=CHILD_ENV, check=True)
    theirs = json.loads(done.stdout.strip().splitlines()[-1])
    ours = {r["measure"]: r["value"] for r in json.loads(out) if r["topic"] == "all"}
    worst = max(abs(ours[NAMES[k]] - v) for k, v in theirs["means"].items())
    assert worst < 1e-9, (ours, theirs["means"])
    bound = theirs["read"] + theirs["evaluate"]
    print(f"{args.queries} queries x {args.docs} docs ({run.stat().st_size / 2**20:.0f} MB run); "
          f"load {load:.1f} -> {os.getloadavg()[0]:.1f}; 4 means equal (max diff {worst:.0e})")
    print(f"  sdreval eval, whole process: CPU {cpu:.2f} s, peak RSS {rss:.0f} MB")
    print(f"  ranx script: pyarrow read {theirs['read']:.2f} s + in-memory evaluate "
          f"{theirs['evaluate']:.2f} s = {bound:.2f} s (building Qrels/Run from the columns: "
          f"{theirs['build']:.2f} s more), peak RSS {theirs['rss']:.0f} MB")
    print(f"  ratio sdreval / (read + evaluate): {cpu / bound:.2f} (target <= 1.0)")


if __name__ == "__main__":
    main()
