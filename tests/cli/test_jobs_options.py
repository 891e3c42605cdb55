"""compare, stability and report evaluate runs in topic partitions with --jobs: same output."""
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

SYN = example_path("synthetic")
RUNS = [str(SYN / "runs" / f"sim0{i}.txt") for i in (1, 2, 3)]


@pytest.mark.parametrize("command", [
    ["compare", str(SYN / "qrels.tsv"), *RUNS, "-m", "MAep", "--test", "t"],
    ["stability", str(SYN / "qrels.tsv"), *RUNS, "-m", "MAep", "-a", "ci", "--samples", "200"],
])
def test_jobs_give_the_serial_output(command):
    serial = CliRunner().invoke(cli, command)
    parallel = CliRunner().invoke(cli, command + ["--jobs", "2"])
    assert serial.exit_code == 0, serial.output
    assert parallel.exit_code == 0, parallel.output
    assert parallel.stdout == serial.stdout


def test_report_takes_jobs(tmp_path):
    out = tmp_path / "t.txt"
    result = CliRunner().invoke(cli, ["report", str(SYN / "qrels.tsv"), *RUNS[:2], "-m", "MAep",
                                      "--no-plots", "--text-table", str(out), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    serial = tmp_path / "s.txt"
    CliRunner().invoke(cli, ["report", str(SYN / "qrels.tsv"), *RUNS[:2], "-m", "MAep",
                             "--no-plots", "--text-table", str(serial)])
    assert out.read_text() == serial.read_text()
