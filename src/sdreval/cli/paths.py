"""Path types of the command-line arguments and options: inputs (a file, a URL, ``-`` for
standard input, read once) and outputs (``-`` for standard output; the folder must exist, and
an output is never one of the command's inputs)."""
from __future__ import annotations

import os

import click

from ..errors import UsageError


class InputPath(click.Path):
    """An input argument: a path that exists (:class:`click.Path`), or a URL read with fsspec
    (``s3://``, ``file://``, ...: Parquet files and datasets, :mod:`sdreval.io.locations`)
    whose scheme's library is installed and that names something."""

    def convert(self, value, param, ctx):
        from ..io.locations import is_url, url_filesystem

        if value == "-" and ctx is not None:
            self._read_stdin_once(param, ctx)
        if not is_url(value):
            return super().convert(value, param, ctx)
        try:
            fs, inner = url_filesystem(value)
        except UsageError as error:
            self.fail(str(error), param, ctx)
        if not fs.exists(inner):
            self.fail(f"URL {value!r} does not exist.", param, ctx)
        if not self.dir_okay and fs.isdir(inner):
            self.fail(f"URL {value!r} is a directory.", param, ctx)
        return value

    def _read_stdin_once(self, param, ctx) -> None:
        """Refuse a second ``-``: standard input holds one input and is read once."""
        name = param.human_readable_name if param is not None else "an input"
        first = ctx.meta.get("sdreval.stdin_input")
        ctx.meta["sdreval.stdin_input"] = name
        if first is not None:
            both = f"{first} and {name}" if first != name else f"{name}, twice"
            self.fail(f"standard input (-) is given for {both}: it holds one input; give the "
                      "others as files", param, ctx)


class WritePath(click.Path):
    """An output file: ``-`` is standard output (kept as ``-``); any other path's folder must
    exist, checked before any input is read (exit 2), so that a mistyped folder neither costs
    an evaluation nor ends in an error about a temporary file."""

    def convert(self, value, param, ctx):
        from ..io.locations import is_url

        if value == "-" or is_url(value):
            return value
        path = super().convert(value, param, ctx)
        if str(path).endswith(("/", os.sep)) or os.path.isdir(path):
            return path  # a directory output (eval's Parquet dataset) is made when written
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            self.fail(f"{value}: no folder {folder} to write it in (make the folder first)",
                      param, ctx)
        return path


class OutputPath(WritePath):
    """An output file of a command; ``-`` is standard output, as ``-`` is standard input for
    its inputs (it wrote a file named ``-``)."""

    def convert(self, value, param, ctx):
        if value in ("tsv", "jsonl"):  # ir_measures' -o is its output format
            formats = next((p.type.choices for p in (ctx.command.params if ctx else [])
                            if p.name == "fmt" and isinstance(p.type, click.Choice)), ())
            said = ("--format csv or json sets the format; " if "csv" in formats else "")
            self.fail(f"{value!r} is ir_measures' -o (its output format); sdreval's -o is the "
                      f"file to write ({said}./{value} writes a file of that name)", param, ctx)
        return None if value == "-" else super().convert(value, param, ctx)


#: a table input (chunk map, documents, span judgements): a JSONL, CSV/TSV or Parquet file, a
#: Parquet dataset directory, a URL of one, or ``-`` for standard input, as every other input
#: (:func:`sdreval.io.tables.load_table` reads them all; a directory without Parquet files is
#: refused there)
TABLE_INPUT = InputPath(exists=True, allow_dash=True)
#: the per-topic scores of ``--scores`` (compare, report, stability): a CSV file, a URL of
#: none (text is read from local paths), or ``-`` for standard input, as every other input
SCORES_INPUT = InputPath(exists=True, dir_okay=False, allow_dash=True)


def outputs_not_inputs() -> None:
    """Refuse (exit 2) an output file of the command being run (``-o``, ``convert``'s OUT,
    ``--text-table`` ...) that is one of its input files: it would be overwritten with the
    output, the input lost."""
    context = click.get_current_context(silent=True)
    if context is None:
        return
    inputs, outputs = [], []
    for param in context.command.params:
        value = context.params.get(param.name)
        values = value if isinstance(value, (tuple, list)) else (value,)
        paths = [v for v in values if isinstance(v, str) and v != "-" and os.path.isfile(v)]
        if isinstance(param.type, WritePath):
            outputs += [(param, v) for v in paths]
        elif isinstance(param.type, click.Path) and param.type.exists:
            inputs += [(param, v) for v in paths]
    for out_param, out in outputs:
        for in_param, given in inputs:
            if os.path.samefile(out, given):
                flag = "/".join(out_param.opts) if out_param.param_type_name == "option" \
                    else out_param.human_readable_name
                raise UsageError(f"{flag} {out} is also an input ({in_param.human_readable_name}"
                                 f"): writing it would overwrite that input; name another file")
