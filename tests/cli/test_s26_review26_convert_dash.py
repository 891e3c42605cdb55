"""``sdreval convert IN -`` writes standard output, as ``-o -`` does in every command with
``-o`` and ``-`` is standard input for inputs; it wrote a file named ``-``."""
import os

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d2 0\n2 0 d1 0\n2 0 d2 1\n"
RUN = "1 Q0 d1 1 2.0 r\n1 Q0 d2 2 1.0 r\n2 Q0 d1 1 2.0 r\n"


@pytest.mark.parametrize("source, extra", [("Q", []), ("R", ["--to", "document"])])
def test_convert_to_dash_writes_standard_output(tmp_path, source, extra):
    (tmp_path / "Q").write_text(QRELS)
    (tmp_path / "R").write_text(RUN)
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        to_file = CliRunner().invoke(cli, ["convert", source, "out.txt", *extra])
        to_dash = CliRunner().invoke(cli, ["convert", source, "-", *extra])
        assert not (tmp_path / "-").exists()
    finally:
        os.chdir(here)
    assert to_file.exit_code == to_dash.exit_code == 0, to_dash.stderr
    assert to_dash.stdout == (tmp_path / "out.txt").read_text() != ""
    assert "to standard output" in to_dash.stderr
