"""Helpers shared by the CLI commands: error handling, exit codes, reading inputs."""
from __future__ import annotations

import functools
import sys
from typing import Callable

import click

from ..errors import InputError, SdrevalError, UsageError

EXIT_OK, EXIT_INVALID_INPUT, EXIT_USAGE = 0, 1, 2


def handle_errors(func: Callable) -> Callable:
    """Map sdreval errors to the exit codes of docs/cli.md: 1 invalid input, 2 usage."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except InputError as error:
            for problem in error.problems:
                click.echo(str(problem), err=True)
            sys.exit(EXIT_INVALID_INPUT)
        except UsageError as error:
            click.echo(f"sdreval: usage error: {error}", err=True)
            sys.exit(EXIT_USAGE)
        except SdrevalError as error:
            click.echo(f"sdreval: error: {error}", err=True)
            sys.exit(EXIT_INVALID_INPUT)
        except FileNotFoundError as error:
            click.echo(f"sdreval: no such file: {error.filename}", err=True)
            sys.exit(EXIT_INVALID_INPUT)

    return wrapper


def echo_warnings(warnings: list[str]) -> None:
    """Warnings on stderr: ``FILE:LINE: warning: ...`` problems as they are, other messages
    as ``sdreval: warning: ...`` (never both prefixes)."""
    for message in warnings:
        located = ": warning: " in message
        click.echo(message if located else f"sdreval: warning: {message}", err=True)


def _set_quiet(ctx, param, value) -> bool:
    from ..stats._progress import set_quiet

    set_quiet(value)
    return value


def quiet_option(func: Callable) -> Callable:
    """``--quiet``: no progress bar and no notes; warnings and errors are still printed."""
    return click.option("--quiet", is_flag=True, expose_value=False, is_eager=True,
                        callback=_set_quiet,
                        help="No progress bar and no notes on stderr (warnings and errors "
                             "are still printed). The bar is shown only when stderr is a "
                             "terminal.")(func)


def echo_note(message: str) -> None:
    """A non-essential note on stderr (silenced by --quiet)."""
    from ..stats._progress import is_quiet

    if not is_quiet():
        click.echo(f"sdreval: {message}", err=True)


def evaluate_runs(qrels, runs: list, measures, ctx, all_topics: bool = False, jobs: int = 1,
                  scheduler: str | None = None):
    """:func:`sdreval.measures.evaluate` with a progress bar: run by run (the same rows, in the
    same order, as evaluating the list at once), or as one step with ``--jobs``/``--scheduler``."""
    import pandas as pd

    from ..measures import evaluate
    from ..stats._progress import progress

    if (jobs > 1 or scheduler) and len(runs) > 1:
        with progress(None, f"evaluating {len(runs)} runs"):
            return evaluate(qrels, runs, measures, ctx, all_topics=all_topics, jobs=jobs,
                            scheduler=scheduler)
    tables = []
    with progress(len(runs), "evaluating runs") as bar:
        for run in runs:
            tables.append(evaluate(qrels, [run], measures, ctx, all_topics=all_topics))
            bar.update()
    if len(tables) == 1:
        return tables[0]
    return pd.concat(tables, ignore_index=True)
