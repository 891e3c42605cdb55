"""LangChain's loaders of paged files (PyPDFLoader: one Document per page, ``metadata`` with
``source`` and ``page``, ``start_index`` counted in the page's text) under one ``source``.

sdreval named the document by ``source`` alone, so chunks of page 0 and page 1 became spans of
one text: a chunk at 0-5 of page 1 matched gold at 0-5 of page 0 (SpanR@1 1 where the run
retrieved nothing relevant, exit 0).  Several pages under one id are now refused, saying what
to do; each page under its own ``metadata.doc_id`` is read as its own document.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import InputError

GOLD = [{"query_id": "q", "doc_id": "a.pdf", "start": 0, "end": 5, "relevance": 1}]


class Doc:  # langchain_core.documents.Document's attributes
    def __init__(self, page_content, metadata):
        self.page_content, self.metadata = page_content, metadata


def _chunk(page: int, doc_id: str | None = None) -> Doc:
    meta = {"source": "a.pdf", "page": page, "start_index": 0}
    if doc_id is not None:
        meta["doc_id"] = doc_id
    return Doc("alpha" if page == 0 else "omega", meta)


def test_chunks_of_two_pages_under_one_source_are_refused():
    run = {"q": [_chunk(1), _chunk(0)]}  # page 1's chunk first: nothing relevant at rank 1
    with pytest.raises(InputError, match="document a.pdf is given as several pages"):
        sdreval.read_run(run)


def test_each_page_under_its_own_id_is_its_own_document():
    run = {"q": [_chunk(1, "a.pdf#page=1"), _chunk(0, "a.pdf#page=0")]}
    gold = [dict(GOLD[0], doc_id="a.pdf#page=0")]
    got = sdreval.evaluate(gold, sdreval.read_run(run), ["SpanR@1", "SpanR@2"])
    assert got.set_index("measure")["value"].to_dict() == {"SpanR@1": 0.0, "SpanR@2": 1.0}


def test_documents_of_two_pages_under_one_source_are_refused(tmp_path):
    docs = tmp_path / "docs.jsonl"
    docs.write_text("".join(json.dumps({"page_content": text, "metadata": {
        "source": "a.pdf", "page": page}}) + "\n" for page, text in ((0, "alpha"), (1, "omega"))))
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(GOLD[0]) + "\n")
    run = tmp_path / "run.jsonl"
    run.write_text(json.dumps({"query_id": "q", "doc_id": "a.pdf", "start": 0, "end": 5,
                               "score": 1.0}) + "\n")
    got = CliRunner().invoke(cli, ["eval", str(gold), str(run), "--documents", str(docs),
                                   "-m", "SpanR@1"])
    assert got.exit_code == 1
    assert "document a.pdf is given as several pages (metadata page)" in got.stderr
    assert "give each page its own id" in got.stderr
