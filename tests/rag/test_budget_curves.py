"""Context-budget curves (API, CLI, HTML report), values worked by hand."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import sdreval.api as api
from sdreval.cli.main import cli
from sdreval.errors import UsageError

GOLD = [{"query_id": "q", "doc_id": "d", "start": 40, "end": 60, "relevance": 1},
        {"query_id": "p", "doc_id": "d", "start": 0, "end": 10, "relevance": 1}]
RUN = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 100, "score": 2.0},
       {"query_id": "q", "doc_id": "d", "start": 50, "end": 150, "score": 1.0},
       {"query_id": "p", "doc_id": "d", "start": 0, "end": 40, "score": 1.0}]


def test_budget_curve_by_hand():
    curve = api.budget_curve(GOLD, RUN, [32, 64, 128], samples=500)
    got = {(m, b): v for m, b, v in zip(curve["measure"], curve["budget"], curve["mean"])}
    # q: the first N characters of [0, 100) then [100, 150) (new text of the second span);
    #    gold [40, 60). p: [0, 40), gold [0, 10).
    q_r = {32: 0.0, 64: 1.0, 128: 1.0}
    q_p = {32: 0.0, 64: 20 / 64, 128: 20 / 128}
    p_r = {32: 1.0, 64: 1.0, 128: 1.0}
    p_p = {32: 10 / 32, 64: 10 / 40, 128: 10 / 40}
    for b in (32, 64, 128):
        assert got[("SpanR", b)] == pytest.approx((q_r[b] + p_r[b]) / 2)
        assert got[("SpanP", b)] == pytest.approx((q_p[b] + p_p[b]) / 2)
    low, high = curve["ci_low"].to_numpy(), curve["ci_high"].to_numpy()
    assert (low <= curve["mean"].to_numpy() + 1e-12).all()
    assert (curve["mean"].to_numpy() <= high + 1e-12).all()
    assert list(curve["measure"][:3]) == ["SpanR"] * 3  # recall first, budgets increasing
    assert set(curve["topics"]) == {2}


def test_budget_cli_and_plot(tmp_path):
    import json

    (tmp_path / "q.jsonl").write_text("".join(json.dumps(r) + "\n" for r in GOLD))
    (tmp_path / "r.jsonl").write_text("".join(json.dumps(r) + "\n" for r in RUN))
    result = CliRunner().invoke(cli, ["budget", str(tmp_path / "q.jsonl"),
                                      str(tmp_path / "r.jsonl"), "--budgets", "64,32",
                                      "--plot", str(tmp_path / "b.png")])
    assert result.exit_code == 0, result.output
    assert "r\tSpanR\t32\t0.5000" in result.output
    assert "r\tSpanP\t64\t0.2812" in result.output  # (20/64 + 10/40) / 2 = 0.28125
    assert (tmp_path / "b.png").read_bytes()[:4] == b"\x89PNG"
    bad = CliRunner().invoke(cli, ["budget", str(tmp_path / "q.jsonl"),
                                   str(tmp_path / "r.jsonl"), "--budgets", "0,10"])
    assert bad.exit_code == 2


def test_report_draws_budget_curves(tmp_path):
    path = tmp_path / "r.html"
    api.report(GOLD, RUN, ["SpanR@1"], path)
    assert "Context-budget curves" in path.read_text()


def test_bad_budgets():
    with pytest.raises(UsageError):
        api.budget_curve(GOLD, RUN, [0])
