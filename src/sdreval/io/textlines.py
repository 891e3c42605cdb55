"""Shared helpers of the text readers: streaming lines with file and line numbers, safe numbers.

Every line a text reader cannot take in a block is read by :func:`iter_fields` (and
:func:`iter_line_fields`): line by line in binary (``.gz`` files are decompressed on the fly),
each line is decoded as UTF-8 (a line that is not UTF-8 is reported, never dropped silently),
blank lines and lines starting with ``#`` are skipped, and the rest is split on whitespace; a
line holding a NUL character or a byte-order mark after the file's start is reported
(:func:`odd_character`).

:func:`finish` implements the common "no log given" policy: problems are collected during the
whole read and, at the end, every error is raised at once in one :class:`InputError`
(warnings are issued as Python :class:`InputWarning` warnings, at most 20 and a count).
"""
from __future__ import annotations

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

#: bound on integers stored in int64 columns (ranks, offsets, lengths, sizes)
INT_LIMIT = 1 << 62
#: bound on character positions: a passage (run or qrels) must end before 2**32 characters, the
#: per-document band the passage measures index characters in (an end beyond it would spill
#: into the next document's band); documents are far shorter than 4 Gi characters
CHAR_LIMIT = 1 << 32
#: why a NUL character is refused in an id (and in a line of a text file, where fields are ids
#: and numbers): C programs (trec_eval, pytrec_eval) end a text at a NUL, so they read another id
NUL_PROBLEM = ("holds a NUL character (\\x00), where C programs (trec_eval, pytrec_eval) end "
               "the text, so they read another id there: remove it")
#: why a byte-order mark is refused after the start of a file (and in an id): an invisible
#: character left where files were joined (``cat a.txt b.txt``, b saved with a BOM), which
#: would be read as part of the id after it (trec_eval reads it so): topic ``\ufeff2`` is not 2
BOM_PROBLEM = ("holds a byte-order mark (U+FEFF, invisible), which would be read as part of "
               "an id (trec_eval reads it so); files joined with cat, one saved with a BOM? "
               "remove it")


def odd_character(text: str) -> str | None:
    """Why a line of a text file (less a byte-order mark at the start of the file) or an id
    is refused, or None: it holds a NUL character (:data:`NUL_PROBLEM`) or a byte-order mark
    (:data:`BOM_PROBLEM`)."""
    if "\x00" in text:
        return NUL_PROBLEM
    if "\ufeff" in text:
        return BOM_PROBLEM
    return None


def not_utf8(error: UnicodeDecodeError) -> str:
    """The message of a line that is not UTF-8 (``error``: the line's decoding's)."""
    return f"line is not UTF-8 ({error.reason} at byte {error.start})"


def first_not_utf8(data: bytes) -> tuple[int, str] | None:
    """The number and message of the first line of ``data`` that is not UTF-8, or None
    (checked by Arrow without decoding the whole text into a Python string)."""
    if data.isascii():
        return None
    import numpy as np
    import pyarrow as pa

    ends = pa.py_buffer(np.array([0, len(data)], dtype=np.int64))
    try:
        pa.LargeStringArray.from_buffers(1, ends, pa.py_buffer(data)).validate(full=True)
        return None
    except pa.ArrowInvalid:
        pass
    for number, raw in enumerate(data.split(b"\n"), start=1):
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as error:
            return number, not_utf8(error)
    return None


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
    each must be a non-negative integer; then ``also`` (the caller's other problems of the
    line); then, if the line has no problem so far, the passage must end before
    :data:`CHAR_LIMIT`."""
    start, size = nonnegative(offset, "offset", bad), nonnegative(length, "length", bad)
    bad.extend(also)
    if not bad and start + size >= CHAR_LIMIT:
        bad.append(beyond_char_limit(f"{start}:{size}"))
    return start, size


#: at most this many Python warnings per read when no ProblemLog is given
WARNING_LIMIT = 20


class InputWarning(UserWarning):
    """A problem of an input that does not invalidate it (used when no ProblemLog is given)."""


#: ``-`` and non-seekable inputs (pipes, ``/dev/stdin``) spooled once: name -> local copy
_SPOOLED: dict[str, Path] = {}
_GZIP_MAGIC = b"\x1f\x8b"


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
    """A path that can be read several times (format detection, then reading; two passes
    when streaming).  Regular files are returned as they are; ``-`` (standard input) and
    pipes are copied once, whole, to a temporary file removed at exit, and every later call
    with the same name returns that copy, so no byte of a pipe is lost to detection."""
    name = str(path)
    spooled = _SPOOLED.get(name)
    if spooled is not None:
        return spooled
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
    _SPOOLED[name] = Path(spool)
    return Path(spool)


def open_binary(path: str | Path) -> BinaryIO:
    """Open ``path`` for binary reading; ``.gz`` files are decompressed transparently.

    ``-`` and pipes are read from their spooled copy (:func:`local_path`); a spooled input
    starting with the gzip magic bytes is decompressed too.  Other compressed data, and gzip
    data in a file not named ``.gz``, is refused (:func:`compression_problem`)."""
    spooled = local_path(path)
    path = Path(path)
    piped = str(spooled) != str(path)
    if not piped and path.is_dir():
        raise InputError(f"{path} is a directory, not a file", str(path))
    if not piped and path.suffix == ".gz":
        import gzip  # compressed input only

        return gzip.open(path, "rb")  # type: ignore[return-value]
    handle = open(spooled, "rb")
    start = handle.read(_SIGNATURE_BYTES)
    handle.seek(0)
    if piped and start.startswith(_GZIP_MAGIC):
        import gzip  # compressed input only

        return gzip.open(handle, "rb")  # type: ignore[return-value]
    problem = compression_problem(start)
    if problem is not None:
        handle.close()
        raise InputError(problem, str(path))
    return handle


#: the signatures of compressed data (and how to decompress it), gzip's first
_COMPRESSED = ((_GZIP_MAGIC, "gzip", "gunzip"), (b"\xfd7zXZ\x00", "xz", "unxz -k"),
               (b"\x28\xb5\x2f\xfd", "zstd", "unzstd"), (b"PK\x03\x04", "zip", "unzip"))
_SIGNATURE_BYTES = 10


def compression_problem(start: bytes) -> str | None:
    """Why a file starting with ``start`` (its first bytes, as stored) cannot be read as text,
    or None: gzip data in a file whose name does not end in ``.gz`` (compressed files are
    recognised by the name), or data compressed otherwise (bzip2, xz, zstd, zip), which
    sdreval does not decompress -- rather than lines of bytes reported as not UTF-8."""
    found = next(((name, tool) for magic, name, tool in _COMPRESSED if start.startswith(magic)),
                 None)
    if found is None and start[:3] == b"BZh" and start[4:10] == b"1AY&SY":
        found = ("bzip2", "bunzip2 -k")
    if found is None:
        return None
    name, tool = found
    if name == "gzip":
        return ("gzip-compressed data in a file whose name does not end in .gz: rename it "
                "FILE.gz (compressed files are recognised by the name)")
    return (f"{name}-compressed data: sdreval decompresses gzip (FILE.gz) only; decompress "
            f"it first ({tool} FILE) or compress the text with gzip")


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
        with open_binary(path) as handle:
            return handle.read(size)
    except (OSError, EOFError, zlib.error) as error:  # gzip.BadGzipFile is an OSError
        raise InputError(f"cannot read: {error}", str(path)) from None


def iter_fields(path: str | Path, log: ProblemLog, before: int = 0
                ) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(line number, whitespace-separated fields)`` of every non-blank, non-comment line
    after the first ``before`` lines (the rest of a damaged ``.gz`` whose blocks failed).

    Lines that are not valid UTF-8 are reported as errors and skipped; a byte-order mark at
    the start of the file and carriage returns (CRLF files) are ignored; a read error
    (truncated or corrupt ``.gz``) is reported at the line where reading stopped.
    """
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


def is_repeat(seen: dict, key, content, number: int, what: str, file: str,
              log: ProblemLog) -> bool:
    """True if ``key`` was judged before (then reported: an identical repeat is a warning, a
    different one an error; the first line is kept); else ``key`` is remembered.  ``what``
    names the judged unit in the message ("topic 1: document d")."""
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


def parse_float(text: str) -> float | None:
    """A finite decimal float, or None (``1_0`` and non-ASCII digits are not floats, though
    Python's ``float()`` takes them)."""
    if "_" in text or not text.isascii():
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def given_log(log: ProblemLog | None) -> tuple[ProblemLog, bool]:
    """The log a read reports to, and whether it is the reader's own (the caller gave none:
    :func:`finish` then raises the errors and issues the warnings)."""
    return (ProblemLog(), True) if log is None else (log, False)


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
