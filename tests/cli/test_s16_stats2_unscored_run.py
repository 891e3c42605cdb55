"""A run that answered no topic with something relevant (e.g. its topic ids are spelled
otherwise: "9" for the qrels' "1") has no per-topic score.  compare, stability and report
dropped it silently (exit 0): compare tested the other pairs with a smaller correction family
(a−b p_adjusted 0.464 instead of 0.851 with the third run in, by Benjamini-Yekutieli over three
pairs), the report listed it under runs and showed it nowhere.  trec_eval refuses such a run
(without -c: exit 4, "no queries in common"); with -c it scores 0 on every qrels topic."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d2 1\n1 0 d3 0\n2 0 d1 1\n2 0 d4 1\n3 0 d5 1\n"
RUN_A = "1 Q0 d1 1 3 a\n1 Q0 d2 2 2 a\n2 Q0 d1 1 3 a\n3 Q0 d5 1 3 a\n"
RUN_B = "1 Q0 d3 1 3 b\n1 Q0 d1 2 2 b\n2 Q0 d4 1 3 b\n2 Q0 d1 2 3 b\n3 Q0 d9 1 3 b\n"
RUN_C = "9 Q0 d1 1 3 c\n"  # topic 9 is not in the qrels


def _files(tmp_path):
    paths = []
    for name, text in (("q.txt", QRELS), ("a.txt", RUN_A), ("b.txt", RUN_B), ("c.txt", RUN_C)):
        (tmp_path / name).write_text(text)
        paths.append(str(tmp_path / name))
    return paths


def test_compare_refuses_a_run_without_scores(tmp_path):
    result = CliRunner().invoke(cli, ["compare", *_files(tmp_path), "-m", "map"])
    assert result.exit_code == 1, result.output
    assert "run c" in result.stderr and "-c" in result.stderr


def test_compare_with_c_keeps_the_run_and_three_pairs(tmp_path):
    result = CliRunner().invoke(cli, ["compare", "-c", *_files(tmp_path), "-m", "map",
                                      "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = result.stdout.splitlines()[1:]
    assert len(rows) == 3 and sum(r.startswith("a,c,") for r in rows) == 1


def test_stability_refuses_a_run_without_scores(tmp_path):
    result = CliRunner().invoke(cli, ["stability", *_files(tmp_path), "-m", "map", "-a", "ci"])
    assert result.exit_code == 1, result.output
    assert "run c" in result.stderr


def test_report_refuses_a_run_without_scores(tmp_path):
    result = CliRunner().invoke(cli, ["report", *_files(tmp_path), "-m", "map", "--no-plots",
                                      "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 1, result.output
    assert "run c" in result.stderr
