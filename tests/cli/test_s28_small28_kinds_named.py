"""Runs of different kinds without -m: the usage error said "runs of different kinds
(element, passage)" without naming which file is which; it names them now."""
from __future__ import annotations

from importlib.resources import files

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


@pytest.mark.parametrize("mode", [[], ["--stream"]])
def test_runs_of_different_kinds_are_named(mode):
    synthetic = files("sdreval") / "data" / "examples" / "synthetic"
    element, passage = synthetic / "runs/sim01.txt", synthetic / "runs/sim01.passages.txt"
    result = CliRunner().invoke(cli, ["eval", str(synthetic / "qrels.tsv"), str(element),
                                      str(passage), *mode])
    assert result.exit_code == 2
    assert (f"runs of different kinds (element: {element}; passage: {passage}): name the "
            "measures with -m") in result.stderr
