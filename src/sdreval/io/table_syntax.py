"""Rules of JSONL and CSV/TSV syntax that their parsers do not check (docs/inputs.md, "Fields of
tables and text files"): a JSON object names each key once (:func:`unique_keys`; readers differ
on which value of a repeated key counts), and CSV quoting is whole (:func:`check_quoting`; pandas
reads on past a broken quote); the column names of qrels and run tables (:data:`TOPIC`...) and
the hint for a name written in another case (:func:`case_hint`)."""
from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence

from ..errors import InputError

# the column names of qrels and run tables, each column's spellings (read as written: exactly;
# the first present is the column: sdreval.io.table_checks.column)
TOPIC = ("topic", "query_id", "qid", "q_id", "query", "query-id")
DOC = ("doc", "doc_id", "docno", "docid", "file", "corpus-id")
PATH = ("path", "xpath")
GRADE = ("relevance", "grade", "rel", "label")
E = ("exhaustivity", "e")
S = ("specificity", "s")
SCORE = ("score", "rsv")
RUN = ("run_id", "run", "runid", "system")
#: names that, beside another spelling, mean something else (PyTerrier: ``query`` the query's
#: text, ``docid`` the index's internal number; ``file`` a path): not compared with it
OTHER_MEANINGS = ("query", "docid", "file")


#: the column names the table readers know, all in lower case (as they are read: exactly)
KNOWN_COLUMNS = frozenset(TOPIC + DOC + PATH + GRADE + E + S + SCORE + RUN + (
    "rank", "offset", "length", "start", "end", "scale", "size", "doclen", "bep"))


def case_hint(columns: Sequence[object]) -> str:
    """``""``, or the hint naming the columns that are known names in another case
    (``QID``, ``Query_ID``): names are read as written, so they are not found."""
    other = [str(c) for c in columns if str(c) not in KNOWN_COLUMNS
             and str(c).strip().lower() in KNOWN_COLUMNS]
    if not other:
        return ""
    return ("; column names are read as written, in lower case: rename " + ", ".join(
        f"{name!r} to {name.strip().lower()!r}" for name in other[:6]))


def index_hint(index: object) -> str:
    """``""``, or the hint naming the levels of a DataFrame's index that have names
    (``df.set_index("chunk_id")``): the readers read columns, not the index."""
    names = [str(name) for name in getattr(index, "names", ()) if name is not None]
    if not names:
        return ""
    return (f"; {', '.join(map(repr, names))} {'is' if len(names) == 1 else 'are'} the "
            f"DataFrame's index, not {'a column' if len(names) == 1 else 'columns'}: call "
            f"reset_index() to make {'it a column' if len(names) == 1 else 'them columns'}")


def unique_keys(pairs: list[tuple[str, object]]) -> dict:
    """``json.loads``' ``object_pairs_hook``: the object, or KeyError naming a repeated key."""
    record = dict(pairs)
    if len(record) < len(pairs):
        keys = [key for key, _ in pairs]
        raise KeyError(json.dumps(next(k for k in keys if keys.count(k) > 1)))
    return record


def repeated_key(error: KeyError) -> str:
    """The one message of a key :func:`unique_keys` found twice in one JSON object, for every
    JSON and JSONL reader."""
    return (f"key {error.args[0]} given twice in one object: which value is meant is not clear "
            "(JSON readers keep either value); give each key once")


def check_quoting(data: bytes, sep: str, file: str) -> None:
    """CSV quoting as pandas reads it, checked strictly: a field that opens a double quote
    must close it before its separator (``"Hi," he said`` in a TSV text lost its quotes,
    an unclosed ``"Hello`` swallowed the lines after it into one field), and the quote opens
    the field (``d1, "a, b"``: white space before it would be part of an unquoted field)."""
    import csv  # (tables only: not loaded by the column names, which text readers use)

    csv.field_size_limit(max(csv.field_size_limit(), len(data)))  # a long document's text
    rows = csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=sep,
                      strict=True)
    line = 1  # where the row being read starts
    try:
        for row in rows:
            if any(f[:1] in (" ", "\t") and f.lstrip(" \t")[:1] == '"' for f in row):
                raise InputError("white space before a field's opening double quote: a quote "
                                 "opens a field only right after the separator (RFC 4180; a "
                                 "text keeps its white space); write the quote right after "
                                 "the separator", file, line)
            line = rows.line_num + 1
    except csv.Error as error:
        if _blank_after_quote(data.decode("utf-8-sig").split("\n")[line - 1:rows.line_num], sep):
            raise InputError("white space after a field's closing double quote: a quoted field "
                             "ends right before the separator (RFC 4180; a text keeps the white "
                             "space inside its quotes); write the separator right after the "
                             "closing quote", file, line) from None
        raise InputError(f"malformed quoting ({error}): a field starting with a double quote "
                         'ends with one, and a quote inside it is written twice ("");'
                         " or take the quote out of the field's start", file, line) from None


def _blank_after_quote(lines: list[str], sep: str) -> bool:
    """Whether a quoted field of ``lines`` (one row) is followed by white space, then its
    separator or the end of the line: ``"a b"  ,x``."""
    blank = " " if sep == "\t" else " \t"
    field = re.compile(f'(?:^|{re.escape(sep)})[{blank}]*"(?:[^"]|"")*"[{blank}]+'
                       f'(?={re.escape(sep)}|\r?$)', re.M)
    return field.search("\n".join(lines)) is not None


def check_row_widths(data: bytes, sep: str, file: str) -> None:
    """Refuse the first row holding a value beyond the header's fields (``1,0,d1,1`` under
    ``topic,doc,relevance``): pandas would take the first column as the index and shift every
    value one column left, or, told not to, drop the value.  An empty field after the last
    (a separator ending the line) holds nothing and passes."""
    import csv

    rows = csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=sep)
    width, line = None, 1
    for row in rows:
        if width is None:
            width = len(row)
        elif any(field.strip() for field in row[width:]):
            raise InputError(f"{len(row)} fields where the header names {width}: a value "
                             f"beyond the header's columns ({row[width].strip()!r}) belongs "
                             "to none; name its column in the header, or remove it",
                             file, line)
        line = rows.line_num + 1
