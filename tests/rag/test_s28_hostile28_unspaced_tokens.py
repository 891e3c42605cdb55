"""--span-unit tokens counts white-space tokens; Japanese (Chinese, Thai) is written without
spaces between words, so a whole document of sentences is one token.  Every span touches it:
a first chunk holding none of the gold text scored SpanP@1 = SpanR@1 = 1.0000 with exit 0
and no word (counted in characters: 0 and 0).  The rule is now said in a warning naming the
documents and what to count instead; text with spaces gets none."""
from __future__ import annotations

import json
import warnings

import pytest

from sdreval.io.spans import Documents, qrels_in_tokens, read_documents, span_qrels_from_frame

TEXT = "東京は日本の首都です。大阪は第二の都市です。京都は古い都です。"
GOLD = "大阪は第二の都市です。"


def write(tmp_path, text: str, gold: str):
    start = text.index(gold)
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d", "text": text}) + "\n")
    (tmp_path / "q.jsonl").write_text(json.dumps(
        {"query_id": "q", "doc_id": "d", "start": start, "end": start + len(gold),
         "relevance": 1}) + "\n")
    (tmp_path / "r.jsonl").write_text(json.dumps(  # the first sentence: no gold character
        {"query_id": "q", "doc_id": "d", "start": 0, "end": text.index(gold), "rank": 1}) + "\n")
    return (tmp_path / "q.jsonl", tmp_path / "r.jsonl", "--documents", tmp_path / "docs.jsonl",
            "-m", "SpanP@1", "-m", "SpanR@1")


def test_characters_score_the_chunk_zero(sdreval_cli, tmp_path):
    result = sdreval_cli("eval", *write(tmp_path, TEXT, GOLD))
    assert result.stdout.split() == ["r", "SpanP@1", "all", "0.0000", "r", "SpanR@1", "all",
                                     "0.0000"]


def test_white_space_tokens_of_unspaced_text_are_said(sdreval_cli, tmp_path):
    result = sdreval_cli("eval", *write(tmp_path, TEXT, GOLD), "--span-unit", "tokens")
    assert result.returncode == 0
    # one token, touched by both spans: the rule applied gives 1 and 1 ...
    assert result.stdout.split() == ["r", "SpanP@1", "all", "1.0000", "r", "SpanR@1", "all",
                                     "1.0000"]
    # ... and says why
    assert ("docs.jsonl: warning: 1 document(s) are written without spaces between words "
            "(Chinese, Japanese, Thai, ...: d): a white-space token there is a phrase or a "
            "sentence") in result.stderr, result.stderr
    assert "--span-unit tokens:cl100k_base" in result.stderr


def test_spaced_text_gets_no_warning(sdreval_cli, tmp_path):
    text = "Tokyo is the capital of Japan. Osaka is the second city. Kyoto is old."
    result = sdreval_cli("eval", *write(tmp_path, text, "Osaka is the second city."),
                         "--span-unit", "tokens")
    assert result.returncode == 0 and "without spaces" not in result.stderr
    # tokens: 'Tokyo'..'Japan.' are 0-5, gold 'Osaka'..'city.' 6-10: P@1 = 0, R@1 = 0
    assert result.stdout.split() == ["r", "SpanP@1", "all", "0.0000", "r", "SpanR@1", "all",
                                     "0.0000"]


def test_python_callers_are_warned(tmp_path):
    write(tmp_path, TEXT, GOLD)
    documents = read_documents(tmp_path / "docs.jsonl")
    qrels = span_qrels_from_frame([json.loads((tmp_path / "q.jsonl").read_text())])
    with pytest.warns(UserWarning, match="written without spaces between words"):
        qrels_in_tokens(qrels, documents)
    with warnings.catch_warnings():  # a model's tokenizer: no warning
        warnings.simplefilter("error")
        qrels_in_tokens(qrels, Documents(documents.texts, lambda t: [(i, i + 1)
                                                                     for i in range(len(t))]))
