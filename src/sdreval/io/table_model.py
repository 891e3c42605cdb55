"""The rows of a table and where each came from (:class:`Table`): what the tabular readers
(:mod:`sdreval.io.tables`, :mod:`sdreval.io.parquet_tables`) return and the span and document
readers check, each problem reported as ``file:line`` (or ``row <label>`` of a DataFrame)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..errors import InputError, ProblemLog
from ..lazy import lazy_module
from .table_checks import Checker, listed, row_place

pd = lazy_module("pandas")


@dataclass
class Table:
    """Rows of a table (a file or Parquet dataset, or a DataFrame / records given through the
    API) and where each came from."""

    frame: pd.DataFrame
    lines: np.ndarray  # 1-based line (or Parquet row, or DataFrame position) of every row
    file: str
    labels: Any = None  # a DataFrame's index labels (None for a file)
    #: a dataset's files and the index (into them) of every row's file; None for one file
    parts: tuple[list[str], np.ndarray] | None = None
    unit: str = "line"  # what :attr:`lines` count, in messages: ``row`` in a Parquet file

    def file_of(self, row: int) -> str:
        """The file holding row ``row`` (0-based): a dataset's part, else :attr:`file`."""
        return self.file if self.parts is None else self.parts[0][int(self.parts[1][row])]

    def place(self, row: int) -> str:
        """Where row ``row`` (0-based) is, in messages: ``line N`` of a text file, ``row N``
        of a Parquet file, ``row <label>`` of a DataFrame (as for every table:
        :func:`~sdreval.io.table_checks.row_place`)."""
        line = int(self.lines[row])
        return f"{self.unit} {line}" if self.labels is None else \
            row_place(self.labels[line - 1])

    def report(self, log: ProblemLog, row: int | None, message: str,
               severity: str = "error") -> None:
        """One problem of row ``row`` (None: of the whole input), where :meth:`checker`
        reports it: ``file:line`` (a dataset's part), ``(name): row <label>: ...``."""
        if row is not None:
            self.checker(log).report([row], lambda _: message, severity)
        else:
            (log.error if severity == "error" else log.warn)(self.file, None, message)

    def checker(self, log: ProblemLog) -> Checker:
        """The checks of every table (:class:`~sdreval.io.table_checks.Checker`), each bad row
        reported where it is (:meth:`place`) and left out
        (:meth:`~sdreval.io.table_checks.Checker.kept`)."""
        return Checker(self.file, log, self.place, self.lines if self.labels is None else None,
                       None if self.parts is None else self.file_of)

    def taken(self, frame: pd.DataFrame, at: np.ndarray) -> Table:
        """The table of ``frame``, whose row ``r`` is row ``at[r]`` of this one (rows left
        out, repeated or reordered), each still reported where it came from."""
        return replace(self, frame=frame, lines=self.lines[at],
                       parts=None if self.parts is None else (self.parts[0], self.parts[1][at]))

    def require(self, keys: tuple[str, ...], what: str, log: ProblemLog) -> None:
        """Refuse a table without ``keys`` (``what``: the input, in the message); when some
        rows could not be read (lines that are not JSON), their errors say why."""
        missing = [k for k in keys if k not in self.frame.columns]
        if missing and log.error_count:
            log.raise_if_errors()
        if missing:
            raise InputError(f"{what} need the keys {', '.join(keys)} (missing: "
                             f"{', '.join(missing)}; found: "
                             f"{listed(self.frame, self.labels)})", self.file)
