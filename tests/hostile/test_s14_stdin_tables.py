"""Tables on standard input: CSV/TSV (plain or gzip-compressed) and Parquet piped as ``-`` are
read like the same file (were 'no such file or directory: -' and 'PARQUET file with columns
none')."""
from __future__ import annotations

import gzip
import io
import os
import subprocess
import sys

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = '{"query_id": "q1", "doc_id": "d1", "start": 20, "end": 40, "relevance": 1}\n'
ROWS = pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["d1", "d1"], "start": [0, 10],
                     "end": [20, 40], "score": [2.0, 1.0]})


def _bytes(layout: str) -> bytes:
    if layout == "parquet":
        out = io.BytesIO()
        ROWS.to_parquet(out)
        return out.getvalue()
    text = ROWS.to_csv(index=False, sep="\t" if layout == "tsv" else ",").encode()
    return gzip.compress(text) if layout == "csv.gz" else text


@pytest.mark.parametrize("layout", ["csv", "tsv", "csv.gz", "parquet"])
def test_a_table_on_stdin_reads_as_the_file(tmp_path, layout):
    (tmp_path / "q.jsonl").write_text(QRELS)
    data = _bytes(layout)
    (tmp_path / f"run.{layout}").write_bytes(data)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))

    def scores(run: str, given: bytes | None) -> tuple[int, list[str]]:
        args = ["eval", str(tmp_path / "q.jsonl"), run, "-m", "SpanP@2", "-m", "SpanR@2"]
        if given is None:  # the file: in this process (a process of its own costs 1.3 CPU s)
            done = CliRunner().invoke(cli, args)
            assert done.exception is None or isinstance(done.exception, SystemExit), done.output
            return done.exit_code, [line.split("\t", 1)[1] for line in done.stdout.splitlines()]
        done = subprocess.run([sys.executable, "-m", "sdreval", *args], input=given, env=env,
                              capture_output=True, timeout=120)
        assert b"Traceback" not in done.stderr, done.stderr
        return done.returncode, [line.split("\t", 1)[1] for line in
                                 done.stdout.decode().splitlines()]

    # retrieved 0-20 then 10-40: 40 characters, 20 of them gold (20-40)
    expected = (0, ["SpanP@2\tall\t0.5000", "SpanR@2\tall\t1.0000"])
    assert scores(str(tmp_path / f"run.{layout}"), None) == expected
    assert scores("-", data) == expected
