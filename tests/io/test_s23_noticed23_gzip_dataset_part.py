"""A Parquet dataset directory one of whose parts is gzip-compressed (``part-1.parquet.gz``)
got pyarrow's "Parquet magic bytes not found in footer", where a gzip-compressed single file
is said to be one.  The part is now named with the same message, serial and --jobs alike."""
from __future__ import annotations

import gzip

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


@pytest.fixture()
def dataset(tmp_path):
    folder = tmp_path / "ds"
    folder.mkdir()
    pd.DataFrame({"qid": ["1", "1"], "docno": ["d1", "d2"], "score": [2.0, 1.0]}).to_parquet(
        folder / "part-0.parquet")
    plain = tmp_path / "part-1.parquet"
    pd.DataFrame({"qid": ["2"], "docno": ["d3"], "score": [1.0]}).to_parquet(plain)
    (folder / "part-1.parquet.gz").write_bytes(gzip.compress(plain.read_bytes()))
    qrels = tmp_path / "q.txt"
    qrels.write_text("1 0 d1 1\n2 0 d3 1\n")
    return qrels, folder


@pytest.mark.parametrize("more", [[], ["--jobs", "2"]])
def test_a_gzip_part_is_named_and_said_to_be_gzip(dataset, more):
    qrels, folder = dataset
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(folder), "-m", "AP", *more])
    assert result.exit_code == 1
    assert "part-1.parquet.gz" in result.output
    assert "gzip-compressed Parquet" in result.output and "gunzip" in result.output
    assert "magic bytes" not in result.output
