"""Per-topic results written per partition: a Parquet dataset directory
(``sdreval eval -q --format parquet -o DIR/``).

Each partition's per-topic rows go to a file of their own (``part-RUN-PIECE.parquet``, written
by the worker that evaluated them when the run was read in byte ranges), the means to
``part-means.parquet``; the client never holds the per-topic rows as one table.  Read back
(``pandas.read_parquet(DIR)``), the directory holds the rows of ``-q --format parquet -o FILE``
(columns ``run, topic, measure, value, topics``), in partition order.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from ..errors import UsageError
from ..lazy import lazy_module

pd = lazy_module("pandas")

#: after every part file in name order, as the means follow the per-topic rows
MEANS_FILE = "part-means.parquet"


def is_dataset(output: str | None) -> bool:
    """True if ``-o`` names a directory (an existing one, or a path ending in ``/``)."""
    return bool(output) and (os.path.isdir(output) or str(output).endswith(("/", os.sep)))


def prepare(output: str, fmt: str) -> str:
    """The dataset directory of ``-o``, made if new; refused unless ``--format parquet`` and
    empty (files of an earlier run would be read back with the new ones)."""
    if fmt != "parquet":
        raise UsageError(f"-o {output}: a directory takes --format parquet (one file per "
                         "partition); give a file name for --format " + fmt)
    directory = Path(output)
    directory.mkdir(parents=True, exist_ok=True)
    if any(directory.iterdir()):
        raise UsageError(f"-o {output}: the directory is not empty; give a new or empty "
                         "directory (its files would be read back with the new ones)")
    return str(directory)


def part_path(directory: str, run: int, piece: int | str) -> str:
    """The file of piece ``piece`` of run number ``run`` (names sort in the output order)."""
    label = f"{piece:05d}" if isinstance(piece, int) else piece
    return os.path.join(directory, f"part-{run:05d}-{label}.parquet")


def write_part(path: str, table: pd.DataFrame) -> None:
    """Per-topic rows (``run, topic, measure, value``) to ``path``, with the ``topics``
    column of the means (missing on per-topic rows) so every file has one schema."""
    if not len(table):
        return
    rows = table.assign(topics=pd.arrays.IntegerArray(np.zeros(len(table), dtype=np.int64),
                                                      np.ones(len(table), dtype=bool)))
    rows.to_parquet(path, index=False)


def means_of(name: str, measures: list[str], matrix: np.ndarray) -> pd.DataFrame:
    """The means rows (``summarise(..., counts=True)``) of one run's values (measures x
    topics, in topic order), computed by :func:`~sdreval.measures.evaluate.summarise` itself
    on a table without topic names (one byte a row for run and measure)."""
    from ..measures.evaluate import summarise

    size = matrix.size
    light = pd.DataFrame({
        "run": pd.Categorical.from_codes(np.zeros(size, dtype=np.int8), [name]),
        "topic": pd.Categorical.from_codes(np.zeros(size, dtype=np.int8), ["-"]),
        "measure": pd.Categorical.from_codes(
            np.repeat(np.arange(len(measures), dtype=np.int16), matrix.shape[1]), measures),
        "value": matrix.reshape(-1)})
    means = summarise(light, counts=True)
    return means.astype({"run": means["topic"].dtype, "measure": means["topic"].dtype})


def remove(path: str) -> None:
    """Remove a part file (written by a range whose file was then read whole), if there."""
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def write_table(directory: str, table: pd.DataFrame, first_run: int = 0) -> None:
    """A gathered per-topic table written one file per run (runs evaluated in memory)."""
    for number, (_, rows) in enumerate(table.groupby("run", sort=False), first_run):
        write_part(part_path(directory, number, 0), rows)


def write_means(directory: str, means: pd.DataFrame) -> None:
    """The means rows to :data:`MEANS_FILE`."""
    means.to_parquet(os.path.join(directory, MEANS_FILE), index=False)
