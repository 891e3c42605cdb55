"""BEIR's queries.jsonl (_id, text) is refused as judgements or a run; a corpus without titles
has the same keys, and the refusal says how to give it as the documents: with --documents
on the command line, and in Python (where read_qrels refuses it too) documents=
read_documents(FILE)."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import InputError
from sdreval.io.spans import read_documents


def test_python_refusal_names_the_python_keyword(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"_id": "d1", "text": "hello world"}\n')
    with pytest.raises(InputError) as caught:
        sdreval.read_qrels(str(corpus))
    said = str(caught.value)
    assert "BEIR's queries.jsonl" in said and "documents=read_documents(FILE)" in said
    spans = tmp_path / "qrels.jsonl"
    spans.write_text('{"query_id": "q1", "doc_id": "d1", "start": 0, "end": 5, '
                     '"relevance": 1}\n')
    documents = read_documents(str(corpus))  # as it says
    assert len(sdreval.read_qrels(str(spans), documents=documents)) == 1
