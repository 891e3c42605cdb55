"""``report`` draws the inex_eval precall figure for element runs.  Without a collection size
the figure's curves warned ``inex_eval: collection size unknown ...`` even when the user asked
for ``-m MAep`` only, naming a measure that is nowhere in the report's tables.  The warning now
names the figure; with ``-m inex_eval`` it names the measure, as ``eval`` does."""
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("synthetic")
INPUTS = [str(BASE / "qrels.tsv"), str(BASE / "runs" / "sim01.txt"),
          str(BASE / "runs" / "sim02.txt")]


def report(tmp_path, *measures):
    args = ["report", *INPUTS, "-o", str(tmp_path / "r.html"), "--no-timestamp"]
    for m in measures:
        args += ["-m", m]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return [line for line in result.stderr.splitlines() if "collection size unknown" in line]


def test_the_figure_is_named_when_inex_eval_is_not_asked_for(tmp_path):
    lines = report(tmp_path, "MAep")
    assert len(lines) == 1
    assert lines[0].startswith("sdreval: warning: precall figure: inex_eval: collection size")


def test_the_measure_is_named_when_asked_for(tmp_path):
    lines = report(tmp_path, "MAep", "inex_eval")
    assert lines == ["sdreval: warning: inex_eval: collection size unknown: the last rank "
                     "holds the assessed elements not retrieved (give the collection's element "
                     "count, --collection-elements N, or collection_elements= in Python; or the "
                     "collection, --collection DIR, or collection= in Python)"]
