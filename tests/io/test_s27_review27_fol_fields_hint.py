"""A TREC run without its run-id column has 5 fields, the shape of FOL qrels: the refusal
named FOL qrels' fields 'topic Q0 doc offset length', where they are ``topic Q0 doc relchars
doclen [BEP off:len ...]`` (INEX 2008+ qrels: the relevant characters, the document length;
docs/inputs.md), offsets coming only in the optional off:len pairs."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_five_field_run_names_fol_fields(tmp_path):
    (tmp_path / "q").write_text("1 0 d1 1\n")
    (tmp_path / "r").write_text("1 Q0 d1 1 3\n1 Q0 d2 2 2\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"),
                                      "-m", "AP"])
    assert result.exit_code == 1
    assert "(FOL qrels have 5: topic Q0 doc relchars doclen)" in result.output
    assert "offset length" not in result.output
