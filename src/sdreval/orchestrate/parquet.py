"""Runs kept as Parquet datasets, evaluated file by file by the workers (``--jobs``,
``--scheduler``): the command sends each worker the path of a file of the dataset, the worker
reads it, evaluates the topics it holds and sends back their values (or, with ``-o DIR/``,
writes them and sends back counts and exact sums).

Every topic's rows must lie in one file: a topic found in two files would have its ranking
cut in two, so it is refused, with both files named (write the dataset bucketed by topic,
docs/scale.md, or evaluate it without ``--jobs``/``--scheduler``, read whole).
"""
from __future__ import annotations

import os
from pathlib import Path

from ..errors import InputError, ProblemLog
from ..model.run import Run

#: the layout :mod:`.ranges` gives a run read file by file from a Parquet dataset
PARQUET = "parquet"
_MAGIC = b"PAR1"


def _is_parquet_file(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(4) == _MAGIC
    except OSError:
        return False


def dataset_files(path: str) -> list[str] | None:
    """The Parquet files of a run given as a Parquet file or a dataset directory (in name
    order, Hive partition directories ``key=value/`` included; names starting with ``.`` or
    ``_`` left out, as Arrow leaves them out), else None."""
    if os.path.isfile(path):
        return [path] if _is_parquet_file(path) else None
    if not os.path.isdir(path):
        return None
    files = sorted(str(p) for p in Path(path).rglob("*") if p.is_file() and not any(
        part.startswith((".", "_")) for part in p.relative_to(path).parts))
    return files if files and all(map(_is_parquet_file, files)) else None


def dataset_name(path: str) -> str:
    """The run's name: the stem of the file or directory."""
    return Path(str(path).rstrip("/" + os.sep)).stem


def read_partition(path: str, name: str, log: ProblemLog) -> Run:
    """One file of a run's Parquet dataset, read as :func:`sdreval.io.read_run` reads its
    table (the columns and rules of the table reader, docs/inputs.md)."""
    import pandas as pd

    from ..io import read_run

    return read_run(pd.read_parquet(path), log=log, name=name)


def read_dataset(path: str, name: str, log: ProblemLog) -> Run:
    """The whole dataset read here, as one table (workers that do not see its files)."""
    import pandas as pd

    from ..io import read_run

    files = dataset_files(path) or [path]
    return read_run(pd.concat([pd.read_parquet(f) for f in files], ignore_index=True),
                    log=log, name=name)


def refuse_split(topic: str, first: str, second: str, dataset: str) -> InputError:
    """The refusal of a topic whose rows lie in two files of a dataset."""
    return InputError(f"topic {topic} has rows in {first} and in {second}: with --jobs or "
                      "--scheduler each file of a Parquet dataset is evaluated on its own, so "
                      "every topic's rows must lie in one file (its ranking would be cut in "
                      "two); write the dataset bucketed by topic (docs/scale.md) or evaluate "
                      "it without --jobs/--scheduler", dataset)
