"""docs/inputs.md, "Fields of tables and text files": the rules on empty fields and on grades,
as the page states them (the text said a separator at the start or end of any line is an
empty field and an error, and that a fractional grade is an error in every reader)."""
from __future__ import annotations

import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError


def _grades(qrels, topic="1"):
    return {doc: a.e for (doc, _), a in qrels[topic].elements.items()}


def test_white_space_around_the_fields_of_a_text_line_is_no_field(tmp_path):
    path = tmp_path / "q.txt"
    path.write_text("\t1\t0\ta\t1\t\n1\t0\tb\t2\n")
    assert _grades(sdreval.read_qrels(path, fmt="trec")) == {"a": 1, "b": 2}


def test_two_separators_in_a_row_leave_a_text_line_a_field_short(tmp_path):
    path = tmp_path / "q.txt"
    path.write_text("1\t\ta\t1\n")
    with pytest.raises(InputError, match=r"q.txt:1: error: expected 4 fields .* found 3"):
        sdreval.read_qrels(path, fmt="trec")


@pytest.mark.parametrize("text,message", [
    ("qid,docno,score\n1,a,\n", r"r.csv:2: error: score is missing"),
    ("qid,docno,score\n,1,a,1\n", r"r.csv:2: error: 4 fields where the header names 3"),
])
def test_an_empty_value_of_a_table_is_an_error(tmp_path, text, message):
    path = tmp_path / "r.csv"
    path.write_text(text)
    with pytest.raises(InputError, match=message):
        sdreval.read_run(path)


def test_a_separator_ending_a_table_line_holds_nothing(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("qid,docno,score\n1,a,2,\n1,b,1\n")
    run = sdreval.read_run(path)
    assert [(r.doc, r.rsv) for r in run.topics["1"]] == [("a", 2.0), ("b", 1.0)]


def test_fractional_grades_document_judgements_refuse_element_and_span_ones_keep():
    with pytest.raises(InputError, match="1.5 is not an integer"):
        sdreval.read_qrels(pd.DataFrame({"qid": ["1"], "docno": ["d"], "label": [1.5]}))
    with pytest.raises(InputError, match="not an integer"):
        sdreval.read_qrels({"1": {"d": 1.5}})
    elements = sdreval.read_qrels(pd.DataFrame({"qid": ["1"], "docno": ["d"],
                                                "path": ["/article[1]/sec[1]"],
                                                "relevance": [1.5]}))
    assert _grades(elements) == {"d": 1.5}
    spans = sdreval.read_qrels(pd.DataFrame({"query_id": ["1"], "doc_id": ["d"], "start": [0],
                                             "end": [5], "relevance": [1.5]}))
    assert spans["1"].passages["d"].grades == [1.5]
