"""``report --help`` said --dpi is the "Resolution of PNG plots", but it also sets the raster
parts (heatmaps, drawn with imshow) of SVG and PDF figures; the help says so now."""
from __future__ import annotations

import re

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_dpi_help_names_the_raster_parts_of_vector_figures():
    result = CliRunner().invoke(cli, ["report", "--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    dpi = re.search(r"--dpi INTEGER RANGE (.*?) \[", text).group(1)
    assert "PNG" in dpi and "heatmaps" in dpi and "SVG and PDF" in dpi
