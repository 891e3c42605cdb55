"""``report --text-table -`` / ``--latex-table FILE`` alone write no HTML page ("default
report.html unless only tables are asked for", report --help) and draw no figure, so no
figure is computed and none is warned about (main warned "precall figure: inex_eval:
collection size unknown" for a figure it never drew)."""
from __future__ import annotations

import os

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("synthetic")
ARGS = ["report", str(BASE / "qrels.tsv"), str(BASE / "runs" / "sim01.txt"),
        str(BASE / "runs" / "sim02.txt"), "-m", "MAep", "--quiet"]


def test_tables_only_compute_no_figure(tmp_path):
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(cli, ARGS + ["--text-table", "-",
                                                 "--latex-table", "t.tex"])
    finally:
        os.chdir(old)
    assert result.exit_code == 0, result.output
    assert "figure" not in result.stderr
    assert result.stderr == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.tex"]
    assert "MAep     0.8800     0.9408" in result.stdout


def test_the_page_still_warns_about_its_precall_figure(tmp_path):
    result = CliRunner().invoke(cli, ARGS + ["-o", str(tmp_path / "r.html"), "--plot",
                                             "precall"])
    assert result.exit_code == 0, result.output
    assert "precall figure: inex_eval: collection size unknown" in result.stderr
