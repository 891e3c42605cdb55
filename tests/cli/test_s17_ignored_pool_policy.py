"""--pool-policy combines the pools of an X-RAI assessment directory; given on the command line
where no input is one (eval's qrels, validate's files), it is said to be unused.  Before, e.g.
`eval qrels.fol run --pool-policy union` and `validate qrels.fol --pool-policy error` were
silent (the policy cannot apply: a FOL file has no pools)."""
from __future__ import annotations

import sys
from importlib.resources import files as package_files
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_validate_xrai_tree import make_tree, put  # noqa: E402  (an X-RAI tree)

SYN = package_files("sdreval") / "data" / "examples" / "synthetic"
UNUSED = "--pool-policy union not used"


@pytest.mark.parametrize("args", [
    ["eval", str(SYN / "qrels.fol"), str(SYN / "runs" / "sim01.passages.txt"), "-m", "MAiP"],
    ["validate", str(SYN / "qrels.fol")]])
def test_pool_policy_without_pools_is_said(args):
    given = CliRunner().invoke(cli, args + ["--pool-policy", "union"])
    assert given.exit_code == 0, given.output
    assert UNUSED in given.output
    plain = CliRunner().invoke(cli, args)
    assert "not used" not in plain.output  # the default is not the user's choice


def test_pool_policy_with_a_tree_is_not_warned(tmp_path):
    make_tree(tmp_path / "q")
    run = put(tmp_path / "run.txt", "202 Q0 an/1995/a1003 1 1.0 r /article[1]\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q" / "done"), str(run),
                                      "-m", "P@1", "--pool-policy", "union"])
    assert "not used" not in result.output


def test_validate_collection_without_assessments_is_said():
    """validate --collection resolves INEX XML assessments' passages only (before: silent)."""
    result = CliRunner().invoke(cli, ["validate", str(SYN / "qrels.fol"),
                                      "--collection", str(SYN / "docs")])
    assert result.exit_code == 0, result.output
    assert "--collection not used" in result.output
