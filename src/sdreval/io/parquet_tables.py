"""Parquet tables: a file, or a directory of Parquet files (a dataset, Hive partitions
``key=value`` included, their values as text) read file by file in sorted order, problems naming
the file and its row; id columns as text (:func:`id_frame`).  Used by the one tabular reader,
:func:`sdreval.io.tables.load_table`."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from ..errors import InputError
from ..lazy import lazy_module
from .ids import id_text
from .locations import arrow_file, arrow_paths, dataset_parts, is_url, url_start
from .table_model import Table
from .text_rules import GZIP_MAGIC
from .textlines import local_path

pd = lazy_module("pandas")


def to_frame(table):
    """``table.to_pandas()`` with pandas imported by Python first: Arrow's own import of it is
    declined in a one-command process (:class:`sdreval.lazy.ArrowPandasProbe`)."""
    import pandas  # noqa: F401

    return table.to_pandas()


def load_parquet(path: str | Path, ids: tuple[str, ...]) -> Table:
    """A Parquet file, problems naming its row (1-based)."""
    import pyarrow.parquet as pq

    frame = parquet_file(path, lambda where, filesystem: id_frame(
        pq.read_table(where, filesystem=filesystem), ids))
    return Table(frame, np.arange(1, len(frame) + 1, dtype=np.int64), str(path), unit="row")


def parquet_file(path: str | Path, read):
    """``read(where, filesystem)`` of a Parquet file, local or a URL; a file pyarrow cannot
    read is refused (:func:`parquet_problem`)."""
    where, filesystem = arrow_file(path if is_url(path) else local_path(path))
    try:
        return read(where, filesystem)
    except Exception as error:  # noqa: BLE001 - pyarrow raises many types on broken files
        raise InputError(parquet_problem(path, error), str(path)) from None


def parquet_problem(path: str | Path, error: Exception) -> str:
    """Why a Parquet file cannot be read: pyarrow's ``error``, unless the file is gzip data
    (``FILE.parquet.gz``, which format detection reads decompressed), said so."""
    if _gzipped(path):
        return ("gzip-compressed Parquet: Parquet compresses its own columns and is read as "
                "stored; decompress it first (gunzip FILE.gz)")
    return f"cannot read Parquet: {error}"


def _gzipped(path: str | Path) -> bool:
    try:
        if is_url(path):
            start = url_start(str(path), 2)
        else:
            with open(local_path(path), "rb") as handle:
                start = handle.read(2)
    except (OSError, InputError):
        start = b""
    return start == GZIP_MAGIC


def dataset_problem(path: str | Path, error: Exception, root: str | Path | None = None
                    ) -> InputError:
    """Why a directory of Parquet files (or its file ``path`` when ``root`` is the directory)
    cannot be read: :func:`parquet_problem`'s gzip rule for its first gzip part (named), else
    pyarrow's ``error``."""
    if isinstance(error, InputError):
        return error
    try:
        parts = dataset_parts(path) if root is None else [str(path)]
    except Exception:  # noqa: BLE001 - the listing failed: pyarrow's error says enough
        parts = []
    gzipped = next((part for part in parts if _gzipped(part)), None)
    if gzipped is not None:
        return InputError(parquet_problem(gzipped, error), gzipped)
    return InputError(f"cannot read the Parquet dataset: {error}", str(path))


def id_frame(table, ids: tuple[str, ...]) -> pd.DataFrame:
    """:func:`to_frame` of an Arrow table whose text id columns are dictionary-encoded first,
    then object columns of str: each distinct id one Python string (a run of 2 million rows
    and 2,000 topics holds 2,000 topic strings, not 2 million)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    text = [n for n in ids if n in table.column_names
            and (pa.types.is_string(table.schema.field(n).type)
                 or pa.types.is_large_string(table.schema.field(n).type))]
    for name in text:
        table = table.set_column(table.column_names.index(name), name,
                                 pc.dictionary_encode(table.column(name)))
    frame = to_frame(table)
    for name in frame.columns:  # dictionaries (and Hive partition values): plain text
        if isinstance(frame[name].dtype, pd.CategoricalDtype):
            frame[name] = frame[name].astype(object)
    return frame


def text_partitioning(files: list[str], base: str):
    """The Hive partitioning of the folders key=value between ``base`` and its ``files``,
    every value read as text (``topic=007`` is ``"007"``, where Arrow would infer 7)."""
    import pyarrow as pa
    import pyarrow.dataset as ds

    names: dict[str, None] = {}  # the keys of the folders key=value, in order met
    for found in files:
        for part in found[len(base) + 1:].replace(os.sep, "/").split("/")[:-1]:
            if "=" in part:
                names.setdefault(part.split("=", 1)[0])
    return ds.partitioning(pa.schema([(n, pa.string()) for n in names]), flavor="hive")


def _dataset(path: str | Path, root: str | Path | None = None):
    """The pyarrow dataset of a directory's parts (or of its file ``path`` when ``root`` is
    the directory), local or URL; Hive partition values as text (ids are never typed:
    ``topic=007`` is the topic ``"007"``)."""
    import pyarrow.dataset as ds

    base = str(path if root is None else root).rstrip("/" + os.sep)
    files = dataset_parts(path) if root is None else [str(path)]
    hive = text_partitioning(files, base)
    filesystem, inner = arrow_paths(files + [base])
    dataset = ds.dataset(inner[:-1], format="parquet", partitioning=hive,
                         partition_base_dir=inner[-1], filesystem=filesystem)
    shown = dict(zip(inner[:-1], files))  # Arrow's path of a part -> the path as given
    first = None  # pyarrow takes the first file's columns, and a folder's key=value over
    for part in sorted(dataset.get_fragments(), key=lambda f: f.path):  # the file's column
        where, columns = shown.get(part.path, part.path), sorted(part.physical_schema.names)
        first = first or (where, columns)
        if columns != first[1] and root is None:
            raise InputError(f"the files of the dataset hold different columns: {first[0]} "
                             f"holds {', '.join(first[1])}, this file {', '.join(columns)}; a "
                             "dataset is read by one schema: write its files with the same "
                             "columns", where)
        for key, value in ds.get_partition_keys(part.partition_expression).items():
            raw = np.array(ds.dataset(part.path, format="parquet", filesystem=filesystem)
                           .to_table(columns=[key]).column(key).to_pylist()
                           if value is not None and key in columns else [], object)
            text, bad = id_text(raw)
            for row in np.flatnonzero(bad | (text != value))[:1]:
                raise InputError(f"column {key} holds {raw[row]!r} but the folder {key}="
                                 f"{value} says {value!r}: make them agree, or drop the "
                                 "column (the folder gives it)", where, int(row) + 1)
    return dataset, files


def dataset_columns(path: str | Path) -> list[str]:
    """The columns of a directory of Parquet files."""
    try:
        return list(_dataset(path)[0].schema.names)
    except Exception as error:  # noqa: BLE001 - files of other columns, a broken file...
        raise dataset_problem(path, error) from None


def load_dataset(path: str | Path, ids: tuple[str, ...], root: str | Path | None = None
                 ) -> Table:
    """A directory of Parquet files (or its file ``path`` when ``root`` is the directory),
    file by file in sorted order: problems name the file and its row."""
    import pyarrow as pa

    file = str(path)
    try:
        dataset, files = _dataset(path, root)
        parts = list(dataset.get_fragments())  # in the order of ``files``
        tables = [part.to_table(schema=dataset.schema) for part in parts]
        frame = id_frame(pa.concat_tables(tables) if tables else dataset.schema.empty_table(),
                         ids)
    except Exception as error:  # noqa: BLE001 - pyarrow raises many types on broken files
        raise dataset_problem(path, error, root) from None
    sizes = np.array([len(t) for t in tables], dtype=np.int64)
    lines = np.concatenate([np.arange(1, n + 1, dtype=np.int64) for n in sizes.tolist()]
                           + [np.zeros(0, dtype=np.int64)])  # each part's rows from 1
    return Table(frame, lines, file, parts=(files, np.repeat(np.arange(len(sizes)), sizes)),
                 unit="row")
