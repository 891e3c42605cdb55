"""A TREC qrels grade written ``2.`` (a trailing dot) is the grade 2, as trec_eval reads it
(get_qrels.c: ``atol("2.")`` is 2), in files, on standard input and in tables; a fraction
(``2.5``) is still refused.  Before, ``2.`` was refused as "not an integer"."""
import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval import read_qrels
from sdreval.cli.main import cli
from sdreval.errors import InputError

RUN = "1 Q0 d1 1 3.0 r\n1 Q0 d2 2 2.0 r\n"


def _grades(qrels) -> dict:
    return {(t, d): a.e for t in qrels for (d, _p), a in qrels[t].elements.items()}


def test_text_file_reads_trailing_dot_as_whole_grade(tmp_path):
    path = tmp_path / "q.txt"
    path.write_text("1 0 d1 2.\n1 0 d2 0\n1 0 d3 1.\n")
    assert _grades(read_qrels(path)) == {("1", "d1"): 2, ("1", "d2"): 0, ("1", "d3"): 1}


def test_table_text_column_reads_trailing_dot():
    frame = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d1", "d2"],
                          "relevance": ["2.", "0"]})
    assert _grades(read_qrels(frame)) == {("1", "d1"): 2, ("1", "d2"): 0}


def test_fraction_still_refused(tmp_path):
    path = tmp_path / "q.txt"
    path.write_text("1 0 d1 2.5\n")
    with pytest.raises(InputError, match=r"not an integer \(trec_eval and ranx truncate"):
        read_qrels(path, fmt="trec-qrels")


@pytest.mark.parametrize("stdin", [False, True])
def test_cli_file_and_stdin(tmp_path, stdin):
    qrels = tmp_path / "q.txt"
    qrels.write_text("1 0 d1 2.\n1 0 d2 0\n")
    run = tmp_path / "r.txt"
    run.write_text(RUN)
    given = "-" if stdin else str(qrels)
    got = CliRunner().invoke(cli, ["eval", given, str(run), "-m", "P@1"],
                             input=qrels.read_text() if stdin else None)
    # P@1 = 1/1: d1 (grade 2) is relevant at rank 1, as trec_eval -m P.1 says (P_1 1.0000)
    assert got.exit_code == 0, got.output
    assert "P@1\tall\t1.0000" in got.stdout
