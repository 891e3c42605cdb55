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
    for message in warnings:
        click.echo(f"sdreval: warning: {message}", err=True)
