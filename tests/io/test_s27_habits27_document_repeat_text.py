"""A TREC document run that lists a document twice was warned of as ``result A /article[1]
repeats line 1``: an XML path that a document run does not have (a table run said ``result A
repeats row 2``).  Both readers now name the document alone, on every path (whole file,
--stream)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


@pytest.mark.parametrize("stream", [[], ["--stream"]])
def test_document_repeat_names_the_document(tmp_path, stream):
    (tmp_path / "q").write_text("1 0 A 1\n1 0 C 0\n")
    (tmp_path / "r").write_text("1 Q0 A 1 3 r\n1 Q0 C 2 2 r\n1 Q0 A 3 1 r\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"),
                                      "-m", "map", "--order", "rsv", *stream])
    assert result.exit_code == 0, result.output
    assert "topic 1: result A repeats line 1" in result.stderr
    assert "/article" not in result.stderr
