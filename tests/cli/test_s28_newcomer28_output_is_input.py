"""An output file that is one of the command's inputs (``eval q run.txt -o run.txt``, ``convert
q.txt q.txt``): the input was overwritten with the output, and lost. It is a usage error
(exit 2) naming both, and the input stays as it was."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n2 0 c 1\n"
RUN = "1 Q0 a 1 3 s\n1 Q0 b 2 2 s\n2 Q0 c 1 1 s\n"
OTHER = "1 Q0 b 1 3 t\n1 Q0 a 2 2 t\n2 Q0 c 1 1 t\n"


@pytest.mark.parametrize("command, flag, role", [
    (["eval", "{q}", "{r}", "-m", "P@1", "-o", "{r}"], "-o/--output", "RUNS"),
    (["eval", "{q}", "{r}", "-m", "P@1", "-o", "{q}"], "-o/--output", "QRELS"),
    (["compare", "{q}", "{r}", "{t}", "-m", "P@1", "-o", "{t}"], "-o/--output", "INPUTS"),
    (["report", "{q}", "{r}", "-m", "P@1", "--text-table", "{r}"], "--text-table", "RUNS"),
    (["convert", "{q}", "{q}"], "OUT", "IN"),
])
def test_output_that_is_an_input_is_refused(tmp_path, command, flag, role):
    files = {"q": QRELS, "r": RUN, "t": OTHER}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    args = [a.format(**{n: str(tmp_path / n) for n in files}) for a in command]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert f"{flag} " in result.stderr and f"is also an input ({role})" in result.stderr
    for name, text in files.items():
        assert (tmp_path / name).read_text() == text
