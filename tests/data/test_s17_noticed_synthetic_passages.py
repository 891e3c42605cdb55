"""How the bundled synthetic passage runs were made, as the examples' description says: each
element run converted by `sdreval convert --to passage` (one element -> passage rule), then each
article's passages put together at the article's first appearance (Relevant in Context); so
MAiP, which reads passages in rank order, differs from a plain conversion's, and the
article-level measures, which group articles the same way, do not."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

SYN = example_path("synthetic")


def _grouped(lines: list[str]) -> list[str]:
    """Each topic's lines with an article's lines together at its first appearance, ranks
    renumbered 1, 2, ... (written here apart from the builder)."""
    by_topic: dict[str, dict[str, list[list[str]]]] = {}
    for line in lines:
        fields = line.split()
        by_topic.setdefault(fields[0], {}).setdefault(fields[2], []).append(fields)
    out = []
    for articles in by_topic.values():
        rows = [f for group in articles.values() for f in group]
        for rank, fields in enumerate(rows, start=1):
            out.append(" ".join(fields[:3] + [str(rank)] + fields[4:]))
    return out


@pytest.mark.parametrize("name", ["sim01", "sim02", "sim03"])
def test_bundled_passages_are_converted_then_grouped(tmp_path, name):
    out = tmp_path / "converted.txt"
    result = CliRunner().invoke(cli, ["convert", str(SYN / "runs" / f"{name}.txt"), str(out),
                                      "--collection", str(SYN / "docs"), "--to", "passage"])
    assert result.exit_code == 0, result.output
    bundled = (SYN / "runs" / f"{name}.passages.txt").read_text().splitlines()
    assert _grouped(out.read_text().splitlines()) == bundled


def test_focused_differs_article_measures_agree(tmp_path):
    out = tmp_path / "sim01.txt"
    CliRunner().invoke(cli, ["convert", str(SYN / "runs" / "sim01.txt"), str(out),
                             "--collection", str(SYN / "docs"), "--to", "passage"])
    means = []
    for run in (SYN / "runs" / "sim01.passages.txt", out):
        result = CliRunner().invoke(cli, ["eval", str(SYN / "qrels.fol"), str(run), "-m", "MAiP",
                                          "-m", "MAgP", "-m", "MAgP(task=bic)", "-m", "gP@5",
                                          "--format", "json"])
        assert result.exit_code == 0, result.output
        means.append({r["measure"]: r["value"] for r in json.loads(result.stdout)
                      if r["topic"] == "all"})
    grouped, plain = means
    assert (round(grouped["MAiP"], 4), round(plain["MAiP"], 4)) == (0.4160, 0.4345)
    for measure in ("MAgP", "MAgP(task=bic)", "gP@5"):
        assert grouped[measure] == pytest.approx(plain[measure], abs=1e-12)
