"""Shared helpers of the text readers: opening (:func:`open_binary`), lines with their numbers
(:func:`iter_fields`: every line a reader cannot take in a block), safe numbers, and the "no
log given" policy (:func:`finish`).
"""
from __future__ import annotations

import re
import math
import os
import stat
import sys
import warnings
import zlib
from itertools import islice
from pathlib import Path
from typing import BinaryIO, Iterator

from ..errors import InputError, ProblemLog
from .locations import is_url, refuse_text_url
from .options import FORMAT_FLAGS, api_spelling
from .text_rules import (GZIP_MAGIC, SIGNATURE_BYTES, compression_problem, not_utf8,
                         odd_character, text_number, wide_problem)

#: bound on integers stored in int64 columns (ranks, offsets, lengths, sizes)
INT_LIMIT = 1 << 62
#: bound on character positions: a passage (run or qrels) must end before 2**32 characters, the
#: per-document band the passage measures index characters in (an end beyond it would spill
#: into the next document's band); documents are far shorter than 4 Gi characters
CHAR_LIMIT = 1 << 32


def not_from_one(rank: int | None) -> str:
    """Why a rank below 1 is refused in an element or passage run; for 0, what to do."""
    return "is not a positive integer" + (" (element and passage runs count ranks from 1, as "
                                          "INEX submissions: add 1 to ranks counted from 0)"
                                          if rank == 0 else "")


def beyond_char_limit(passage: str) -> str:
    """The message for a passage (``offset:length`` as written) that ends at or past
    :data:`CHAR_LIMIT`."""
    return (f"passage {passage} ends beyond {CHAR_LIMIT - 1} characters, the largest "
            "character position supported")


def nonnegative(text: str, what: str, bad: list[str]) -> int:
    """The value of a field that must be a non-negative decimal integer (-1, and the problem
    added to ``bad``, if it is not one)."""
    value = parse_int(text)
    if value is None or value < 0:
        bad.append(f"{what} {text!r} is not a non-negative integer")
        return -1
    return value


def passage_fields(offset: str, length: str, bad: list[str], also: tuple[str, ...] = ()
                   ) -> tuple[int, int]:
    """``(offset, length)`` of a passage written as two fields, the problems added to ``bad``:
    each a non-negative integer; then ``also`` (the line's other problems); then, if none so
    far, the passage must end before :data:`CHAR_LIMIT`."""
    start, size = nonnegative(offset, "offset", bad), nonnegative(length, "length", bad)
    bad.extend(also)
    if not bad and start + size >= CHAR_LIMIT:
        bad.append(beyond_char_limit(f"{start}:{size}"))
    return start, size


#: at most this many Python warnings per read when no ProblemLog is given
WARNING_LIMIT = 20


class InputWarning(UserWarning):
    """A problem of an input that does not invalidate it (used when no ProblemLog is given)."""


#: ``-`` and non-seekable inputs (pipes, ``/dev/stdin``) spooled once: name -> (the
#: ``sys.stdin`` read for ``-``, else None; local copy).  A new ``sys.stdin`` (a test runner's,
#: an embedding program's) is read again, never answered with the copy of the one before.
_SPOOLED: dict[str, tuple[object, Path]] = {}


def is_pipe(path: str | Path) -> bool:
    """True for ``-`` (standard input) and for inputs that cannot be read twice (pipes, FIFOs,
    character devices such as ``/dev/stdin`` on a pipe)."""
    name = str(path)
    if name == "-":
        return True
    try:
        mode = os.stat(name).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISCHR(mode) or stat.S_ISSOCK(mode)


def local_path(path: str | Path) -> Path:
    """A path that can be read several times (detection, then reading; two passes when
    streaming): ``-`` and pipes are copied once, whole, to a temporary file removed at exit,
    which every later call with the same name returns."""
    name = str(path)
    stream = sys.stdin if name == "-" else None
    spooled = _SPOOLED.get(name)
    if spooled is not None and spooled[0] is stream:
        return spooled[1]
    if is_url(name):  # text is read from local paths only
        raise refuse_text_url(name)
    if not is_pipe(name):
        return Path(path)
    try:
        source = sys.stdin.buffer if name == "-" else open(name, "rb")
    except OSError as error:
        raise InputError(f"cannot open: {error}", name) from None
    import atexit  # pipes only: with gzip, ~10 ms at every start
    import shutil
    import tempfile

    fd, spool = tempfile.mkstemp(prefix="sdreval-stdin-")
    atexit.register(Path(spool).unlink, missing_ok=True)
    try:
        with os.fdopen(fd, "wb") as out:
            shutil.copyfileobj(source, out, 1 << 20)
    except OSError as error:
        raise InputError(f"cannot read: {error}", name) from None
    finally:
        if source is not sys.stdin.buffer:
            source.close()
    _SPOOLED[name] = (stream, Path(spool))
    return Path(spool)


def open_binary(path: str | Path, wide_ok: bool = False) -> BinaryIO:
    """Open ``path`` for binary reading, ``.gz`` files (and piped gzip data, read from
    :func:`local_path`) decompressed.  Other compressed data, gzip data in a file not named
    ``.gz`` (:func:`compression_problem`) and UTF-16 or UTF-32 text (:func:`wide_problem`,
    unless ``wide_ok``: format detection, which reads such XML) are refused."""
    spooled = local_path(path)
    path = Path(path)
    piped = str(spooled) != str(path)
    if not piped and path.is_dir():
        raise InputError(f"{path} is a directory, not a file", str(path))
    if not piped and path.suffix == ".gz":
        import gzip  # compressed input only

        return gzip.open(path, "rb")  # type: ignore[return-value]
    handle = open(spooled, "rb")
    start = handle.read(SIGNATURE_BYTES)
    handle.seek(0)
    if piped and start.startswith(GZIP_MAGIC):
        import gzip  # compressed input only

        return gzip.open(handle, "rb")  # type: ignore[return-value]
    problem = compression_problem(start) or (None if wide_ok else wide_problem(start))
    if problem is not None:
        handle.close()
        raise InputError(problem, str(path))
    return handle


PARQUET_MAGIC = b"PAR1"


def table_layout(head: bytes) -> str | None:
    """``jsonl``, ``csv``, ``tsv``, ``parquet`` or None (a white-space separated text file)
    from the first bytes of a file: the layouts of span inputs."""
    if head.startswith(PARQUET_MAGIC):
        return "parquet"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"{"):
        return "jsonl"
    first = first_data_line(head)
    if first is None:
        return None
    if first.lstrip().startswith("{"):  # after comment lines
        return "jsonl"
    if "\t" in first:
        return "tsv"
    if "," in first:
        return "csv"
    return None


def first_data_line(head: bytes) -> str | None:
    """The first line of ``head`` that is neither blank nor a ``#`` comment."""
    for raw in head.decode("utf-8", "replace").lstrip("\ufeff").splitlines():
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            return raw
    return None


def read_head(path: str | Path, size: int = 65536) -> bytes:
    """The first ``size`` bytes of a file (decompressed), for format detection."""
    try:
        with open_binary(path, wide_ok=True) as handle:
            return handle.read(size)
    except (OSError, EOFError, zlib.error) as error:  # gzip.BadGzipFile is an OSError
        raise InputError(f"cannot read: {error}", str(path)) from None


def iter_fields(path: str | Path, log: ProblemLog, before: int = 0
                ) -> Iterator[tuple[int, list[str]]]:
    """``(line number, whitespace-separated fields)`` of every line but blank and ``#`` ones,
    after the first ``before`` lines (the rest of a damaged ``.gz`` whose blocks failed).
    A line that is not UTF-8, or holds a NUL or a byte-order mark (:func:`odd_character`;
    one at the file's start and CRLF line ends are ignored), is an error; a read error
    (truncated or corrupt ``.gz``) is reported at the line where reading stopped."""
    name = str(path)
    try:
        handle = open_binary(path)
    except OSError as error:
        raise InputError(f"cannot open: {error}", name) from None
    with handle:
        yield from iter_line_fields(islice(handle, before, None), name, log, before)


def iter_line_fields(lines, name: str, log: ProblemLog, before: int = 0
                     ) -> Iterator[tuple[int, list[str]]]:
    """:func:`iter_fields` on an iterable of raw lines (bytes) whose first line is number
    ``before + 1`` (a file, or a block of one cut at line ends)."""
    number = before
    try:
        for raw in lines:
            number += 1
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                log.error(name, number, not_utf8(error))
                continue
            if number == 1 and text.startswith("\ufeff"):
                text = text[1:]
            odd = odd_character(text)
            if odd is not None:
                log.error(name, number, f"the line {odd}")
                continue
            fields = text.split()
            if fields and not fields[0].startswith("#"):
                yield number, fields
    except (OSError, EOFError, zlib.error) as error:  # a truncated or corrupt .gz
        log.error(name, number + 1, f"cannot read further: {error}")


def is_repeat(seen: dict, key, content, number: int, what: str, file: str,
              log: ProblemLog) -> bool:
    """True if ``key`` was judged before (then reported: an identical repeat a warning, a
    different one an error; the first line kept); else ``key`` is remembered.  ``what``: the
    judged unit in the message ("topic 1: document d")."""
    earlier = seen.get(key)
    if earlier is None:
        seen[key] = (number, content)
        return False
    first, previous = earlier
    if previous == content:
        log.warn(file, number, f"{what} repeats line {first} (identical; ignored)")
    else:
        log.error(file, number, f"{what} judged again, differently from line {first} (line "
                                f"{first} kept)")
    return True


def parse_int(text: str) -> int | None:
    """A decimal integer (ASCII digits, an optional sign) in int64 range, or None if ``text``
    is not one (``0x10``, ``1_000``, ``١٢``, ``1e3`` are not)."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not (digits.isascii() and digits.isdigit()):  # ASCII digits only: 0-9, one at least
        return None
    value = int(text)
    return value if -INT_LIMIT < value < INT_LIMIT else None


#: the refusal of a rank that is no decimal integer (``3.0``, ``1e3``), in files and tables
NOT_A_RANK = "is not an integer: write each rank in decimal digits (3, not 3.0)"


#: a whole number written with a decimal point: ``2.0``, ``-1.00``, ``2.``
_WHOLE_DECIMAL = re.compile(r"[+-]?[0-9]+\.0*")


def parse_grade(text: str) -> int | None:
    """A relevance grade: a decimal integer (:func:`parse_int`) or a whole number written as a
    decimal (``2.0`` or ``2.``, which trec_eval's atol reads as 2, as tables' float columns
    hold grades), or None if ``text`` is neither (a fraction: :func:`fractional_grade`)."""
    value = parse_int(text)
    if value is None and _WHOLE_DECIMAL.fullmatch(text):  # not 1e3: trec_eval's atol reads 1
        value = parse_int(text.partition(".")[0])
    return value


def grade_problem(name: str, text: str) -> str | None:
    """Why a grade written ``text`` is refused (:func:`parse_grade`), None if it is not; the
    rule of TREC qrels and of grades given as text in tables."""
    if parse_grade(text) is not None:
        return None
    number = parse_float(text)
    if number is not None and not number.is_integer():
        return fractional_grade(name, repr(text))
    return f"{name} {text!r} is not an integer: write the grade in decimal digits"


def fractional_grade(name: str, shown: str) -> str:
    """The refusal of a grade that is not a whole number, in every reader (text, tables)."""
    return (f"{name} {shown} is not an integer (trec_eval and ranx truncate it, ir_measures "
            f"refuses it): write the grade meant as a whole number")


def parse_float(text: str) -> float | None:
    """The finite number a field names (:func:`~sdreval.io.text_rules.text_number`), or None."""
    value = text_number(text)
    return value if math.isfinite(value) else None


def given_log(log: ProblemLog | None) -> tuple[ProblemLog, bool]:
    """The log a read reports to, and whether it is the reader's own (the caller gave none)."""
    return (ProblemLog(), True) if log is None else (log, False)


def finish(log: ProblemLog, own: bool, listed_by: str | None = "sdreval validate") -> None:
    """End of a read.  With a caller's log nothing happens; with the reader's own (``own``)
    every error is raised at once in one :class:`InputError` (``listed_by``: the command that
    lists them all where some are not shown; None if none) and warnings are issued as
    :class:`InputWarning` (the first :data:`WARNING_LIMIT` and a count of the rest)."""
    if not own:
        return
    shown = log.warnings[:WARNING_LIMIT]
    for problem in shown:  # a Python caller's: its options named as Python spells them
        text = str(problem) if FORMAT_FLAGS.get() is not None else api_spelling(str(problem))
        warnings.warn(text, InputWarning, stacklevel=3)
    if (rest := log.warning_count - len(shown)) > 0:  # counted, kept or not
        warnings.warn(f"... and {rest:,} more warning(s): a ProblemLog passed as log= counts "
                      "them by kind (ProblemLog.groups()), and one with sink= is given each",
                      InputWarning, stacklevel=3)
    log.raise_if_errors(listed_by)
