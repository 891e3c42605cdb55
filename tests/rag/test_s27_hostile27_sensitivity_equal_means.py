"""``sensitivity`` ranks and counts swaps with means equal in decimals as tied, as Kendall's
tau_b beside them does (the statistics' 12 decimals).

Run A finds the gold span of q1 at rank 3 and that of q2 at rank 15: SpanRR = (1/3 + 1/15)/2
= 1/5, a double 0.19999999999999998; run B finds both at rank 5: (1/5 + 1/5)/2 = 1/5, the
double 0.2.  Both print 0.2.  sensitivity ranked A third and B second at tau = 0.5, and since
at tau = 1 B's half chunks hold 60% of the gold (< 1: SpanRR 0) while A's stays 1/5, it
counted one swap (A below B, then above) where the two rankings disagree on no pair: A and B
tie at tau = 0.5.  Its own tau_b said so: (2 concordant − 0 discordant) / sqrt((3 − 1)(3 − 0))
= 2/sqrt(6), the tie-corrected value."""
from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


def _write(tmp_path):
    gold = [("q1", 0, 100), ("q2", 1000, 1100)]
    (tmp_path / "qrels.jsonl").write_text("".join(
        json.dumps({"query_id": q, "doc_id": "d1", "start": s, "end": e, "relevance": 1}) + "\n"
        for q, s, e in gold))
    chunks = [("g1full", 0, 100), ("g1half", 0, 60), ("g2full", 1000, 1100),
              ("g2half", 1000, 1060)] + [(f"n{i}", 2000 + 100 * i, 2100 + 100 * i)
                                         for i in range(1, 21)]
    (tmp_path / "chunks.jsonl").write_text("".join(
        json.dumps({"chunk_id": c, "doc_id": "d1", "start": s, "end": e}) + "\n"
        for c, s, e in chunks))
    lists = {"A": {"q1": ["n1", "n2", "g1full"],
                   "q2": [f"n{i}" for i in range(1, 15)] + ["g2full"]},
             "B": {"q1": ["n1", "n2", "n3", "n4", "g1half"],
                   "q2": ["n1", "n2", "n3", "n4", "g2half"]},
             "C": {"q1": ["g1full"], "q2": ["g2full"]}}
    paths = []
    for name, topics in lists.items():
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(f"{q} Q0 {c} {k + 1} {100 - k} {name}\n"
                                for q, ids in topics.items() for k, c in enumerate(ids)))
        paths.append(str(path))
    return str(tmp_path / "qrels.jsonl"), paths, str(tmp_path / "chunks.jsonl")


def test_equal_means_tie_in_ranks_and_swaps(tmp_path):
    qrels, runs, chunks = _write(tmp_path)
    result = CliRunner().invoke(cli, ["sensitivity", qrels, *runs, "--chunk-map", chunks,
                                      "-m", "SpanRR", "--tau", "0.5", "--tau", "1",
                                      "--rule", "any", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    rank = {(r["setting"], r["measure"], r["run"]): r["rank"] for r in out["scores"]}
    mean = {(r["setting"], r["measure"], r["run"]): r["mean"] for r in out["scores"]}
    assert mean[("tau=0.5", "SpanRR", "A")] == pytest.approx(1 / 5, abs=1e-15)
    assert mean[("tau=0.5", "SpanRR", "B")] == pytest.approx(1 / 5, abs=1e-15)
    # C first; A and B tie for second (rank method min)
    assert [rank[("tau=0.5", "SpanRR", r)] for r in "ABC"] == [2, 2, 1]
    assert [rank[("tau=1", "SpanRR", r)] for r in "ABC"] == [2, 3, 1]
    # AP on the chunk qrels (rule any: g1full and g1half relevant for q1, R = 2): A
    # (1/3 / 2 + 1/15 / 2) / 2 = 1/10, B (1/5 / 2 + 1/5 / 2) / 2 = 1/10: tied too
    assert [rank[("any", "AP on chunk qrels", r)] for r in "ABC"] == [2, 2, 1]
    rows = {(r["setting_a"], r["setting_b"]): r for r in out["agreement"]}
    between = rows[("tau=0.5", "tau=1")]
    assert between["swaps"] == 0 and between["pairs"] == 3
    assert between["kendall_tau"] == pytest.approx(2 / math.sqrt(6), abs=1e-12)
    assert rows[("tau=0.5", "any")]["swaps"] == 0
    assert rows[("tau=0.5", "any")]["kendall_tau"] == pytest.approx(1.0)
