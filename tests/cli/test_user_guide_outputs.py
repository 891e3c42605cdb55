"""The outputs printed in docs/user-guide.md are what the commands print today (run from the
bundled examples folder, as the guide says)."""
from __future__ import annotations

import glob
import os
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "user-guide.md"


def _examples() -> list[tuple[str, list[str]]]:
    """(command, printed stdout lines) of every ``$ sdreval eval|compare`` in the guide."""
    found, lines = [], GUIDE.read_text().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ sdreval eval ") or line.startswith("$ sdreval compare "):
            command = line[2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            printed = []
            i += 1
            while i < len(lines) and not lines[i].startswith(("$ ", "```")):
                if not lines[i].startswith("sdreval: "):  # stderr
                    printed.append(lines[i])
                i += 1
            found.append((command, printed))
            continue
        i += 1
    return found


EXAMPLES = _examples()


def test_the_guide_has_examples():
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("command,printed", EXAMPLES, ids=[c[:60] for c, _ in EXAMPLES])
def test_guide_output_is_current(command, printed, monkeypatch):
    monkeypatch.chdir(example_path())
    args = []
    for word in shlex.split(command)[1:]:
        args += sorted(glob.glob(word)) if any(ch in word for ch in "*?[") else [word]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == printed, os.linesep.join(result.stdout.splitlines())
