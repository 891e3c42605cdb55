"""A documents file without its keys is refused by the rule of every span input
(``Table.require``): the keys needed, those missing and those found.  The documents reader had
its own copy of the check, which did not say which keys the file has (``body`` for ``text``
is the usual slip)."""
import pytest

from sdreval.errors import InputError
from sdreval.io.spans.documents import read_documents
from sdreval.io.spans.readers import read_span_run


def test_documents_say_the_keys_found(tmp_path):
    path = tmp_path / "docs.jsonl"
    path.write_text('{"doc_id": "d1", "body": "some text"}\n')
    with pytest.raises(InputError) as error:
        read_documents(path)
    assert "documents need the keys doc_id, text (missing: text; found: doc_id, body)" in \
        str(error.value)


def test_same_words_as_a_span_run(tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text('{"query_id": "1", "doc_id": "d1", "start": 0}\n')
    with pytest.raises(InputError) as error:
        read_span_run(path)
    assert "span runs need the keys query_id, doc_id, start, end (missing: end; found: " \
        "query_id, doc_id, start" in str(error.value)
