"""sensitivity: a setting under which a run has no mean (nan) compares only the runs with a
mean in both settings; before, the pair count still counted every pair of runs, so "0 swaps
in 3 pairs" read as full agreement where one pair alone was compared."""
from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner
from scipy import stats

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")
ARGS = [str(RAG / "qrels.jsonl")]
for _c in ("fixed", "sentence", "paragraph"):
    ARGS += [str(RAG / "runs" / f"{_c}.txt"), "--chunk-map", str(RAG / "chunks" / f"{_c}.jsonl")]


def test_pairs_and_tau_cover_the_runs_with_both_means():
    result = CliRunner().invoke(cli, ["sensitivity", *ARGS, "-m", "SpanRR", "--tau", "1",
                                      "--rule", "chunk", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    means = {(r["measure"], r["run"]): r["mean"] for r in data["scores"]}
    runs = ["bm25-fixed", "bm25-sentence", "bm25-paragraph"]
    span = np.array([means[("SpanRR", r)] for r in runs], dtype=float)
    ids = np.array([np.nan if means[("AP on chunk qrels", r)] is None
                    else means[("AP on chunk qrels", r)] for r in runs], dtype=float)
    assert np.isnan(ids).sum() == 1  # paragraph chunks: no topic with a relevant chunk
    row = next(a for a in data["agreement"] if a["measure_b"] == "AP on chunk qrels")
    keep = ~np.isnan(ids)
    n = int(keep.sum())
    assert row["pairs"] == n * (n - 1) // 2 == 1
    a, b = span[keep], ids[keep]
    assert row["swaps"] == int((a[0] - a[1]) * (b[0] - b[1]) < 0)
    assert row["kendall_tau"] == pytest.approx(
        stats.kendalltau(span, ids, nan_policy="omit").statistic)


def test_no_two_runs_with_both_means_give_no_tau_and_no_pair():
    from sdreval.cli.sensitivity_cmd import agreement_of

    tau, *pairs = agreement_of(np.array([1.0, np.nan, 2.0]), np.array([np.nan, 3.0, 1.0]))
    assert np.isnan(tau) and pairs == [0, 0]
    tau, *pairs = agreement_of(np.array([1.0, 2.0, 3.0]), np.array([3.0, np.nan, 1.0]))
    assert tau == -1.0 and pairs == [1, 1]
