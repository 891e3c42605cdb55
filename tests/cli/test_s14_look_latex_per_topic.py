"""``eval -q`` adds per-topic rows; ``--format latex`` prints the means only (docs/cli.md), so
``-q --format latex`` dropped the per-topic rows without a word.  A warning now says so and
where they are; the LaTeX output is unchanged and ``-q --format table`` keeps its lines."""
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("synthetic")
ARGS = ["eval", str(BASE / "qrels.tsv"), str(BASE / "runs" / "sim01.txt"), "-m", "MAep"]


def test_latex_with_q_warns():
    result = CliRunner().invoke(cli, ARGS + ["-q", "--format", "latex"])
    assert result.exit_code == 0, result.output
    assert "sdreval: warning: -q: the LaTeX table holds the means only" in result.stderr
    plain = CliRunner().invoke(cli, ARGS + ["--format", "latex"])
    assert plain.stdout == result.stdout and "warning" not in plain.stderr


def test_table_with_q_has_no_warning():
    result = CliRunner().invoke(cli, ARGS + ["-q", "--format", "table"])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr
