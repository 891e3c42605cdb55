"""Where a table lives: a local (or mounted) path, or a URL read with fsspec (``s3://``,
``gs://``, ``hdfs://``, ``file://``, ``memory://``, ...); and which files of a directory are a
Parquet dataset's parts.

From a URL only Parquet files and datasets are read (Arrow reads them through fsspec); text
inputs (TREC, JSONL, CSV, XML) are read from local paths only, and a URL naming one is refused
(:func:`refuse_text_url`).  A URL whose scheme needs a library that is not installed
(``s3fs``, ``gcsfs``, ...) is refused with what to install.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from ..errors import InputError, UsageError

_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+://")


def is_url(path: str | Path | None) -> bool:
    """True for ``scheme://...`` (a Windows drive ``C:\\`` is no URL)."""
    return isinstance(path, str) and _URL.match(path) is not None


def url_filesystem(url: str):
    """``(fsspec filesystem, path inside it)`` of a URL; a scheme fsspec does not know, or
    whose library is missing, is refused (:class:`UsageError`: what to install)."""
    try:
        from fsspec.core import url_to_fs
    except ImportError:
        raise UsageError(f"{url}: reading a URL needs fsspec (pip install fsspec, or "
                         "'sdreval[dask]'); else give a local or mounted path") from None
    try:
        return url_to_fs(url)
    except ImportError as error:  # fsspec names the library: "Install s3fs to access S3"
        raise UsageError(f"{url}: {error} (URLs are read with fsspec: pip install the "
                         "library of its scheme, or give a local or mounted path)") from None
    except ValueError as error:  # "Protocol not known: xyz"
        raise UsageError(f"{url}: {error}: not a URL that fsspec reads; give a local or "
                         "mounted path") from None


def arrow_paths(paths: list[str]) -> tuple[object | None, list[str]]:
    """``(Arrow filesystem or None, paths inside it)``: local paths as they are, URLs (all of
    one filesystem) through fsspec (``pyarrow.fs.PyFileSystem(FSSpecHandler(fs))``)."""
    if not paths or not is_url(paths[0]):
        return None, [str(p) for p in paths]
    from pyarrow.fs import FSSpecHandler, PyFileSystem

    fs, _ = url_filesystem(paths[0])
    return PyFileSystem(FSSpecHandler(fs)), [url_filesystem(p)[1] for p in paths]


def arrow_file(path: str | Path) -> tuple[str, object | None]:
    """``(path inside its filesystem, Arrow filesystem or None)`` of one file: what
    ``pyarrow.parquet.read_table(where, filesystem=fs)`` (and ``read_schema``) take."""
    filesystem, inner = arrow_paths([str(path)])
    return inner[0], filesystem


def is_directory(path: str | Path) -> bool:
    """A directory (a local one, or a URL's folder)."""
    if not is_url(path):
        return os.path.isdir(path)
    fs, inner = url_filesystem(str(path))
    return bool(fs.isdir(inner))


def file_size(path: str | Path) -> int:
    """The size of a file (local or URL); OSError when it is not there."""
    if not is_url(path):
        return os.path.getsize(path)
    fs, inner = url_filesystem(str(path))
    if not fs.isfile(inner):
        raise FileNotFoundError(str(path))
    return int(fs.size(inner))


def url_start(url: str, size: int) -> bytes:
    """The first ``size`` bytes of the file at a URL, as stored."""
    fs, inner = url_filesystem(url)
    try:
        with fs.open(inner, "rb") as handle:
            return handle.read(size)
    except FileNotFoundError:  # (its text is the bare path)
        raise InputError("no such file", url) from None
    except OSError as error:
        raise InputError(f"cannot read: {error}", url) from None


def hidden(name: str) -> bool:
    """A file or folder name that is no part of a Parquet dataset: starting with ``.`` or
    ``_`` (as Arrow's dataset discovery skips them: ``_SUCCESS``, ``.crc`` files, ...)."""
    return name.startswith((".", "_"))


def dataset_parts(path: str | Path) -> list[str]:
    """The files of the dataset directory ``path`` (local or URL), Hive partition folders
    ``key=value/`` included, :func:`hidden` names (and everything under a hidden folder) left
    out, in name order (of their paths inside the directory); each named as ``path`` joined
    with its relative path.  The one listing of a dataset's parts: the table reader reads
    these files, ``--jobs``/``--scheduler`` send one task each."""
    base = str(path).rstrip("/" + os.sep) or str(path)
    if is_url(path):
        fs, inner = url_filesystem(str(path))
        inner = inner.rstrip("/")
        relative = [found[len(inner) + 1:] for found in fs.find(inner)]
        sep = "/"
    else:
        relative = [os.path.relpath(os.path.join(folder, name), base)
                    for folder, _, names in os.walk(base) for name in names]
        sep = os.sep
    kept = sorted(r for r in relative if r and not any(map(hidden, r.split(sep))))
    return [base + sep + r for r in kept]


def refuse_text_url(url: str) -> InputError:
    """The refusal of a text input (TREC, JSONL, CSV, XML) given by URL."""
    return InputError("only Parquet files and datasets are read from a URL; text inputs (TREC "
                      "runs and qrels, JSONL, CSV, XML) are read from a local or mounted path: "
                      "copy the file there, or keep the run or qrels as a Parquet table "
                      "(docs/inputs.md)", url)
