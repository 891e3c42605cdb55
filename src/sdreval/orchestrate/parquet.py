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

from ..errors import InputError, ProblemLog
from ..io.locations import dataset_parts, is_directory, is_url
from ..io.textlines import PARQUET_MAGIC
from ..model.run import Run
from ..model.runnames import file_stem

#: the layout :mod:`.ranges` gives a run read file by file from a Parquet dataset
PARQUET = "parquet"


def _is_parquet_file(path: str) -> bool:
    from ..io.tables import read_start

    try:
        return read_start(path, 4) == PARQUET_MAGIC
    except InputError:
        return False


def dataset_files(path: str) -> list[str] | None:
    """The Parquet files of a run given as a Parquet file or a dataset directory, local or a
    URL (:func:`~sdreval.io.locations.dataset_parts`: the files the table reader reads, in
    its order), else None."""
    if path == "-" or (not is_url(path) and not os.path.exists(path)):
        return None
    if not is_directory(path):
        return [path] if _is_parquet_file(path) else None
    files = dataset_parts(path)
    return files if files and all(map(_is_parquet_file, files)) else None


def dataset_name(path: str) -> str:
    """The stem of the file or directory (the one rule,
    :func:`~sdreval.model.runnames.file_stem`): the run's name where no run column names it."""
    return file_stem(str(path).rstrip("/" + os.sep))


def named_run(file: str) -> str | None:
    """The run that a Parquet file's run column names (the rule of
    :func:`sdreval.io.table_checks.single_run_name`), None without one; only that column is
    read."""
    import pyarrow.parquet as pq

    from ..io.locations import arrow_file
    from ..io.table_checks import RUN, single_run_name

    where, filesystem = arrow_file(file)
    names = pq.read_schema(where, filesystem=filesystem).names
    found = [column for column in RUN if column in names][:1]
    if not found:
        return None
    return single_run_name(pq.read_table(where, columns=found, filesystem=filesystem)
                           .to_pandas(), file)


def head_name(path: str) -> str:
    """The name a whole reading gives the run: its first file's run column, else the stem."""
    files = dataset_files(path) or [path]
    return named_run(files[0]) or dataset_name(path)


def read_partition(path: str, root: str, name: str, log: ProblemLog) -> tuple[Run, str]:
    """One file of a run's Parquet dataset ``root`` (or the file itself), read as the table
    reader reads the dataset (:func:`sdreval.io.doc_tables.read_table_run`: columns, rules,
    problems at the file's rows), named ``name``; and the name the file gives the run (its run
    column, else the dataset's stem)."""
    from ..io.doc_tables import read_table_run

    inside = root if is_directory(root) else None
    run = read_table_run(path, log, name=name, root=inside)
    return run, named_run(path) or dataset_name(root)


def read_dataset(path: str, name: str, log: ProblemLog) -> Run:
    """The whole dataset read here, as one table (workers that do not see its files, or
    pieces that do not agree)."""
    from ..io.doc_tables import read_table_run

    return read_table_run(path, log, name=name)


def refuse_split(topic: str, first: str, second: str, dataset: str) -> InputError:
    """The refusal of a topic whose rows lie in two files of a dataset."""
    return InputError(f"topic {topic} has rows in {first} and in {second}: with --jobs or "
                      "--scheduler each file of a Parquet dataset is evaluated on its own, so "
                      "every topic's rows must lie in one file (its ranking would be cut in "
                      "two); write the dataset bucketed by topic (docs/scale.md) or evaluate "
                      "it without --jobs/--scheduler", dataset)
