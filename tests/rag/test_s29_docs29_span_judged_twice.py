"""A gold span given again with grade 0 (or a span first given 0, then a grade) is the same
span judged relevant and not relevant: refused, as a gold span given twice with different
grades is (docs/rag.md), and as TREC, FOL and table qrels refuse a document judged twice
differently.  It was read silently as relevant, whichever record came first."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError


def _records(grades):
    return [{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "relevance": g}
            for g in grades]


@pytest.mark.parametrize("grades", [(1, 0), (0, 1), (2, -1)])
def test_a_span_judged_relevant_and_not_is_refused_in_a_file(tmp_path, grades):
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in _records(grades)))
    with pytest.raises(InputError, match=r"gold.jsonl:2: error: topic q, document d: passage "
                                         r"0-5 judged again, differently from line 1"):
        sdreval.read_qrels(path)


def test_a_span_judged_relevant_and_not_is_refused_in_a_dataframe():
    frame = pd.DataFrame(_records((1, 0)))
    with pytest.raises(InputError, match=r"row 1: topic q, document d: passage 0-5 judged "
                                         r"again, differently from row 0"):
        sdreval.read_qrels(frame)


def test_other_spans_of_a_judged_document_and_identical_repeats_still_pass():
    records = _records((1, 1)) + [{"query_id": "q", "doc_id": "d", "start": 10, "end": 20,
                                   "relevance": 0}] * 2
    with pytest.warns(UserWarning, match="passage 0-5 repeats"):
        qrels = sdreval.read_qrels(pd.DataFrame(records))
    assert qrels["q"].passages["d"].ranges == [(0, 5)]
