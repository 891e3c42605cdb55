"""A run in BEIR's ids with a rank column (``query-id, corpus-id, score, rank``) is a run: its
rank says so, as every table's.  It was taken for BEIR's qrels (``query-id, corpus-id,
score``, the score a grade): given as the run it was refused as "a table-qrels file, not a
run: are the qrels and the run swapped?", and as a DataFrame of qrels its retrieval scores
were read as grades.

Worked example: topic 1 judges d1 relevant, topic 2 d1; the run ranks d1 first in both: AP 1
each, MAP = 1."""
from __future__ import annotations

import pandas as pd
import pytest

import sdreval
from sdreval.errors import SdrevalError

RUN = "query-id\tcorpus-id\tscore\trank\n1\td1\t3\t1\n1\td2\t2\t2\n2\td1\t1\t1\n"


def test_a_beir_run_with_ranks_is_read_as_a_run(tmp_path, sdreval_cli):
    (tmp_path / "q.csv").write_text("query_id,doc_id,relevance\n1,d1,1\n2,d1,2\n")
    (tmp_path / "run.tsv").write_text(RUN)
    done = sdreval_cli("eval", tmp_path / "q.csv", tmp_path / "run.tsv", "-m", "map")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["run\tmap\tall\t1.0000"]


def test_its_scores_are_not_grades_as_qrels():
    frame = pd.DataFrame({"query-id": ["1", "1"], "corpus-id": ["d1", "d2"],
                          "score": [3, 2], "rank": [1, 2]})
    with pytest.raises(SdrevalError, match="relevance"):
        sdreval.read_qrels(frame)
