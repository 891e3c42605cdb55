"""A run or judgements table with a column named ``references`` that is not Chroma's gold
excerpts (a run with a ``score``, judgements with a ``relevance``) is read as the table it is,
as before Chroma's questions layout was read: its ``references`` column is one more column.
Before, the column made the table span judgements: the qrels were refused ("references 'see
x' is not a list of ...") and the run refused as "a span-qrels file, not a run".

Worked example: topic 1 judges d1 relevant, topic 2 judges d1 relevant; the run ranks d1
first for both (d2 second for topic 1): AP = 1 for both topics, so MAP = 1; P@5 = 1/5."""
from __future__ import annotations

from fractions import Fraction

import pandas as pd
import pytest

import sdreval

RUN = "query_id,doc_id,score,references\n1,d1,3,see a\n1,d2,2,see a\n2,d1,1,see b\n"
QRELS = "query_id,doc_id,relevance,references\n1,d1,1,see x\n2,d1,2,see y\n"
EXPECTED = {"map": Fraction(1), "P_5": Fraction(1, 5)}


def _values(stdout: str) -> dict[str, float]:
    return {m: float(v) for _, m, t, v in (line.split("\t") for line in stdout.splitlines())
            if t == "all"}


@pytest.mark.parametrize("qrels_refs", [True, False])
def test_table_with_a_references_column_is_read_as_its_table(tmp_path, sdreval_cli,
                                                              qrels_refs):
    (tmp_path / "q.csv").write_text(QRELS if qrels_refs else
                                    "query_id,doc_id,relevance\n1,d1,1\n2,d1,2\n")
    (tmp_path / "r.csv").write_text(RUN if not qrels_refs else
                                    "query_id,doc_id,score\n1,d1,3\n1,d2,2\n2,d1,1\n")
    done = sdreval_cli("eval", tmp_path / "q.csv", tmp_path / "r.csv", "-m", "map",
                       "-m", "P_5")
    assert done.returncode == 0, done.stderr
    assert _values(done.stdout) == pytest.approx({m: float(v) for m, v in EXPECTED.items()})


def test_dataframes_with_a_references_column_are_tables():
    qrels = pd.DataFrame({"query_id": ["1", "2"], "doc_id": ["d1", "d1"],
                          "relevance": [1, 2], "references": ["see x", "see y"]})
    run = pd.DataFrame({"query_id": ["1", "1", "2"], "doc_id": ["d1", "d2", "d1"],
                        "score": [3.0, 2.0, 1.0], "references": ["a", "a", "b"]})
    table = sdreval.evaluate(qrels, run, ["map", "P_5"])
    values = dict(zip(table.measure, table.value))
    assert values == pytest.approx({m: float(v) for m, v in EXPECTED.items()})
