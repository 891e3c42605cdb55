"""Reading judgement files: sdreval's columnar qrels readers vs pandas.read_csv.

Generates TREC qrels (``qid 0 docno rel``, 1,000 judged documents a topic), FOL qrels (``topic Q0 doc relchars doclen [BEP off:len ...]``, shaped like the INEX
2010 ad hoc qrels: about 14% of the judged documents relevant, with a BEP and one to five
passages, every line ending with a space) or a native judgement TSV
(``topic file path exhaustivity specificity size``), then times in fresh processes, in the same
run, alternating (best of ``--repeat``):

* sdreval's reader (``read_fol_qrels`` / ``read_native_qrels``: blocks parsed by Arrow,
  vectorised checks, the careful code for lines in doubt) -- validation, repeats, warnings and
  the Qrels (held as columns) included;
* the reference reader of the tests (``tests/reference/qrels.py``: every line parsed in
  Python), which it must equal;
* ``pandas.read_csv`` of the same file with the C engine and no validation: for FOL
  ``sep=" ", header=None, names=range(N)`` with N the most fields of a line (lines have a
  variable number of fields, and a trailing space), for TREC qrels the same with N = 4, for the
  TSV ``sep="\\t", comment="#"``.

Throughput is MB of file per second; the ratio sdreval / pandas is a ratio of throughputs
(>= 1.0: sdreval reads at least as fast).  Peak memory is the growth of the peak RSS over the
RSS after imports.

    python benchmarks/bench_qrels_io.py [--format fol|native|trec] [--mb 50] [--repeat 3]
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
mode, path, kind, fields, tests = sys.argv[1:6]
import numpy, pandas, pyarrow, pyarrow.csv, pyarrow.compute
from sdreval.errors import ProblemLog
from sdreval.io.fol import read_fol_qrels
from sdreval.io.native import read_native_qrels
from sdreval.io.trec_qrels import read_trec_qrels
def status(key):
    return [int(l.split()[1]) for l in open('/proc/self/status') if l.startswith(key)][0] / 1024
base = status("VmRSS:")
start = time.perf_counter()
reader = {"fol": read_fol_qrels, "native": read_native_qrels, "trec": read_trec_qrels}[kind]
if mode == "careful":
    sys.path.insert(0, tests)
    from reference import qrels as reference
    reader = {"fol": reference.read_fol_qrels_reference,
              "native": reference.read_native_qrels_reference,
              "trec": reference.read_trec_qrels_reference}[kind]
if mode in ("fast", "careful"):
    qrels = reader(path, ProblemLog())
    topics = qrels.topics
    rows = (topics.judgements() if hasattr(topics, "judgements")  # columns: no views built
            else sum(len(q.passages) + len(q.elements) for q in topics.values()))
elif kind in ("fol", "trec"):
    rows = len(pandas.read_csv(path, sep=" ", header=None, names=range(int(fields)),
                               engine="c", dtype={0: str, 2: str}))
else:
    rows = len(pandas.read_csv(path, sep="\t", comment="#", engine="c",
                               dtype={"topic": str, "file": str}))
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "rows": rows, "peak_mb": status("VmHWM:") - base}))
"""
MODES = {"fast": "sdreval (columnar)", "careful": "reference reader (tests/, per line)",
         "pandas": "pandas.read_csv (C engine)"}


def generate_fol(path: Path, megabytes: float) -> int:
    """FOL qrels of about ``megabytes``; returns the most fields of a line (with the empty
    field after the trailing space)."""
    rng = np.random.default_rng(5)
    size, topic, most = 0, 2010000, 0
    with open(path, "w") as out:
        while size < megabytes * 2**20:
            topic += 1
            count = int(rng.integers(500, 1500))
            docs = rng.choice(20_000_000, count, replace=False).tolist()
            doclen = rng.integers(100, 50_000, count).tolist()
            relevant = (rng.random(count) < 0.14).tolist()
            lines = []
            for doc, length, rel in zip(docs, doclen, relevant):
                if not rel:
                    lines.append(f"{topic} Q0 {doc} 0 {length} \n")
                    continue
                k = int(rng.integers(1, 6))
                cuts = np.sort(rng.choice(length, 2 * k, replace=False)).tolist()
                ranges = [(cuts[2 * i], cuts[2 * i + 1] - cuts[2 * i]) for i in range(k)]
                total = sum(n for _, n in ranges)
                passages = " ".join(f"{o}:{n}" for o, n in ranges)
                lines.append(f"{topic} Q0 {doc} {total} {length} {ranges[0][0]} {passages} \n")
                most = max(most, 7 + k)
            chunk = "".join(lines)
            out.write(chunk)
            size += len(chunk)
    return most


def generate_native(path: Path, megabytes: float) -> int:
    rng = np.random.default_rng(6)
    paths = [f"/article[1]/bdy[1]/sec[{i}]/p[{j}]" for i in range(1, 30) for j in range(1, 40)]
    size, topic = 0, 200
    with open(path, "w") as out:
        out.write("# scale=inex2005\ntopic\tfile\tpath\texhaustivity\tspecificity\tsize\n")
        while size < megabytes * 2**20:
            topic += 1
            lines = []
            for doc in rng.choice(1_000_000, 60, replace=False).tolist():
                picks = rng.choice(len(paths), 30, replace=False).tolist()
                for p in picks:
                    e = int(rng.integers(0, 3))
                    s = 0.0 if e == 0 else round(float(rng.random()) * 0.99 + 0.01, 3)
                    lines.append(f"{topic}\tco/{doc}.xml\t{paths[p]}\t{e}\t{s}\t"
                                 f"{int(rng.integers(10, 5000))}\n")
            chunk = "".join(lines)
            out.write(chunk)
            size += len(chunk)
    return 6


def generate_trec(path: Path, megabytes: float) -> int:
    rng = np.random.default_rng(7)
    size, topic = 0, 0
    with open(path, "w") as out:
        while size < megabytes * 2**20:
            topic += 1
            docs = rng.choice(50_000_000, 1000, replace=False).tolist()
            grades = rng.integers(0, 3, 1000).tolist()
            chunk = "".join(f"{topic} 0 clueweb-{d} {g}\n" for d, g in zip(docs, grades))
            out.write(chunk)
            size += len(chunk)
    return 4


def measure(mode: str, path: Path, kind: str, fields: int) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, mode, str(path), kind, str(fields),
                           str(Path(__file__).resolve().parents[1] / "tests")],
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", choices=("fol", "native", "trec"), default="fol")
    parser.add_argument("--mb", type=float, default=50.0, help="size of the generated file")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-careful", action="store_true",
                        help="do not time the reference reader (slow on big files)")
    args = parser.parse_args()
    modes = [m for m in MODES if not (args.skip_careful and m == "careful")]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"qrels.{args.format}"
        fields = {"fol": generate_fol, "native": generate_native,
                  "trec": generate_trec}[args.format](path, args.mb)
        size = path.stat().st_size / 2**20
        found: dict[str, list[dict]] = {m: [] for m in modes}
        for _ in range(args.repeat):
            for mode in modes:
                found[mode].append(measure(mode, path, args.format, fields))
    rows = {m: found[m][0]["rows"] for m in modes}
    assert len(set(rows.values())) == 1, rows
    best = {m: min(r["seconds"] for r in found[m]) for m in modes}
    print(f"{args.format} qrels, {size:.0f} MB, {rows[modes[0]]} judgements; best of "
          f"{args.repeat}, load {os.getloadavg()[0]:.1f}")
    print(f"{'reader':<36}{'seconds':>9}{'MB/s':>8}{'peak MB':>9}{'x file':>8}")
    for mode in modes:
        peak = max(r["peak_mb"] for r in found[mode])
        print(f"{MODES[mode]:<36}{best[mode]:>9.2f}{size / best[mode]:>8.0f}{peak:>9.0f}"
              f"{peak / size:>8.2f}")
    print("peak MB: growth of the peak RSS over the RSS after imports")
    print(f"throughput ratio sdreval / pandas.read_csv: {best['pandas'] / best['fast']:.2f} "
          f"(target >= 1.0)")
    if "careful" in best:
        print(f"columnar vs reference reader: {best['careful'] / best['fast']:.1f}x faster")


if __name__ == "__main__":
    main()
