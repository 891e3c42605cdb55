"""``report``'s warning of options that change nothing reads every measure the report evaluates
or draws: the precall figure draws inex_eval with the table's parameters (none here), so
``--quant sog`` sets its quantisation and is used, though the table's only measure names its own
(MAep(quant=gen)); without the figure, or with a figure that takes the table's quant=gen, the
option changes nothing and is warned of."""
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("synthetic")


@pytest.mark.parametrize("plots, warned", [(["--plot", "precall"], False),
                                           (["--plot", "epgr"], True),
                                           (["--no-plots"], True)])
def test_quant_warned_only_when_nothing_drawn_reads_it(tmp_path, plots, warned):
    args = ["report", str(BASE / "qrels.tsv"), str(BASE / "runs" / "sim01.txt"),
            "-o", str(tmp_path / "r.html"), "--no-timestamp", "-m", "MAep(quant=gen)",
            "--quant", "sog", *plots]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert ("--quant sog not used" in result.stderr) is warned, result.stderr


def test_quant_drawn_changes_the_precall_figure(tmp_path):
    """The option is really used: the precall curve drawn with --quant sog differs from the one
    with --quant gen (so a warning that it changes nothing would be false)."""
    from sdreval import read_qrels, read_run
    from sdreval.measures import EvalContext
    from sdreval.report.curves import compute_curve

    qrels, run = read_qrels(str(BASE / "qrels.tsv")), read_run(str(BASE / "runs" / "sim01.txt"))
    sog = compute_curve(qrels, [run], "precall", EvalContext(quant="sog"))["value"]
    gen = compute_curve(qrels, [run], "precall", EvalContext(quant="gen"))["value"]
    assert not sog.equals(gen)
