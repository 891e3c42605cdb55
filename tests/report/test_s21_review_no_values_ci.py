"""A report whose measure has no value on any topic (``-l 2`` on judgements graded 0..3 under
the INEX 2003 scale, where nothing reaches the level: every topic NaN, a warning says so) is
written, its interval figure without intervals, instead of stopping on pandas' "No objects to
concatenate" (the bootstrap intervals of no run)."""
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("synthetic")


def test_report_with_no_values_is_written(tmp_path):
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, [
        "report", str(BASE / "qrels.tsv"), str(BASE / "runs" / "sim01.txt"), "-o", str(out),
        "--no-timestamp", "-m", "AP", "--rel-level", "2", "--plot", "ci"])
    assert result.exit_code == 0, (result.output, result.exception)
    assert "nothing relevant under AP" in result.stderr
    assert out.exists()
