"""BEIR's qrels (``qrels/test.tsv``: a ``query-id, corpus-id, score`` header, the score a
relevance grade; Thakur et al. 2021) are read as qrels, from a file and from a DataFrame.

They were refused as an unrecognised format.  Expected values are worked out by hand: run r
ranks the relevant document 007 first (AP = 1), run s second (AP = 1/2); 007 and 7 are two
documents (ids are text).
"""
import pandas as pd
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

BEIR = "query-id\tcorpus-id\tscore\n1\t007\t2\n1\t7\t0\n"
RUN_R = "1 Q0 007 1 2.0 r\n1 Q0 7 2 1.0 r\n"
RUN_S = "1 Q0 7 1 2.0 s\n1 Q0 007 2 1.0 s\n"


def _files(tmp_path, qrels=BEIR):
    (tmp_path / "test.tsv").write_text(qrels)
    (tmp_path / "r.txt").write_text(RUN_R)
    (tmp_path / "s.txt").write_text(RUN_S)
    return [str(tmp_path / name) for name in ("test.tsv", "r.txt", "s.txt")]


def test_a_beir_qrels_file_is_read_with_its_score_as_the_grade(tmp_path):
    got = CliRunner().invoke(cli, ["eval", *_files(tmp_path), "-m", "AP", "-m", "nDCG@10"])
    assert got.exit_code == 0, got.stderr
    rows = [line.split("\t") for line in got.stdout.splitlines()]
    assert ["r", "AP", "all", "1.0000"] in rows and ["s", "AP", "all", "0.5000"] in rows
    # s: the grade-2 document at rank 2, exp gains: (2^2-1)/log2(3) / ((2^2-1)/log2(2))
    assert ["s", "nDCG@10", "all", "0.6309"] in rows


def test_a_beir_dataframe_gives_the_file_s_numbers(tmp_path):
    qrels, run, _ = _files(tmp_path)
    frame = pd.read_csv(qrels, sep="\t", dtype={"query-id": str, "corpus-id": str})
    got = sdreval.evaluate(frame, run, ["AP"])
    assert got["value"].tolist() == [1.0]


def test_a_bad_grade_is_named_by_its_column(tmp_path):
    paths = _files(tmp_path, BEIR.replace("\t0\n", "\tx\n"))
    got = CliRunner().invoke(cli, ["eval", *paths[:2], "-m", "AP"])
    assert got.exit_code == 1
    assert "test.tsv:3: error: score 'x' is not a finite number" in got.stderr


def test_beir_qrels_given_as_the_run_are_named_as_qrels(tmp_path):
    qrels, run, _ = _files(tmp_path)
    got = CliRunner().invoke(cli, ["eval", qrels, qrels, "-m", "AP"])
    assert got.exit_code == 1
    assert "this is a table-qrels file, not a run" in got.stderr
