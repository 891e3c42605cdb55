"""``-`` (standard input) as the qrels or a run: ``eval`` and ``validate`` read it, but
``compare``, ``stability`` and ``report``, which read QRELS RUN... as eval does, said
"Path '-' does not exist" (exit 2). They read it now, with the same numbers as from files."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n2 0 c 1\n2 0 d 0\n3 0 e 1\n3 0 f 0\n"
LATE = "1 Q0 b 1 3 late\n1 Q0 a 2 2 late\n2 Q0 c 1 3 late\n2 Q0 d 2 2 late\n" \
    "3 Q0 f 1 3 late\n3 Q0 e 2 2 late\n"
EARLY = "1 Q0 a 1 3 early\n1 Q0 b 2 2 early\n2 Q0 c 1 3 early\n2 Q0 d 2 2 early\n" \
    "3 Q0 e 1 3 early\n3 Q0 f 2 2 early\n"


@pytest.mark.parametrize("command", [
    ["compare", "--format", "csv"], ["stability", "-a", "ci", "--format", "csv"],
    ["report", "--no-plots", "--text-table", "-"],
])
@pytest.mark.parametrize("stdin", ["q", "late"])
def test_standard_input_as_qrels_or_run(tmp_path, command, stdin):
    files = {"q": QRELS, "late": LATE, "early": EARLY}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    paths = [str(tmp_path / n) for n in files]
    from_files = CliRunner().invoke(cli, [*command, *paths, "-m", "P@1"])
    assert from_files.exit_code == 0, from_files.output
    args = ["-" if n == stdin else str(tmp_path / n) for n in files]
    from_stdin = CliRunner().invoke(cli, [*command, *args, "-m", "P@1"], input=files[stdin])
    assert from_stdin.exit_code == 0, from_stdin.output
    assert from_stdin.stdout == from_files.stdout
