"""README's synopsis said ``sdreval validate FILE...`` lists every problem, "exit 1 if any";
validate exits 1 on errors only (its --help: "exit 1 on errors"): the INEX 2009/2010 passage
run with 250 warnings and no error validates with exit 0."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from sdreval.cli.main import cli

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_says_what_validate_exits_with(tmp_path):
    run = tmp_path / "run.txt"  # a result repeated: a warning, not an error
    run.write_text("1 Q0 d 1 2 r 0 10\n1 Q0 d 2 1 r 0 10\n")
    result = CliRunner().invoke(cli, ["validate", str(run)])
    assert result.exit_code == 0 and "1 warning(s)" in result.output
    line = next(x for x in README.read_text().splitlines() if x.startswith("sdreval validate"))
    assert line.endswith("exit 1 on errors"), line
