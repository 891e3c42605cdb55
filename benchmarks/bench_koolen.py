"""Benchmark: the INEX 2007-2010 passage tasks against Koolen's official ``inex_eval`` (Java).

Both tools run as whole processes on the same files (JVM start and Python start-up included),
paired in the same rounds, for the three tasks of the INEX 2010 ad hoc track:

* ``-f`` Focused: MAiP and iP at 0.00, 0.01, 0.05, 0.10;
* ``-r`` Relevant in Context: MAgP and gP at 1, 2, 3, 5, 10, 25, 50 (F with beta 0.25);
* ``-b`` Best in Context: the same with the BEP distance score (n = 500).

Both are given every run file in one command, as a user types them: Koolen's ``main`` reads
the qrels once and then evaluates each run file named after them in turn, in the same JVM
(``java inex_eval.inex_eval -f QRELS run1 run2 ...``), and ``sdreval eval QRELS run1 run2 ...``
does the same in one Python process; so each side pays its start-up once per task.

Data sets: the real INEX 2009/2010 passage run and qrels of ``tests/realdata/inex2009-2010-zendel``
and a synthetic set written by ``sdreval simulate`` (default 50 runs x 50 topics x 1,500 passages,
no overlap).  Koolen's tool refuses overlapping passages and, for the in-context tasks, articles
whose results are not consecutive (``-r``) or returned twice (``-b``); for those tasks the runs are
rewritten first as the tasks require (each article's results grouped at its first appearance;
for Best in Context the article's first result only), and both tools read the rewritten files.

sdreval runs with ``--compat inex`` (recall binned as ``floor(100 R)`` in floating point, as
Koolen's tool does; on the synthetic set the default's exact comparison moves MAiP by up to 8e-7).
Every mean printed by both tools is compared (they agree to 1e-9 or the benchmark fails), and the
ratio of sdreval's CPU time (user + system of the child process) to Koolen's is printed with the
wall times and the machine load; and the ratio of sdreval's CPU time to a process that only reads
the same files with pandas (``FLOOR``).

Koolen's tool is not part of sdreval and nothing here builds it: point ``--koolen`` (or
``SDREVAL_KOOLEN``) at a folder holding its compiled classes (``inex_eval/inex_eval.class`` and
the classes beside it).

    python benchmarks/bench_koolen.py --koolen DIR [--sim DIR] [--repeat 3]
    python benchmarks/bench_passage.py --koolen DIR      # the same comparison
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pandas as pd
from bench_end_to_end import timed  # noqa: E402  (benchmarks/ is the script's folder)

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "realdata" / "inex2009-2010-zendel"
TASKS = {
    "f": ["MAiP", "iP@0.00", "iP@0.01", "iP@0.05", "iP@0.10"],
    "r": ["MAgP"] + [f"gP@{k}" for k in (1, 2, 3, 5, 10, 25, 50)],
    "b": ["MAgP(task=bic)"] + [f"gP(task=bic)@{k}" for k in (1, 2, 3, 5, 10, 25, 50)],
}
RUN_COLUMNS = ["topic", "q0", "doc", "rank", "rsv", "run", "offset", "length"]


def koolen_classes(folder: Path) -> Path:
    """The folder holding ``inex_eval/inex_eval.class`` (``folder`` or its parent)."""
    for candidate in (folder, folder.parent):
        if (candidate / "inex_eval" / "inex_eval.class").is_file():
            return candidate
    raise SystemExit(f"no inex_eval/inex_eval.class under {folder}")


#: the floor: a Python process that only reads the same files with pandas (the qrels as ragged
#: space-separated rows, the runs as 8 columns), the least a reader built on pandas does
FLOOR = """
import sys
import pandas as pd
qrels, width, runs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rows = len(pd.read_csv(qrels, sep=" ", header=None, names=range(width), engine="c"))
for run in runs:
    rows += len(pd.read_csv(run, sep=" ", header=None, engine="c"))
print(rows)
"""


def rewrite_for_task(paths: list[Path], task: str, folder: Path) -> list[Path]:
    """The runs as both tools can read them for the task.  Results repeating an earlier result
    of their topic (same article, offset and length) are dropped first: the real run holds topic
    2009079 twice, and Koolen's tool, which checks overlaps only within a topic's first block,
    then counts those characters twice (recall above 1, "Impossible recall point") where sdreval
    counts each character once.  Relevant in Context then groups each article's results at its
    first appearance; Best in Context keeps each article's first result only."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for path in paths:
        frame = pd.read_csv(path, sep=r"\s+", header=None, names=RUN_COLUMNS, dtype=str)
        frame = frame.drop_duplicates(["topic", "doc", "offset", "length"], keep="first")
        frame["row"] = range(len(frame))
        if task != "f":
            first = frame.groupby(["topic", "doc"], sort=False)["row"].transform("min")
            frame = frame.assign(first=first).sort_values(["first", "row"], kind="stable")
        if task == "b":
            frame = frame.drop_duplicates(["topic", "doc"], keep="first")
        frame["rank"] = frame.groupby("topic", sort=False).cumcount() + 1
        out.append(folder / path.name)
        frame[RUN_COLUMNS].to_csv(out[-1], sep=" ", header=False, index=False)
    return out


#: The children's environment: Python may write its bytecode caches, as an installed package has
#: them (with PYTHONDONTWRITEBYTECODE set, every start compiles sdreval's modules anew: ~0.3 s).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def koolen_means(stdout: str, task: str) -> dict[tuple[str, str], float]:
    """``(run file stem, sdreval measure name) -> mean`` from Koolen's output."""
    names = {"MAiP": "MAiP", "MAgP": TASKS[task][0]}
    means = {}
    stem = None
    for line in stdout.splitlines():
        match = re.match(r'<eval run-id="[^"]*" file="([^"]+)">', line)
        if match:
            stem = Path(match.group(1)).stem
            continue
        fields = line.split()
        if len(fields) != 3 or fields[1] != "all":
            continue
        name, value = fields[0], float(fields[2])
        if name in names:
            means[(stem, names[name])] = value
        elif match := re.fullmatch(r"iP\[(\d\.\d\d)\]", name):
            means[(stem, f"iP@{match.group(1)}")] = value
        elif match := re.fullmatch(r"gP\[(\d+)\]", name):
            key = f"gP@{match.group(1)}" if task == "r" else f"gP(task=bic)@{match.group(1)}"
            means[(stem, key)] = value
    return means


def sdreval_means(csv_path: Path, paths: list[Path]) -> dict[tuple[str, str], float]:
    """``(run file stem, measure) -> mean`` from ``sdreval eval --format csv``; runs are named
    by their run-id, which the synthetic and real files make unique per file."""
    table = pd.read_csv(csv_path)
    table = table[table["topic"].astype(str) == "all"]
    names = {}
    for path in paths:
        with open(path) as handle:
            names[handle.readline().split()[5]] = path.stem
    return {(names[r.run], r.measure): float(r.value) for r in table.itertuples()}


def compare(data: str, qrels: Path, runs: list[Path], classes: Path, tasks: str, repeat: int,
            tmp: Path) -> list[str]:
    rows = []
    slug = re.sub(r"\W+", "-", data)
    for task in tasks:
        paths = rewrite_for_task(runs, task, tmp / f"{slug}-{task}")
        out = tmp / f"{slug}-{task}.csv"
        koolen = ["java", "-cp", str(classes), "inex_eval.inex_eval", f"-{task}", str(qrels),
                  *map(str, paths)]
        ours = [sys.executable, "-c", "import sys; from sdreval.cli.main import main; "
                "sys.argv[0] = 'sdreval'; main()", "eval", str(qrels), *map(str, paths),
                *[x for m in TASKS[task] for x in ("-m", m)], "--format", "csv", "-o", str(out),
                "--quiet", "--compat", "inex"]
        width = max(len(line.split()) for line in open(qrels))
        floor = [sys.executable, "-c", FLOOR, str(qrels), str(width), *map(str, paths)]
        k_wall, k_cpu, s_wall, s_cpu, f_cpu = [], [], [], [], []
        timed(ours, CHILD_ENV)  # warm-up: bytecode caches written, files in the page cache
        for _ in range(repeat):  # paired rounds: the same load for every process
            wall, cpu, k_out = timed(koolen, CHILD_ENV)
            k_wall.append(wall)
            k_cpu.append(cpu)
            wall, cpu, _ = timed(ours, CHILD_ENV)
            s_wall.append(wall)
            s_cpu.append(cpu)
            f_cpu.append(timed(floor, CHILD_ENV)[1])
        theirs, mine = koolen_means(k_out, task), sdreval_means(out, paths)
        missing = set(theirs) ^ set(mine)
        worst = max(abs(theirs[k] - mine[k]) for k in theirs if k in mine)
        if missing or worst > 1e-9:
            raise SystemExit(f"{data} -{task}: means differ (largest {worst:.2e}; "
                             f"{len(missing)} missing on one side, e.g. {sorted(missing)[:3]})")
        rows.append(f"| {data} | -{task} | {len(paths)} | {min(s_cpu):.2f} / {min(s_wall):.2f} | "
                    f"{min(k_cpu):.2f} / {min(k_wall):.2f} | **{min(s_cpu) / min(k_cpu):.2f}** | "
                    f"{min(s_wall) / min(k_wall):.2f} | {min(f_cpu):.2f} | "
                    f"{min(s_cpu) / min(f_cpu):.2f} | {len(theirs)} equal (max diff "
                    f"{worst:.0e}) | {os.getloadavg()[0]:.1f} |")
        print(rows[-1], flush=True)
    return rows


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of the paired comparison (also offered by ``bench_passage.py --koolen``)."""
    ap.add_argument("--koolen", type=Path, default=os.environ.get("SDREVAL_KOOLEN"),
                    help="folder with Koolen's compiled inex_eval classes (or SDREVAL_KOOLEN)")
    ap.add_argument("--sim", type=Path, help="an existing `sdreval simulate` folder (passage "
                                             "runs, no overlap); default: write one")
    ap.add_argument("--tasks", default="frb", help="of f (Focused), r (Relevant in Context), "
                                                   "b (Best in Context)")
    ap.add_argument("--no-real", action="store_true", help="skip the real INEX data")
    ap.add_argument("--no-sim", action="store_true", help="skip the synthetic data")


def paired(args: argparse.Namespace) -> None:
    """Time sdreval against Koolen's inex_eval on the real and the synthetic data, paired."""
    if args.koolen is None or shutil.which("java") is None:
        raise SystemExit("needs java and --koolen DIR (or SDREVAL_KOOLEN)")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        classes = koolen_classes(args.koolen)
        print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; best of {args.repeat} "
              f"paired rounds; CPU = user + system of the whole process\n")
        print("| data | task | runs | sdreval CPU / wall s | inex_eval CPU / wall s | "
              "CPU ratio | wall ratio | pandas read CPU s | ratio to it | means | load |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        if not args.no_real and REAL.is_dir():
            compare("INEX 2009/2010 (real)", REAL / "INEX_Qrels.txt",
                    [REAL / "bert_inex_converted.run"], classes, args.tasks, args.repeat, tmp)
        sim = args.sim
        if args.no_sim:
            return
        if sim is None:
            sim = tmp / "sim"
            subprocess.run([sys.executable, "-m", "sdreval.cli.main", "simulate", str(sim),
                            "--runs", str(args.runs), "--topics", str(args.topics),
                            "--length", str(args.passages), "--run-format", "passage",
                            "--no-overlap", "--quiet"], check=True)
        runs = sorted((sim / "runs").glob("*.txt"))
        compare(f"simulate {len(runs)}x{args.topics}x{args.passages}", sim / "qrels.fol", runs,
                classes, args.tasks, args.repeat, tmp)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(ap)
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--topics", type=int, default=50)
    ap.add_argument("--passages", type=int, default=1500)
    ap.add_argument("--repeat", type=int, default=3)
    paired(ap.parse_args())


if __name__ == "__main__":
    main()
