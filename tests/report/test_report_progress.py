"""``report --no-plots`` shows no bar for plot work (curves, swap rates, plot files): only
the evaluation's own bar."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

import sdreval.progress
from sdreval.cli.main import cli as main

EXAMPLES = Path(sdreval.__file__).resolve().parent / "data" / "examples" / "synthetic"


@pytest.fixture
def bars(monkeypatch):
    """Labels of every bar opened (``track`` opens its bars through ``progress``)."""
    opened: list[str] = []
    real = sdreval.progress.progress

    @contextmanager
    def recording(total, desc, enabled=None):
        opened.append(desc)
        with real(total, desc, False) as bar:
            yield bar

    monkeypatch.setattr(sdreval.progress, "progress", recording)
    return opened


def _report(tmp_path: Path, *extra: str) -> None:
    result = CliRunner().invoke(main, [
        "report", str(EXAMPLES / "qrels.tsv"), str(EXAMPLES / "runs" / "sim01.txt"),
        str(EXAMPLES / "runs" / "sim02.txt"), "-m", "MAep", "-o", str(tmp_path / "r.html"),
        "--no-timestamp", *extra])
    assert result.exit_code == 0, result.output


def test_no_plots_opens_no_plot_bar(tmp_path, bars):
    _report(tmp_path, "--no-plots")
    assert bars == ["reading runs", "evaluating runs"]


def test_plots_open_the_curve_bar(tmp_path, bars):
    _report(tmp_path, "--plot", "epgr")
    assert bars == ["reading runs", "evaluating runs", "computing curves"]
