"""``convert PASSAGE_RUN OUT --to element`` is refused: nothing maps character ranges back to
elements.  main's message said "convert it with a collection", and with ``--collection`` it
gave the same refusal; the message now says what can be written instead, and both ways out
it names work."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("synthetic")
RUN = str(BASE / "runs" / "sim01.passages.txt")


def test_the_refusal_names_what_works(tmp_path):
    for extra in ([], ["--collection", str(BASE / "docs")]):
        result = CliRunner().invoke(cli, ["convert", RUN, str(tmp_path / "e.txt"), "--to",
                                          "element", *extra])
        assert result.exit_code == 2
        assert "convert it with a collection" not in result.stderr
        assert "--to passage or --to document" in result.stderr
    for to in ("passage", "document"):
        result = CliRunner().invoke(cli, ["convert", RUN, str(tmp_path / f"{to}.txt"), "--to",
                                          to])
        assert result.exit_code == 0, result.output
