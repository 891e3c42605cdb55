"""The one rule of identifiers (topic, document, chunk ids) read from tables, records, dict
keys and JSON values: ids are text, never typed (docs/inputs.md, "Fields of tables and text
files").  A str is kept as written; an integer becomes its decimal digits; a float that is a
whole number below 2**53 its digits (``1.0`` is ``1``: pandas stores an integer column with a
gap as floats); bytes are decoded as UTF-8, as text files are.  Everything else names no id
and is refused with a message saying why: missing and empty values, booleans (``True`` is not
``"True"``, nor ``1``), fractions (``2.5``), floats beyond 2**53 (whose digits are not the
ones written), dates and other objects.  So qrels and a run given in different containers
(a DataFrame of floats, records of objects, a dict, a JSONL file) name the same ids, or one
of them is refused: never a silent mismatch that scores 0."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

import numpy as np

from ..errors import UsageError
from ..judgements.qrels import Qrels, TopicQrels
from ..lazy import lazy_module
from .text_rules import odd_character

pd = lazy_module("pandas")  # imported on first use


#: the largest whole float whose digits are exact (float64 has 53 bits of mantissa)
FLOAT_ID_LIMIT = 2.0 ** 53


def id_text(raw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Identifiers as an object array of str, and the mask of the bad ones (the rule of the
    module docstring; :func:`id_problem` says why one is bad).  White space around an id is
    stripped, as around CSV separators and between the fields of text files (``" d1"`` is
    ``d1`` in every container); text holding a NUL character or a byte-order mark
    (:func:`~sdreval.io.text_rules.odd_character`) is bad."""
    if raw.dtype == object:
        try:  # the common case, every id a str, none empty or padded: no conversion
            stripped = list(map(str.strip, raw))
            joined = "".join(stripped)
            if all(stripped) and stripped == raw.tolist() and odd_character(joined) is None:
                return raw, np.zeros(len(raw), dtype=bool)
        except TypeError:
            pass
        found = [id_of(v) for v in raw]
        stripped = [t.strip() if t is not None else "" for t in found]
        bad = np.array([t is None for t in found], dtype=bool)
    elif raw.dtype.kind == "f":
        whole = np.isfinite(raw) & (raw == np.floor(raw)) & (np.abs(raw) < FLOAT_ID_LIMIT)
        text = np.array([str(int(v)) if w else "" for v, w in zip(raw.tolist(), whole)],
                        dtype=object)
        return text, ~whole
    elif raw.dtype.kind in "iu":
        return raw.astype(str).astype(object), np.zeros(len(raw), dtype=bool)
    else:  # booleans, dates, durations: not ids (never numpy text: callers give tables'
        # columns, which pandas and Arrow hold as objects)
        return np.full(len(raw), "", dtype=object), np.ones(len(raw), dtype=bool)
    text = np.empty(len(raw), dtype=object)
    text[:] = stripped
    return text, bad | np.array([not s or odd_character(s) is not None for s in stripped],
                                dtype=bool)


def id_of(value: Any) -> str | None:
    """The id a value names, before the white space around it is stripped; None if none."""
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        whole = np.isfinite(value) and value == np.floor(value) and \
            abs(value) < FLOAT_ID_LIMIT
        return str(int(value)) if whole else None
    if isinstance(value, (bytes, np.bytes_)):
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            return None
    return None


def id_problem(value: Any) -> str:
    """Why a value is not an id (:func:`id_text`), after the column's name in messages."""
    value = _plain(value)
    if is_missing(value):
        return "is missing"
    if isinstance(value, bool):
        return f"{value} is a boolean, not an id: give ids as text"
    if isinstance(value, float):
        return (f"{value!r} is " + ("a fraction" if np.isfinite(value) and
                                    abs(value) < FLOAT_ID_LIMIT else
                                    "a float whose digits are not exact") +
                ", not an id: give ids as text or integers")
    if isinstance(value, bytes):
        return f"{shown(value)} is not UTF-8 text"
    if isinstance(value, str) and odd_character(value) is not None:
        return f"{shown(value)} {odd_character(value)}"
    if not isinstance(value, (str, int)):
        return (f"{shown(value)} is a {type(value).__name__}, not an id: give ids as text "
                "or integers")
    return f"{shown(value)} is empty"


#: why two spellings of one id are two ids (said after naming the id a mistyped one may mean)
AS_WRITTEN = ("ids are compared as written, so leading zeros, case and the Unicode form "
              "(NFC/NFD) count")


def loose_id(text: str) -> str:
    """An id with leading zeros, case and the Unicode form (NFC/NFD) set aside, to name the id
    a mistyped one may mean (``'007'`` and ``'7'``, ``'Q1'`` and ``'q1'``); ids themselves are
    always compared as written."""
    text = unicodedata.normalize("NFC", text).casefold()
    return text.lstrip("0") or "0" if text.isascii() and text.isdigit() else text


def loose_index(ids: Iterable[Any]) -> dict[str, str]:
    """:func:`loose_id` of each of ``ids`` (as text) -> the first id with it: where to look up
    the id a mistyped one may mean."""
    index: dict[str, str] = {}
    for known in ids:
        index.setdefault(loose_id(str(known)), str(known))
    return index


def is_missing(value: Any) -> bool:
    """True for a missing value of a table (None, NaN, ``pd.NA``)."""
    if isinstance(value, (list, tuple, dict, np.ndarray)):
        return False
    return bool(pd.isna(value))


def shown(value: Any) -> str:
    """A value as the file readers show a field: quoted text (``'nan'``, ``'-3'``)."""
    value = _plain(value)
    text = repr(value if isinstance(value, str) else str(value))
    return text if len(text) <= 60 else text[:57] + "..."


def _plain(value: Any) -> Any:
    """A numpy scalar as the Python value it holds; a date or duration as pandas' Timestamp
    or Timedelta (numpy's ``item()`` gives a nanosecond one as a bare integer, so a date in
    a pandas 2 column, ``datetime64[ns]``, read as ``1609459200000000000 is empty``)."""
    if isinstance(value, np.datetime64):
        return pd.Timestamp(value)
    if isinstance(value, np.timedelta64):
        return pd.Timedelta(value)
    return value.item() if isinstance(value, np.generic) else value


def check_writable(values: Iterable[Any], what: str, first: bool = False) -> None:
    """Ids about to be written as fields of a white-space separated line (TREC runs and
    qrels, FOL, passage qrels, native TSV): one holding white space would split into two
    fields, and as the first field of a line one starting with ``#`` makes a comment line, so
    the file would read back as other data (or, to trec_eval, as other judgements) -- a
    :class:`UsageError` naming the id instead.  Ids read from JSONL, Parquet or tables may hold
    both."""
    texts = [v if isinstance(v, str) else str(v) for v in values]
    if _SPACE.search("\x00".join(texts)) or (first and any(t.startswith("#") for t in texts)):
        bad = next(t for t in texts if _SPACE.search(t) or (first and t.startswith("#")))
        why = "holds white space" if _SPACE.search(bad) else "starts with '#' (a comment line)"
        raise UsageError(f"{what} {bad!r} {why}: it cannot be written to a white-space "
                         "separated file (it would read back as other data); rename it, or "
                         "keep the data as JSONL, CSV or Parquet")


def checked_topics(qrels: Qrels) -> Iterable[tuple[str, TopicQrels]]:
    """``qrels.topics.items()`` once every topic and document id has been checked
    (:func:`check_writable`), before anything is written."""
    check_writable(qrels.topics, "topic", first=True)
    columns = getattr(qrels.topics, "columns", None)
    if columns is not None:  # columnar qrels: the document column at once
        docs = columns()[2].docs
        check_writable(docs if isinstance(docs, list) else docs.to_pylist(), "document")
    else:
        for tq in qrels.topics.values():
            check_writable(list(tq.passages) + [doc for doc, _ in tq.elements], "document")
    return qrels.topics.items()


_SPACE = re.compile(r"\s")
