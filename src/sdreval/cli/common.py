"""Helpers shared by the CLI commands: error handling, exit codes, reading inputs."""
from __future__ import annotations

import functools
import math
import os
import sys
import zlib
from typing import Callable

import click

from ..errors import (InputError, Problem, ProblemLog, SdrevalError, UsageError, printable,
                      shown_source)
from .paths import outputs_not_inputs

EXIT_OK, EXIT_INVALID_INPUT, EXIT_USAGE = 0, 1, 2


def handle_errors(func: Callable) -> Callable:
    """Map sdreval errors to the exit codes of docs/cli.md: 1 invalid input, 2 usage."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        from ..io.options import FORMAT_FLAGS

        flags = FORMAT_FLAGS.set(format_flags())  # messages name --run-format, not fmt=
        try:
            outputs_not_inputs()
            return func(*args, **kwargs)
        except InputError as error:
            for problem in error.problems:
                click.echo(problem_text(problem), err=True)
            sys.exit(EXIT_INVALID_INPUT)
        except UsageError as error:
            click.echo(printable(f"sdreval: usage error: {error}"), err=True)
            sys.exit(EXIT_USAGE)
        except SdrevalError as error:
            click.echo(printable(f"sdreval: error: {error}"), err=True)
            sys.exit(EXIT_INVALID_INPUT)
        except FileNotFoundError as error:
            click.echo(f"sdreval: no such file or directory: {error.filename}", err=True)
            sys.exit(EXIT_INVALID_INPUT)
        except IsADirectoryError as error:
            click.echo(f"sdreval: {error.filename} is a directory; give a file", err=True)
            sys.exit(EXIT_INVALID_INPUT)
        except BrokenPipeError:  # the reader of stdout stopped early (`| head`): not an error
            _stdout_to_devnull()
            sys.exit(0)
        except OSError as error:  # permission denied, not a directory, disk full, bad gzip
            where = f"{error.filename}: " if error.filename else ""
            click.echo(f"sdreval: {where}error: {error.strerror or error}", err=True)
            sys.exit(EXIT_INVALID_INPUT)
        except (zlib.error, EOFError) as error:  # a corrupt compressed input
            click.echo(f"sdreval: error: a compressed input is corrupt or truncated ({error})",
                       err=True)
            sys.exit(EXIT_INVALID_INPUT)
        finally:
            FORMAT_FLAGS.reset(flags)

    return wrapper


def format_flags() -> dict[str, str]:
    """The flags that force the judgements' and the runs' formats in the command being run
    (:data:`sdreval.io.options.FORMAT_FLAGS`): ``--qrels-format``, ``--run-format`` where it
    has them; ``--format`` for every input of ``validate`` and ``convert``."""
    context = click.get_current_context(silent=True)
    if context is None:
        return {"qrels": "--qrels-format", "run": "--run-format"}
    if context.command.name in ("validate", "convert"):  # their --format: the input's
        return {"qrels": "--format", "run": "--format"}
    given = {opt for param in context.command.params for opt in getattr(param, "opts", ())}
    return {role: f"--{role}-format" for role in ("qrels", "run")
            if f"--{role}-format" in given and context.command.name != "simulate"}


def _stdout_to_devnull() -> None:
    """Point stdout at /dev/null, so that flushing it at exit raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no file descriptor (e.g. a test runner)
        pass


def echo_warnings(warnings: list[str]) -> None:
    """Warnings on stderr: ``FILE:LINE: warning: ...`` problems as they are, other messages
    as ``sdreval: warning: ...`` (never both prefixes)."""
    for message in warnings:
        located = ": warning: " in message
        click.echo(printable(message if located else f"sdreval: warning: {message}"), err=True)


def echo_notes(lines: list[str]) -> None:
    """Statements about the output (e.g. which topics the means cover) on stderr, so that
    stdout keeps its records; silenced by --quiet)."""
    from ..progress import is_quiet

    if is_quiet():
        return
    for line in lines:
        click.echo(printable(f"sdreval: {line}" if not line.startswith("  ") else line), err=True)


class BoundedFloat(click.ParamType):
    """A finite float within bounds (``nan``/``inf`` refused): a bad value is a usage error
    (exit 2) naming the option, like click's own ranges."""

    name = "float"

    def __init__(self, low: float | None = None, high: float | None = None,
                 low_open: bool = False, high_open: bool = False) -> None:
        self.low, self.high, self.low_open, self.high_open = low, high, low_open, high_open

    def _range(self) -> str:
        left = "(" if self.low_open or self.low is None else "["
        right = ")" if self.high_open or self.high is None else "]"
        low = "-inf" if self.low is None else f"{self.low:g}"
        high = "inf" if self.high is None else f"{self.high:g}"
        return f"{left}{low}, {high}{right}"

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            number = value
        else:
            try:
                number = float(value)
            except (TypeError, ValueError):
                self.fail(f"{value!r} is not a number", param, ctx)
        below = self.low is not None and (number <= self.low if self.low_open
                                          else number < self.low)
        above = self.high is not None and (number >= self.high if self.high_open
                                           else number > self.high)
        if not math.isfinite(number) or below or above:
            self.fail(f"{value} is not in {self._range()}", param, ctx)
        return number


#: counts that must be at least 1 (--jobs, --samples, --docs, ...)
POSITIVE_INT = click.IntRange(min=1)
#: random seeds (numpy refuses negative ones)
SEED = click.IntRange(min=0)
#: a significance or confidence level
LEVEL = BoundedFloat(0.0, 1.0, low_open=True, high_open=True)
#: a share in [0, 1]
UNIT_INTERVAL = BoundedFloat(0.0, 1.0)


class Name(click.ParamType):
    """A name (a quantisation, a format, a span unit): an empty value (``--quant ""``, an
    unset shell variable) is a usage error naming the option, not the default it would
    otherwise silently stand for."""

    name = "text"

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("an empty value names nothing; leave the option out for its default",
                      param, ctx)
        return value


NAME = Name()


def confidence_level_caveat(level: float) -> list[str]:
    """A warning where a confidence level (stability, budget: 0.95 gives 95% intervals) looks
    like a significance level (compare, report: 0.05), as a user of both would type it."""
    if level >= 0.5:
        return []
    return [f"--level {level:g} is the confidence level of the intervals here ({level:.0%} "
            f"intervals, narrower than the mean's spread); for 95% intervals give --level "
            f"0.95 (compare and report take a significance level, 0.05)"]


#: examples printed per kind of problem and file (``sdreval validate`` prints every one)
EXAMPLES_SHOWN = 3


def problem_text(problem: Problem) -> str:
    """``file:line: severity: message``, or ``sdreval: severity: message`` without a file."""
    return str(problem) if problem.file else \
        printable(f"sdreval: {problem.severity}: {problem.message}")


def echo_problems(log: ProblemLog, severity: str = "warning", validate_options: str = ""
                  ) -> None:
    """Print a log's problems grouped by file and kind, file after file: a summary line where
    some of the file's problems are not shown (with the ``sdreval validate`` command that lists
    them all: ``validate_options`` added, as ``--collection DIR`` for results placed in a
    collection), then the first :data:`EXAMPLES_SHOWN` of each kind (by line: the log keeps
    the first in the file) and a count of the rest, kinds in the order of their first line (so
    that a file's examples follow its own summary line, the same whatever order the file was
    read in: whole, streamed or in parallel parts)."""
    by_file: dict[str | None, list[tuple[int, list[Problem]]]] = {}
    for file, _, count, examples in log.groups(severity):
        by_file.setdefault(file, []).append((count, examples))
    for file, groups in by_file.items():
        groups.sort(key=lambda group: (group[1][0].line or 0) if group[1] else 0)
        if file and any(count > EXAMPLES_SHOWN for count, _ in groups):
            total = sum(count for count, _ in groups)
            click.echo(f"sdreval: {severity}: {shown_source(file)}: {total} {severity}(s) of "
                       f"{len(groups)} kind(s); up to {EXAMPLES_SHOWN} of each kind follow "
                       f"(sdreval validate {file}{validate_options} lists every one)",
                       err=True)
        for count, examples in groups:
            for problem in examples[:EXAMPLES_SHOWN]:
                click.echo(problem_text(problem), err=True)
            if count > EXAMPLES_SHOWN:
                click.echo(f"  ... and {count - EXAMPLES_SHOWN} more like this in "
                           f"{shown_source(file) if file else 'input'}", err=True)


def _set_quiet(ctx, param, value) -> bool:
    """Quiet for this command only: the setting before it comes back when the command ends,
    so a command run in-process (``CliRunner``, a notebook) leaves no global state behind."""
    from ..progress import is_quiet, set_quiet

    before = is_quiet()
    set_quiet(value)
    ctx.call_on_close(lambda: set_quiet(before))
    return value


def quiet_option(func: Callable) -> Callable:
    """``--quiet``: no progress bar and no notes; warnings and errors are still printed."""
    return click.option("--quiet", is_flag=True, expose_value=False, is_eager=True,
                        callback=_set_quiet,
                        help="No progress bar and no notes on stderr (warnings and errors "
                             "are still printed). The bar is shown only when stderr is a "
                             "terminal.")(func)


def all_topics_option(func: Callable) -> Callable:
    """``-c``, trec_eval's option, in every command that averages over the topics of qrels."""
    return click.option("-c", "all_topics", is_flag=True,
                        help="With qrels: average over every qrels topic with something "
                             "relevant, as trec_eval -c (topics a run did not answer score "
                             "0); default: the topics a run answered.")(func)


def pool_policy_option(func: Callable) -> Callable:
    """``--pool-policy``, in every command that reads INEX assessment directories."""
    return click.option("--pool-policy", type=click.Choice(["main", "error", "union"]),
                        default="main", show_default=True,
                        help="INEX assessment directories: how two pools of one topic combine "
                             "(main: the pool X-RAI marked main; error: disagreements are "
                             "errors; union: every pool, the main pool wins "
                             "disagreements).")(func)


def echo_status(message: str) -> None:
    """A non-essential note on stderr (silenced by --quiet)."""
    from ..progress import is_quiet

    if not is_quiet():
        click.echo(printable(f"sdreval: {message}"), err=True)


def jobs_options(func: Callable) -> Callable:
    """``--jobs N`` and ``--scheduler ADDRESS|local``: evaluate runs cut into topic
    partitions, in N processes or on a Dask cluster (``local``: N worker processes here)."""
    func = click.option("--scheduler", default=None, metavar="ADDRESS|local",
                        help="Evaluate on a Dask cluster: a scheduler's address "
                             "(tcp://host:8786), or 'local' for --jobs worker processes here "
                             "(docs/scale.md).")(func)
    return click.option("--jobs", type=POSITIVE_INT, default=1,
                        help="Evaluate in N processes (every run cut into topic partitions; "
                             "same numbers as one process).")(func)


def evaluate_runs(qrels, runs: list, measures, ctx, all_topics: bool = False, jobs: int = 1,
                  scheduler: str | None = None, columns: bool = False):
    """:func:`sdreval.measures.evaluate` of the runs of :func:`.eval_inputs.load_inputs` (names
    distinct, topic names checked) with a progress bar: run by run (the same rows, in the
    same order, as evaluating the list at once), or as one step with ``--jobs``/``--scheduler``.
    ``columns``: the table as :class:`~sdreval.measures.results.ResultColumns` (serially
    without pandas) instead of a DataFrame."""
    from ..measures.evaluate import evaluate_checked
    from ..measures.results import ResultColumns
    from ..measures.serial import evaluate_columns
    from ..progress import progress

    # the runs come from load_inputs: names made distinct and topic names checked there, once;
    # each run alone gives the rows it gives in the list; with --jobs/--scheduler every run is
    # cut into topic partitions (one run too)
    if jobs > 1 or scheduler:
        with progress(None, f"evaluating {len(runs)} run(s) in topic partitions"):
            table = evaluate_checked(qrels, runs, measures, ctx, all_topics, jobs, scheduler)
        return ResultColumns.from_frame(table) if columns else table
    tables = []
    with progress(len(runs), "evaluating runs") as bar:
        for run in runs:
            tables.append(evaluate_columns(qrels, [run], measures, ctx, all_topics))
            bar.update()
    table = ResultColumns.concat(tables)
    return table if columns else table.to_frame()


def unused_missing(missing: str, gaps: bool, all_topics: bool) -> list[str]:
    """The warning of ``--missing drop|zero`` given where no run lacks a value on a topic
    another run has (``gaps`` false): the rule changed nothing (with ``-c`` as a rule)."""
    if missing == "error" or gaps:
        return []
    return unused_given({"missing": "every run has a value on every topic another run has"
                                    + (" (-c scores unanswered topics 0)" if all_topics else "")})


def unused_given(unused: dict[str, str]) -> list[str]:
    """``FLAG not used: WHY`` for each parameter of ``unused`` (name → why) that was given on
    the command line."""
    from click.core import ParameterSource

    context = click.get_current_context(silent=True)
    if context is None:
        return []
    return [f"{'/'.join(p.opts)} not used: {unused[p.name]}" for p in context.command.params
            if p.name in unused
            and context.get_parameter_source(p.name) == ParameterSource.COMMANDLINE]
