"""Counts (num_ret, num_rel, num_rel_ret, NumRet ...) are summed over topics on every path, as
trec_eval prints them (``num_ret all`` is the total over the topics), and print as whole
numbers: eval, the API, compare's mean_a/mean_b, report text/LaTeX/HTML tables."""
from __future__ import annotations

import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.report.html import report_data, render_html
from sdreval.report.tables import format_latex_table, format_text_table, summary_table
from sdreval.stats.compare import compare_runs

# run a retrieves 10 and 20 results on topics 1 and 2, run b 5 and 7: totals 30 and 12
PER_TOPIC = pd.DataFrame({
    "run": ["a", "a", "b", "b"] * 2,
    "topic": ["1", "2"] * 4,
    "measure": ["num_ret"] * 4 + ["P@5"] * 4,
    "value": [10.0, 20.0, 5.0, 7.0, 0.2, 0.4, 0.6, 0.9],
})
SUM_A, SUM_B = 10 + 20, 5 + 7
MEAN_PA, MEAN_PB = (0.2 + 0.4) / 2, (0.6 + 0.9) / 2


def test_summary_table_sums_counts_and_averages_the_rest():
    table = summary_table(PER_TOPIC)
    assert table.at["a", "num_ret"] == SUM_A and table.at["b", "num_ret"] == SUM_B
    assert abs(table.at["a", "P@5"] - MEAN_PA) < 1e-12


def test_text_latex_and_html_tables_print_the_sums_as_whole_numbers():
    text = format_text_table(PER_TOPIC)
    assert "num_ret  30" in text and "12" in text and "0.3000" in text
    latex = format_latex_table(PER_TOPIC)
    # num_ret is a diagnostic: no run is bold as its best (test_s23_report23_diagnostics_not_best)
    assert r"(a) a & 30 & 0.3000" in latex and "12 & " in latex
    page = render_html(report_data(PER_TOPIC, plots_wanted=()), timestamp=False)
    assert "<td>30</td>" in page and "<td>12</td>" in page
    assert "15.0000" not in page and "6.0000" not in page  # the averages of old


def test_compare_means_of_a_count_are_its_sums():
    record = compare_runs(PER_TOPIC, "num_ret").iloc[0]
    assert (record.mean_a, record.mean_b) == (SUM_A, SUM_B)
    record = compare_runs(PER_TOPIC, "P@5").iloc[0]
    assert abs(record.mean_a - MEAN_PA) < 1e-12 and abs(record.mean_b - MEAN_PB) < 1e-12


def test_cli_eval_compare_and_report_agree_on_a_count(tmp_path):
    scores = tmp_path / "s.csv"
    PER_TOPIC.to_csv(scores, index=False)
    runner = CliRunner()
    compared = runner.invoke(cli, ["compare", "--scores", str(scores), "-m", "num_ret"])
    assert compared.exit_code == 0, compared.output
    row = [line.split("\t") for line in compared.stdout.splitlines() if line.startswith("a\t")]
    assert (float(row[0][3]), float(row[0][4])) == (SUM_A, SUM_B)
    reported = runner.invoke(cli, ["report", "--scores", str(scores), "--no-plots",
                                   "--text-table", "-", "--latex-table", "-"])
    assert reported.exit_code == 0, reported.output
    assert "num_ret  30" in reported.stdout and r"(a) a & 30 &" in reported.stdout
