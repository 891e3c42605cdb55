"""``validate --help`` listed ``ranx-json`` twice in --format (a format of qrels and of runs)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_each_format_listed_once():
    text = " ".join(CliRunner().invoke(cli, ["validate", "--help"]).output.split())
    listed = text.split("detecting it:")[1].split(", collection.")[0]
    names = [name.strip() for name in listed.replace("- ", "-").split(",")]
    assert "ranx-json" in names
    assert len(names) == len(set(names)), names
