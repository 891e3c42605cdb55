"""A DataFrame whose key is its index (``df.set_index("chunk_id")``) was refused as having
no such column; the message now says the column is the index and to call ``reset_index()``:
one hint (:func:`sdreval.io.table_syntax.index_hint`) in the column list every
missing-column message gives (:func:`sdreval.io.table_checks.listed`)."""
from __future__ import annotations

import pandas as pd
import pytest

import sdreval
from sdreval.errors import SdrevalError

RUN = pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["d1", "d2"], "score": [2.0, 1.0]})
QRELS = pd.DataFrame({"query_id": ["q1"], "doc_id": ["d1"], "relevance": [1]})
CHUNKS = pd.DataFrame({"chunk_id": ["c1"], "doc_id": ["d1"], "start": [0], "end": [5]})
CHUNK_RUN = pd.DataFrame({"query_id": ["q1"], "chunk_id": ["c1"], "score": [1.0]})
ONE = "'{}' is the DataFrame's index, not a column: call reset_index() to make it a column"


@pytest.mark.parametrize("read, key", [
    (lambda: sdreval.read_run(RUN.set_index("query_id")), "query_id"),
    (lambda: sdreval.read_run(RUN.set_index("doc_id")), "doc_id"),
    (lambda: sdreval.read_qrels(QRELS.set_index("query_id")), "query_id"),
    (lambda: sdreval.read_qrels(QRELS.set_index("doc_id")), "doc_id"),
    (lambda: sdreval.read_run(CHUNK_RUN, chunk_map=CHUNKS.set_index("chunk_id")), "chunk_id"),
    (lambda: sdreval.read_run(CHUNK_RUN, chunk_map=CHUNKS.set_index("doc_id")), "doc_id"),
])
def test_index_named(read, key):
    with pytest.raises(SdrevalError) as raised:
        read()
    assert ONE.format(key) in str(raised.value)


def test_two_levels():
    with pytest.raises(SdrevalError) as raised:
        sdreval.read_qrels(QRELS.set_index(["query_id", "doc_id"]))
    assert ("'query_id', 'doc_id' are the DataFrame's index, not columns: call reset_index() "
            "to make them columns") in str(raised.value)


def test_unnamed_index_no_hint():
    with pytest.raises(SdrevalError) as raised:
        sdreval.read_run(RUN.drop(columns="query_id"))
    assert "reset_index" not in str(raised.value)


def test_ragas_samples_keyed_by_question():
    """RAGAS samples indexed by their question: the samples' own missing-key message lists
    the columns through the same helper."""
    samples = pd.DataFrame({"user_input": ["q"], "reference_context_ids": [["d1"]],
                            "retrieved_context_ids": [["d1"]]}).set_index("user_input")
    with pytest.raises(SdrevalError) as raised:
        sdreval.read_qrels(samples)
    assert ONE.format("user_input") in str(raised.value)
