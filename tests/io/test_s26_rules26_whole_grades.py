"""A grade written 2.0 is 2 in TREC qrels as in tables (trec_eval reads it with atol: 2); a
fractional grade is refused in both, saying what to do; a rank 3.0 is refused saying what to
do."""
import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError


def test_grade_written_2_0_is_2_in_trec_qrels_as_in_a_table(tmp_path):
    path = tmp_path / "qrels.txt"
    path.write_text("1 0 d1 2.0\n1 0 d2 1\n1 0 d3 0.00\n")
    text = sdreval.read_qrels(path)  # detected as TREC qrels
    table = sdreval.read_qrels(pd.DataFrame({"query_id": ["1"] * 3, "doc_id": ["d1", "d2", "d3"],
                                             "relevance": [2.0, 1.0, 0.0]}))
    grades = {d: a.e for d, a in text["1"].elements.items()}
    assert grades == {("d1", "/article[1]"): 2, ("d2", "/article[1]"): 1,
                      ("d3", "/article[1]"): 0}
    assert grades == {d: a.e for d, a in table["1"].elements.items()}


def test_fractional_grade_refused_saying_what_to_do_in_text_and_tables(tmp_path):
    path = tmp_path / "qrels.txt"
    path.write_text("1 0 d1 1.5\n")
    with pytest.raises(InputError, match=r"'1.5' is not an integer .*whole number"):
        sdreval.read_qrels(path, fmt="trec")
    with pytest.raises(InputError, match=r"1.5 is not an integer .*whole number"):
        sdreval.read_qrels(pd.DataFrame({"query_id": ["1"], "doc_id": ["d1"],
                                         "relevance": [1.5]}))


def test_rank_3_0_refused_saying_what_to_write(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("1 Q0 d1 3.0 2.5 r\n")
    with pytest.raises(InputError, match=r"rank '3.0' is not an integer: write .* 3"):
        sdreval.read_run(path, fmt="document-run")


def test_grade_1e3_refused_in_text_and_csv_as_trec_eval_reads_it_1(tmp_path):
    # trec_eval reads a grade with atol: '1e3' is 1, not 1000; refused in both readers
    text = tmp_path / "qrels.txt"
    text.write_text("1 0 d1 1e3\n")
    with pytest.raises(InputError, match=r"'1e3' is not an integer: write the grade"):
        sdreval.read_qrels(text, fmt="trec")
    table = tmp_path / "qrels.csv"
    table.write_text("query_id,doc_id,relevance\n1,d1,1e3\n1,d2,2.0\n")
    with pytest.raises(InputError, match=r"'1e3' is not an integer: write the grade"):
        sdreval.read_qrels(table)
