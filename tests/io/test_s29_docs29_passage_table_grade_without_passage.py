"""A passage table (offset and length columns) whose row gives a relevance above 0 but no
passage was read as its document judged with nothing relevant, silently: P@1 0 for a document
the row calls relevant (FOL qrels keep such a document relevant, by its relchars, with a
warning; span files refuse a row without its start and end).  Refused now, naming the row."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError


def _frame(grade):
    return pd.DataFrame({"qid": ["1", "1"], "docno": ["d", "e"], "offset": [0, np.nan],
                         "length": [50, np.nan], "label": [1, grade]})


def test_a_relevant_row_without_a_passage_is_refused():
    with pytest.raises(InputError, match=r"row 1: label 1 but no passage \(offset and length "
                                         r"empty\)"):
        sdreval.read_qrels(_frame(1))


def test_a_row_without_a_passage_and_grade_0_marks_its_document_judged():
    qrels = sdreval.read_qrels(_frame(0))
    judged = qrels["1"].passages
    assert judged["e"].ranges == [] and not judged["e"].is_relevant
    assert judged["d"].ranges == [(0, 50)]


def test_csv_file_alike(tmp_path):
    path = tmp_path / "qrels.csv"
    path.write_text("qid,docno,offset,length,label\n1,d,0,50,1\n1,e,,,2\n")
    with pytest.raises(InputError, match=r"qrels.csv:3: error: label 2 but no passage"):
        sdreval.read_qrels(path)
