"""A report's figure drawn with parameters taken from the table names them in its title and
caption as the table names the measure: ``IPrec(rel=2)@0.5`` in the table draws the 11-point
curve of IPrec(rel=2), titled "...: IPrec(rel=2)" (it was titled as the default curve, which
counts grade 1 relevant); a curve drawn with the defaults keeps its plain title."""
from html import escape

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.report.curves import STANDARD_CURVES

TITLE = escape(STANDARD_CURVES["iprec"].title, quote=False)  # as the page writes it


def _files(tmp_path):
    qrels = ["1 0 a 2", "1 0 b 1", "1 0 c 0", "2 0 a 1", "2 0 b 2"]
    runs = {"x": ["1 Q0 b 1 3 x", "1 Q0 a 2 2 x", "2 Q0 b 1 3 x", "2 Q0 a 2 2 x"],
            "y": ["1 Q0 a 1 3 y", "1 Q0 c 2 2 y", "2 Q0 a 1 3 y", "2 Q0 b 2 2 y"]}
    (tmp_path / "q").write_text("\n".join(qrels) + "\n")
    for name, lines in runs.items():
        (tmp_path / name).write_text("\n".join(lines) + "\n")
    return [str(tmp_path / n) for n in ("q", "x", "y")]


def _page(tmp_path, measures):
    out = tmp_path / "r.html"
    args = ["report", *_files(tmp_path), "--plot", "iprec", "-o", str(out), "--no-timestamp"]
    result = CliRunner().invoke(cli, args + [x for m in measures for x in ("-m", m)])
    assert result.exit_code == 0, result.output
    return out.read_text()


def test_title_names_the_parameters_drawn(tmp_path):
    page = _page(tmp_path, ["IPrec(rel=2)@0.5", "P@2"])
    assert f"{TITLE}: IPrec(rel=2)" in page


def test_default_curve_keeps_its_title(tmp_path):
    page = _page(tmp_path, ["IPrec@0.5", "P@2"])
    assert TITLE in page and f"{TITLE}: IPrec" not in page
