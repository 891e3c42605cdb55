"""ranx's benchmark scale: Q queries × D documents (ranx's own figure: 1,000,000 × 100).

Writes TREC qrels (10 judged documents a query, grades 0-2, at least one relevant) and one TREC
run of Q × D lines (scores strictly decreasing), then times, as whole processes:

* ``sdreval eval QRELS RUN -m AP -m nDCG@10 -m P@10 -m RR --format json`` (CPU = user + sys);
* a ranx script that reads both files with ``pyarrow.csv`` (timed: the *read* share), builds
  ``ranx.Qrels``/``ranx.Run`` from the columns and calls ``ranx.evaluate`` with ``map``,
  ``ndcg@10``, ``precision@10``, ``mrr`` (timed: the *in-memory evaluation*, after a first
  call on the files' first 20 queries that compiles ranx's numba kernels for these types).

The target: sdreval's whole process ≤ ranx's in-memory evaluation + the pyarrow read.  Every
mean is checked equal (1e-9).

``--chunk N`` (for machines without ranx's memory at this scale: its Qrels/Run of Python
dicts take about 5 GB per 100,000 queries) cuts both files into pieces of N queries (the
files hold each query's lines together, 10 judgements and D results a query) and runs the
ranx script once per piece: ranx's in-memory evaluation is timed per piece and the times are
added (every measure is a mean of per-query values: the work is per query), its means are
combined as means weighted by the pieces' queries (exact); the pyarrow read is timed once,
on the whole files, in a process of its own.  ``--check-chunks`` times, on the first 2 N
queries, ranx's evaluation of the two pieces of N against one evaluation of the 2 N (the
check that the times add up).

    python benchmarks/bench_ranx_scale.py [--queries 1000000] [--docs 100] [--dir DIR]
                                          [--chunk 100000] [--check-chunks]
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
t0 = time.process_time()
opts = csv.ParseOptions(delimiter=" ")
q = csv.read_csv(sys.argv[1], read_options=csv.ReadOptions(column_names=["q", "z", "d", "r"]),
                 parse_options=opts,
                 convert_options=csv.ConvertOptions(column_types={"q": "string", "d": "string"}))
r = csv.read_csv(sys.argv[2], read_options=csv.ReadOptions(
                     column_names=["q", "z", "d", "k", "s", "n"]), parse_options=opts,
                 convert_options=csv.ConvertOptions(column_types={"q": "string", "d": "string"}))
read = time.process_time() - t0
if sys.argv[3:] == ["read"]:  # the pyarrow read alone
    print(json.dumps({"read": read, "rows": [q.num_rows, r.num_rows]}))
    sys.exit()
from ranx import Qrels, Run, evaluate
def frame(table, names):  # ranx wants object (str) id columns
    out = table.select(names).to_pandas()
    return out.astype({names[0]: object, names[1]: object})
# numba compiles ranx's kernels for the types of the first call: compiled here on the first
# 20 queries of these files (same types), outside the timing
few = q.column("q").unique()[:20]
import pyarrow.compute as pc
evaluate(Qrels.from_df(frame(q.filter(pc.is_in(q.column("q"), few)), ["q", "d", "r"]),
                       q_id_col="q", doc_id_col="d", score_col="r"),
         Run.from_df(frame(r.filter(pc.is_in(r.column("q"), few)), ["q", "d", "s"]),
                     q_id_col="q", doc_id_col="d", score_col="s"),
         ["map", "ndcg@10", "precision@10", "mrr"])
t1 = time.process_time()
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


def split_files(qrels: Path, run: Path, queries: int, docs: int, chunk: int, folder: Path
                ) -> list[tuple[Path, Path, int]]:
    """The files cut into pieces of ``chunk`` queries (10 judgement lines and ``docs`` result
    lines a query, as :func:`write_files` writes them): ``(qrels, run, queries)`` each."""
    folder.mkdir(exist_ok=True)
    pieces = []
    with open(qrels, "rb") as q, open(run, "rb") as r:
        for k, start in enumerate(range(0, queries, chunk)):
            count = min(chunk, queries - start)
            piece_q, piece_r = folder / f"q{k:04d}", folder / f"r{k:04d}"
            for source, target, lines in ((q, piece_q, 10 * count), (r, piece_r, docs * count)):
                with open(target, "wb") as out:
                    out.writelines(source.readline() for _ in range(lines))
            pieces.append((piece_q, piece_r, count))
    return pieces


def ranx_chunks(pieces: list[tuple[Path, Path, int]]) -> dict:
    """ranx's evaluation of each piece (a process each): times added, means weighted by the
    pieces' queries, the largest peak memory."""
    total, evaluate, build, rss, sums = 0, 0.0, 0.0, 0.0, {}
    for piece_q, piece_r, count in pieces:
        done = subprocess.run([sys.executable, "-c", RANX, str(piece_q), str(piece_r)],
                              capture_output=True, text=True, env=CHILD_ENV, check=True)
        found = json.loads(done.stdout.strip().splitlines()[-1])
        evaluate += found["evaluate"]
        build += found["build"]
        rss = max(rss, found["rss"])
        for name, value in found["means"].items():
            sums[name] = sums.get(name, 0.0) + value * count
        total += count
        print(f"    piece of {count} queries: evaluate {found['evaluate']:.2f} s, "
              f"peak RSS {found['rss']:.0f} MB", flush=True)
    return {"evaluate": evaluate, "build": build, "rss": rss,
            "means": {name: value / total for name, value in sums.items()}}


def check_chunks(qrels: Path, run: Path, docs: int, chunk: int, folder: Path) -> None:
    """ranx's evaluation of 2 pieces of ``chunk`` queries against one of ``2 chunk``."""
    pieces = split_files(qrels, run, 2 * chunk, docs, chunk, folder / "check")
    both = folder / "check" / "both"
    with open(both.with_suffix(".qrels"), "wb") as q, open(both.with_suffix(".run"), "wb") as r:
        for piece_q, piece_r, _ in pieces:
            q.write(piece_q.read_bytes())
            r.write(piece_r.read_bytes())
    parts = ranx_chunks(pieces)
    done = subprocess.run([sys.executable, "-c", RANX, str(both.with_suffix(".qrels")),
                           str(both.with_suffix(".run"))], capture_output=True, text=True,
                          env=CHILD_ENV, check=True)
    whole = json.loads(done.stdout.strip().splitlines()[-1])
    worst = max(abs(parts["means"][k] - v) for k, v in whole["means"].items())
    print(f"check: 2 pieces of {chunk} queries: evaluate {parts['evaluate']:.2f} s; one "
          f"evaluation of {2 * chunk}: {whole['evaluate']:.2f} s (ratio "
          f"{parts['evaluate'] / whole['evaluate']:.2f}); peak RSS {whole['rss']:.0f} MB; "
          f"weighted means equal to the whole's (max diff {worst:.0e})")
    for path in (folder / "check").iterdir():
        path.unlink()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=1_000_000)
    ap.add_argument("--docs", type=int, default=100)
    ap.add_argument("--dir", help="folder keeping the files between invocations")
    ap.add_argument("--chunk", type=int, help="ranx evaluated in pieces of this many queries")
    ap.add_argument("--check-chunks", action="store_true",
                    help="time ranx on 2 pieces of --chunk queries against one of 2 --chunk")
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
    if args.chunk and args.check_chunks:
        check_chunks(qrels, run, args.docs, args.chunk, folder)
    load = os.getloadavg()[0]
    cpu, rss, out = measured(ours_argv)
    if args.chunk:
        read = subprocess.run(ranx_argv + ["read"], capture_output=True, text=True,
                              env=CHILD_ENV, check=True)
        pieces = split_files(qrels, run, args.queries, args.docs, args.chunk, folder / "chunks")
        theirs = ranx_chunks(pieces)
        theirs["read"] = json.loads(read.stdout.strip().splitlines()[-1])["read"]
        for piece_q, piece_r, _ in pieces:
            piece_q.unlink()
            piece_r.unlink()
    else:
        done = subprocess.run(ranx_argv, capture_output=True, text=True, env=CHILD_ENV,
                              check=True)
        theirs = json.loads(done.stdout.strip().splitlines()[-1])
    ours = {r["measure"]: r["value"] for r in json.loads(out) if r["topic"] == "all"}
    worst = max(abs(ours[NAMES[k]] - v) for k, v in theirs["means"].items())
    assert worst < 1e-9, (ours, theirs["means"])
    bound = theirs["read"] + theirs["evaluate"]
    print(f"{args.queries} queries x {args.docs} docs ({run.stat().st_size / 2**20:.0f} MB run); "
          f"load {load:.1f} -> {os.getloadavg()[0]:.1f}; 4 means equal (max diff {worst:.0e})")
    print(f"  sdreval eval, whole process: CPU {cpu:.2f} s, peak RSS {rss:.0f} MB")
    how = (f" (in pieces of {args.chunk} queries, times added; the read of the whole files)"
           if args.chunk else "")
    print(f"  ranx script{how}: pyarrow read {theirs['read']:.2f} s + in-memory evaluate "
          f"{theirs['evaluate']:.2f} s = {bound:.2f} s (building Qrels/Run from the columns: "
          f"{theirs['build']:.2f} s more), peak RSS {theirs['rss']:.0f} MB")
    print(f"  ratio sdreval / (read + evaluate): {cpu / bound:.2f} (target <= 1.0)")


if __name__ == "__main__":
    main()
