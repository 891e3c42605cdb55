"""Span inputs (session 24 coverage hunt): documents, chunk maps, units, texts and tokenizers
that no other test gave the readers.  A header-only span run without a score or rank key was
refused ("a run needs a score or a rank key") while the same file with rows is ranked by row
order: it is now an empty run, as with a score column."""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field

import pytest

from sdreval.errors import InputError, ProblemLog, UsageError
from sdreval.io.readers import read_qrels, read_run
from sdreval.io.spans import read_chunk_map, read_documents
from sdreval.io.spans.documents import qrels_in_tokens, run_in_tokens
from sdreval.io.spans.model_tokens import model_tokenizer
from sdreval.io.spans.readers import as_table, read_span_qrels, read_span_run
from sdreval.model.run import Run

TEXT = "Zürich is big."  # 14 characters, 15 bytes (ü = 2)


def _jsonl(tmp_path, name, rows):
    path = tmp_path / name
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


@pytest.fixture
def documents(tmp_path):
    return read_documents(_jsonl(tmp_path, "docs.jsonl", [{"doc_id": "d", "text": TEXT}]))


def _problems(log):
    return [(p.severity, p.line, p.message) for p in log.problems]


def test_documents_with_a_text_that_is_no_string_or_given_twice(tmp_path):
    log = ProblemLog()
    found = read_documents(_jsonl(tmp_path, "docs.jsonl", [
        {"doc_id": "d", "text": TEXT}, {"doc_id": "e", "text": 5},
        {"doc_id": "d", "text": "again"}]), log)
    assert found.texts == {"d": TEXT}
    assert _problems(log) == [
        ("error", 2, "text of document e is not a string"),
        ("error", 3, "document d given again (first on line 1; that one is kept)")]


def test_a_chunk_mapped_twice_to_the_same_span_is_a_warning(tmp_path):
    row = {"chunk_id": "c1", "doc_id": "d", "start": 0, "end": 5}
    log = ProblemLog()
    read_chunk_map(_jsonl(tmp_path, "map.jsonl", [row, row]), log)
    assert _problems(log) == [("warning", 2, "chunk c1 repeats line 1 (ignored)")]


def test_more_than_twenty_spans_in_bytes_without_documents(tmp_path):
    rows = [{"query_id": "q", "doc_id": "d", "start": i, "end": i + 1, "unit": "bytes",
             "relevance": 1} for i in range(22)]
    log = ProblemLog()
    read_span_qrels(_jsonl(tmp_path, "q.jsonl", rows), log)
    problems = _problems(log)
    assert len(problems) == 21
    assert problems[19] == ("error", 20, "offsets in bytes need the document text (give "
                                         "--documents FILE)")
    assert problems[20] == ("error", None, "... and 2 more spans in bytes or tokens (give "
                                           "--documents FILE)")


def test_spans_in_bytes_of_a_missing_document_or_past_the_end(tmp_path, documents):
    log = ProblemLog()
    read_span_qrels(_jsonl(tmp_path, "q.jsonl", [
        {"query_id": "q", "doc_id": "x", "start": 0, "end": 2, "unit": "bytes",
         "relevance": 1},
        {"query_id": "q", "doc_id": "d", "start": 0, "end": 40, "unit": "bytes",
         "relevance": 1}]), log, documents)
    assert sorted(p for p in _problems(log) if p[0] == "error") == [
        ("error", 1, "document x is not in the documents file: its bytes cannot be converted"),
        ("error", 2, "span 0-40 reaches beyond the end of document d (15 bytes)")]


def test_source_beside_doc_id_is_not_a_second_document_key(tmp_path, documents):
    path = _jsonl(tmp_path, "q.jsonl", [{"query_id": "q", "doc_id": "d", "source": "s.txt",
                                         "start": 0, "end": 3, "relevance": 1}])
    qrels = read_qrels(str(path), documents=documents)
    assert qrels["q"].passages["d"].ranges == [(0, 3)]


def test_gold_texts_that_cannot_be_located(tmp_path, documents):
    log = ProblemLog()
    read_span_qrels(_jsonl(tmp_path, "q.jsonl", [
        {"query_id": "q", "text": "", "relevance": 1},
        {"query_id": "q", "text": "is", "occurrence": "second", "relevance": 1},
        {"query_id": "q", "doc_id": "x", "text": "is", "relevance": 1},
        {"query_id": "q", "text": "is", "occurrence": "1.5", "relevance": 1}]), log, documents)
    assert _problems(log)[:4] == [
        ("error", 1, "text is missing or empty"),
        ("error", 2, "occurrence 'second' is not all, first, error or a number >= 1"),
        ("error", 3, f"document x is not in the documents file ({documents.source})"),
        ("error", 4, "occurrence '1.5' is not all, first, error or a number >= 1")]


def test_header_only_span_files(tmp_path):
    qrels_path, run_path = tmp_path / "q.csv", tmp_path / "r.csv"
    qrels_path.write_text("query_id,doc_id,start,end,relevance\n")
    run_path.write_text("query_id,doc_id,start,end\n")
    log = ProblemLog()
    assert len(read_span_qrels(qrels_path, log)) == 0
    assert _problems(log) == [("warning", None, "the span qrels hold no judgements")]
    log = ProblemLog()
    run = read_span_run(run_path, log)
    assert (len(run), log.errors) == (0, [])


def test_tokens_need_every_documents_text(tmp_path, documents):
    qrels = read_qrels([{"query_id": "q", "doc_id": "x", "start": 0, "end": 3,
                         "relevance": 1}])
    with pytest.raises(InputError, match="counting tokens needs the text of every document; "
                                         "not in .*: x"):
        qrels_in_tokens(qrels, documents)
    empty = Run("r", {}, "passage")
    assert run_in_tokens(empty, documents) is empty


@pytest.mark.parametrize("unit,module,message", [
    ("tokens:tiktoken:cl100k_base", "tiktoken", "tokens:cl100k_base needs tiktoken"),
    ("tokens:cl100k_base", "tiktoken", "tokens:cl100k_base needs tiktoken"),
    ("tokens:bert-base-uncased", "tokenizers",
     "tokens:bert-base-uncased needs the tokenizers package"),
])
def test_a_tokenizer_whose_library_is_missing(monkeypatch, unit, module, message):
    monkeypatch.setitem(sys.modules, module, None)  # import fails
    with pytest.raises(UsageError, match=message):
        model_tokenizer(unit)


@dataclass
class Document:  # LangChain's shape
    page_content: str
    metadata: dict = field(default_factory=dict)


def test_a_result_object_in_a_list_of_records_is_refused_without_query_id():
    rows = [Document("abc", {"source": "d"}), {"query_id": "q", "doc_id": "d", "start": 0,
                                                "end": 3, "score": 1.0}]
    with pytest.raises(InputError, match="row 0: query_id is missing"):
        read_run(rows)


def test_a_loaded_table_is_taken_as_it_is(tmp_path):
    from sdreval.io.tables import load_table

    table = load_table(_jsonl(tmp_path, "r.jsonl", [{"query_id": "q", "doc_id": "d"}]),
                       ProblemLog())
    assert as_table(table, "(x)") is table
