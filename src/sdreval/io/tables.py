"""The one reader of tables given by path (span inputs, chunk maps, documents, document-level
runs and qrels): JSONL, CSV/TSV and Parquet files and datasets
(:mod:`sdreval.io.parquet_tables`), each read as a :class:`~sdreval.io.table_model.Table`,
a DataFrame and the file line (or Parquet row) of every row, so that each problem is
reported as ``file:line``.  The layout is told by content (:func:`sniff_columns`); the rules
of the fields (ids as text, white space around separators, quoting, blank and ``#`` lines):
docs/inputs.md, "Fields of tables and text files"."""
from __future__ import annotations

import io
import json
import warnings
from pathlib import Path

import numpy as np

from ..errors import InputError, ProblemLog
from ..lazy import lazy_module
from ..model.runnames import file_stem
from .ids import id_of
from .locations import dataset_parts, is_directory, is_url, url_start
from .parquet_tables import dataset_columns, load_dataset, load_parquet, parquet_file, to_frame
from .table_checks import chosen_run_name, single_run_name
from .table_model import Table
from .table_syntax import check_quoting, check_row_widths, repeated_key, unique_keys
from .text_rules import LONE_CR_PROBLEM, first_not_utf8, lone_cr, not_utf8
from .textlines import PARQUET_MAGIC, first_data_line, open_binary, read_head, table_layout

pd = lazy_module("pandas")

#: the keys holding identifiers: text, never typed (a JSON integer is taken as its digits)
ID_KEYS = ("query_id", "doc_id", "chunk_id")
#: the keys RAG tools give gold text in (:mod:`sdreval.io.spans.fields`)
GOLD_TEXT = ("reference_contexts", "reference_context", "expected_texts", "expected_text",
             "gold_text", "gold_texts")
#: the keys holding free text (documents, chunks, gold text): its own white space is data
TEXT_KEYS = ("text", "page_content") + GOLD_TEXT


def run_name(table: Table, name: str | None = None) -> str:
    """``name``, else the run the table's run column names, else the file's stem (``run``
    for a table not read from a file); a table naming several runs is refused, even when
    ``name`` is given."""
    stem = file_stem(table.file) if not table.file.startswith("(") else "run"
    return chosen_run_name(name, single_run_name(table.frame, table.file), stem)[0]


def sniff_columns(path: str | Path) -> tuple[str, list[str]] | None:
    """``(layout, column names)`` of a JSONL/CSV/TSV/Parquet file, or None if it is none of
    them (e.g. a whitespace-separated TREC file); a directory of Parquet files (a dataset) by
    the schema of its files.  ``path`` may be a URL (:mod:`sdreval.io.locations`)."""
    if is_directory(path):
        return ("parquet", dataset_columns(path)) if parquet_dataset(path) else None
    head = read_start(path, 65536)
    layout = table_layout(head)
    if layout is None:
        return None
    if layout == "parquet":
        import pyarrow.parquet as pq

        return layout, list(parquet_file(path, lambda where, filesystem: pq.read_schema(
            where, filesystem=filesystem)).names)
    first = first_data_line(head)  # (a layout was found: there is a data line)
    if layout == "jsonl":
        try:
            record = json.loads(first)
        except (json.JSONDecodeError, RecursionError):
            return None
        return (layout, list(record)) if isinstance(record, dict) else None
    sep = "\t" if layout == "tsv" else ","
    return layout, [c.strip().strip('"') for c in first.split(sep)]


def load_table(path: str | Path, log: ProblemLog, ids: tuple[str, ...] = ID_KEYS,
               root: str | Path | None = None) -> Table:
    """Read a JSONL, CSV/TSV or Parquet file, or a directory of Parquet files (layout from
    content); ``ids``: the columns read as text (JSONL: without type inference).  ``root``:
    ``path`` is one file of the Parquet dataset in that directory (its Hive partition
    values, ``root/key=value/...``, become columns as when the whole dataset is read).
    ``path`` may be a URL of a Parquet file or dataset (:mod:`sdreval.io.locations`)."""
    file = str(path)
    if root is not None:
        return load_dataset(path, ids, root)
    if is_directory(path):
        if not parquet_dataset(path):
            raise InputError("a directory without Parquet files: not a table (a directory is "
                             "read as a table only as a Parquet dataset)", file)
        return load_dataset(path, ids)
    head = read_start(path, 65536)
    layout = table_layout(head)
    if layout == "parquet":
        return load_parquet(path, ids)
    if layout == "jsonl":
        return _load_jsonl(path, log, ids)
    if layout in ("csv", "tsv"):
        return _load_delimited(path, "\t" if layout == "tsv" else ",")
    raise InputError("not a JSONL, CSV/TSV or Parquet file (first data line: "
                     f"{(first_data_line(head) or '')[:80]!r})", file)


def data_line_numbers(data: bytes, rows: int) -> np.ndarray:
    """1-based numbers of the lines holding data (not blank; the JSON reader has read every
    other line): ``1..rows`` at once when the data has ``rows`` lines."""
    if data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1) == rows:
        return np.arange(1, rows + 1, dtype=np.int64)
    arr = np.frombuffer(data + b"\n", dtype=np.uint8)
    ends = np.flatnonzero(arr == 10)
    starts = np.concatenate(([0], ends[:-1] + 1))
    # the non-space bytes before each position: a line holds data when it has one
    solid = np.concatenate(([0], np.cumsum(~np.isin(arr, np.frombuffer(b" \t\r\n\x0b\x0c",
                                                                        dtype=np.uint8)))))
    return (np.flatnonzero(solid[ends] > solid[starts]) + 1).astype(np.int64)


def _load_jsonl(path: str | Path, log: ProblemLog, ids: tuple[str, ...] = ID_KEYS) -> Table:
    file = str(path)
    try:
        with open_binary(path) as handle:
            data = handle.read()
    except (OSError, EOFError) as error:
        raise InputError(f"cannot read: {error}", file) from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = b"   " + data[3:]
    import pyarrow as pa
    import pyarrow.json as pj

    frame = None  # (Arrow's JSON reader does not check that strings are UTF-8)
    if b"\n#" not in data and not data.startswith(b"#") and first_not_utf8(data) is None:
        try:  # ids as text: no dates, no doubles (a JSON number there: the careful path)
            names = [k for k in ids if f'"{k}"'.encode() in data]
            schema = pa.schema([(k, pa.string()) for k in names])
            table = pj.read_json(pa.BufferReader(data), parse_options=pj.ParseOptions(
                explicit_schema=schema, unexpected_field_behavior="infer"))
            frame = to_frame(table)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError):
            frame = None  # re-read line by line to name the broken line
    if frame is not None:
        lines = data_line_numbers(data, len(frame))
        if lines.size == len(frame):
            return Table(frame, lines, file)
    return _load_jsonl_slow(data, file, log, ids)


def _load_jsonl_slow(data: bytes, file: str, log: ProblemLog,
                     ids: tuple[str, ...] = ID_KEYS) -> Table:
    """Line by line with ``json``: every undecodable line is an error naming it, as is a
    line with a lone surrogate (``"\\udc80"``: not a character) or an id that is not text
    or a whole number (the rule of every id, :mod:`sdreval.io.ids`: ``7`` and ``7.0`` are
    the id ``"7"``; ``2.5`` and ``true`` are errors)."""
    records: list[dict] = []
    lines: list[int] = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        text = raw.strip()
        if not text or text.startswith(b"#"):
            continue
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as error:
            log.error(file, number, not_utf8(error))
            continue
        try:
            record = json.loads(text, object_pairs_hook=unique_keys)
        except json.JSONDecodeError as error:  # (one line of objects: lines ended by CR?)
            log.error(file, number, LONE_CR_PROBLEM if lone_cr(data) else
                      f"not a JSON object: {error}")
            continue
        except KeyError as error:
            log.error(file, number, repeated_key(error))
            continue
        except RecursionError:
            log.error(file, number, "not a JSON object sdreval can read: values nested more "
                      "deeply than Python's JSON reader allows")
            continue
        if not isinstance(record, dict):
            log.error(file, number, f"expected a JSON object, found {type(record).__name__}")
            continue
        problem = _record_problem(record, ids)
        if problem:
            log.error(file, number, problem)
            continue
        records.append(record)
        lines.append(number)
    return Table(pd.DataFrame.from_records(records), np.asarray(lines, dtype=np.int64), file)


def _record_problem(record: dict, ids: tuple[str, ...] = ID_KEYS) -> str | None:
    """Why a decoded JSON object cannot be used (None if it can); whole-number ids become
    their digits."""
    for key in ids:  # the rule of every id (sdreval.io.ids): 7 and 7.0 are "7"
        value = record.get(key)
        if value is None or isinstance(value, str):
            continue
        text = id_of(value)
        if text is None:  # true, 2.5, 1e300, [1], {...}
            return (f"{key} {json.dumps(value)[:40]} is not an id: write ids as JSON "
                    "strings (or integers)")
        record[key] = text
    for key, value in record.items():
        for text in (key, value):
            if isinstance(text, str):
                try:
                    text.encode("utf-8")
                except UnicodeEncodeError as error:
                    bad = text[error.start]
                    return (f"{key} holds a lone surrogate \\u{ord(bad):04x} (an escape that "
                            "is not a character): not valid text")
    return None


def csv_frame(data: bytes, **options) -> pd.DataFrame:
    """``pd.read_csv`` of ``data`` with every field whole: pandas 2's parser cuts a field at a
    NUL byte (``a\\x00b`` is read as ``a``: an id silently other than written), pandas 3's
    keeps it, so a NUL stands in as a noncharacter (U+FDD0...U+FDEF) the data does not hold
    while pandas parses, for the rule of ids and names to refuse it on both."""
    if b"\x00" not in data:
        return pd.read_csv(io.BytesIO(data), **options)
    nul = next(c for c in map(chr, range(0xFDD0, 0xFDF0)) if c.encode() not in data)
    frame = pd.read_csv(io.BytesIO(data.replace(b"\x00", nul.encode())), **options)
    frame.columns = [str(c).replace(nul, "\x00") for c in frame.columns]
    for i in range(frame.shape[1]):
        if not pd.api.types.is_numeric_dtype(frame.dtypes.iloc[i]):
            frame.isetitem(i, frame.iloc[:, i].str.replace(nul, "\x00", regex=False))
    return frame


def _load_delimited(path: str | Path, sep: str) -> Table:
    file = str(path)
    try:
        with open_binary(path) as handle:  # stdin and pipes (spooled), .gz decompressed
            data = handle.read()
        _check_header_first(data, "TSV" if sep == "\t" else "CSV", file)
        if b'"' in data:
            check_quoting(data, sep, file)
        with warnings.catch_warnings(record=True) as dropped:  # (fields beyond the header's)
            warnings.simplefilter("always", pd.errors.ParserWarning)
            frame = csv_frame(data, sep=sep, skip_blank_lines=False, comment=None, dtype=str,
                              keep_default_na=False, na_values=[""], index_col=False)
        if any(issubclass(w.category, pd.errors.ParserWarning) for w in dropped):
            check_row_widths(data, sep, file)
    except (pd.errors.ParserError, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, pd.errors.ParserError):  # e.g. a row longer than the first
            check_row_widths(data, sep, file)
        if (bad := first_not_utf8(data)) is not None:
            raise InputError(bad[1], file, bad[0]) from None
        raise InputError(f"cannot read as {'TSV' if sep == chr(9) else 'CSV'}: {error}",
                         file) from None
    named = [n for n in (sniff_columns(path) or ("", []))[1] if n]  # pandas: a repeat qid.1
    if len(set(named)) < len(named):
        raise InputError("the header repeats column names ("
                         + ", ".join(sorted({n for n in named if named.count(n) > 1}))
                         + "): which is meant is not clear; give each column once", file, 1)
    frame.columns = [str(c).strip() for c in frame.columns]
    for name in frame.columns:  # white space around separators: stripped, as from names
        if name not in TEXT_KEYS:  # a text's own white space counts in its offsets
            frame[name] = frame[name].str.strip().replace("", np.nan)
    lines = np.arange(2, len(frame) + 2, dtype=np.int64)  # the header is line 1
    blank = frame.isna().all(axis=1).to_numpy()
    if blank.any():
        frame, lines = frame[~blank].reset_index(drop=True), lines[~blank]
    return Table(frame, lines, file)


def _check_header_first(data: bytes, kind: str, file: str) -> None:
    """Refuse a CSV/TSV file whose first line is blank or a ``#`` comment: its header (the
    column names) is its first line, where pandas looks for it; detection, which skips such
    lines, would otherwise hand the reader a table of no columns, or of the comment's."""
    first = data.removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0].strip()
    if not first or first.startswith(b"#"):
        raise InputError(f"line 1 is {'a comment' if first else 'blank'}: the first line of a "
                         f"{kind} table is its header (the column names), and {kind} tables have "
                         "no comment lines: remove the lines before the header", file, 1)


def read_start(path: str | Path, size: int) -> bytes:
    """The first ``size`` bytes of a file: a local one as the text readers open it
    (decompressed, pipes spooled: :func:`~sdreval.io.textlines.read_head`), a URL's as
    stored."""
    return url_start(str(path), size) if is_url(path) else read_head(path, size)


def parquet_dataset(path: str | Path) -> bool:
    """A directory whose first data file (:func:`~sdreval.io.locations.dataset_parts`) is a
    Parquet file."""
    parts = dataset_parts(path)
    return bool(parts) and read_start(parts[0], 4) == PARQUET_MAGIC


def table_from_frame(frame: pd.DataFrame, name: str = "(DataFrame)") -> Table:
    """A DataFrame given through the API: problems name the row by its index label, as for
    every other table."""
    return Table(frame.reset_index(drop=True), np.arange(1, len(frame) + 1, dtype=np.int64),
                 name, frame.index)
