"""budget --level L --plot: the figure names the level of the bands it draws; before, the
title said "95% bootstrap CI" whatever --level was (the bands were at L)."""
from __future__ import annotations

import json

import matplotlib
from click.testing import CliRunner

from sdreval.cli.main import cli

GOLD = [{"query_id": "q", "doc_id": "d", "start": 40, "end": 60, "relevance": 1},
        {"query_id": "p", "doc_id": "d", "start": 0, "end": 10, "relevance": 1}]
RUN = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 100, "score": 2.0},
       {"query_id": "p", "doc_id": "d", "start": 0, "end": 40, "score": 1.0}]


def _plot_text(tmp_path, *level):
    (tmp_path / "q.jsonl").write_text("".join(json.dumps(r) + "\n" for r in GOLD))
    (tmp_path / "r.jsonl").write_text("".join(json.dumps(r) + "\n" for r in RUN))
    out = tmp_path / "b.svg"
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # text kept as text in the SVG
        result = CliRunner().invoke(cli, ["budget", str(tmp_path / "q.jsonl"),
                                          str(tmp_path / "r.jsonl"), "--budgets", "32,64",
                                          "--samples", "200", *level, "--plot", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_text()


def test_plot_title_names_the_level_given(tmp_path):
    text = _plot_text(tmp_path, "--level", "0.9")
    assert "90% bootstrap CI" in text and "95%" not in text


def test_plot_title_keeps_a_level_s_decimals(tmp_path):
    assert "97.5% bootstrap CI" in _plot_text(tmp_path, "--level", "0.975")


def test_plot_title_default_level(tmp_path):
    assert "95% bootstrap CI" in _plot_text(tmp_path)
