"""``sdreval simulate OUTDIR`` into a directory of an earlier simulation left the earlier files
that the new one does not write: with fewer runs, runs/sim03.txt of another collection stayed
beside the new qrels (``sdreval eval OUTDIR/qrels.tsv OUTDIR/runs/*`` then scored it against
them, silently); without --write-docs, docs/ of the earlier collection stayed (``--collection
OUTDIR/docs`` then measured the new runs against other documents).  Such files are now named
and the command refused before writing anything (exit 2); the same command again rewrites
its own files."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

SMALL = ["--docs", "3", "--elements", "30", "--topics", "2", "--length", "10", "--quiet"]


def _simulate(out, *args):
    return CliRunner().invoke(cli, ["simulate", str(out), *SMALL, *args])


def test_fewer_runs_into_an_earlier_simulation_is_refused(tmp_path):
    out = tmp_path / "sim"
    assert _simulate(out, "--runs", "3").exit_code == 0
    before = (out / "qrels.tsv").read_bytes()
    result = _simulate(out, "--runs", "2", "--seed", "5")
    assert result.exit_code == 2
    assert "runs/sim03.txt" in result.stderr and "new or empty directory" in result.stderr
    assert (out / "qrels.tsv").read_bytes() == before  # nothing written


def test_documents_of_an_earlier_collection_are_refused(tmp_path):
    out = tmp_path / "sim"
    assert _simulate(out, "--runs", "2", "--write-docs").exit_code == 0
    result = _simulate(out, "--runs", "2", "--seed", "5")
    assert result.exit_code == 2 and "docs/doc" in result.stderr


def test_the_same_command_again_and_an_empty_directory_are_fine(tmp_path):
    out = tmp_path / "sim"
    out.mkdir()
    assert _simulate(out, "--runs", "2", "--write-docs").exit_code == 0
    first = sorted(p.relative_to(out) for p in out.rglob("*"))
    assert _simulate(out, "--runs", "2", "--write-docs").exit_code == 0
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == first
