"""`sdreval demo` ends with a command a new user can paste: it names the bundled files."""
from __future__ import annotations

import shlex

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_demo_suggests_a_command_that_runs():
    out = CliRunner().invoke(cli, ["demo"]).stdout.splitlines()
    line = next(i for i, text in enumerate(out) if text.startswith("The example files are in"))
    command = shlex.split(out[line + 1].strip())
    assert command[:2] == ["sdreval", "eval"]
    result = CliRunner().invoke(cli, command[1:])
    assert result.exit_code == 0, result.output
    assert "\tnxCG@10\tall\t" in result.stdout and "\tMAep\tall\t" in result.stdout
