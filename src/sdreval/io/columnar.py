"""Columnar parsing of the TREC-like text formats: whole blocks at C speed, the results of a
line-by-line read.  A file is read in blocks cut at line ends (:func:`iter_blocks`), each
parsed by Arrow's CSV reader (:func:`parse_columns`) only where Arrow certainly cuts the fields
``str.split()`` cuts (:func:`plain_text`, :func:`prepare`, :func:`text_ok`) and every value
passes the careful path's checks; a block failing any of these is halved down to
:data:`CAREFUL_BYTES` (:func:`parse_halving`), below which the per-line code parses it and
reports every problem at its line (``tests/reference`` holds such a reader, the reference of
the tests).  Used by the run reader (:mod:`sdreval.io.trec`) and the streaming reader; the
judgement readers cut lines with :func:`plain_text` and :func:`sdreval.io.tokens.split_fields`.
"""
from __future__ import annotations

import math
import os
import re
import zlib
from dataclasses import dataclass
from io import BufferedReader, BytesIO
from pathlib import Path
from typing import Iterator

import numpy as np

from ..errors import InputError, ProblemLog
from .textlines import iter_line_fields, open_binary

#: bytes read at a time (blocks are cut at the last line end)
BLOCK_BYTES = 4 << 20
#: bytes read at a time when streaming (memory held: a few times this, plus open topics)
STREAM_BLOCK_BYTES = 2 << 20
#: Arrow's own block size (rows are converted in parallel in pieces of this size)
ARROW_BLOCK_BYTES = 1 << 20
#: blocks failing the fast checks are halved down to this size, then parsed line by line
CAREFUL_BYTES = 64 << 10
_BOM = b"\xef\xbb\xbf"
#: ASCII white space that str.split() splits on besides space, tab, CR and LF
_SPLITTERS = [b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e", b"\x1f"]
#: the UTF-8 encodings of the non-ASCII characters that str.split() splits on (U+0085, U+00A0,
#: U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000)
_UNICODE_SPACE = re.compile(rb"\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]"
                            rb"|\xe2\x81\x9f|\xe3\x80\x80")


class ReadFailed(Exception):
    """The file could not be read to its end (corrupt ``.gz``): read it carefully instead.
    ``before``: the number of lines of the blocks already given."""

    def __init__(self, before: int = 0) -> None:
        super().__init__(before)
        self.before = before


def iter_blocks(path: str | Path, size: int | None = None,
                byte_range: tuple[int, int, int] | None = None
                ) -> Iterator[tuple[bytearray, int, int]]:
    """``(block, lines before it, line ends in it)``: the file in pieces of about ``size``
    bytes completed to a line end (``bytearray``: completing does not copy the block);
    ``byte_range`` ``(start, end, lines before start)``: only bytes ``start:end`` of an
    uncompressed file, both at line starts (a piece of the file read by one worker)."""
    size = size or BLOCK_BYTES
    start, end, before = byte_range or (0, None, 0)
    try:
        handle = open_binary(path)
        if start:
            handle.seek(start)
    except OSError as error:
        raise InputError(f"cannot open: {error}", str(path)) from None
    # a plain file's buffer is no larger than what is left of it (a small run file would
    # otherwise cost two zero-filled 4 MiB buffers)
    if end is None and isinstance(handle, BufferedReader):
        end = os.fstat(handle.fileno()).st_size
    left = math.inf if end is None else end - start
    with handle:
        while True:
            try:
                block = bytearray(min(size, max(left, 0)))
                del block[handle.readinto(block):]
                if block and not block.endswith(b"\n"):
                    block += handle.readline()
                left -= len(block)
            except (OSError, EOFError, zlib.error):
                raise ReadFailed(before) from None
            if not block:
                return
            newlines = count_newlines(block)
            yield block, before, newlines
            before += newlines


def count_newlines(block: bytes | bytearray) -> int:
    """The number of line ends of a block (numpy: faster than ``bytes.count``, and without
    the interpreter lock)."""
    return int(np.count_nonzero(np.frombuffer(block, dtype=np.uint8) == 10))


def split_block(block: bytes, before: int, newlines: int
                ) -> list[tuple[bytes, int, int]] | None:
    """Two halves of a block cut at a line end near the middle (None if it is one line)."""
    middle = block.find(b"\n", len(block) // 2)
    if middle < 0 or middle + 1 >= len(block):
        middle = block.rfind(b"\n", 0, len(block) // 2)
    if middle < 0 or middle + 1 >= len(block):
        return None
    head = block[:middle + 1]
    count = head.count(b"\n")
    return [(head, before, count), (block[middle + 1:], before + count, newlines - count)]


def parse_halving(block, before: int, newlines: int, fast, careful) -> None:
    """``fast(block, before, newlines)`` (True if it took the block), else each half tried
    again, down to :data:`CAREFUL_BYTES`, below which ``careful(block, before)`` parses it."""
    if fast(block, before, newlines):
        return
    if len(block) > CAREFUL_BYTES:
        halves = split_block(block, before, newlines)
        if halves is not None:
            for half, start, count in halves:
                parse_halving(half, start, count, fast, careful)
            return
    careful(block, before)


@dataclass
class Prepared:
    """A block ready for Arrow: its data lines, their numbers, the field separator."""

    data: bytes
    lines: np.ndarray  # number of each data line (1-based, in the file)
    delimiter: str


def prepare(block: bytes, before: int, newlines: int, filtered: bool = False
            ) -> Prepared | None:
    """The block's data lines for Arrow, or None if the block needs the careful path: not
    :func:`plain_text`, both spaces and tabs, or a hexadecimal number (``0x10``: Arrow reads
    it as 16, the decimal rule of every other path refuses it).  A doubled separator, or one
    at a line end, gives an empty value (:func:`text_ok`) or a wrong field count (Arrow).
    ``filtered``: blank and ``#`` lines removed (tried after a block failed with them)."""
    block = plain_text(block, before)  # type: ignore[assignment]
    if block is None:
        return None
    sep = b"\t" if b"\t" in block else b" "
    if (sep == b"\t" and b" " in block) or _may_hold_hex(block, sep):
        return None
    if filtered:
        block, kept = _drop_blank_and_comment_lines(block)
        lines = kept + (before + 1)
    else:
        count = newlines + (0 if block.endswith(b"\n") else 1)
        lines = np.arange(before + 1, before + 1 + count, dtype=np.int64)
    return Prepared(block, lines, sep.decode())


def plain_text(block: bytes, before: int) -> bytes | None:
    """The block (without a byte-order mark at the file start) if Arrow cuts its lines and
    fields where ``str.split()`` cuts them, else None: valid UTF-8 without ``\v \f
    \x1c-\x1f``, Unicode white space (:data:`_UNICODE_SPACE`), NUL or byte-order marks, every
    ``\r`` in a CRLF line end.  The one test of every block reader."""
    if before == 0 and block.startswith(_BOM):
        block = block[3:]
    if any(c in block for c in _SPLITTERS) or b"\x00" in block or _BOM in block:
        return None  # (NUL, BOM: the careful reader refuses their lines: odd_character)
    if not block.isascii():
        try:  # (the careful reader reports each line that is not UTF-8)
            block.decode("utf-8")
        except UnicodeDecodeError:
            return None
        if _UNICODE_SPACE.search(block):
            return None
    if b"\r" in block and block.count(b"\r") != block.count(b"\r\n"):
        return None
    return block


def _may_hold_hex(block: bytes, sep: bytes) -> bool:
    """True if a field may be a hexadecimal number (``0x`` looked for with numpy first)."""
    if b"x" not in block and b"X" not in block:  # one memchr each: most blocks have none
        return False
    raw = np.frombuffer(block, dtype=np.uint8)
    x = np.flatnonzero((raw[1:] | 0x20) == ord("x"))
    if not len(x) or not (raw[x] == ord("0")).any():
        return False
    return any(sep + sign + zero in block for sign in (b"", b"-", b"+")
               for zero in (b"0x", b"0X"))


def has_blank_or_comment_lines(block: bytes) -> bool:
    """True if some line of the block is empty (or just CR) or starts with ``#``."""
    return (block.startswith((b"\n", b"\r", b"#", _BOM + b"#", _BOM + b"\n", _BOM + b"\r"))
            or b"\n\n" in block or b"\n\r" in block or b"\n#" in block)


def text_ok(column, first: bool = False) -> bool:
    """True if no value of a column of strings (dictionary-encoded or not) is empty (a
    doubled separator, or one at a line end); ``first``: the line's first field, which must
    not start with ``#`` either (a comment line)."""
    from .. import arrow_kernels as pc

    for chunk in column.chunks:
        values = chunk.dictionary if hasattr(chunk, "dictionary") else chunk
        if len(values) and pc.min(pc.binary_length(values)).as_py() == 0:
            return False
        if first and pc.any(pc.starts_with(values, "#")).as_py():
            return False
    return True


def _drop_blank_and_comment_lines(block: bytes) -> tuple[bytes, np.ndarray]:
    """The block without its blank and ``#`` lines, and the index of each kept line."""
    raw = np.frombuffer(block, dtype=np.uint8)
    starts = np.flatnonzero(np.concatenate(([True], raw[:-1] == 10)))
    kept = ~np.isin(raw[starts], (10, 13, 35))
    keep = np.repeat(kept, np.diff(np.append(starts, len(raw))))
    return raw[keep].tobytes(), np.flatnonzero(kept)


def arrow_pool():
    """The memory pool of the parsed blocks: the C library's allocator, which gives a block's
    memory back when freed (Arrow's default pools keep it: +half the file's size at peak)."""
    import pyarrow as pa

    return pa.system_memory_pool()


def parse_columns(prepared: Prepared, names: list[str], types: dict, keep: list[str]):
    """Arrow table of the kept columns, or None if Arrow refuses the block (wrong field count,
    a value not of its column's type, a blank line) or the rows are not the lines.  Not in
    Arrow's thread pool: a failed threaded read leaves tasks running, and a process ending
    then aborts ("terminate called without an active exception")."""
    import pyarrow as pa
    from pyarrow import csv

    if not len(prepared.lines):
        return None
    try:
        table = csv.read_csv(
            pa.BufferReader(prepared.data),
            read_options=csv.ReadOptions(column_names=names, use_threads=False,
                                         block_size=ARROW_BLOCK_BYTES),
            parse_options=csv.ParseOptions(delimiter=prepared.delimiter, quote_char=False,
                                           double_quote=False, escape_char=False,
                                           newlines_in_values=False, ignore_empty_lines=False),
            convert_options=csv.ConvertOptions(column_types=types, include_columns=keep,
                                               null_values=[], strings_can_be_null=False,
                                               quoted_strings_can_be_null=False,
                                               check_utf8=False),
            memory_pool=arrow_pool())
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
        return None
    if table.num_rows != len(prepared.lines):
        return None
    return table


def in_first_appearance_order(codes: np.ndarray) -> bool:
    """True if the codes are numbered in order of first appearance."""
    if not len(codes):
        return True
    running = np.maximum.accumulate(codes)
    return bool(codes[0] == 0 and np.all(codes[1:] <= running[:-1] + 1))


def careful_lines(block: bytes, before: int, file: str, log: ProblemLog
                  ) -> Iterator[tuple[int, list[str]]]:
    """The careful line iterator (:func:`~sdreval.io.textlines.iter_line_fields`) on a block."""
    return iter_line_fields(BytesIO(block), file, log, before)
