"""Golden outputs: the cases whose CLI output is frozen in this folder.

Three groups, each a list of :class:`GoldenCase` (an id, CLI arguments and the files written
for it):

* ``real``: ``eval`` (several measure sets, ``-q``, ``--stream``, ``-c``, csv), ``validate`` and
  ``convert`` on the real INEX 2009/2010 data in tests/realdata;
* ``hostile``: every case of the hostile-input corpus (tests/hostile);
* ``fuzz``: seeded, mutated TREC-like element, passage and document runs, each evaluated whole
  and streamed.

Every case is run in-process with click's CliRunner; its exit code, stdout and stderr are
recorded with the temporary folder and the data folders replaced by placeholders.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import random
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
REAL = TESTS / "realdata"
SYN = example_path("synthetic")
FROZEN_CASES = HERE / "outputs.json"
FROZEN_FUZZ = HERE / "fuzz.txt"
FUZZ_PER_FORMAT = 1000
FUZZ_SAMPLE = 40  # full texts kept per format, the rest as hashes and a one-line summary


@dataclass
class GoldenCase:
    id: str
    args: list[str]
    files: dict[str, str | bytes | None] = field(default_factory=dict)


# --- real data ------------------------------------------------------------------------------
Z = REAL / "inex2009-2010-zendel"
W = REAL / "inex2009-wikipedia-sample"
A = REAL / "inex2010-adhoc"
FOL09 = str(Z / "INEX_Qrels.txt")
FOL10 = str(A / "inex2010.qrels")
BERT = str(Z / "bert_inex_converted.run")
BDY = str(W / "runs" / "element_run_bm25_bdy.txt")
SECP = str(W / "runs" / "element_run_bm25_article_sec_p.txt")
LTN = str(W / "runs" / "course_example_run_LTN_articles.txt")


def real_cases() -> list[GoldenCase]:
    return [
        GoldenCase("real-passage-default", ["eval", FOL09, BERT]),
        GoldenCase("real-passage-q", ["eval", FOL09, BERT, "-q", "-m", "MAiP", "-m", "iP@0.01"]),
        GoldenCase("real-passage-stream", ["eval", FOL09, BERT, "--stream", "-q", "-m", "MAiP"]),
        GoldenCase("real-passage-c-csv", ["eval", FOL09, BERT, "-c", "--format", "csv",
                                          "-m", "MAiP", "-m", "iP@0.10"]),
        GoldenCase("real-passage-classic", ["eval", FOL09, BERT, "-m", "map", "-m", "P_10",
                                            "-m", "ndcg_cut_10"]),
        GoldenCase("real-element-collection", ["eval", FOL09, BDY, "-q", "-m", "MAiP",
                                               "--collection", str(W / "docs")]),
        GoldenCase("real-element-classic", ["eval", FOL09, LTN, BDY, SECP, "-q", "-m", "map",
                                            "-m", "P_10", "-m", "ndcg_cut_10"]),
        GoldenCase("real-element-stream-c", ["eval", FOL09, LTN, BDY, "--stream", "-c",
                                             "-m", "map", "-m", "P_10"]),
        GoldenCase("real-element-no-collection", ["eval", FOL10, LTN, "-m", "MAiP"]),
        GoldenCase("real-validate-bert", ["validate", BERT]),
        GoldenCase("real-validate-bdy", ["validate", BDY]),
        GoldenCase("real-validate-qrels", ["validate", FOL10]),
        GoldenCase("real-convert-bdy-document", ["convert", BDY, "out.run", "--to", "document"]),
        GoldenCase("real-convert-fol-trec", ["convert", FOL09, "out.qrels", "--to", "trec-qrels"]),
    ]


# --- hostile corpus -------------------------------------------------------------------------
def hostile_cases() -> list[GoldenCase]:
    spec = importlib.util.spec_from_file_location(
        "hostile_corpus", TESTS / "hostile" / "test_hostile_inputs.py")
    module = sys.modules.get("hostile_corpus") or importlib.util.module_from_spec(spec)
    sys.modules["hostile_corpus"] = module
    spec.loader.exec_module(module)
    bundled = {key: str(value) for key, value in module.BUNDLED.items()}
    cases = []
    for case in module.CASES:
        args = [bundled.get(a, a) if a not in case.files else a for a in case.args]
        cases.append(GoldenCase("hostile-" + case.id, args, dict(case.files)))
    return cases


# --- fuzzed TREC-like runs ------------------------------------------------------------------
DOC_QRELS = "".join(f"{t} 0 doc{d:04d} {(t * d) % 3}\n" for t in (1, 2, 3, 4) for d in range(12))
HOSTILE_FIELDS = ["", " ", "0x10", "0xFFFFFFFFFFFFFFFF", "-1", "0", "1e3", "nan", "inf", "+2",
                  "1.5", "9" * 25, "\x00", "\x1c", "\u0663", "Q1", "#", "\ufeff1", "doc0002",
                  "/article[1]", "/article[0]", "12:34", "-5", "00003"]
PATHS = ["/article[1]", "/article[1]/bdy[1]", "/article[1]/bdy[1]/sec[1]",
         "/article[1]/bdy[1]/sec[1]/p[5]", "/article[1]/bdy[1]/sec[2]/p[1]", "/article[1]/name[1]"]


def _valid_rows(kind: str, rng: random.Random) -> list[list[str]]:
    rows = []
    for topic in sorted(rng.sample(["1", "2", "3", "4", "5"], rng.randint(1, 3))):
        for rank in range(1, rng.randint(2, 8)):
            doc = f"doc{rng.randrange(12):04d}"
            row = [topic, "Q0", doc, str(rank), repr(round(1.0 - rank / 10, 3)), "fz"]
            if kind == "element":
                row.append(rng.choice(PATHS))
            elif kind == "passage":
                row += [str(rng.randrange(0, 6000)), str(rng.randrange(1, 900))]
            rows.append(row)
    return rows


def _mutate(rows: list[list[str]], rng: random.Random) -> None:
    for _ in range(rng.randint(0, 3)):
        if not rows:
            return
        i = rng.randrange(len(rows))
        what = rng.randrange(8)
        if what <= 2:
            row = rows[i]
            row[rng.randrange(len(row))] = rng.choice(HOSTILE_FIELDS)
        elif what == 3:
            rows.insert(rng.randrange(len(rows) + 1), list(rows[i]))  # repeated result
        elif what == 4:
            j = rng.randrange(len(rows))
            rows[i][3], rows[j][3] = rows[j][3], rows[i][3]  # ranks out of order
        elif what == 5:
            del rows[i][rng.randrange(len(rows[i]))]
        elif what == 6:
            rows[i].append(rng.choice(["x", "1", ""]))
        else:
            rows[i][2] = rows[rng.randrange(len(rows))][2]


def _join(rows: list[list[str]], rng: random.Random) -> bytes:
    lines = []
    for row in rows:
        sep = rng.choice([" ", " ", " ", "\t", "  ", " \t"])
        line = sep.join(row)
        if rng.random() < 0.05:
            line += rng.choice([" ", "\t", "\r"])
        lines.append(line)
    if rng.random() < 0.05:
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(["", "# comment", "   "]))
    ending = "\r\n" if rng.random() < 0.05 else "\n"
    text = ending.join(lines) + (ending if rng.random() < 0.9 else "")
    return text.encode("utf-8", "surrogatepass")


FUZZ_MEASURES = {
    "element": (str(SYN / "qrels.tsv"), ["-m", "MAep", "-m", "nxCG@5"]),
    "passage": (str(SYN / "qrels.fol"), ["-m", "MAiP", "-m", "iP@0.01"]),
    "document": ("doc.qrels", ["-m", "map", "-m", "P_5", "-m", "ndcg_cut_10"]),
}


def fuzz_cases(per_format: int = FUZZ_PER_FORMAT) -> list[GoldenCase]:
    cases = []
    for kind, (qrels, measures) in FUZZ_MEASURES.items():
        rng = random.Random(f"golden-{kind}")
        for n in range(per_format):
            rows = _valid_rows(kind, rng)
            _mutate(rows, rng)
            files: dict[str, str | bytes | None] = {"run.txt": _join(rows, rng)}
            if kind == "document":
                files["doc.qrels"] = DOC_QRELS
            stream = ["--stream"] if n % 2 else []
            cases.append(GoldenCase(f"fuzz-{kind}-{n:04d}",
                                    ["eval", qrels, "run.txt", "-q", *stream, *measures], files))
    return cases


# --- running --------------------------------------------------------------------------------
def _normalise(text: str, tmp: str) -> str:
    text = text.replace(tmp, "<TMP>").replace(str(REAL), "<REAL>")
    return text.replace(str(SYN.parent), "<EXAMPLES>")


def run_case(case: GoldenCase, tmp: Path) -> dict:
    """Exit code, stdout and stderr of one case, run in a fresh folder ``tmp``."""
    for name, content in sorted(case.files.items()):
        path = tmp / name
        if content is None:
            path.mkdir(parents=True, exist_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content if isinstance(content, bytes) else content.encode())
    args = [str(tmp / a) if a in case.files else a for a in case.args]
    old = os.getcwd()
    os.chdir(tmp)
    try:
        result = CliRunner().invoke(cli, args)
    finally:
        os.chdir(old)
    err = "" if result.exception is None or isinstance(result.exception, SystemExit) else \
        f"EXCEPTION {type(result.exception).__name__}: {result.exception}\n"
    tmpname = str(tmp)
    stdout = re.sub(r"sdreval [0-9][^\s]*", "sdreval <VERSION>", result.stdout)
    return {"code": result.exit_code, "stdout": _normalise(stdout, tmpname),
            "stderr": _normalise(result.stderr + err, tmpname)}


def run_all(cases: list[GoldenCase]) -> dict[str, dict]:
    out = {}
    for case in cases:
        with tempfile.TemporaryDirectory() as tmp:
            out[case.id] = run_case(case, Path(tmp))
    return out


def digest(record: dict) -> str:
    blob = f"{record['code']}\0{record['stdout']}\0{record['stderr']}".encode()
    return hashlib.sha1(blob).hexdigest()[:16]


def summary(record: dict) -> str:
    """One line: exit code, hash, and the first line of stderr (cut)."""
    first = record["stderr"].strip().splitlines()[:1]
    line = first[0][:110] if first else ""
    return f"{record['code']} {digest(record)} {line!r}"


def fuzz_lines(records: dict[str, dict]) -> list[str]:
    return [f"{key} {summary(rec)}" for key, rec in records.items()]


def sample_keys(keys: list[str]) -> list[str]:
    """The fuzz cases kept as full texts: the first FUZZ_SAMPLE of each format."""
    return [k for k in keys if int(k.rsplit("-", 1)[1]) < FUZZ_SAMPLE]
