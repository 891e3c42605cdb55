"""``-m map -m map`` names one measure, as ``eval`` takes it: compare printed every record
twice, stability stopped with "kendall_tau needs two 1-D score vectors" (exit 2)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

SCORES = "run,topic,measure,value\na,1,map,0.5\na,2,map,0.7\na,3,map,0.1\n" \
         "b,1,map,0.4\nb,2,map,0.2\nb,3,map,0.3\n"


def test_compare_and_stability_take_a_repeated_measure_once(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text(SCORES)
    runner = CliRunner()
    compared = runner.invoke(cli, ["compare", "--scores", str(path), "-m", "map", "-m", "map",
                                   "--format", "csv"])
    assert compared.exit_code == 0, compared.output
    assert len(compared.stdout.splitlines()) == 2  # header and the one pair
    stable = runner.invoke(cli, ["stability", "--scores", str(path), "-m", "map", "-m", "map",
                                 "-a", "ci", "--samples", "40", "--format", "csv"])
    assert stable.exit_code == 0, stable.output
    assert len(stable.stdout.splitlines()) == 3  # header and the two runs


def test_report_takes_a_repeated_measure_once(tmp_path):
    """The report crashed with a traceback ('truth value of a Series is ambiguous')."""
    path = tmp_path / "s.csv"
    path.write_text(SCORES)
    result = CliRunner().invoke(cli, ["report", "--scores", str(path), "-m", "map", "-m", "map",
                                      "--no-plots", "--text-table", "-"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("map ") == 1 and "0.4333" in result.stdout
