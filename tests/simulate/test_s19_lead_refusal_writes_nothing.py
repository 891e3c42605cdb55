"""A refused ``sdreval simulate OUTDIR`` leaves OUTDIR as it was: it made ``runs/`` before
checking for earlier files (found by the session's review)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_refused_simulation_makes_no_directory(tmp_path):
    out = tmp_path / "proj"
    out.mkdir()
    (out / "notes.txt").write_text("x\n")
    result = CliRunner().invoke(cli, ["simulate", str(out), "--docs", "2", "--elements", "10",
                                      "--topics", "1", "--runs", "1", "--length", "3"])
    assert result.exit_code == 2
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
