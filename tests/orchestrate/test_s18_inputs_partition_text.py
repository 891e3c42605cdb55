"""A Hive-partitioned Parquet run whose folders are zero-padded topic ids (``topic=01``):
every path reads the partition value as the text ``"01"`` (ids are never typed), so it
matches the qrels' ``01``.  ``dask.dataframe.read_parquet`` alone infers the integer 1
(printed here to show the trap); ``sdreval.dask.evaluate(PATH)`` and
``sdreval.dask.read_parquet`` read the folders as text, as the CLI and ``sdreval.evaluate``
do.  Qrels: 01 judges a relevant, 02 judges c relevant; the run ranks a then b for 01 and c
then a for 02, so P@1 is 1 on both topics (and the mean 1); with 1 and 2 for topics it
would score no topic."""
from __future__ import annotations

import pandas as pd
import pytest

import sdreval

dd = pytest.importorskip("dask.dataframe")
sdask = pytest.importorskip("sdreval.dask")


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp("padded")
    for topic, docs in (("01", ["a", "b"]), ("02", ["c", "a"])):
        (root / "run" / f"topic={topic}").mkdir(parents=True)
        pd.DataFrame({"doc_id": docs, "score": [2.0, 1.0]}).to_parquet(
            root / "run" / f"topic={topic}" / "part.parquet")
    (root / "qrels.txt").write_text("01 0 a 1\n01 0 c 0\n02 0 c 1\n")
    return root


def test_dask_alone_types_the_folders(files):
    assert dd.read_parquet(str(files / "run")).compute().topic.astype(str).tolist() == \
        ["1", "1", "2", "2"]


@pytest.mark.parametrize("reader", [str, sdask.read_parquet])
def test_dask_path_reads_folders_as_text(files, reader):
    table = sdask.evaluate(reader(str(files / "run")), str(files / "qrels.txt"), ["P@1"])
    assert table.topic.tolist() == ["01", "02"] and table.value.tolist() == [1.0, 1.0]


def test_api_and_cli_read_folders_as_text(files, sdreval_cli):
    table = sdreval.evaluate(str(files / "qrels.txt"), str(files / "run"), ["P@1"],
                             per_topic=True)
    assert table.topic.tolist() == ["01", "02", "all"] and table.value.tolist() == [1.0] * 3
    result = sdreval_cli("eval", files / "qrels.txt", files / "run", "-m", "P@1", "-q")
    assert result.returncode == 0
    assert [line.split("\t")[2:] for line in result.stdout.splitlines() if "\t" in line] == \
        [["01", "1.0000"], ["02", "1.0000"], ["all", "1.0000"]]
