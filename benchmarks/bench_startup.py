"""Start-up: whole processes, best of N, interleaved with the ir_measures
command line on the same tiny files (ir_measures' CLI takes TREC qrels; sdreval the same
judgements as its native TSV, since both hold the same four judgements).

    sdreval --help / --version           target <= 0.25 s, no numpy/pandas/scipy import
    sdreval eval QRELS RUN -m AP         target <= 0.5 s
    ir_measures --help / QRELS RUN AP    the peer

    python benchmarks/bench_startup.py [--repeat 7]
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

RUN = "".join(f"1 Q0 d{i} {i} {1 - i / 10} r\n" for i in range(1, 5))
TREC_QRELS = "1 0 d1 1\n1 0 d2 0\n1 0 d3 1\n1 0 d4 0\n"
NATIVE_QRELS = "".join(f"1\td{i}\t/article[1]\t{g}\t{g}\n" for i, g in
                       ((1, 1), (2, 0), (3, 1), (4, 0)))


def command(name: str) -> list[str]:
    """The console script next to this interpreter, else ``python -m``."""
    script = Path(sys.executable).with_name(name)
    if script.exists():
        return [str(script)]
    found = shutil.which(name)
    return [found] if found else [sys.executable, "-m", name.replace("-", "_")]


def best(cases: dict[str, list[str]], repeat: int, cwd: str) -> dict[str, float]:
    """Best wall time of each command; one untimed round first.  Byte-code caching is on (as
    in any installation): PYTHONDONTWRITEBYTECODE would recompile every module each run."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = {label: float("inf") for label in cases}
    for round_ in range(repeat + 1):
        for label, argv in cases.items():
            start = time.perf_counter()
            done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=env)
            elapsed = time.perf_counter() - start
            if done.returncode != 0:
                raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr}")
            if round_:
                times[label] = min(times[label], elapsed)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    sdreval, ir_measures = command("sdreval"), command("ir_measures")
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "run").write_text(RUN)
        Path(folder, "qrels.trec").write_text(TREC_QRELS)
        Path(folder, "qrels.tsv").write_text(NATIVE_QRELS)
        cases = {
            "sdreval --help": sdreval + ["--help"],
            "sdreval --version": sdreval + ["--version"],
            "sdreval eval (4-line run, AP)": sdreval + ["eval", "qrels.tsv", "run", "-m", "AP"],
            "ir_measures --help": ir_measures + ["--help"],
            "ir_measures (4-line run, AP)": ir_measures + ["qrels.trec", "run", "AP"],
            "python -c pass": [sys.executable, "-c", "pass"],
        }
        times = best(cases, args.repeat, folder)
    print(f"best of {args.repeat}, interleaved; load {os.getloadavg()[0]:.1f}")
    for label, seconds in times.items():
        print(f"{label:34s} {seconds:6.3f} s")
    for what, ours, theirs, target in (
            ("--help", "sdreval --help", "ir_measures --help", 0.25),
            ("eval", "sdreval eval (4-line run, AP)", "ir_measures (4-line run, AP)", 0.5)):
        verdict = "met" if times[ours] <= target else "missed"
        print(f"{what:7s} {times[ours] / times[theirs]:.2f}x ir_measures "
              f"(target <= {target} s: {verdict})")


if __name__ == "__main__":
    main()
