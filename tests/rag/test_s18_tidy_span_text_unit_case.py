"""A span row giving its text with offsets in ``"Bytes"`` or ``"TOKENS"``: the span reader
takes the unit in any case, so the text is compared with the characters those offsets convert
to, as for ``"bytes"``.  Before, the comparison knew only the lower-case names and let a row
whose text disagrees with its offsets through: the gold span was the offsets' (``'héll'``),
not the text given (``'héllo'``), with exit 0."""
from __future__ import annotations

import json

import pytest

TEXT = "héllo wörld and more text"  # é: 2 bytes in UTF-8


@pytest.mark.parametrize("unit, said", [
    ("Bytes", "0-5 (bytes; characters 0-4) of document d1 is 'héll'"),
    ("TOKENS", "0-2 (tokens; characters 0-11) of document d1 is 'héllo wörld'")])
def test_unit_in_any_case_is_checked(sdreval_cli, tmp_path, unit, said):
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d1", "text": TEXT}) + "\n")
    (tmp_path / "q.jsonl").write_text(json.dumps(
        {"query_id": "1", "doc_id": "d1", "text": "héllo", "relevance": 1, "start": 0,
         "end": int(said[2]), "unit": unit}) + "\n")
    (tmp_path / "r.jsonl").write_text(json.dumps(
        {"query_id": "1", "doc_id": "d1", "start": 0, "end": 3, "score": 1}) + "\n")
    result = sdreval_cli("eval", tmp_path / "q.jsonl", tmp_path / "r.jsonl", "-m", "SpanR",
                         "--documents", tmp_path / "docs.jsonl")
    assert result.returncode == 1 and result.stdout == "", result.stdout
    assert f"q.jsonl:1: error: the text at {said}, not the text given ('héllo')" \
        in result.stderr, result.stderr
