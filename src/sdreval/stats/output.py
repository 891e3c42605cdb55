"""Writing statistics tables (compare records, stability tables) as text, CSV or JSON."""
from __future__ import annotations

import io
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..errors import UsageError
from .choices import TABLE_FORMATS  # noqa: F401  (the formats of these tables)


def _plain(value: Any) -> Any:
    if isinstance(value, (np.bool_, bool)):
        return bool(value)
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return None if math.isnan(value) else float(value)
    return value


def _json_value(value: Any) -> Any:
    value = _plain(value)
    return None if isinstance(value, float) and math.isinf(value) else value


def records(table: pd.DataFrame) -> list[dict]:
    """JSON-ready records: NaN and ±inf as null (JSON has no such numbers: ``json.dumps``
    would write ``NaN`` and ``Infinity``, which JSON parsers refuse), numpy scalars as Python
    values."""
    return [{k: _json_value(v) for k, v in row.items()} for row in table.to_dict("records")]


def _text_cell(value: Any) -> str:
    value = _plain(value)
    if value is None:
        return "nan"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):  # a whole number (a count summed over topics) in full
        return str(int(value)) if value.is_integer() and abs(value) < 2 ** 53 \
            else f"{value:.6g}"
    return str(value)


def _csv_booleans(table: pd.DataFrame) -> pd.DataFrame:
    """Booleans as ``true``/``false``, as the text and JSON tables write them (pandas writes
    ``True``/``False``)."""
    def word(value: Any) -> Any:
        return ("true" if value else "false") if isinstance(value, (bool, np.bool_)) else value

    changed = {column: table[column].map(word) for column in table.columns
               if pd.api.types.is_bool_dtype(table[column]) or table[column].dtype == object}
    return table.assign(**changed) if changed else table


def table_text(table: pd.DataFrame, fmt: str) -> str:
    """``table`` rendered as ``text`` (tab-separated with header), ``csv`` or ``json``."""
    if fmt == "json":
        return json.dumps(records(table), indent=1) + "\n"
    if fmt == "csv":
        buffer = io.StringIO()
        _csv_booleans(table).to_csv(buffer, index=False)
        return buffer.getvalue()
    if fmt == "text":
        lines = ["\t".join(map(str, table.columns))]
        lines += ["\t".join(_text_cell(v) for v in row) for row in table.itertuples(index=False)]
        return "\n".join(lines) + "\n"
    raise UsageError(f"unknown format {fmt!r}; expected one of {', '.join(TABLE_FORMATS)}")


def write_text(text: str, out: str | Path | None) -> None:
    if out is not None:
        Path(out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
