"""Whole processes on TREC files: ``sdreval eval`` against trec_eval, a pytrec_eval script and
the ir_measures command line.

Writes TREC qrels (graded 0-3, 300 judged documents a topic) and N document runs
(``topic Q0 doc rank score run``; scores strictly decreasing, so every tool ranks in file order)
to a temporary directory, then times, as whole processes in the same run:

* ``sdreval eval QRELS RUN... -m AP -m nDCG@10 -m P@10 -m Rprec`` (``--jobs`` as given);
* a pytrec_eval script reading the same files with the usual Python loop and evaluating
  ``map``, ``ndcg_cut_10``, ``P_10``, ``Rprec``;

and checks that every mean agrees to 1e-9.  Prints the ratio sdreval / pytrec_eval (target
<= 1.0) and the machine load.

    python benchmarks/bench_trec_files.py [--runs 50] [--topics 50] [--docs 1000] [--jobs 1]

With ``--single 50,2000,10000`` it times instead ONE run file of each size against trec_eval
(C; the binary from ``--trec-eval PATH`` or ``$TREC_EVAL``, skipped when absent; build it from
its public source, usnistgov/trec_eval, with ``make``), and on the smallest size also against
the pytrec_eval script and ``python -m ir_measures``: CPU time (user + sys) and peak RSS of each
whole process (``os.wait4``), best CPU of ``--repeat`` interleaved rounds, ratios printed, and
every mean checked equal to each peer's (trec_eval prints 4 decimals); the median of the
per-round CPU ratios is printed beside the best times (the load moves both in a round).
``--dir`` keeps the generated files between invocations.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
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


#: The children's environment: Python may write its bytecode caches, as an installed package has
#: them (with PYTHONDONTWRITEBYTECODE set, every start compiles sdreval's modules anew: ~0.3 s).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=CHILD_ENV)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{command[:3]} failed:\n{done.stderr[-3000:]}")
    return seconds, done.stdout


#: (trec_eval name, sdreval name) of the measures compared
MEASURES = (("map", "AP"), ("ndcg_cut_10", "nDCG@10"), ("P_10", "P@10"), ("Rprec", "Rprec"))


def measured(argv: list[str]) -> tuple[float, float, str]:
    """``(CPU seconds user + sys, peak RSS in MB, stdout)`` of one whole process."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(argv, stdout=out, stderr=err, env=CHILD_ENV)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if process.returncode != 0:
            raise SystemExit(f"{argv[:3]} failed:\n{err.read().decode()[-3000:]}")
        return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.read().decode()


def trec_eval_means(text: str) -> dict[str, float]:
    """``trec_eval`` (or ``ir_measures``) output lines ``name [all] value`` by sdreval name."""
    names = dict(MEASURES) | {ours: ours for _, ours in MEASURES}
    means = {}
    for line in text.splitlines():
        fields = line.split()
        if fields and fields[0] in names:
            means[names[fields[0]]] = float(fields[-1])
    return means


def single(args: argparse.Namespace, sdreval: list[str]) -> None:
    """One run file per size against trec_eval (and pytrec_eval, ir_measures on the smallest)."""
    binary = args.trec_eval or os.environ.get("TREC_EVAL")
    if binary and not Path(binary).is_file():
        print(f"no trec_eval at {binary}: that peer is skipped")
        binary = None
    sizes = [int(n) for n in args.single.split(",")]
    folder = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="bench-trec-"))
    print(f"load {os.getloadavg()}; best CPU (user + sys) of {args.repeat} interleaved rounds, "
          "peak RSS of that round")
    for n_topics in sizes:
        where = folder / f"t{n_topics}x{args.docs}"
        if not (where / "done").exists():  # written whole, not cut short
            where.mkdir(parents=True, exist_ok=True)
            write_files(where, 1, n_topics, args.docs)
            (where / "done").touch()
        qrels, run = str(where / "bench.qrels"), str(where / "run00.txt")
        commands = {"sdreval": sdreval + ["eval", qrels, run, "--format", "json"]
                    + [a for _, m in MEASURES for a in ("-m", m)]}
        if binary:
            commands["trec_eval"] = [binary] + [a for name, _ in MEASURES for a in (
                "-m", name.replace("_10", ".10"))] + [qrels, run]
        if n_topics == min(sizes):
            commands["pytrec_eval script"] = [sys.executable, "-c", PYTREC, qrels, run]
            commands["ir_measures CLI"] = [sys.executable, "-m", "ir_measures", qrels, run,
                                           " ".join(m for _, m in MEASURES)]
        best: dict[str, tuple[float, float]] = {}
        rounds: dict[str, list[float]] = {label: [] for label in commands}
        outputs: dict[str, str] = {}
        for argv in commands.values():  # warm-up: bytecode caches, files in the page cache
            measured(argv)
        for _ in range(args.repeat):
            for label, argv in commands.items():
                cpu, rss, outputs[label] = measured(argv)
                rounds[label].append(cpu)
                if label not in best or cpu < best[label][0]:
                    best[label] = (cpu, rss)
        ours = {r["measure"]: r["value"] for r in json.loads(outputs["sdreval"])
                if r["topic"] == "all"}
        checks = []
        for label, text in outputs.items():
            if label == "sdreval":
                continue
            theirs = (trec_eval_means(text) if label != "pytrec_eval script" else
                      {k.split()[1]: v for k, v in json.loads(text).items()})
            if label == "pytrec_eval script":
                worst = max(abs(ours[m] - theirs[m]) for _, m in MEASURES)
                assert worst <= 1e-9, (label, ours, theirs)
                checks.append(f"{label} (largest difference {worst:.0e})")
            else:  # 4 decimals printed: ours rounded the same way
                assert all(f"{ours[m]:.4f}" == f"{theirs[m]:.4f}" for _, m in MEASURES), \
                    (label, ours, theirs)
                checks.append(f"{label} (4 decimals)")
        print(f"\n{n_topics} topics x {args.docs} docs, 1 run, map + ndcg_cut_10 + P_10 + Rprec; "
              f"4 means equal to {', '.join(checks)}; load {os.getloadavg()[0]:.1f}")
        cpu0, rss0 = best["sdreval"]
        for label, (cpu, rss) in best.items():
            # the median of the ratios of the same rounds: the machine's load moves both
            paired = statistics.median(a / b for a, b in zip(rounds["sdreval"], rounds[label]))
            ratio = "" if label == "sdreval" else \
                (f"   sdreval / this: CPU {cpu0 / cpu:.2f}x (median of rounds {paired:.2f}x), "
                 f"peak RSS {rss0 / rss:.2f}x")
            print(f"  {label:20s} CPU {cpu:7.2f} s (median {statistics.median(rounds[label]):.2f})"
                  f"  peak RSS {rss:7.0f} MB{ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--single", help="topic counts of single-run comparisons, e.g. "
                        "50,2000,10000 (then --runs and --jobs are not used)")
    parser.add_argument("--trec-eval", help="trec_eval binary (default: $TREC_EVAL)")
    parser.add_argument("--dir", help="folder keeping the generated files (default: temporary)")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--topics", type=int, default=50)
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sdreval = [sys.executable, "-c", "import sys; from sdreval.cli.main import main; "
               "sys.argv[0] = 'sdreval'; main()"]
    if args.single:
        single(args, sdreval)
        return
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
