"""A span given with both its offsets and its text: the two must agree.

With the documents, the document's text at the offsets must be the text; without them (or
its document missing from them), the offsets must span as many characters as the text has
(as many UTF-8 bytes for ``"unit": "bytes"``).  A span failing either is an error naming
the row and, where one explains it, the way the offsets were counted: UTF-16 code units
(JavaScript, Java), UTF-8 bytes, a document read with its line ends as ``\\n`` (Python's
``open()``), a document text starting with a byte-order mark, or the other Unicode normal
form (NFC / NFD).
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ...errors import ProblemLog
from ...lazy import lazy_module
from ..ids import id_text
from .documents import UNITS, Documents, to_characters, unit_values
from ..table_model import Table

pd = lazy_module("pandas")

#: what to do when nothing explains a text that differs from its offsets
FIX = ("correct the offsets or the text, or leave out the offsets (a text alone is found in "
       "the document)")
#: why offsets may count UTF-16 code units
UTF16 = "JavaScript and Java count a character outside the BMP, an emoji, as two"
CHARACTERS = "give Unicode character offsets (Python's str indices)"


def check_texts(frame: pd.DataFrame, at: np.ndarray, table: Table,
                documents: Documents | None, log: ProblemLog) -> None:
    """Check the rows of ``frame`` that give a text with offsets (module docstring); rows
    ``at`` of ``table``.  Offsets in bytes or tokens are converted by
    :func:`~sdreval.io.spans.documents.to_characters`; offsets it refuses, or that are not
    offsets at all, are left to the span reader's messages."""
    docs = id_text(frame["doc_id"].to_numpy())[0] if "doc_id" in frame.columns else None
    texts = frame["text"].to_numpy(dtype=object)
    start, end = (pd.to_numeric(frame[key], errors="coerce").to_numpy(float)
                  for key in ("start", "end"))
    units = unit_values(frame)
    if units is None:
        units = np.full(len(frame), "chars", dtype=object)
    chars = units == "chars"
    usable = np.isfinite(start) & np.isfinite(end) & (0 <= start) & np.isin(units, UNITS) \
        & np.fromiter((isinstance(t, str) for t in texts), bool, len(frame))
    held = np.zeros(len(frame), dtype=bool) if documents is None or docs is None else \
        np.fromiter((d in documents for d in docs), bool, len(frame))
    _sizes_agree(texts, start, end, units, usable & ~held & (start <= end), table, at, log)
    rows = np.flatnonzero(usable & held & (chars | (start <= end)))  # (-1: never sliced)
    if not rows.size:
        return
    first, last, ok = to_characters(docs[rows], start[rows].astype(np.int64),
                                    end[rows].astype(np.int64), units[rows], documents,
                                    at[rows], table, ProblemLog())
    keep = ok | chars[rows]  # characters as given (past the end: a shorter text differs)
    for i, s_i, e_i in zip(rows[keep].tolist(), first[keep].tolist(), last[keep].tolist()):
        body = documents.texts[docs[i]]
        here = body[s_i:e_i]
        if here != texts[i]:
            given = f"{int(start[i])}-{int(end[i])}" + (
                "" if chars[i] else f" ({units[i]}; characters {s_i}-{e_i})")
            advice = offsets_hint(body, texts[i], int(start[i]), int(end[i])) \
                if chars[i] else ""
            table.report(log, int(at[i]), f"the text at {given} of document {docs[i]} is "
                         f"{here[:40]!r}, not the text given ({texts[i][:40]!r}): "
                         + (advice or FIX))


def _sizes_agree(texts: np.ndarray, start: np.ndarray, end: np.ndarray, units: np.ndarray,
                 rows: np.ndarray, table: Table, at: np.ndarray, log: ProblemLog) -> None:
    """An error on each row of ``rows`` (those whose document text is not given) whose
    offsets span another number of characters (bytes) than its text has: the offsets are
    not of that text, whatever the document holds."""
    lengths = np.fromiter((len(t) if isinstance(t, str) else -1 for t in texts), np.int64,
                          len(texts))
    odd = ((units == "chars") & (lengths != end - start)) | (units == "bytes")
    for i in np.flatnonzero(rows & odd).tolist():
        text, unit, size = texts[i], units[i], int(end[i]) - int(start[i])
        encoded = len(text.encode("utf-8"))
        length = len(text) if unit == "chars" else encoded
        if size == length:
            continue
        what = "characters" if unit == "chars" else "bytes"
        if unit == "bytes":
            advice = 'the offsets count characters: leave out "unit": "bytes"' \
                if size == len(text) else FIX
        elif size == len(text.encode("utf-16-le")) // 2:
            advice = (f"the text has {size} UTF-16 code units ({UTF16}): if the offsets count "
                      f"those, {CHARACTERS}")
        elif size == encoded:
            advice = f'the text has {size} UTF-8 bytes: if the offsets count bytes, say ' \
                '"unit": "bytes"'
        else:
            advice = FIX
        table.report(log, int(at[i]), f"the offsets {int(start[i])}-{int(end[i])} span "
                     f"{size} {what}, but the text given ({text[:40]!r}) has {length}: "
                     + advice)


def offsets_hint(body: str, given: str, start: int, end: int) -> str:
    """Why ``given`` is not ``body[start:end]`` when the character offsets were counted in
    another way that puts it there (module docstring), else ''."""
    forms = _forms(body)
    if "\r" not in given and forms.lf is not None and forms.lf[start:end] == given:
        return ("the document's lines end in \\r\\n, and the offsets fit its text with each "
                "\\r\\n read as \\n, as Python's open() and LangChain's TextLoader read a file: "
                "give the documents' text as read that way (or offsets into the text as given)")
    if "\r" not in given and forms.universal is not None and \
            forms.universal[start:end] == given:
        return ("the document's lines end in \\r (as classic Mac OS wrote them), and the "
                "offsets fit its text with each \\r read as \\n, as Python's open() reads a "
                "file: give the documents' text as read that way (or offsets into the text as "
                "given)")
    if end > len(body) and given.rstrip() != given and body[start:] == given.rstrip():
        return ("the text given goes on past the end of the document with white space: the "
                "documents' text lacks the white space that ends the file (stripped?): give "
                "the text the chunker read, its last line break included")
    if body.startswith("\ufeff") and body[start + 1:end + 1] == given:
        return ("the document's text starts with a byte-order mark (U+FEFF, invisible), "
                "counted as its first character, and the offsets fit the text without it: "
                "leave it out of the documents' text (read the file with encoding "
                "'utf-8-sig')")
    moved = body[start:start + len(given)] != given  # (else only the end is wrong)
    if moved and _at_units(forms.utf16, start, given, "utf-16-le", 2):
        return (f"the text is there with the offsets counted in UTF-16 code units ({UTF16}): "
                + CHARACTERS)
    if moved and _at_units(forms.utf8, start, given, "utf-8", 1):
        return ('the text is there with the offsets counted in UTF-8 bytes: say "unit": '
                '"bytes", or give character offsets')
    for form, normal in (("NFC", forms.nfc), ("NFD", forms.nfd)):
        if normal is not None and normal[start:end] == unicodedata.normalize(form, given):
            return (f"the offsets fit the document's text in Unicode normal form {form} "
                    f"({'é as one character' if form == 'NFC' else 'é as e and an accent'}), "
                    "not as given: give the documents' text in that form "
                    f"(unicodedata.normalize('{form}', text))")
    return ""


class _Forms(NamedTuple):
    """A document's text as other tools may have counted it (None: the same as given)."""

    lf: str | None  # each \r\n read as \n
    universal: str | None  # each \r\n and lone \r read as \n (Python's open())
    utf16: bytes
    utf8: bytes
    nfc: str | None
    nfd: str | None


@lru_cache(maxsize=16)
def _forms(body: str) -> _Forms:
    """:class:`_Forms` of ``body``, made once per document (a hint is sought for every row
    that differs from its document)."""
    lf = body.replace("\r\n", "\n") if "\r\n" in body else None
    universal = (lf or body).replace("\r", "\n") if "\r" in (lf or body) else None
    nfc, nfd = (unicodedata.normalize(form, body) for form in ("NFC", "NFD"))
    return _Forms(lf, universal, body.encode("utf-16-le"), body.encode("utf-8"),
                  None if nfc == body else nfc, None if nfd == body else nfd)


def _at_units(raw: bytes, start: int, given: str, codec: str, width: int) -> bool:
    """Whether ``given`` starts at code unit ``start`` of a text encoded as ``raw`` in
    ``codec`` (``width`` bytes a unit; the end is the start and the text's own length there)."""
    wanted = given.encode(codec)
    return raw[start * width:start * width + len(wanted)] == wanted


def normal_form_hint(text: str, bodies: list[str]) -> str:
    """For a text found in none of the documents whose texts in normal form NFC are
    ``bodies``: the hint that it is found once both are in one Unicode normal form, else ''."""
    wanted = unicodedata.normalize("NFC", text)
    if any(body.find(wanted) >= 0 for body in bodies):
        return ("; it is found once the text and the document are in one Unicode normal form "
                "(one writes é as one character, NFC, the other as e and an accent, NFD): "
                "give both in one form (unicodedata.normalize('NFC', text))")
    return ""
