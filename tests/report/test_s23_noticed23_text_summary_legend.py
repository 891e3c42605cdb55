"""``sdreval.report``'s ``text_summary()`` described the tests without their level and
baseline ("paired t test, Benjamini-Yekutieli correction") where ``report --text-table`` says
"..., level 0.05, each run against the baseline good".  Both now give the same table."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.report.html import report_data, text_summary


def test_text_summary_is_the_cli_text_table(results, tmp_path):
    scores = tmp_path / "scores.csv"
    results.to_csv(scores, index=False)
    cli_text = CliRunner().invoke(cli, ["report", "--scores", str(scores), "-m", "MAep",
                                        "--text-table", "-", "--level", "0.01",
                                        "--baseline", "mid"])
    assert cli_text.exit_code == 0, cli_text.output
    text = text_summary(report_data(results, measures=["MAep"], level=0.01, baseline="mid",
                                    plots_wanted=()))
    assert "level 0.01, each run against the baseline mid" in text
    assert text in cli_text.output
