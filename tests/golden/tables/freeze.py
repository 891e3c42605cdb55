"""Compute the outputs of every case (``python tests/golden/tables/freeze.py`` writes
``golden.json``; the test compares against it)."""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import table_cases as cases  # noqa: E402

GOLDEN = Path(__file__).parent / "golden.json.gz"
CLI_FUZZ = 15
TEXT_FUZZ = 1000
SPAN_FUZZ = 150


def readers():
    from sdreval import api
    from sdreval.io import read_qrels, read_run
    from sdreval.io.fol import read_fol_qrels, read_passage_qrels
    from sdreval.io.native import read_native_qrels
    from sdreval.io.trec_qrels import read_trec_qrels

    return {"fol": read_fol_qrels, "native": read_native_qrels, "trec-qrels": read_trec_qrels,
            "passage-qrels": read_passage_qrels,
            "span-qrels": lambda p, log: read_qrels(p, log=log),
            "span-run": lambda p, log: read_run(p, log=log),
            "frame-qrels": lambda f, log: api.read_qrels(f, log=log),
            "frame-run": lambda f, log: api.read_run(f, log=log)}


#: the cases in groups a test can check apart (so that parallel workers share them): the real
#: files, each text format, span judgements (files and frames), span runs (files and frames)
GROUPS = ("real", *cases.BASE, "span-qrels", "span-run")


def group_of(key: str) -> str:
    """The group a case's key belongs to (``cli/`` cases with the file they validate)."""
    kind = key.removeprefix("cli/").partition("/")[0]
    return "real" if kind in cases.REAL else kind.replace("frame-", "span-")


def compute(text_fuzz: int = TEXT_FUZZ, span_fuzz: int = SPAN_FUZZ, real: bool = True,
            groups: tuple[str, ...] = GROUPS) -> dict:
    import pandas as pd

    read = readers()
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        base = tmp + "/"
        real = real and "real" in groups
        if real:
            for name, path in cases.REAL.items():
                if path.exists():
                    out[name] = cases.outcome(read["fol"], path, str(path.parent) + "/")
        for kind in (k for k in cases.BASE if k in groups):
            for seed in range(text_fuzz):
                path = Path(tmp) / f"{kind}-{seed}.txt"
                path.write_bytes(cases.fuzz_text(kind, seed))
                out[f"{kind}/{seed}"] = cases.outcome(read[kind], path, base)
        for run in (False, True):
            what = "span-run" if run else "span-qrels"
            if what not in groups:
                continue
            for layout in ("jsonl", "csv", "parquet"):
                for seed in range(span_fuzz):
                    rows = cases.fuzz_rows(seed, run)
                    path = cases.write_rows(rows, Path(tmp) / f"{what}-{seed}.{layout}", layout)
                    out[f"{what}/{layout}/{seed}"] = cases.outcome(read[what], path, base)
            frame = "frame-run" if run else "frame-qrels"
            for seed in range(span_fuzz):
                rows = cases.fuzz_rows(seed, run)
                table = pd.DataFrame(rows).rename(columns={"start": "offset"})
                table["length"] = [r["end"] if isinstance(r["end"], str) else r["end"] - 0
                                   for r in rows]
                table = table.drop(columns=["end"])
                out[f"{frame}/{seed}"] = cases.outcome(read[frame], table, base)
        for name in sorted(out):
            kind, _, rest = name.partition("/")
            seed = rest.rpartition("/")[2]
            if kind in cases.BASE or kind.startswith("span"):
                if seed.isdigit() and int(seed) < CLI_FUZZ and int(seed) % 5 == 0:
                    suffix = rest.partition("/")[0] if "/" in rest else "txt"
                    path = Path(tmp) / f"{kind}-{seed}.{suffix}"
                    out[f"cli/{name}"] = cli(["validate", str(path)], base)
        if real:
            for name, path in cases.REAL.items():
                if path.exists():
                    out[f"cli/{name}"] = cli(["validate", str(path)], str(path.parent) + "/")
    return out


def cli(args: list[str], base: str) -> dict:
    """Exit code and output of one command."""
    from click.testing import CliRunner

    from sdreval.cli.main import cli as main

    result = CliRunner().invoke(main, args)
    return {"exit": result.exit_code, "output": result.output.replace(base, "")}


if __name__ == "__main__":
    import gzip

    GOLDEN.write_bytes(gzip.compress((json.dumps(compute(), indent=0, sort_keys=True)
                                      + "\n").encode(), mtime=0))
