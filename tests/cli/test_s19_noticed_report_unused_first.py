"""``report`` warns of options that change nothing before it evaluates, as ``eval`` does: the
warning ``--quant sog not used`` came after the evaluation's own warnings (here the precall
figure's ``collection size unknown``), where a reader of a long run no longer looks."""
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("synthetic")


def test_unused_option_warned_before_the_evaluation(tmp_path):
    args = ["report", str(BASE / "qrels.tsv"), str(BASE / "runs" / "sim01.txt"),
            str(BASE / "runs" / "sim02.txt"), "-o", str(tmp_path / "r.html"),
            "--no-timestamp", "-m", "MAep(quant=gen)", "-m", "inex_eval(quant=gen)", "--quant", "sog",
            "--plot", "precall"]  # precall drawn with the table's inex_eval(quant=gen)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    unused = [i for i, line in enumerate(lines) if "--quant sog not used" in line]
    evaluated = [i for i, line in enumerate(lines) if "collection size unknown" in line]
    assert len(unused) == 1 and len(evaluated) == 1, lines
    assert unused[0] < evaluated[0], lines
