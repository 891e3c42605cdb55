"""A gzip-compressed Parquet file (run.parquet.gz) is refused saying what it is: Parquet
compresses its own columns, and the file's footer is not found in gzip data, so pyarrow's own
message ("magic bytes not found in footer") names no cause.  The same message by detection
and by the table reader (format given)."""
from __future__ import annotations

import gzip

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.io.doc_tables import read_table_run


@pytest.fixture()
def files(tmp_path):
    plain = tmp_path / "run.parquet"
    pd.DataFrame({"qid": ["1", "1"], "docno": ["d1", "d2"], "score": [2.0, 1.0]}).to_parquet(plain)
    packed = tmp_path / "run.parquet.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    qrels = tmp_path / "q.txt"
    qrels.write_text("1 0 d1 1\n")
    return qrels, packed


def test_detection_says_gzip_compressed_parquet(files):
    qrels, packed = files
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(packed)])
    assert result.exit_code == 1
    assert "gzip-compressed Parquet" in result.output and "gunzip" in result.output
    assert "magic bytes" not in result.output


def test_table_reader_says_gzip_compressed_parquet(files):
    _, packed = files
    with pytest.raises(InputError, match="gzip-compressed Parquet") as error:
        read_table_run(packed)
    assert "magic bytes" not in str(error.value)
