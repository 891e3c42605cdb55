"""Spans given as text: find a gold excerpt or a retrieved chunk in the documents.

RAG test sets (RAGAS ``reference_contexts``, LlamaIndex ``expected_texts``, Chroma's synthetic
questions) and retrievers that return chunk text without offsets (a LangChain ``Document``
without ``metadata["start_index"]``) give spans as text.  Each text is located in its document
(``doc_id`` given) or in every document (no ``doc_id``):

1. exactly (``str.find``, every occurrence, overlapping ones included);
2. if not found (in any of those documents), after normalising white space on both sides
   (every run of white space is one space; leading and trailing white space of the text
   dropped); the span found runs from the first to the last character matched in the
   original text.

A text found more than once is resolved by the record's ``occurrence`` key, else by the
reader's default: ``all`` (every occurrence is a span: the default for gold, since a
reader cannot tell which copy the assessor meant and each copy holds the answer), ``first``
(the first in document order, documents in the order of the documents file), ``error`` (the
default for runs: refuse, since the chunk's place decides the character measures) or a
number n >= 1 (the n-th occurrence).  Which rule was applied to how many texts is said in a
warning; a text found nowhere is an error naming the file line.
"""
from __future__ import annotations

import re
import unicodedata

import numpy as np

from ...errors import ProblemLog
from ...lazy import lazy_module
from ..ids import id_text, is_missing
from .documents import Documents
from .text_check import normal_form_hint
from ..table_model import Table
from ..text_hints import ONLY_INPUTS

pd = lazy_module("pandas")

RULES = ("all", "first", "error")
_SPACE = re.compile(r"\s+")


def normalised(text: str) -> tuple[str, np.ndarray]:
    """``text`` with every run of white space as one space, and for each of its characters
    the index of that character in ``text`` (a run maps to its first character)."""
    kept = np.ones(len(text), dtype=bool)
    for match in _SPACE.finditer(text):
        kept[match.start() + 1:match.end()] = False
    return _SPACE.sub(" ", text), np.flatnonzero(kept)


def occurrences(haystack: str, needle: str) -> list[int]:
    """Start of every occurrence of ``needle`` in ``haystack`` (overlapping ones included)."""
    found, at = [], haystack.find(needle)
    while at >= 0 and needle:
        found.append(at)
        at = haystack.find(needle, at + 1)
    return found


class Locator:
    """Finds texts in ``documents`` (normalised texts built once per document)."""

    def __init__(self, documents: Documents):
        self.documents = documents
        self._normal: dict[str, tuple[str, np.ndarray]] = {}
        self._nfc: dict[str, str] = {}

    def nfc(self, doc: str) -> str:
        """The text of document ``doc`` in Unicode normal form NFC (for a hint)."""
        if doc not in self._nfc:
            self._nfc[doc] = unicodedata.normalize("NFC", self.documents.texts[doc])
        return self._nfc[doc]

    def find(self, text: str, doc: str) -> tuple[list[tuple[int, int]], bool]:
        """Every ``(start, end)`` of ``text`` in document ``doc``; True if only found after
        white-space normalisation."""
        body = self.documents.texts[doc]
        exact = occurrences(body, text)
        if exact:
            return [(s, s + len(text)) for s in exact], False
        wanted = _SPACE.sub(" ", text.strip())
        if doc not in self._normal:
            self._normal[doc] = normalised(body)
        flat, where = self._normal[doc]
        spans = []
        for s in occurrences(flat, wanted):
            e = s + len(wanted) - 1  # last character matched
            spans.append((int(where[s]), int(where[e]) + 1))
        return spans, True


def _rule(value, default: str) -> str | int:
    if is_missing(value):  # None, NaN, pd.NA: the rule of every table
        return default
    if isinstance(value, str) and value.strip().lower() in RULES:
        return value.strip().lower()
    try:
        number = int(str(value))
    except ValueError:
        return "?"
    return number if number >= 1 else "?"


def locate_texts(frame: pd.DataFrame, at: np.ndarray, table: Table,
                 documents: Documents | None, log: ProblemLog, default: str, what: str
                 ) -> tuple[pd.DataFrame, np.ndarray]:
    """Rows of ``frame`` with a ``text`` column and no offsets -> rows with ``doc_id``,
    ``start``, ``end`` (one row per occurrence kept), and the row of ``table`` each came
    from (``at``: of the rows of ``frame``).  Rows that failed are reported and dropped."""
    given = table.frame  # as written (RAGAS's lists: not a file of queries)
    queries = what == "retrieved" and set(given.columns) == {"query_id", "text"} and \
        not given["query_id"].duplicated().any()
    hint = ("; a query_id and one text each, nothing else: a file of queries? " + ONLY_INPUTS
            if queries else "")
    if documents is None:
        from ..doc_tables import ID_LISTS

        ids = [str(c) for c in given.columns if str(c) in ID_LISTS]
        hint += (f"; for the ID-based measures of the samples' {' and '.join(ids)}, read them as "
                 "tables (--qrels-format table-qrels --run-format table-run; in Python, without "
                 "the text columns)" if ids else "")
        table.report(log, None, f"{what} texts without offsets need the documents to be "
                     "found in (--documents FILE, or documents= in Python)" + hint)
        return frame.iloc[:0], at[:0]
    locator = Locator(documents)
    texts = frame["text"].to_numpy(dtype=object)
    raw_docs = frame["doc_id"].to_numpy(dtype=object) if "doc_id" in frame.columns else None
    docs = None if raw_docs is None else id_text(raw_docs)[0]  # ids as text, as in every table
    rules = frame["occurrence"].to_numpy(dtype=object) if "occurrence" in frame.columns else None
    kept: list[tuple[int, str, int, int]] = []  # (row, doc, start, end) of each span kept
    fuzzy = 0
    repeated: list[str] = []
    for i, text in enumerate(texts):
        row = int(at[i])
        if not isinstance(text, str) or not text.strip():
            table.report(log, row, "text is missing or empty")
            continue
        rule = _rule(None if rules is None else rules[i], default)
        if rule == "?":
            table.report(log, row, f"occurrence {rules[i]!r} is not all, first, error or "
                         "a number >= 1")
            continue
        if docs is not None and not is_missing(raw_docs[i]):
            doc = docs[i]
            if doc not in documents:
                table.report(log, row, f"document {doc} is not in the documents file "
                             f"({documents.source})" + documents.spelled(doc))
                continue
            candidates = [doc]
        else:
            candidates = list(documents.texts)
        found: list[tuple[str, int, int]] = []
        spaced: list[tuple[str, int, int]] = []  # found only with white space normalised
        for d in candidates:
            spans, by_space = locator.find(text, d)
            (spaced if by_space else found).extend((d, s, e) for s, e in spans)
        normal = not found  # normalised matches count only where no document has the text
        found = found or spaced
        short = text if len(text) <= 60 else text[:57] + "..."
        where = f"document {candidates[0]}" if len(candidates) == 1 else "any document"
        if not found:
            table.report(log, row, f"{what} text {short!r} ({len(text)} characters) not "
                         f"found in {where}, neither exactly nor with white space normalised"
                         + normal_form_hint(text, [locator.nfc(d) for d in candidates]))
            continue
        fuzzy += normal
        if len(found) > 1:
            if rule == "error":
                table.report(log, row, f"{what} text {short!r} occurs {len(found)} times "
                             f"in {where}: say which with \"occurrence\": a number, "
                             "\"first\" or \"all\" (or give offsets)")
                continue
            repeated.append(f"{table.place(row)}: {len(found)}")
            if isinstance(rule, int) and rule > len(found):
                table.report(log, row, f"occurrence {rule}: the text occurs only "
                             f"{len(found)} times in {where}")
                continue
            found = found[:1] if rule == "first" else \
                [found[rule - 1]] if isinstance(rule, int) else found
        kept += [(i, d, s, e) for d, s, e in found]
    if hint and not kept:
        table.report(log, None, f"no {what} text was found in the documents" + hint)
    if fuzzy:
        table.report(log, None, f"{fuzzy} {what} text(s) found only with white space "
                     "normalised (each span runs from the first to the last character "
                     "matched)", "warning")
    if repeated:
        listed = "; ".join(repeated[:5]) + (" ..." if len(repeated) > 5 else "")
        table.report(log, None, f"{len(repeated)} {what} text(s) occur more than once "
                     f"({listed} occurrences): each resolved by its \"occurrence\" key, else "
                     f"rule {default!r} ("
                     f"{'every occurrence is a span' if default == 'all' else default})",
                     "warning")
    keep = np.array([i for i, _, _, _ in kept], dtype=np.int64)
    rows = frame.iloc[keep].reset_index(drop=True).drop(columns=["text"])
    rows["doc_id"] = np.array([d for _, d, _, _ in kept], dtype=object)
    rows["start"] = np.array([s for _, _, s, _ in kept], dtype=np.int64)
    rows["end"] = np.array([e for _, _, _, e in kept], dtype=np.int64)
    if "unit" in rows.columns:  # offsets found in the text are characters, whatever the row said
        rows["unit"] = "chars"
    return rows, at[keep]
