"""A score table with its header and no rows: compare printed an empty table and stability
"no results", both with exit 0, as if the runs had been compared.  It is refused while
reading (exit 1), naming the file."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


@pytest.mark.parametrize("text", ["run,topic,measure,value\n",
                                  "run,topic,measure,value\n\n\n"])
def test_header_without_rows_is_refused(tmp_path, text):
    path = tmp_path / "scores.csv"
    path.write_text(text)
    for command in ("compare", "stability"):
        result = CliRunner().invoke(cli, [command, "--scores", str(path)])
        assert result.exit_code == 1, result.output
        assert "scores.csv:2: error: score table has a header but no rows" in result.stderr
