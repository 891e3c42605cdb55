"""The small collection of the unplaced-result tests of ESR, SRiP and PRUM."""
from pathlib import Path


def write_two_docs(tmp_path: Path) -> Path:
    """``tmp_path/docs``: article d, two sections of 4 characters (``aaaa`` at 0, ``bbbb`` at
    4); article e, one section (``cccc``)."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d.xml").write_text("<article><sec><p>aaaa</p></sec><sec><p>bbbb</p></sec>"
                                "</article>\n")
    (docs / "e.xml").write_text("<article><sec><p>cccc</p></sec></article>\n")
    return docs


def same_on_every_path(args: list[str]) -> str:
    """``eval args`` (a run with one unplaced result) serially, with ``--jobs 2`` and with
    ``--stream``: the same output and one warning on every path, and ``--strict`` refusing the
    result (``sec[99]``); the serial output."""
    from click.testing import CliRunner

    from sdreval.cli.main import cli

    serial = CliRunner().invoke(cli, args)
    assert serial.exit_code == 0, serial.output
    assert serial.stderr.count("cannot be placed in the collection") == 1
    for path in (["--jobs", "2"], ["--stream"]):
        got = CliRunner().invoke(cli, args + path)
        assert (got.exit_code, got.stdout, got.stderr) == (0, serial.stdout, serial.stderr)
    strict = CliRunner().invoke(cli, args + ["--strict"])
    assert strict.exit_code == 1 and "sec[99]" in strict.stderr
    return serial.stdout
