"""The ``sdreval`` command group; each command lives in its own module."""
from __future__ import annotations

import importlib

import click

from .. import __version__

# (command name, module, attribute): modules are imported lazily so that a command's
# dependencies (matplotlib, dask, ...) load only when it runs.
COMMANDS = [
    ("eval", "eval_cmd", "eval_command"),
    ("compare", "compare_cmd", "compare_command"),
    ("stability", "stability_cmd", "stability_command"),
    ("recallbase", "recallbase_cmd", "recallbase_command"),
    ("validate", "validate_cmd", "validate_command"),
    ("convert", "convert_cmd", "convert_command"),
    ("report", "report_cmd", "report_command"),
    ("demo", "demo_cmd", "demo_command"),
    ("simulate", "simulate_cmd", "simulate_command"),
    ("measures", "measures_cmd", "measures_command"),
    ("project", "project_cmd", "project_command"),
    ("sensitivity", "sensitivity_cmd", "sensitivity_command"),
]


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return [name for name, module, _ in COMMANDS if _available(module)]

    def get_command(self, ctx, name):
        for command, module, attr in COMMANDS:
            if command == name and _available(module):
                return getattr(importlib.import_module(f"{__package__}.{module}"), attr)
        return None


def _available(module: str) -> bool:
    return importlib.util.find_spec(f"{__package__}.{module}") is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sdreval")
def cli():
    """sdreval: evaluation of structured document retrieval."""


def main() -> None:
    cli(prog_name="sdreval")


if __name__ == "__main__":
    main()
