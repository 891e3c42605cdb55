"""A report asked for figures none of which applies (one run, ``--plot swap``) said "No
figures requested." and gave no reason for the swap figure; it now says none could be drawn
and a note names the figures that compare runs.  ``--no-plots`` still says none was asked."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def _report(tmp_path, *args) -> str:
    scores = tmp_path / "scores.csv"
    scores.write_text("run,topic,measure,value\n"
                      + "".join(f"r,{t},AP,{t / 10}\n" for t in range(1, 6)))
    page = tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["report", "--scores", str(scores), "-o", str(page),
                                      "--no-timestamp", *args])
    assert result.exit_code == 0, result.output
    return page.read_text()


def test_figures_asked_but_none_applies(tmp_path):
    page = _report(tmp_path, "--plot", "swap", "--plot", "diffci")
    assert "No figures requested" not in page
    assert "No figure drawn: none of those asked for applies to these inputs" in page
    assert "diffci, swap: not drawn (one run only: they compare runs)" in page


def test_no_plots_asked(tmp_path):
    page = _report(tmp_path, "--no-plots")
    assert "<p>No figures requested.</p>" in page
    assert "not drawn" not in page
