"""Runs that share a run-id stay distinct on every path (issue 11 item 1)."""
from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner

from sdreval import api
from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.model.runnames import distinct_run_names

SYN = example_path("synthetic")
MEASURES = ["MAep", "nxCG@10"]


@pytest.fixture()
def same_id_runs(tmp_path):
    """Two different runs whose run-id column is the same (``sim01``)."""
    a = tmp_path / "alpha.txt"
    b = tmp_path / "beta.txt"
    a.write_text((SYN / "runs" / "sim01.txt").read_text())
    b.write_text((SYN / "runs" / "sim02.txt").read_text().replace(" sim02 ", " sim01 "))
    return a, b


def _means(args):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    lines = [line.split("\t") for line in result.stdout.splitlines()]
    return {(r, m): float(v) for r, m, t, v in lines if t == "all"}, result.stderr


def _alone(path):
    means, _ = _means(["eval", str(SYN / "qrels.tsv"), str(path), "-m", MEASURES[0],
                       "-m", MEASURES[1]])
    return {m: v for (_, m), v in means.items()}


def test_rule_names_and_warning():
    names, warns = distinct_run_names(["x", "x", "y"], ["d/a.txt", "e/b.txt.gz", "c.txt"])
    assert names == ["x (a)", "x (b)", "y"]
    assert len(warns) == 1 and "d/a.txt" in warns[0] and "e/b.txt.gz" in warns[0]
    same, _ = distinct_run_names(["x", "x"], ["a.txt", "a.txt"])
    assert same[0] != same[1]
    assert distinct_run_names(["x", "y"], [None, None]) == (["x", "y"], [])


@pytest.mark.parametrize("extra", [[], ["--jobs", "2"], ["--stream"]])
def test_eval_keeps_runs_apart(same_id_runs, extra):
    a, b = same_id_runs
    means, stderr = _means(["eval", str(SYN / "qrels.tsv"), str(a), str(b), "-m", MEASURES[0],
                            "-m", MEASURES[1]] + extra)
    assert {r for r, _ in means} == {"sim01 (alpha)", "sim01 (beta)"}
    assert stderr.count("share the run name") == 1 and "alpha.txt" in stderr
    for path, name in ((a, "sim01 (alpha)"), (b, "sim01 (beta)")):
        for measure, value in _alone(path).items():
            assert means[(name, measure)] == value


def test_compare_and_api_use_the_same_rule(same_id_runs):
    a, b = same_id_runs
    result = CliRunner().invoke(cli, ["compare", str(SYN / "qrels.tsv"), str(a), str(b),
                                      "-m", "MAep", "--format", "json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)[0]
    assert (record["run_a"], record["run_b"]) == ("sim01 (alpha)", "sim01 (beta)")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = api.evaluate(str(SYN / "qrels.tsv"), [str(a), str(b)], "MAep")
    assert list(table["run"]) == ["sim01 (alpha)", "sim01 (beta)"]
    assert any("share the run name" in str(w.message) for w in caught)
    assert [round(v, 4) for v in table["value"]] == [_alone(a)["MAep"], _alone(b)["MAep"]]


def test_report_keeps_runs_apart(same_id_runs, tmp_path):
    a, b = same_id_runs
    out = tmp_path / "table.txt"
    result = CliRunner().invoke(cli, ["report", str(SYN / "qrels.tsv"), str(a), str(b),
                                      "-m", "MAep", "--no-plots", "--text-table", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "sim01 (alpha)" in text and "sim01 (beta)" in text


def test_real_inex2009_element_runs_sharing_an_id_stay_apart():
    real = __import__("pathlib").Path(__file__).resolve().parents[1] / "realdata"
    runs = real / "inex2009-wikipedia-sample" / "runs"
    paths = [runs / "element_run_bm25_bdy.txt", runs / "element_run_bm25_article_sec_p.txt"]
    qrels = real / "inex2009-2010-zendel" / "INEX_Qrels.txt"
    result = CliRunner().invoke(cli, ["eval", str(qrels),
                                      *map(str, paths), "-m", "MAiP", "--collection",
                                      str(real / "inex2009-wikipedia-sample" / "docs")])
    assert result.exit_code == 0, result.output
    names = [line.split("\t")[0] for line in result.stdout.splitlines()]
    assert names == ["BengezzouIdrissMezianeGhilas (element_run_bm25_bdy)",
                     "BengezzouIdrissMezianeGhilas (element_run_bm25_article_sec_p)"]
    assert result.stderr.count("share the run name") == 1
