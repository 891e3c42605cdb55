"""Parquet by URL (``memory://``, in this process; session 24 coverage hunt): a gzip part of a
dataset named, a missing file said so (it was "cannot read: /the/path", fsspec's bare text),
file sizes as a Dask worker sees them, and fsspec missing."""
from __future__ import annotations

import gzip
import io
import sys

import fsspec
import pandas as pd
import pytest

from sdreval.errors import InputError, UsageError
from sdreval.io.locations import file_size, url_filesystem
from sdreval.io.readers import read_run


@pytest.fixture
def stored(request):
    memory = fsspec.filesystem("memory")
    root = f"/s24-{request.node.name}"
    buffer = io.BytesIO()
    pd.DataFrame({"query_id": ["1"], "doc_id": ["d"], "score": [1.5]}).to_parquet(buffer)
    memory.pipe(f"{root}/one.parquet", buffer.getvalue())
    memory.pipe(f"{root}/ds/part-0.parquet", buffer.getvalue())
    memory.pipe(f"{root}/ds/part-1.parquet", gzip.compress(buffer.getvalue()))
    yield f"memory:/{root}", len(buffer.getvalue())
    memory.rm(root, recursive=True)


def test_a_gzip_part_of_a_url_dataset_is_named(stored):
    url, _ = stored
    with pytest.raises(InputError) as caught:
        read_run(f"{url}/ds")
    problem = caught.value.problems[0]
    assert problem.file == f"{url}/ds/part-1.parquet"
    assert problem.message.startswith("gzip-compressed Parquet: ")


def test_a_missing_url_is_said_to_be_missing(stored):
    url, _ = stored
    for missing in (f"{url}/none.parquet", f"{url}/nodir"):
        with pytest.raises(InputError) as caught:
            read_run(missing)
        assert [(p.file, p.message) for p in caught.value.problems] == [(missing, "no such file")]


def test_file_size_by_url(stored):
    url, size = stored
    assert read_run(f"{url}/one.parquet")["1"].rsv.tolist() == [1.5]
    assert file_size(f"{url}/one.parquet") == size
    with pytest.raises(FileNotFoundError):
        file_size(f"{url}/none.parquet")


def test_a_url_without_fsspec_is_a_usage_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "fsspec.core", None)  # import fails
    with pytest.raises(UsageError, match="reading a URL needs fsspec"):
        url_filesystem("s3://bucket/run.parquet")
