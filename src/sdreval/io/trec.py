"""TREC-like runs of INEX 2006+ (element, passage and document layouts): the reader.

Blocks of the file are parsed as columns (:mod:`sdreval.io.trec_fast`); the lines a block
cannot give as columns are parsed one by one (:mod:`sdreval.io.trec_lines`, whose messages
every problem reported carries).  Layouts and policies: :mod:`sdreval.io.trec_lines` and
docs/inputs.md.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import ProblemLog
from ..model.run import Run
from .trec_fast import read_trec_run_fast
from .trec_lines import DOCUMENT_PATH, LAYOUTS, file_stem

__all__ = ["DOCUMENT_PATH", "LAYOUTS", "file_stem", "read_trec_run"]


def read_trec_run(path: str | Path, layout: str, log: ProblemLog | None = None,
                  name: str | None = None,
                  byte_range: tuple[int, int, int] | None = None) -> Run:
    """Read a TREC-like run in ``layout`` ``element``, ``passage`` or ``document``.

    Problems go to ``log`` (file, line, message); without a log every error is raised at the
    end in one :class:`~sdreval.errors.InputError`.  The run is named ``name``, else by its
    first run-id, else by the file name without extension.  Blocks of the file are parsed
    columnar (:mod:`sdreval.io.columnar`); a block that fails a column check is read line by
    line, so that each rejected line is reported with the message of its field.
    ``byte_range`` ``(start, end, lines before start)`` reads only that piece of an
    uncompressed file, cut at line starts (one topic partition, read by a parallel worker).
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown run layout {layout!r}")
    return read_trec_run_fast(path, layout, log, name, byte_range)
