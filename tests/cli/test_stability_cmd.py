"""``sdreval stability`` on score tables, variant tables and qrels + runs."""
from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from test_compare_cmd import _write_inputs  # same native judgements and element runs

JSON = ("--format", "json")


@pytest.fixture()
def tables(tmp_path):
    rng = np.random.default_rng(0)
    runs, topics = 8, 12
    base = rng.random((runs, topics)) * 0.5 + np.linspace(0, 0.3, runs)[:, None]
    rows = [(f"r{r}", str(t), m, base[r, t] * f) for m, f in (("MAep", 1.0), ("Q", 0.8))
            for r in range(runs) for t in range(topics)]
    scores = tmp_path / "scores.csv"
    pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]).to_csv(scores, index=False)
    vrows = [(f"r{r}", str(t), "MAep", base[r, t], "official") for r in range(runs)
             for t in range(topics)]
    vrows += [(f"r{r}", str(t), "MAep", rng.random(), "second") for r in range(runs)
              for t in range(3)]
    variants = tmp_path / "variants.csv"
    pd.DataFrame(vrows, columns=["run", "topic", "measure", "value", "variant"]).to_csv(
        variants, index=False)
    return scores, variants, base


def _invoke(args):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return result.stdout  # warnings go to stderr


def test_json_records(tables):
    scores, _, base = tables
    out = json.loads(_invoke(["stability", *JSON, "--scores", str(scores), "--samples", "500",
                              "--trials", "10"]))
    assert set(out) == {"ci", "discrimination", "swap", "tau"}
    ci = pd.DataFrame(out["ci"])
    assert len(ci) == 16 and (ci["ci_low"] <= ci["mean"]).all()
    top = ci[ci["measure"] == "MAep"].iloc[0]
    assert top["run"] == "r7" and top["mean"] == pytest.approx(base[7].mean())
    swap = pd.DataFrame(out["swap"])
    # top 75% of 8 runs = 6 runs: 15 pairs x 10 trials per size
    assert swap.groupby(["measure", "size"])["comparisons"].sum().eq(150).all()
    assert out["tau"][0]["kendall_tau"] == pytest.approx(1.0)  # Q is a rescaled MAep


def test_variants_and_csv(tables):
    _, variants, _ = tables
    out = json.loads(_invoke(["stability", *JSON, "-a", "variants", "--variants", str(variants)]))
    rows = pd.DataFrame(out["variants"])
    assert rows["sets"].tolist() == [8, 8] and rows["topics"].tolist() == ["all", "varied"]
    assert rows["comparisons"].tolist() == [8 * 28, 8 * 28]
    assert ((rows["error_rate"] >= 0) & (rows["ties"] <= 1)).all()
    text = _invoke(["stability", "-a", "variants", "--variants", str(variants), "--format",
                    "csv", "--variant-topics", "varied"])
    table = pd.read_csv(io.StringIO(text))
    assert table["analysis"].tolist() == ["variants"]


def test_min_diff_extrapolate_error_rate(tables):
    scores, _, _ = tables
    out = json.loads(_invoke(["stability", *JSON, "--scores", str(scores), "-m", "MAep",
                              "-a", "min-diff", "-a", "extrapolate", "-a", "error-rate",
                              "--trials", "20", "--splits", "3", "--samples", "200",
                              "--tests", "t,sign", "--extrapolate", "30,60"]))
    assert sorted({r["size"] for r in out["extrapolate"]}) == [30, 60]
    assert {r["source"] for r in out["min-diff"]} == {"observed", "extrapolated"}
    assert [r["test"] for r in out["error-rate"]] == ["t", "sign"]


def test_usage_errors(tables):
    scores, _, _ = tables
    runner = CliRunner()
    assert runner.invoke(cli, ["stability", "--scores", str(scores), "-a",
                               "variants"]).exit_code == 2
    assert runner.invoke(cli, ["stability", "--scores", str(scores), "-a", "error-rate",
                               "--tests", "z"]).exit_code == 2


def test_qrels_and_runs_with_alternative_assessments(tmp_path):
    qrels, runs = _write_inputs(tmp_path)
    alt_dir = tmp_path / "alt"
    alt_dir.mkdir()
    alt, _ = _write_inputs(alt_dir, seed=9, topics=2, runs=0)
    out = json.loads(_invoke(["stability", *JSON, qrels, *runs, "-m", "AP", "-a", "ci",
                              "-a", "variants", "--alt-qrels", alt, "--samples", "300"]))
    assert len(out["ci"]) == 3
    assert [r["sets"] for r in out["variants"]] == [4, 4]
