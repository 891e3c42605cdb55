"""convert's --collection and --strict are read only where they act (element or document
results made into passages; --collection also resolves INEX XML assessments' passages); given
elsewhere they are said to be unused.  Before, e.g. `convert run.passages.txt OUT --collection
docs/ --strict` and `convert qrels.fol OUT --collection docs/` were silent."""
from __future__ import annotations

from importlib.resources import files as package_files

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

SYN = package_files("sdreval") / "data" / "examples" / "synthetic"


@pytest.mark.parametrize("source, extra, said", [
    ("runs/sim01.passages.txt", ["--collection", str(SYN / "docs"), "--strict"],
     "--collection and --strict not used"),
    ("runs/sim01.txt", ["--to", "document", "--strict"], "--strict not used"),
    ("qrels.fol", ["--collection", str(SYN / "docs")], "--collection not used"),
    ("qrels.tsv", ["--strict"], "--strict not used"),
])
def test_unused_convert_options_are_said(tmp_path, source, extra, said):
    result = CliRunner().invoke(cli, ["convert", str(SYN / source), str(tmp_path / "out"),
                                      *extra])
    assert result.exit_code == 0, result.output
    assert said in result.output
    written = (tmp_path / "out").read_bytes()
    plain = [a for a in extra if a not in ("--strict", "--collection", str(SYN / "docs"))]
    again = CliRunner().invoke(cli, ["convert", str(SYN / source), str(tmp_path / "plain"),
                                     *plain])
    assert again.exit_code == 0 and "not used" not in again.output
    assert (tmp_path / "plain").read_bytes() == written  # the same output without them


def test_used_collection_is_not_warned(tmp_path):
    result = CliRunner().invoke(cli, ["convert", str(SYN / "runs" / "sim01.txt"),
                                      str(tmp_path / "out"), "--collection", str(SYN / "docs"),
                                      "--strict"])
    assert result.exit_code == 0 and "not used" not in result.output, result.output
