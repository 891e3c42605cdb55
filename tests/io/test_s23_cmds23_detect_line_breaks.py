"""Format detection cuts lines where the readers do (at LF): a field holding an information
separator (\\x1c-\\x1e, which str.splitlines takes for a line break) no longer makes one run
line look like 4-field TREC qrels and the run be refused as 'qrels and run swapped'."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.io.detect import detect_format


def test_separator_character_is_not_a_line_break(tmp_path):
    run = tmp_path / "run.txt"
    # one line; str.split() (the readers' field rule) cuts it into 7 fields, none a format
    run.write_bytes(b"5\tQ0\tdoc0004\t1\t\x1c\tfz\t3428\t148\n")
    assert len(run.read_text().split()) == 7
    evaluated = CliRunner().invoke(cli, ["eval", str(example_path("synthetic") / "qrels.fol"),
                                         str(run), "-m", "MAiP"])
    validated = CliRunner().invoke(cli, ["validate", str(run)])
    assert evaluated.exit_code == 1 and validated.exit_code == 1
    assert "swapped" not in evaluated.stderr
    assert "unrecognised format" in evaluated.stderr
    assert "unrecognised format" in validated.stdout


def test_four_fields_then_separator_is_not_qrels(tmp_path):
    path = tmp_path / "x.txt"
    path.write_bytes(b"1 Q0 d1 1\x1e 0.5 r\n")  # 6 fields: a document run
    assert detect_format(path) == "document-run"
