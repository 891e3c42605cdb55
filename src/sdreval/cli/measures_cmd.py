"""``sdreval measures``: list every registered measure with its parameters."""
from __future__ import annotations

import click

from ..measures import MEASURES


EXAMPLES = """\b
Examples:
  sdreval measures
  sdreval measures | grep -i prum
"""


@click.command("measures", epilog=EXAMPLES)
def measures_command():
    """List the measures: name(parameters=defaults)@cut-off, family and definition.

    Details, papers and equations: docs/measures.md."""
    for name in sorted(MEASURES, key=str.lower):
        definition = MEASURES[name]
        click.echo(f"{definition.synopsis()}\t[{definition.family}]\t"
                   f"{definition.doc.splitlines()[0] if definition.doc else ''}")
