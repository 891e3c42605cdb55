"""report's figure options that contradict or change nothing: ``--no-plots --plot-dir DIR``
wrote "0 figure(s) and captions.txt" with exit 0, ``--no-plots --plot ci`` drew nothing, and
``--plot-format pdf`` without ``--plot-dir``, ``--image-format`` with no page and figure
options with no figure were taken without a word. The first two are usage errors (exit 2); the others
are warned of, as every other option that changes nothing."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n2 0 c 1\n2 0 d 0\n"
RUN = "1 Q0 a 1 3 s\n1 Q0 b 2 2 s\n2 Q0 d 1 3 s\n2 Q0 c 2 1 s\n"


def _invoke(tmp_path, *extra):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    return CliRunner().invoke(cli, ["report", str(tmp_path / "q"), str(tmp_path / "r"),
                                    "-m", "P@1", *extra])


@pytest.mark.parametrize("extra, said", [
    (["--no-plots", "--plot-dir", "{d}"], "--no-plots and --plot-dir contradict"),
    (["--no-plots", "--plot", "ci", "-o", "{d}.html"], "--no-plots and --plot contradict"),
])
def test_no_plots_with_figures_asked_for_is_refused(tmp_path, extra, said):
    result = _invoke(tmp_path, *[e.format(d=tmp_path / "figs") for e in extra])
    assert result.exit_code == 2, result.output
    assert said in result.stderr
    assert not (tmp_path / "figs").exists() and not (tmp_path / "figs.html").exists()


@pytest.mark.parametrize("extra, unused", [
    (["--no-plots", "--plot-format", "pdf", "--image-format", "png", "--dpi", "300",
      "--text-table", "-"], ["--plot-format", "--image-format", "--dpi"]),
    (["--plot-format", "pdf", "--dpi", "300", "--plot", "ci", "-o", "{d}.html"],
     ["--plot-format"]),  # --dpi sets the raster images of SVG figures too
    (["--image-format", "png", "--plot-dir", "{d}", "--plot", "ci"], ["--image-format"]),
])
def test_figure_options_that_change_nothing_are_warned_of(tmp_path, extra, unused):
    result = _invoke(tmp_path, *[e.format(d=tmp_path / "figs") for e in extra])
    assert result.exit_code == 0, result.output
    for flag in ("--plot-format", "--image-format", "--dpi"):
        assert (f"warning: {flag} not used" in result.stderr) == (flag in unused), flag


def test_figure_options_in_use_are_not_warned_of(tmp_path):
    result = _invoke(tmp_path, "--image-format", "png", "--dpi", "50", "--plot", "ci",
                     "--plot-dir", str(tmp_path / "figs"), "--plot-format", "png",
                     "-o", str(tmp_path / "page.html"))
    assert result.exit_code == 0, result.output
    assert "not used" not in result.stderr
