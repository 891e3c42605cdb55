"""``report --scores`` names the line of a bad row of the scores file as ``compare --scores``
does: the report dropped the means (topic ``all``) and renumbered the rows before the check,
so a repeated row on line 7 was reported on line 5."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

SCORES = ("run,topic,measure,value\n"
          "a,1,AP,0.5\na,2,AP,0.25\na,all,AP,0.375\n"
          "b,1,AP,0.75\nb,2,AP,0.5\nb,all,AP,0.625\n"
          "a,2,AP,0.9\n")  # line 8 repeats line 3


def test_report_names_the_line_of_a_repeated_row(tmp_path):
    scores = tmp_path / "scores.csv"
    scores.write_text(SCORES)
    for command in (["compare", "--scores", str(scores), "-m", "AP"],
                    ["report", "--scores", str(scores), "-m", "AP", "--no-plots",
                     "--text-table", "-"]):
        result = CliRunner().invoke(cli, command + ["--quiet"])
        assert result.exit_code == 1, result.output
        assert "scores.csv:8: error: duplicate row: run a topic 2 measure AP is already on " \
               "line 3" in result.stderr, command
