"""A run or qrels table giving one key under two spellings (``qid`` and ``query_id``, ``docno``
and ``doc_id``, ``score`` and ``rsv``, ``label`` and ``relevance``) was read from the first
spelling listed, silently, even where the other said otherwise: a row where they disagree is
now an error naming both columns and the row (its file line); agreeing columns are fine."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import InputError
from sdreval.io.frame_qrels import qrels_from_table
from sdreval.io.frames import run_from_table
from sdreval.io.readers import read_qrels, read_run


def test_disagreeing_topic_columns_in_a_file_are_refused_at_the_line(tmp_path):
    (tmp_path / "run.csv").write_text("qid,query_id,docno,score\n1,1,d1,2.0\n2,3,d2,1.0\n")
    with pytest.raises(InputError) as error:
        read_run(tmp_path / "run.csv")  # before: read as topics 1 and 3, silently
    problem = error.value.problems[0]
    assert problem.line == 3 and "'query_id'" in problem.message and "'qid'" in \
        problem.message, str(error.value)


def test_disagreeing_document_and_grade_columns_in_a_frame(tmp_path):
    frame = pd.DataFrame({"qid": ["1", "1"], "doc_id": ["d1", "d2"], "docno": ["d1", "dX"],
                          "label": [1, 0], "relevance": [1, 0]})
    with pytest.raises(InputError, match="row 1.*'doc_id'.*'docno'"):
        qrels_from_table(frame)
    frame["docno"] = frame["doc_id"]
    frame["label"] = [1, 1]
    with pytest.raises(InputError, match="'relevance'.*'label'"):
        qrels_from_table(frame)


def test_agreeing_spellings_read_as_one(tmp_path):
    (tmp_path / "qrels.csv").write_text("qid,query_id,docno,label\n1,1,d1,1\n")
    assert sorted(read_qrels(tmp_path / "qrels.csv")) == ["1"]
    frame = pd.DataFrame({"qid": ["1"], "query_id": [1], "docno": ["d1"], "score": [2.0],
                          "rsv": ["2"]})  # the same values in other types
    assert list(run_from_table(frame)["1"].docs) == ["d1"]
