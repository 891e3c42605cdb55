"""Span offsets in a text with a character outside the Basic Multilingual Plane (an emoji,
U+1F600) before the relevant span: character offsets are code points on every path (Python
``str`` indices, as LangChain's ``start_index`` and Chroma's chunkers count them; a UTF-16 tool
would count the emoji twice), and ``--documents`` maps bytes and tokens onto them.

Text ``😀 ab cd``: 7 code points (8 UTF-16 units, 10 UTF-8 bytes).  The gold ``ab`` is [2, 4)
in code points, bytes [5, 7) (4 for the emoji, 1 for the space), token 1 (whitespace tokens:
😀, ab, cd).  Every run below retrieves exactly ``ab``: SpanR = SpanP = 1.  The UTF-16 offsets
of ``ab``, [3, 5), would retrieve ``b `` (SpanR 0.5), and a span ending at 8 (UTF-16 length)
reaches beyond the document's 7 characters: refused, exit 1."""
from __future__ import annotations

import json

import pytest

import sdreval

TEXT = "\U0001F600 ab cd"
GOLD = {"query_id": "q", "doc_id": "d", "start": 2, "end": 4, "relevance": 1}
RUNS = {
    "chars": {"start": 2, "end": 4},
    "bytes": {"start": 5, "end": 7, "unit": "bytes"},
    "tokens": {"start": 1, "end": 2, "unit": "tokens"},
    "text": {"text": "ab"},  # located in the document (str.find: code points)
}


def _write(tmp_path, run: dict, ascii_json: bool) -> list:
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d", "text": TEXT},
                                                    ensure_ascii=ascii_json) + "\n",
                                         encoding="utf-8")  # \ud83d\ude00 escapes, or UTF-8
    (tmp_path / "gold.jsonl").write_text(json.dumps(GOLD) + "\n")
    (tmp_path / "run.jsonl").write_text(json.dumps({"query_id": "q", "doc_id": "d",
                                                    "score": 1.0, **run}) + "\n")
    return [tmp_path / "gold.jsonl", tmp_path / "run.jsonl", "--documents",
            tmp_path / "docs.jsonl"]


@pytest.mark.parametrize("ascii_json", [True, False])
@pytest.mark.parametrize("unit", sorted(RUNS))
def test_every_unit_lands_on_the_same_code_points(tmp_path, sdreval_cli, unit, ascii_json):
    files = _write(tmp_path, RUNS[unit], ascii_json)
    result = sdreval_cli("eval", files[0], files[1], "-m", "SpanR", "-m", "SpanP", *files[2:])
    assert result.returncode == 0, result.stderr
    assert [line.split("\t")[-1] for line in result.stdout.splitlines()] == ["1.0000"] * 2


def test_utf16_offsets_are_other_characters(tmp_path, sdreval_cli):
    files = _write(tmp_path, {"start": 3, "end": 5}, False)
    result = sdreval_cli("eval", files[0], files[1], "-m", "SpanR", *files[2:])
    assert result.stdout.split("\t")[-1].strip() == "0.5000"  # "b " of [3, 5)
    files = _write(tmp_path, {"start": 6, "end": 8}, False)
    result = sdreval_cli("eval", files[0], files[1], "-m", "SpanR", *files[2:])
    assert result.returncode == 1
    assert "reaches beyond the end of document d (7 chars)" in result.stderr


def test_langchain_start_index_counts_code_points():
    class Document:  # LangChain's, as its splitters fill metadata["start_index"]
        def __init__(self, page_content, metadata):
            self.page_content, self.metadata = page_content, metadata

    start = TEXT.index("ab")  # what add_start_index=True stores: a str index
    assert start == 2
    run = {"q": [Document("ab", {"source": "d", "start_index": start})]}
    table = sdreval.evaluate([GOLD], run, ["SpanR", "SpanP"])
    assert table.value.tolist() == [1.0, 1.0]
