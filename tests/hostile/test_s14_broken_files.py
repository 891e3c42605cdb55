"""Messages for two broken inputs that named the wrong cause: a truncated Parquet file ('PARQUET
file with columns none: neither a span input nor a document table') and gzip data in a file not
named .gz ('NUL bytes: a binary file, or text in UTF-16/UTF-32')."""
from __future__ import annotations

import gzip

import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 dA 1\n"


def _eval(tmp_path, run: str) -> tuple[int, str]:
    (tmp_path / "q.txt").write_text(QRELS)
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / run),
                                      "-m", "AP"])
    return result.exit_code, result.output


def test_a_truncated_parquet_file_says_so(tmp_path):
    frame = pd.DataFrame({"qid": ["1"] * 500, "docno": [f"d{i}" for i in range(500)],
                          "score": [1.0 / (i + 1) for i in range(500)]})
    frame.to_parquet(tmp_path / "whole.parquet")
    data = (tmp_path / "whole.parquet").read_bytes()
    (tmp_path / "run.parquet").write_bytes(data[: len(data) // 2])
    code, output = _eval(tmp_path, "run.parquet")
    assert code == 1 and "run.parquet: error: cannot read Parquet" in output, output


def test_gzip_data_without_gz_name_says_so(tmp_path):
    (tmp_path / "run.txt").write_bytes(gzip.compress(b"1 Q0 dA 1 1.0 r\n"))
    code, output = _eval(tmp_path, "run.txt")
    assert code == 1 and "gzip-compressed data in a file whose name does not end in .gz" \
        in output, output
    (tmp_path / "run.txt.gz").write_bytes((tmp_path / "run.txt").read_bytes())
    code, output = _eval(tmp_path, "run.txt.gz")  # named .gz: read
    assert code == 0 and "r\tAP\tall\t1.0000" in output, output
