"""``sdreval compare`` on per-topic score tables (SPEC §11 contract)."""
from __future__ import annotations

import json
import random

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from scipy import stats

from sdreval.cli.main import cli

KEYS = ["run_a", "run_b", "measure", "mean_a", "mean_b", "p_value", "p_adjusted", "reject",
        "topics"]


@pytest.fixture()
def scores_csv(tmp_path):
    rng = np.random.default_rng(0)
    values = rng.random((4, 15))
    values[0] += 0.4  # r0 clearly best
    rows = [(f"r{r}", str(t + 1), "MAep", values[r, t]) for r in range(4) for t in range(15)]
    rows += [(f"r{r}", "all", "MAep", 99.0) for r in range(4)]  # means: must be ignored
    rows += [(f"r{r}", str(t + 1), "nxCG@10", values[r, t] / 2) for r in range(4)
             for t in range(15)]
    path = tmp_path / "scores.csv"
    pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]).to_csv(path, index=False)
    return path, values


def _run(args):
    result = CliRunner().invoke(cli, args)
    return result


def test_json_records_and_t_pvalues(scores_csv):
    path, values = scores_csv
    result = _run(["compare", "--scores", str(path), "-m", "MAep", "--correction", "none",
                   "--format", "json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.output)
    assert len(records) == 6 and list(records[0])[:len(KEYS)] == KEYS
    first = records[0]
    assert (first["run_a"], first["run_b"]) == ("r0", "r1")
    assert first["mean_a"] == pytest.approx(values[0].mean())  # "all" rows ignored
    assert first["p_value"] == pytest.approx(stats.ttest_rel(values[0], values[1]).pvalue)
    assert first["p_adjusted"] == first["p_value"] and first["reject"] is True


def test_greater_bootstrap_by(scores_csv):
    path, _ = scores_csv
    args = ["compare", "--scores", str(path), "-m", "MAep", "--test", "bootstrap",
            "--alternative", "greater", "--samples", "2000", "--seed", "3", "--format", "csv"]
    a = _run(args)
    b = _run(args)
    assert a.exit_code == 0, a.output
    assert a.output == b.output  # seeded, reproducible
    table = pd.read_csv(__import__("io").StringIO(a.stdout))  # notes on stderr
    assert list(table.columns)[:len(KEYS)] == KEYS
    assert table.loc[0, "reject"]  # r0 vs r1
    assert (table["p_adjusted"] >= table["p_value"]).all()


def test_several_measures_and_output_file(scores_csv, tmp_path):
    path, _ = scores_csv
    out = tmp_path / "out.json"
    result = _run(["compare", "--scores", str(path), "-m", "MAep", "-m", "nxCG@10",
                   "--test", "wilcoxon", "--format", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    records = json.loads(out.read_text())
    assert [r["measure"] for r in records] == ["MAep"] * 6 + ["nxCG@10"] * 6


def test_text_output(scores_csv):
    path, _ = scores_csv
    result = _run(["compare", "--scores", str(path), "-m", "MAep", "--test", "sign"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].split("\t")[:len(KEYS)] == KEYS and len(lines) == 7


def test_errors(scores_csv, tmp_path):
    path, _ = scores_csv
    assert _run(["compare", "--scores", str(path), "-m", "P@5"]).exit_code == 2
    every = _run(["compare", "--scores", str(path), "--format", "json"])  # all measures
    assert every.exit_code == 0 and len(json.loads(every.output)) == 12
    assert _run(["compare", "--scores", str(path), "-m", "MAep", "--test", "z"]).exit_code == 2
    gappy = tmp_path / "gappy.csv"
    pd.DataFrame([("a", "1", "M", 0.1), ("a", "2", "M", 0.2), ("b", "1", "M", 0.3)],
                 columns=["run", "topic", "measure", "value"]).to_csv(gappy, index=False)
    result = _run(["compare", "--scores", str(gappy), "-m", "M"])
    assert result.exit_code == 1 and "topic 2" in result.output
    ok = _run(["compare", "--scores", str(gappy), "-m", "M", "--missing", "zero",
               "--format", "json"])
    assert ok.exit_code == 0 and json.loads(ok.stdout)[0]["mean_b"] == pytest.approx(0.15)
    bad = tmp_path / "bad.csv"
    bad.write_text("run,topic,measure,value\na,1,M,x\n")
    result = _run(["compare", "--scores", str(bad), "-m", "M"])
    assert result.exit_code == 1 and ":2:" in result.output


def test_qrels_and_runs_equal_scores_path(tmp_path):
    qrels, runs = _write_inputs(tmp_path)
    direct = _run(["compare", qrels, *runs, "-m", "AP", "--format", "json"])
    assert direct.exit_code == 0, direct.output
    table = tmp_path / "scores.csv"
    evaluated = _run(["eval", "-q", "-c", qrels, *runs, "-m", "AP", "--format", "csv",
                      "-o", str(table)])
    assert evaluated.exit_code == 0, evaluated.output
    via_scores = _run(["compare", "--scores", str(table), "-m", "AP", "--format", "json"])
    assert json.loads(direct.stdout) == json.loads(via_scores.stdout)
    assert len(json.loads(direct.stdout)) == 3
    usage = _run(["compare", qrels, runs[0], "-m", "AP"])
    assert usage.exit_code == 2  # one run: nothing to compare


def _write_inputs(tmp_path, seed=0, topics=8, runs=3):
    """Native judgements (e, s on 0-3) and element runs ranking every judged element."""
    rnd = random.Random(seed)
    qrels = tmp_path / "q.tsv"
    with qrels.open("w") as f:
        for t in range(1, topics + 1):
            for d in range(5):
                for p in ("/article[1]", "/article[1]/sec[1]"):
                    v = rnd.choice([0, 1, 2, 3])
                    f.write(f"{t}\td{d}\t{p}\t{v}\t{v and rnd.choice([1, 2, 3])}\n")
    paths = []
    for r in range(runs):
        path = tmp_path / f"run{r}.txt"
        with path.open("w") as f:
            for t in range(1, topics + 1):
                docs = [(f"d{d}", p) for d in range(5)
                        for p in ("/article[1]", "/article[1]/sec[1]")]
                rnd.shuffle(docs)
                for k, (d, p) in enumerate(docs):
                    f.write(f"{t} Q0 {d} {k + 1} {10 - k * 0.5} R{r} {p}\n")
        paths.append(str(path))
    return str(qrels), paths
