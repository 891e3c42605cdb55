"""The report's rule statements reached the HTML page only: the figure captions (what a band
is, what a figure is over, what filled means) and the notes ("gm_map: no significance tests")
were lost to a reader of ``--plot-dir`` files and of ``--text-table``/``--latex-table``, whose
legend read as if gm_map had been tested and found not significant.  Now --plot-dir writes
captions.txt (each file's caption, then the notes), and the tables' legend says that gm_map is
not tested, in eval's words."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

ROOT = example_path("synthetic")
ARGS = [str(ROOT / "qrels.tsv")] + [str(ROOT / "runs" / f"sim0{i}.txt") for i in (1, 2)] + [
    "-m", "map", "-m", "gm_map"]


def test_plot_dir_writes_the_captions_and_notes(tmp_path):
    result = CliRunner().invoke(cli, ["report", *ARGS, "--plot", "distribution", "--plot",
                                      "differences", "--plot-dir", str(tmp_path / "plots")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == [
        "captions.txt", "differences-map.svg", "distribution.svg"]
    text = (tmp_path / "plots" / "captions.txt").read_text()
    assert "differences-map.svg: Per-topic map of each run minus the baseline sim01, topics " \
        "sorted from the largest gain to the largest loss." in text
    assert "distribution.svg: Per-topic scores of every run: box = quartiles, line = median, " \
        "dot = mean." in text
    assert "\nNotes:\n- gm_map: no significance tests, decisions or swap rates" in text


def test_table_legend_says_gm_map_is_not_tested():
    for option in ("--text-table", "--latex-table"):
        result = CliRunner().invoke(cli, ["report", *ARGS, option, "-"])
        assert result.exit_code == 0, result.output
        expected = ("none on gm\\_map (a geometric mean: the tests compare arithmetic means)"
                    if option == "--latex-table" else
                    "each run against the baseline sim01; none on gm_map (a geometric mean: the "
                    "tests compare arithmetic means))")
        assert expected in result.stdout
