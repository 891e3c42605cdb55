"""The rules of the bytes of a text input, stated once for every reader (text lines, tables,
JSON): what is refused and the message saying why -- a NUL character or a byte-order mark after
the start of a file (:func:`odd_character`), lines ended by lone carriage returns
(:func:`lone_cr`), a line that is not UTF-8 (:func:`not_utf8`, :func:`first_not_utf8`),
UTF-16/UTF-32 text (:func:`wide_problem`) and compressed data other than gzip, or gzip data
not named ``.gz`` (:func:`compression_problem`)."""
from __future__ import annotations

#: the first two bytes of gzip data
GZIP_MAGIC = b"\x1f\x8b"


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


#: why a file whose lines end with lone carriage returns (:func:`lone_cr`) cannot be read
LONE_CR_PROBLEM = ("lines end with lone carriage returns (CR, as classic Mac OS ended them), "
                   "so the file is one line to the readers; end lines with LF or CRLF first "
                   "(tr '\\r' '\\n' < FILE > NEW)")


def lone_cr(data: bytes) -> bool:
    """Whether the lines of ``data`` (a file's start) end with lone carriage returns: a CR
    before its last byte, and no LF."""
    return b"\n" not in data and b"\r" in data.rstrip(b"\r")


def odd_character(text: str) -> str | None:
    """Why a line of a text file (less a byte-order mark at the start of the file) or an id
    is refused, or None: it holds a NUL character (:data:`NUL_PROBLEM`) or a byte-order mark
    (:data:`BOM_PROBLEM`)."""
    if "\x00" in text:
        return NUL_PROBLEM
    if "\ufeff" in text:
        return BOM_PROBLEM
    return None


#: byte-order marks of UTF-32 and UTF-16 text, as Windows tools write it ("Unicode" text)
_WIDE_BOMS = ((b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe\x00\x00", "UTF-32"),
              (b"\xfe\xff", "UTF-16"), (b"\xff\xfe", "UTF-16"))


def wide_text(codec: str) -> str:
    """Why a text file in UTF-16 or UTF-32 (``codec``) is not read, and what to do."""
    return (f"a text file in {codec}: runs and judgements are read as UTF-8; convert it first "
            f"(iconv -f {codec} -t UTF-8)")


def wide_problem(start: bytes) -> str | None:
    """:func:`wide_text` for a file starting with a UTF-16 or UTF-32 byte-order mark, else None
    (a format given by name skips detection, which says it first otherwise)."""
    return next((wide_text(codec) for mark, codec in _WIDE_BOMS if start.startswith(mark)),
                None)


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


#: the signatures of compressed data (and how to decompress it), gzip's first
_COMPRESSED = ((GZIP_MAGIC, "gzip", "gunzip"), (b"\xfd7zXZ\x00", "xz", "unxz -k"),
               (b"\x28\xb5\x2f\xfd", "zstd", "unzstd"), (b"PK\x03\x04", "zip", "unzip"))
#: the bytes :func:`compression_problem` needs to see
SIGNATURE_BYTES = 10


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


def text_number(text: str) -> float:
    """The number a text names, NaN if none: the double nearest the decimal written (Python's
    ``float``, as IEEE 754 rounds; pandas 2's ``to_numeric`` and CSV parser are a unit off in
    the last place for most long decimals, and read ``1e400`` as no number), ASCII only and
    without ``_`` (``float`` takes ``1_000`` and non-ASCII digits, a text file does not)."""
    if not text.isascii() or "_" in text:
        return float("nan")
    try:
        return float(text)
    except ValueError:
        return float("nan")
