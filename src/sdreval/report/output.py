"""Write a results table in the formats of docs/cli.md: text, csv, json, parquet; and, as an
extension, the runs × measures summary as an aligned trec_eval-like ``table`` or ``latex``
(:mod:`sdreval.report.tables`, with significance marks when a compare table is given)."""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import TextIO

import pandas as pd

from ..errors import UsageError

FORMATS = ("text", "csv", "json", "parquet", "table", "latex")
#: Summary formats (runs × measures of the means; per-topic rows are averaged).
TABLE_FORMATS = ("table", "latex")


def _format_value(value: float, count: bool = False) -> str:
    if pd.isna(value):
        return "nan"
    if count and float(value).is_integer():
        return str(int(value))
    return f"{value:.4f}"


def count_measures(names) -> set[str]:
    """The names (as typed) of measures that count (``num_rel``, ``NumRet`` ...: summed over
    topics, as trec_eval does); they print as whole numbers, like trec_eval's."""
    from ..measures.registry import parse_measure

    counts = set()
    for name in set(names):
        try:
            if parse_measure(str(name)).definition.aggregate == "sum":
                counts.add(name)
        except Exception:  # a name that does not parse (e.g. from a scores file) is no count
            continue
    return counts


def results_to_text(results: pd.DataFrame) -> str:
    """trec_eval-like lines ``run<TAB>measure<TAB>topic<TAB>value`` (4 decimals; counts as
    whole numbers)."""
    counts = count_measures(results["measure"]) if len(results) else set()
    return "".join(f"{r.run}\t{r.measure}\t{r.topic}\t"
                   f"{_format_value(r.value, r.measure in counts)}\n"
                   for r in results.itertuples(index=False))


def results_to_json(results: pd.DataFrame) -> str:
    """Records ``{"run", "topic", "measure", "value"}``; a mean row of a table with a
    ``topics`` column (``summarise(..., counts=True)``) also says how many topics it covers."""
    counted = "topics" in results.columns
    records = []
    for r in results.itertuples(index=False):
        record = {"run": r.run, "topic": r.topic, "measure": r.measure,
                  "value": None if pd.isna(r.value) else float(r.value)}
        if counted and not pd.isna(r.topics):
            record["topics"] = int(r.topics)
        records.append(record)
    return json.dumps(records, indent=1)


def write_results(results: pd.DataFrame, fmt: str = "text", out: str | Path | None = None,
                  stream: TextIO | None = None) -> None:
    """Write ``results`` (columns run, topic, measure, value) to ``out`` or ``stream``."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if fmt == "parquet":
        if out is None:
            raise UsageError("--format parquet needs -o FILE")
        try:
            results.to_parquet(out, index=False)
        except ImportError:
            raise UsageError("--format parquet needs pyarrow: pip install 'sdreval[parquet]'"
                             ) from None
        return
    if fmt in TABLE_FORMATS:
        text = summary_text(results, fmt)
    elif fmt == "text":
        text = results_to_text(results)
    elif fmt == "csv":
        buffer = io.StringIO()
        results.to_csv(buffer, index=False)
        text = buffer.getvalue()
    else:
        text = results_to_json(results) + "\n"
    if out is not None:
        Path(out).write_text(text, encoding="utf-8")
    else:
        (stream or sys.stdout).write(text)


def summary_text(results: pd.DataFrame, fmt: str = "table", compare: pd.DataFrame | None = None,
                 **options) -> str:
    """The runs × measures summary as an aligned text table (``table``, trec_eval-like) or a
    LaTeX table (``latex``); ``compare`` (docs/cli.md compare records) adds significance marks."""
    from .tables import format_latex_table, format_text_table

    if fmt == "table":
        return format_text_table(results, compare, **options)
    if fmt == "latex":
        return format_latex_table(results, compare, **options)
    raise UsageError(f"unknown summary format {fmt!r}; expected table or latex")


def write_table(results: pd.DataFrame, fmt: str = "table", out: str | Path | None = None,
                compare: pd.DataFrame | None = None, stream: TextIO | None = None,
                **options) -> None:
    """Write the summary table (see :func:`summary_text`) to ``out`` or ``stream``."""
    text = summary_text(results, fmt, compare, **options)
    if out is not None:
        Path(out).write_text(text, encoding="utf-8")
    else:
        (stream or sys.stdout).write(text)
