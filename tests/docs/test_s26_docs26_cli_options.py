"""docs/cli.md is the command-line contract: every option of every command is named there.

A reader who knows trec_eval looks up an option on that page; `simulate`'s options, `report
--title`/`--no-plots`/`--text-table`, `recallbase --keep`/`--full`, `validate --errors-only`,
`convert --to`, `compare --alternative`/`--missing` and most of `stability`'s were named only by
`--help` (or another page).  The span commands (`project`, `sensitivity`, `budget`) are described
in docs/rag.md, which may name their options instead."""
from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from sdreval.cli.main import cli

DOCS = Path(__file__).resolve().parents[2] / "docs"
SPAN_COMMANDS = {"project", "sensitivity", "budget"}


def _named(option: str, text: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(option) + r"(?![\w-])", text) is not None


def _options(name: str) -> list[list[str]]:
    command = cli.get_command(None, name)
    return [p.opts + p.secondary_opts for p in command.params
            if isinstance(p, click.Option) and not p.hidden and "--help" not in p.opts]


@pytest.mark.parametrize("name", sorted(cli.list_commands(None)))
def test_every_option_is_named_on_the_contract_page(name):
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    if name in SPAN_COMMANDS:
        text += (DOCS / "rag.md").read_text(encoding="utf-8")
    missing = [opts for opts in _options(name) if not any(_named(o, text) for o in opts)]
    assert not missing, f"sdreval {name}: options not named in docs/cli.md: {missing}"


def test_the_check_sees_a_missing_option():
    assert _named("--title", "`--title TEXT`") and not _named("--title", "`--titles`")
    assert ["--write-docs"] in _options("simulate")
