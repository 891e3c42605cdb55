"""One listing of a Parquet dataset's part files (hidden and underscore names left out, at
any depth): the files the table reader reads are the files --jobs sends one task each, and
both are the files Arrow's own dataset discovery finds."""
import shutil

import pyarrow.dataset as ds
from test_parquet_datasets import MEASURES, _run, write_dataset

from sdreval.errors import ProblemLog
from sdreval.io.locations import dataset_parts
from sdreval.io.tables import load_table
from sdreval.orchestrate.parquet import dataset_files


def test_reader_and_workers_list_the_same_parts(tmp_path):
    qrels, text, dataset, _ = write_dataset(tmp_path, topics=30)
    real = sorted(str(p) for p in dataset.rglob("*.parquet"))
    assert len(real) == 4
    extra = {"_SUCCESS": None, "_tmp/a.parquet": real[0], "bucket=1/.hidden/a.parquet": real[0],
             "bucket=2/_x/a.parquet": real[0], "bucket=3/.part.crc": None}
    for name, source in extra.items():
        target = dataset / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source:
            shutil.copy(source, target)
        else:
            target.write_bytes(b"")
    assert dataset_parts(dataset) == real
    assert sorted(ds.dataset(str(dataset)).files) == real  # Arrow's own rule
    assert dataset_files(str(dataset)) == real
    assert sorted(set(load_table(dataset, ProblemLog()).parts[0])) == real
    serial = _run(["eval", qrels, text, *MEASURES, "-q"])
    assert _run(["eval", qrels, dataset, *MEASURES, "-q"]) == serial
    assert _run(["eval", qrels, dataset, *MEASURES, "-q", "--jobs", "2"]) == serial
