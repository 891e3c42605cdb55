"""Shared helpers of the text readers: streaming lines with file and line numbers, safe numbers.

Every text reader (TREC-like runs, FOL qrels, native TSV) goes through :func:`iter_fields`:
the file is read line by line in binary (``.gz`` files are decompressed on the fly), each line
is decoded as UTF-8 (a line that is not UTF-8 is reported, never dropped silently), blank lines
and lines starting with ``#`` are skipped, and the rest is split on whitespace.

:func:`finish` implements the common "no log given" policy: problems are collected during the
whole read and, at the end, every error is raised at once in one :class:`InputError`
(warnings are issued as Python :class:`InputWarning` warnings, at most 20 and a count).
"""
from __future__ import annotations

import gzip
import math
import warnings
import zlib
from pathlib import Path
from typing import BinaryIO, Iterator

from ..errors import InputError, ProblemLog

#: bound on integers stored in int64 columns (ranks, offsets, lengths, sizes)
INT_LIMIT = 1 << 62
#: at most this many Python warnings per read when no ProblemLog is given
WARNING_LIMIT = 20


class InputWarning(UserWarning):
    """A problem of an input that does not invalidate it (used when no ProblemLog is given)."""


def open_binary(path: str | Path) -> BinaryIO:
    """Open ``path`` for binary reading; ``.gz`` files are decompressed transparently."""
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path} is a directory, not a file", str(path))
    if path.suffix == ".gz":
        return gzip.open(path, "rb")  # type: ignore[return-value]
    return open(path, "rb")


def read_head(path: str | Path, size: int = 65536) -> bytes:
    """The first ``size`` bytes of a file (decompressed), for format detection."""
    try:
        with open_binary(path) as handle:
            return handle.read(size)
    except (OSError, EOFError, zlib.error) as error:  # gzip.BadGzipFile is an OSError
        raise InputError(f"cannot read: {error}", str(path)) from None


def iter_fields(path: str | Path, log: ProblemLog) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(line number, whitespace-separated fields)`` of every non-blank, non-comment line.

    Lines that are not valid UTF-8 are reported as errors and skipped; a byte-order mark at
    the start of the file and carriage returns (CRLF files) are ignored.
    """
    name = str(path)
    try:
        handle = open_binary(path)
    except OSError as error:
        raise InputError(f"cannot open: {error}", name) from None
    with handle:
        number = 0
        try:
            for raw in handle:
                number += 1
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as error:
                    log.error(name, number, f"line is not UTF-8 ({error.reason} at byte "
                                            f"{error.start})")
                    continue
                if number == 1 and text.startswith("\ufeff"):
                    text = text[1:]
                fields = text.split()
                if not fields or fields[0].startswith("#"):
                    continue
                yield number, fields
        except (OSError, EOFError, zlib.error) as error:  # truncated / corrupt .gz
            log.error(name, number + 1, f"cannot read further: {error}")


def comment_lines(path: str | Path, limit: int = 50) -> list[str]:
    """The first ``limit`` lines starting with ``#`` (for directives such as ``scale=``)."""
    found: list[str] = []
    try:
        with open_binary(path) as handle:
            for raw in handle:
                text = raw.decode("utf-8", "replace").strip().lstrip("\ufeff")
                if text.startswith("#"):
                    found.append(text)
                elif text:
                    break
                if len(found) >= limit:
                    break
    except (OSError, EOFError, zlib.error):
        pass
    return found


def parse_int(text: str) -> int | None:
    """An integer in int64 range, or None if ``text`` is not one."""
    try:
        value = int(text)
    except ValueError:
        return None
    return value if -INT_LIMIT < value < INT_LIMIT else None


def parse_float(text: str) -> float | None:
    """A finite float, or None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def finish(log: ProblemLog, own: bool) -> None:
    """End of a read.  With a caller's log nothing happens (the caller decides); with our own
    log (``own``: the caller passed none) every error is raised at once and warnings are issued
    as :class:`InputWarning` (the first :data:`WARNING_LIMIT` and a count of the rest)."""
    if not own:
        return
    found = log.warnings
    for problem in found[:WARNING_LIMIT]:
        warnings.warn(str(problem), InputWarning, stacklevel=3)
    if len(found) > WARNING_LIMIT:
        warnings.warn(f"... and {len(found) - WARNING_LIMIT} more warnings (pass a ProblemLog "
                      f"to get them all)", InputWarning, stacklevel=3)
    log.raise_if_errors()
