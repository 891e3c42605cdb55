"""A TREC run written without its run-id column (``1 Q0 A 1 2``: five fields) has the shape
of FOL passage qrels (topic Q0 doc relchars doclen) and was refused with "are the qrels and the
run swapped?" alone; trec_eval says "Malformed line".  The refusal now names the missing
column too."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_five_field_run_names_the_missing_run_id(tmp_path):
    (tmp_path / "q").write_text("1 0 A 1\n1 0 B 0\n")
    (tmp_path / "r").write_text("1 Q0 A 1 2\n1 Q0 B 2 1\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"),
                                      "-m", "map"])
    assert result.exit_code == 1, result.output
    assert "swapped" in result.stderr
    assert "without its run-id column" in result.stderr
    assert "topic Q0 doc rank rsv run-id" in result.stderr
