"""``convert ELEMENT_QRELS OUT --to fol``: element assessments hold no highlighted passages, so
nothing can be written as FOL qrels.  main warned, wrote an empty file ("wrote 0 judged
documents") and exited 0, so a script went on with empty qrels; refused now (exit 2, no file),
as ``convert FOL_QRELS OUT --to native`` is refused the other way."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("synthetic")


def test_element_assessments_to_fol_are_refused(tmp_path):
    out = tmp_path / "q.fol"
    result = CliRunner().invoke(cli, ["convert", str(BASE / "qrels.tsv"), str(out), "--to",
                                      "fol"])
    assert result.exit_code == 2
    assert "--to native" in result.stderr
    assert not out.exists()


def test_the_other_way_is_refused_too_and_native_works(tmp_path):
    result = CliRunner().invoke(cli, ["convert", str(BASE / "qrels.fol"),
                                      str(tmp_path / "n.tsv"), "--to", "native"])
    assert result.exit_code == 2
    result = CliRunner().invoke(cli, ["convert", str(BASE / "qrels.tsv"),
                                      str(tmp_path / "n.tsv"), "--to", "native"])
    assert result.exit_code == 0 and "wrote 341 element judgements" in result.stderr
