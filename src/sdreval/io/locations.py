"""Which files of a directory are a Parquet dataset's parts: one listing, for the table reader
(:mod:`sdreval.io.tables`) and for the workers of ``--jobs``/``--scheduler``
(:mod:`sdreval.orchestrate.parquet`)."""
from __future__ import annotations

import os
from pathlib import Path


def hidden(name: str) -> bool:
    """A file or folder name that is no part of a Parquet dataset: starting with ``.`` or
    ``_`` (as Arrow's dataset discovery skips them: ``_SUCCESS``, ``.crc`` files, ...)."""
    return name.startswith((".", "_"))


def dataset_parts(path: str | Path) -> list[str]:
    """The files of the dataset directory ``path``, Hive partition folders ``key=value/``
    included, :func:`hidden` names (and everything under a hidden folder) left out, in name
    order (of their paths inside the directory); each named as ``path`` joined with its
    relative path.  The one listing of a dataset's parts: the table reader reads these files,
    ``--jobs``/``--scheduler`` send one task each."""
    base = str(path).rstrip("/" + os.sep) or str(path)
    relative = [os.path.relpath(os.path.join(folder, name), base)
                for folder, _, names in os.walk(base) for name in names]
    kept = sorted(r for r in relative if not any(map(hidden, r.split(os.sep))))
    return [base + os.sep + r for r in kept]
