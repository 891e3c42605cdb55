"""``project --tau`` is the threshold of the chunk and gold rules, in (0, 1] (its help).  It
took any float and, with the default ``--rule any``, was dropped without a word: ``--tau 2``
and ``--tau 0.3`` both wrote the qrels of the any rule.  Now a value outside (0, 1] is a
usage error naming the option (exit 2), and a threshold given with ``--rule any`` draws a
warning saying it is not used."""
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("rag")
ARGS = ["project", str(BASE / "qrels.jsonl"), str(BASE / "chunks" / "fixed.jsonl")]


@pytest.mark.parametrize("tau", ["2", "0", "nan"])
def test_tau_outside_the_unit_interval_is_refused(tau):
    result = CliRunner().invoke(cli, ARGS + ["--tau", tau])
    assert result.exit_code == 2
    assert "--tau" in result.stderr and "Traceback" not in result.output


def test_tau_with_rule_any_is_said_to_be_ignored():
    result = CliRunner().invoke(cli, ARGS + ["--tau", "0.3"])
    assert result.exit_code == 0, result.output
    assert "sdreval: warning: --tau 0.3 is ignored with --rule any" in result.stderr
    plain = CliRunner().invoke(cli, ARGS)
    assert plain.stdout == result.stdout and "ignored" not in plain.stderr


def test_tau_with_rule_gold_is_used_without_warning():
    result = CliRunner().invoke(cli, ARGS + ["--rule", "gold", "--tau", "0.3"])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr and "(rule gold, tau=0.3)" in result.stderr
