"""`report --plot-dir DIR` without `-o` writes the figure files and no HTML page; the help said
"Also write every plot ..." and "-o: default report.html unless only tables are asked for", and
the command printed nothing, so a reader running the help's own example
(`report qrels.tsv runs/*.txt -m MAep -m nxCG@10 --plot-dir figures/ --plot-format pdf`) looked
for a report.html that was never written.  Now the help says when no page is written and the
command names where the figures went."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

SCORES = "run,topic,measure,value\n" + "".join(
    f"{run},{topic},MAep,{value}\n"
    for run, values in (("a", (0.1, 0.4, 0.3)), ("b", (0.5, 0.6, 0.2)))
    for topic, value in zip(("1", "2", "3"), values))


def test_plot_dir_alone_names_the_files_and_writes_no_page(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "scores.csv").write_text(SCORES)
    result = CliRunner().invoke(cli, ["report", "--scores", "scores.csv", "--plot", "ci",
                                      "--samples", "100", "--plot-dir", "figures"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "figures").iterdir()) == ["captions.txt",
                                                                         "ci.svg"]
    assert not (tmp_path / "report.html").exists()
    assert "sdreval: 1 figure(s) and captions.txt written to figures" in result.stderr


def test_help_says_when_no_page_is_written():
    text = " ".join(CliRunner().invoke(cli, ["report", "--help"]).output.split())
    assert "Also write every plot" not in text
    assert ("without -o, no page is written when only --text-table, --latex-table or "
            "--plot-dir is asked for") in text
