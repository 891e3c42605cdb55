"""A family's curve drawn with the parameters of another measure of the family in the table is
named by the measure it draws: ``MAep(quant=sog)`` in the table draws the nxCG curve under
quant=sog (Kazai & Lalmas 2006, Eq. 5), titled "...: nxCG(quant=sog)" -- it was titled
"...: MAep(quant=sog)", the name of a single number on a curve over ranks."""
from html import escape
from pathlib import Path

from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.report.curves import STANDARD_CURVES

EXAMPLE = Path(sdreval.__file__).parent / "data" / "examples" / "kazai-lalmas-2006"


def _page(tmp_path, measures, plot):
    out = tmp_path / "r.html"
    runs = sorted(str(p) for p in (EXAMPLE / "runs").iterdir())[:2]
    args = ["report", str(EXAMPLE / "qrels.tsv"), *runs, "--plot", plot, "-o", str(out),
            "--no-timestamp"]
    result = CliRunner().invoke(cli, args + [x for m in measures for x in ("-m", m)])
    assert result.exit_code == 0, result.output
    return out.read_text()


def test_nxcg_curve_is_named_nxcg(tmp_path):
    page = _page(tmp_path, ["MAep(quant=sog)"], "nxcg")
    title = escape(STANDARD_CURVES["nxcg"].title, quote=False)
    assert f"{title}: nxCG(quant=sog)" in page
    assert f"{title}: MAep" not in page


def test_epgr_curve_is_named_ep(tmp_path):
    page = _page(tmp_path, ["MAep(quant=sog)"], "epgr")
    title = escape(STANDARD_CURVES["epgr"].title, quote=False)
    assert f"{title}: ep(quant=sog)" in page
