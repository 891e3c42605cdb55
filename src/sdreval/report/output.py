"""Write a results table in the formats of docs/cli.md: text, csv, json, parquet; and, as an
extension, the runs × measures summary as an aligned trec_eval-like ``table`` or ``latex``
(:mod:`sdreval.report.tables`, with significance marks when a compare table is given)."""
from __future__ import annotations

import contextlib
import io
import itertools
import json
import sys
from pathlib import Path
from typing import TextIO

from ..errors import UsageError
from ..lazy import lazy_module

pd = lazy_module("pandas")

FORMATS = ("text", "csv", "json", "parquet", "table", "latex", "trec_eval")
#: Summary formats (runs × measures of the means; per-topic rows are averaged).
TABLE_FORMATS = ("table", "latex")
#: Formats written from the columns of the results, without pandas.
COLUMN_FORMATS = ("text", "json", "csv", "trec_eval")


def _format_value(value: float, count: bool = False) -> str:
    if value != value:  # NaN
        return "nan"
    if count and float(value).is_integer():
        return str(int(value))
    return f"{value:.4f}"


#: rows formatted at once (the text of a table of millions of rows is written in pieces)
_ROWS = 1 << 16


def _columns(results):
    """The columns of ``results`` (a DataFrame or ResultColumns)."""
    from ..measures.results import ResultColumns

    return results if isinstance(results, ResultColumns) else ResultColumns.from_frame(results)


def _blocks(table, columns: list[str]):
    """The values of ``columns`` (lists of Python scalars) of a ResultColumns, ``_ROWS`` rows
    at a time; ``topics`` is None where missing."""
    for start in range(0, len(table), _ROWS):
        stop = start + _ROWS
        block = []
        for column in columns:
            if column == "value":
                block.append(table.value[start:stop].tolist())
            elif column == "topics":
                block.append([None if c < 0 else c for c in table.count[start:stop].tolist()])
            else:
                names = getattr(table, column + "s")
                block.append([names[i] for i in getattr(table, column)[start:stop].tolist()])
        yield block


def text_pieces(results):
    """The lines of :func:`results_to_text`, a block of rows at a time."""
    from ..measures.evaluate import count_measures

    table = _columns(results)
    counts = count_measures(table.measures) if len(table) else set()
    for runs, measures, topics, values in _blocks(table, ["run", "measure", "topic", "value"]):
        yield "".join(f"{run}\t{measure}\t{topic}\t"
                      f"{_format_value(value, measure in counts)}\n"
                      for run, measure, topic, value in zip(runs, measures, topics, values))


def results_to_text(results) -> str:
    """trec_eval-like lines ``run<TAB>measure<TAB>topic<TAB>value`` (4 decimals; counts as
    whole numbers)."""
    return "".join(text_pieces(results))


def json_pieces(results):
    """The text of :func:`results_to_json`, a block of rows at a time (``json.dumps`` of the
    whole list, indent 1, without holding every record)."""
    table = _columns(results)
    if not len(table):
        yield json.dumps([], indent=1)
        return
    counted = table.count is not None
    columns = ["run", "topic", "measure", "value"] + (["topics"] if counted else [])
    yield "[\n"
    first = True
    for block in _blocks(table, columns):
        records = []
        for row in zip(*block):
            run, topic, measure, value = row[:4]
            record = {"run": run, "topic": topic, "measure": measure,
                      "value": None if value != value else float(value)}
            if counted and row[4] is not None:
                record["topics"] = int(row[4])
            records.append(" " + json.dumps(record, indent=1).replace("\n", "\n "))
        yield ("" if first else ",\n") + ",\n".join(records)
        first = False
    yield "\n]"


def results_to_json(results) -> str:
    """Records ``{"run", "topic", "measure", "value"}``; a mean row of a table with a
    ``topics`` column (``summarise(..., counts=True)``) also says how many topics it covers."""
    return "".join(json_pieces(results))


def _csv_cell(value: float) -> str:
    """A value as pandas' ``to_csv`` writes a float column: the shortest repr, NaN empty."""
    return "" if value != value else repr(float(value))


def csv_pieces(results):
    """The CSV text of ``results`` (header ``run,topic,measure,value[,topics]``), a block of
    rows at a time, as pandas' ``DataFrame.to_csv(index=False)`` writes the tidy table (the
    ``csv`` module's minimal quoting; NaN and a missing count empty) without building it."""
    table = _columns(results)
    columns = ["run", "topic", "measure", "value"] + (["topics"] if table.count is not None
                                                       else [])
    import csv  # --format csv only

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for block in _blocks(table, columns):
        block[3] = [_csv_cell(v) for v in block[3]]
        if len(block) > 4:
            block[4] = ["" if c is None else c for c in block[4]]
        writer.writerows(zip(*block))
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
    if buffer.tell():
        yield buffer.getvalue()


def check_target(fmt: str, out: str | Path | None) -> None:
    """Refuse a binary format without a file to write to (checked by ``eval`` before any
    file is read, so that a long evaluation is not lost)."""
    if fmt == "parquet" and out is None:
        raise UsageError("--format parquet needs -o FILE (Parquet is not written to the "
                         "terminal; or -o DIR/ for a dataset)")


def write_results(results, fmt: str = "text", out: str | Path | None = None,
                  stream: TextIO | None = None, topic_rows: bool = True,
                  **table_options) -> None:
    """Write ``results`` (columns run, topic, measure, value) to ``out`` or ``stream`` (text,
    csv and json a block of rows at a time); ``topic_rows=False``: trec_eval's layout without
    the per-topic rows given, which still make its means (trec_eval's sums); ``table_options``
    (``compare``, ``digits``, ``caption``, ``label``, ``significance``) go to the summary of
    ``table`` and ``latex`` (:func:`summary_text`)."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if table_options and fmt not in TABLE_FORMATS:
        raise UsageError(f"{', '.join(sorted(table_options))}: only for the summary formats "
                         f"{' and '.join(TABLE_FORMATS)}, not {fmt}")
    from ..measures.results import ResultColumns

    if fmt not in COLUMN_FORMATS and isinstance(results, ResultColumns):
        results = results.to_frame()  # the other formats are written by pandas
    if fmt == "parquet":
        check_target(fmt, out)
        try:
            results.to_parquet(out, index=False)
        except ImportError:
            raise UsageError("--format parquet needs pyarrow: pip install 'sdreval[parquet]'"
                             ) from None
        return
    if fmt in TABLE_FORMATS:
        pieces = iter([summary_text(results, fmt, **table_options)])
    elif fmt == "text":
        pieces = text_pieces(results)
    elif fmt == "trec_eval":
        from .trec_format import trec_eval_pieces

        pieces = trec_eval_pieces(results, topic_rows)
    elif fmt == "csv":
        pieces = csv_pieces(results)
    else:
        pieces = itertools.chain(json_pieces(results), ["\n"])
    with _target(out, stream) as handle:
        for piece in pieces:
            handle.write(piece)


@contextlib.contextmanager
def _target(out: str | Path | None, stream: TextIO | None):
    """The file ``out`` (UTF-8) or ``stream`` (default stdout)."""
    if out is None:
        yield stream or sys.stdout
        return
    with open(out, "w", encoding="utf-8") as handle:
        yield handle


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
