"""One topic policy on every path, stated in every output (issue 11 item 4).

Default: the answered topics that have something relevant; ``-c``: every such qrels topic,
unanswered ones scoring 0.  NaN per-topic values are left out of every mean."""
from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.measures.evaluate import summarise
from sdreval.stats.compare import compare_runs
from sdreval.stats.matrix import score_matrix

SYN = example_path("synthetic")


@pytest.fixture()
def runs_without_topic_4(tmp_path):
    paths = []
    for name in ("sim01", "sim02"):
        path = tmp_path / f"{name}.txt"
        lines = (SYN / "runs" / f"{name}.txt").read_text().splitlines(keepends=True)
        path.write_text("".join(line for line in lines if not line.startswith("4 ")))
        paths.append(str(path))
    return paths


def _invoke(args):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return result


def _eval_means(runs, extra=()):
    result = _invoke(["eval", str(SYN / "qrels.tsv"), *runs, "-m", "MAep", "--format", "json",
                      *extra])
    return {r["run"]: r for r in json.loads(result.stdout)}, result.stderr


@pytest.mark.parametrize("extra", [[], ["-c"]])
def test_compare_means_are_eval_means(runs_without_topic_4, extra):
    means, _ = _eval_means(runs_without_topic_4, extra)
    result = _invoke(["compare", str(SYN / "qrels.tsv"), *runs_without_topic_4, "-m", "MAep",
                      "--format", "json", *extra])
    record = json.loads(result.stdout)[0]
    assert record["mean_a"] == pytest.approx(means["sim01"]["value"], abs=5e-5)
    assert record["mean_b"] == pytest.approx(means["sim02"]["value"], abs=5e-5)
    assert record["topics"] == means["sim01"]["topics"] == (4 if extra else 3)
    assert ("-c" in result.stderr) == bool(extra)


def test_every_output_says_how_many_topics(runs_without_topic_4, tmp_path):
    means, stderr = _eval_means(runs_without_topic_4)
    assert means["sim01"]["topics"] == 3
    assert "answered topics" in stderr and "3 topic(s) per mean" in stderr
    text = _invoke(["eval", str(SYN / "qrels.tsv"), *runs_without_topic_4, "-m", "MAep", "-q"])
    assert all(len(line.split("\t")) == 4 for line in text.stdout.splitlines())
    csv = _invoke(["eval", str(SYN / "qrels.tsv"), *runs_without_topic_4, "-m", "MAep", "-q",
                   "--format", "csv"])
    table = pd.read_csv(io.StringIO(csv.stdout), dtype={"topic": str})
    assert list(table.columns) == ["run", "topic", "measure", "value", "topics"]
    assert table.loc[table.topic == "all", "topics"].tolist() == [3, 3]
    assert table.loc[table.topic != "all", "topics"].isna().all()
    # the CSV is still a valid --scores input
    scores = tmp_path / "s.csv"
    scores.write_text(csv.stdout)
    again = _invoke(["compare", "--scores", str(scores), "-m", "MAep", "--format", "json"])
    assert json.loads(again.stdout)[0]["mean_a"] == pytest.approx(means["sim01"]["value"],
                                                                   abs=5e-5)


def test_answered_topics_differ_is_refused_unless_told(runs_without_topic_4, tmp_path):
    full = str(SYN / "runs" / "sim03.txt")
    result = CliRunner().invoke(cli, ["compare", str(SYN / "qrels.tsv"),
                                      runs_without_topic_4[0], full, "-m", "MAep"])
    assert result.exit_code == 1 and "--missing" in result.stderr
    dropped = _invoke(["compare", str(SYN / "qrels.tsv"), runs_without_topic_4[0], full,
                       "-m", "MAep", "--missing", "drop", "--format", "json"])
    assert json.loads(dropped.stdout)[0]["topics"] == 3


def test_nan_values_are_left_out_of_every_mean():
    table = pd.DataFrame({"run": ["a", "a", "a", "b", "b", "b"],
                          "topic": ["1", "2", "3", "1", "2", "3"],
                          "measure": ["M"] * 6,
                          "value": [0.5, np.nan, 1.0, 0.25, np.nan, 0.5]})
    means = summarise(table, counts=True)
    assert means["value"].tolist() == [0.75, 0.375] and means["topics"].tolist() == [2, 2]
    matrix = score_matrix(table, "M")
    assert matrix.topics == ("1", "3")
    record = compare_runs(table, "M").iloc[0]
    assert (record["mean_a"], record["mean_b"], record["topics"]) == (0.75, 0.375, 2)


def test_stability_uses_the_same_policy_and_says_how_many_topics(runs_without_topic_4):
    result = _invoke(["stability", str(SYN / "qrels.tsv"), *runs_without_topic_4, "-m", "MAep",
                      "-a", "ci", "--format", "json"])
    means, _ = _eval_means(runs_without_topic_4)
    records = {r["run"]: r for r in json.loads(result.stdout)["ci"]}
    assert records["sim01"]["topics"] == 3
    assert records["sim01"]["mean"] == pytest.approx(means["sim01"]["value"], abs=5e-5)


def test_a_measure_given_twice_is_evaluated_once(runs_without_topic_4):
    means, _ = _eval_means(runs_without_topic_4[:1], ["-m", "MAep", "--jobs", "2"])
    assert means["sim01"]["topics"] == 3  # not 6: the mean is over topics, not rows
    result = _invoke(["eval", str(SYN / "qrels.tsv"), runs_without_topic_4[0], "-m", "MAep",
                      "-m", "MAep", "-q"])
    assert len(result.stdout.splitlines()) == 4


def test_nan_text_in_a_score_table_is_nan_not_an_error(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("run,topic,measure,value\na,1,M,nan\nb,1,M,NaN\na,2,M,0.5\nb,2,M,0.25\n"
                    "a,3,M,0.75\nb,3,M,0.5\n")
    result = _invoke(["compare", "--scores", str(path), "-m", "M", "--format", "json"])
    assert json.loads(result.stdout)[0]["topics"] == 2


def test_report_says_what_its_means_cover(runs_without_topic_4, tmp_path):
    out = tmp_path / "r.html"
    result = _invoke(["report", str(SYN / "qrels.tsv"), *runs_without_topic_4, "-m", "MAep",
                      "--no-plots", "-o", str(out)])
    assert "3 topic(s) per mean" in result.stderr
    assert "3 topic(s) per mean" in out.read_text()
