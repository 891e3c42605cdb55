"""A span row giving its offsets in bytes or tokens together with its text: the text is
compared with the characters those offsets convert to (as the span reader converts them).
Before, the offsets were read as characters for the comparison, so a right row was refused
("the text at 0-6 of document d1 is 'héllo ', not the text given ('héllo')"), and a wrong one
was not told what to do."""
from __future__ import annotations

import json

import pytest

TEXT = "héllo wörld and more text"  # é: 2 bytes in UTF-8; tokens: héllo, wörld, ...
RUN = {"query_id": "1", "doc_id": "d1", "start": 0, "end": 3, "score": 1}  # 'hél'


def evaluate(sdreval_cli, tmp_path, gold: dict):
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d1", "text": TEXT}) + "\n")
    (tmp_path / "q.jsonl").write_text(json.dumps(
        {"query_id": "1", "doc_id": "d1", "text": "héllo", "relevance": 1, **gold}) + "\n")
    (tmp_path / "r.jsonl").write_text(json.dumps(RUN) + "\n")
    return sdreval_cli("eval", tmp_path / "q.jsonl", tmp_path / "r.jsonl", "-m", "SpanR",
                       "--documents", tmp_path / "docs.jsonl")


@pytest.mark.parametrize("gold", [{"start": 0, "end": 6, "unit": "bytes"},
                                  {"start": 0, "end": 1, "unit": "tokens"},
                                  {"start": 0, "end": 5, "unit": "chars"},
                                  {"start": 0, "end": 5}])
def test_right_text_with_offsets_in_any_unit(sdreval_cli, tmp_path, gold):
    result = evaluate(sdreval_cli, tmp_path, gold)
    assert result.returncode == 0, result.stderr
    # gold 'héllo' = characters 0-5, the run 'hél' = 0-3: SpanR = 3 / 5
    assert result.stdout.split() == ["r", "SpanR", "all", "0.6000"]


@pytest.mark.parametrize("gold, said", [
    ({"start": 0, "end": 5, "unit": "bytes"}, "0-5 (bytes; characters 0-4) of document d1 is "
                                              "'héll'"),
    ({"start": 0, "end": 2, "unit": "tokens"}, "0-2 (tokens; characters 0-11) of document d1 "
                                               "is 'héllo wörld'"),
    ({"start": 0, "end": 4}, "0-4 of document d1 is 'héll'")])
def test_wrong_text_says_what_to_do(sdreval_cli, tmp_path, gold, said):
    result = evaluate(sdreval_cli, tmp_path, gold)
    assert result.returncode == 1 and result.stdout == ""
    assert f"q.jsonl:1: error: the text at {said}, not the text given ('héllo'): correct " \
           "the offsets or the text, or leave out the offsets" in result.stderr, result.stderr
