"""Scaling of one run over processes and Dask workers, and peak memory against trec_eval.

Scaling (default): writes one TREC document run of ``--topics`` topics x ``--docs`` results
and its qrels, then times ``sdreval eval`` on it serially, with ``--jobs N`` and with
``--scheduler ADDRESS`` on a real ``distributed`` cluster of N worker processes on 127.0.0.1
(started here, outside the timing), for every N of ``--workers``.  Every output must equal
the serial one (checked).  Reported per line: wall seconds, CPU seconds of the command's own
process (the client), CPU of the whole process tree (the worker processes of ``--jobs``; a
cluster's workers: their CPU as the workers report it, and how many of them ran tasks), the
machine's load.
Run it where there are cores: ``--workers 4,8,16``.

    python benchmarks/bench_scale.py --topics 200000 --docs 100 --workers 2
    python benchmarks/bench_scale.py --topics 1000000 --workers 4,8,16

Memory (``--memory 5000,20000,100000``): for each topic count, the peak RSS (and, in
parentheses, the peak of anonymous memory: heap and arrays, without the shared libraries'
code pages) and CPU of ``sdreval eval`` (serial) and of trec_eval (``--trec-eval PATH`` or
``$TREC_EVAL``: a binary built by the user from trec_eval's public source; skipped when
absent) on the same files,
and whether the four means agree to trec_eval's 4 decimals.  A peer taking longer than
``--timeout`` seconds is stopped and reported as such.

    python benchmarks/bench_scale.py --memory 5000,20000,100000 --trec-eval /path/trec_eval
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

MEASURES = ["AP", "nDCG@10", "P@10", "RR"]
TREC_EVAL_MEASURES = {"AP": "map", "nDCG@10": "ndcg_cut_10", "P@10": "P_10", "RR": "recip_rank"}
#: runs sdreval's CLI, writing the CPU seconds of its own process to stderr at exit
CLIENT = ("import atexit, resource, sys\n"
          "def _cpu():\n"
          "    r = resource.getrusage(resource.RUSAGE_SELF)\n"
          "    sys.stderr.write(f'CLIENT_CPU {r.ru_utime + r.ru_stime:.3f}\\n')\n"
          "atexit.register(_cpu)\n"
          "from sdreval.cli.main import main\n"
          "sys.argv = ['sdreval'] + sys.argv[1:]\n"
          "main()\n")


def write_inputs(directory: Path, topics: int, docs: int, seed: int = 5) -> tuple[Path, Path]:
    """A qrels file (20 judged documents per topic, grades 0-2) and a run of ``docs``
    results per topic (distinct scores in rank order), written with numpy (no sdreval
    code)."""
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


def _anonymous_mb(pid: int) -> float:
    """The process's resident anonymous memory now (``RssAnon``: its heap and arrays, not
    the pages of the shared libraries it maps), in MB; 0 once it has exited."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("RssAnon:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def measured(args: list[str], timeout: float | None = None
             ) -> tuple[float, float, float, str, str, float]:
    """``(wall s, CPU s of the process tree, peak RSS MB, stdout, stderr, peak anonymous
    MB)`` of one command (``os.wait4``: its own usage and that of the children it waited
    for; the anonymous peak is sampled every 2 ms from ``/proc``, so it may miss a shorter
    peak, and it counts the command's own process only)."""
    start = time.perf_counter()
    anonymous = 0.0
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(args, stdout=out, stderr=err)
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            anonymous = max(anonymous, _anonymous_mb(child.pid))
            if timeout is not None and time.perf_counter() - start > timeout:
                child.kill()
                os.wait4(child.pid, 0)
                child.returncode = -9
                raise subprocess.TimeoutExpired(args, timeout)
            time.sleep(0.002)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{stderr}")
    return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, stdout, stderr,
            anonymous)


def _sdreval(*args: str) -> list[str]:
    return [sys.executable, "-c", CLIENT, *args]


def _client_cpu(stderr: str) -> float:
    lines = [line for line in stderr.splitlines() if line.startswith("CLIENT_CPU ")]
    return float(lines[-1].split()[1]) if lines else float("nan")


def _load() -> str:
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


def _cpu_seconds() -> float:
    """CPU seconds of the process this runs in (run on each Dask worker)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def scaling(args: argparse.Namespace) -> None:
    from distributed import Client, LocalCluster

    measures = [x for m in args.measures.split(",") for x in ("-m", m)]
    with tempfile.TemporaryDirectory() as tmp:
        qrels, run = write_inputs(Path(tmp), args.topics, args.docs)
        base = _sdreval("eval", str(qrels), str(run), *measures, "-q", "--quiet")
        print(f"{args.topics} topics x {args.docs} docs ({run.stat().st_size / 1e6:.0f} MB), "
              f"{os.cpu_count()} cores")
        print("| how | workers | wall s | client CPU s | CPU s of the process tree "
              "(cluster: of the workers) | workers that ran tasks | load |")
        print("|---|---|---|---|---|---|---|")
        wall, cpu, _, serial, err, _ = measured(base)
        print(f"| serial | 1 | {wall:.2f} | {_client_cpu(err):.2f} | {cpu:.2f} | | {_load()} |")
        for n in [int(w) for w in args.workers.split(",")]:
            wall, cpu, _, out, err, _ = measured(base + ["--jobs", str(n)])
            assert out == serial, "--jobs output differs from the serial one"
            print(f"| --jobs | {n} | {wall:.2f} | {_client_cpu(err):.2f} | {cpu:.2f} | | "
                  f"{_load()} |")
            with LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                              host="127.0.0.1", dashboard_address=":0") as cluster, \
                    Client(cluster) as client:
                client.get_task_stream(start=time.time())  # starts recording the tasks
                before = sum(client.run(_cpu_seconds).values())
                start = time.time()
                wall, cpu, _, out, err, _ = measured(base + ["--scheduler",
                                                          cluster.scheduler_address])
                used = {task["worker"] for task in client.get_task_stream(start=start)}
                workers_cpu = sum(client.run(_cpu_seconds).values()) - before
            assert out == serial, "--scheduler output differs from the serial one"
            print(f"| --scheduler (cluster of {n}) | {n} | {wall:.2f} | {_client_cpu(err):.2f}"
                  f" | {workers_cpu:.2f} | {len(used)} | {_load()} |")


def _trec_eval_means(text: str) -> dict[str, float]:
    means = {}
    for line in text.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] == "all":
            means[fields[0]] = float(fields[2])
    return means


def memory(args: argparse.Namespace) -> None:
    trec_eval = args.trec_eval or os.environ.get("TREC_EVAL")
    if trec_eval and not shutil.which(trec_eval):
        trec_eval = None
    measures = [x for m in MEASURES for x in ("-m", m)]
    print("| topics x docs | sdreval: wall s, CPU s, peak RSS MB (anonymous) | trec_eval: wall s,"
          " CPU s, peak RSS MB (anonymous) | RSS ratio (anonymous) | means agree | load |")
    print("|---|---|---|---|---|---|")
    for topics in [int(t) for t in args.memory.split(",")]:
        with tempfile.TemporaryDirectory() as tmp:
            qrels, run = write_inputs(Path(tmp), topics, args.docs)
            wall, cpu, rss, out, _, anon = measured(
                _sdreval("eval", str(qrels), str(run), *measures, "--quiet"))
            ours = {line.split("\t")[1]: float(line.split("\t")[3])
                    for line in out.splitlines()}
            mine = f"{wall:.2f}, {cpu:.2f}, {rss:.0f} ({anon:.0f})"
            if not trec_eval:
                print(f"| {topics:,} x {args.docs} | {mine} | (no trec_eval) | | | {_load()} |")
                continue
            peer_args = [trec_eval] + [x for m in TREC_EVAL_MEASURES.values()
                                       for x in ("-m", m.replace("_cut_", "_cut.")
                                                 .replace("P_", "P."))] + [str(qrels), str(run)]
            try:
                p_wall, p_cpu, p_rss, p_out, _, p_anon = measured(peer_args, args.timeout)
            except subprocess.TimeoutExpired:
                print(f"| {topics:,} x {args.docs} | {mine} | stopped after {args.timeout:.0f}"
                      f" s | | | {_load()} |")
                continue
            theirs = _trec_eval_means(p_out)
            agree = all(abs(ours[m] - theirs[TREC_EVAL_MEASURES[m]]) <= 5e-5 for m in MEASURES)
            print(f"| {topics:,} x {args.docs} | {mine} | {p_wall:.2f}, {p_cpu:.2f}, "
                  f"{p_rss:.0f} ({p_anon:.0f}) | {rss / p_rss:.2f}x ({anon / p_anon:.2f}x) | "
                  f"{agree} | {_load()} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--topics", type=int, default=20000)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--workers", default="2")
    parser.add_argument("-m", "--measures", default=",".join(MEASURES))
    parser.add_argument("--memory", default=None, metavar="TOPICS,TOPICS,...")
    parser.add_argument("--trec-eval", default=None)
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()
    if args.memory:
        memory(args)
    else:
        scaling(args)


if __name__ == "__main__":
    main()
