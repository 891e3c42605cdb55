"""``-o -`` is standard output, as ``-`` is standard input for inputs: every command with
``-o`` (but ``report``, whose page is a file) wrote a file named ``-``."""
import os

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d2 0\n2 0 d1 0\n2 0 d2 1\n"
RUN = "1 Q0 d1 1 2.0 r\n1 Q0 d2 2 1.0 r\n2 Q0 d1 1 2.0 r\n2 Q0 d2 2 1.0 r\n"


@pytest.mark.parametrize("args", [["eval", "Q", "R", "-m", "AP"],
                                  ["eval", "Q", "R", "-m", "AP", "--format", "json"],
                                  ["recallbase", "Q"],
                                  ["compare", "Q", "R", "R2", "-m", "AP"]])
def test_dash_as_output_writes_standard_output(tmp_path, args):
    (tmp_path / "Q").write_text(QRELS)
    (tmp_path / "R").write_text(RUN)
    (tmp_path / "R2").write_text(RUN.replace(" r\n", " s\n"))
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        with_file = CliRunner().invoke(cli, args)
        with_dash = CliRunner().invoke(cli, args + ["-o", "-"])
        assert not (tmp_path / "-").exists()
    finally:
        os.chdir(here)
    assert with_dash.exit_code == with_file.exit_code == 0, with_dash.stderr
    assert with_dash.stdout == with_file.stdout != ""
