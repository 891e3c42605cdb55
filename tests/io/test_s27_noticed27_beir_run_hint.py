"""A run written in BEIR's qrels layout (query-id, corpus-id, score; Thakur et al. 2021) and
given as the run is detected as qrels (the layout's score is a grade) and refused; the
refusal only asked whether the qrels and the run were swapped.  It now says that
``--run-format table-run`` (``fmt='table-run'``) reads it as a run, and that option does."""
import pytest
from click.testing import CliRunner

from sdreval import read_run
from sdreval.cli.main import cli
from sdreval.errors import InputError


@pytest.fixture
def files(tmp_path):
    run = tmp_path / "run.tsv"
    run.write_text("query-id\tcorpus-id\tscore\nq1\td1\t0.9\nq1\td2\t0.5\n")
    qrels = tmp_path / "qrels.tsv"
    qrels.write_text("query-id\tcorpus-id\tscore\nq1\td2\t1\n")
    return str(qrels), str(run)


def test_cli_refusal_names_the_option_that_reads_it(files):
    got = CliRunner().invoke(cli, ["eval", *files, "-m", "P@1"])
    assert got.exit_code == 1
    assert "BEIR's qrels columns" in got.stderr
    assert "--run-format table-run reads it" in got.stderr


def test_the_option_reads_it(files):
    got = CliRunner().invoke(cli, ["eval", *files, "-m", "P@1", "--run-format", "table-run"])
    assert got.exit_code == 0, got.output
    # d1 (score 0.9) first, not relevant: P@1 = 0/1
    assert "P@1\tall\t0.0000" in got.stdout


def test_python_refusal_names_fmt(files):
    with pytest.raises(InputError, match=r"read_run\(\.\.\., fmt='table-run'\) reads it"):
        read_run(files[1])
    assert len(read_run(files[1], fmt="table-run")["q1"]) == 2
