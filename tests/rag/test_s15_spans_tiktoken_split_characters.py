"""Model tokens of a tiktoken encoding: a character split over several byte-level tokens
counts as many tokens as the model reads (as Hugging Face tokenizers' offsets give it).
Before the fix the first token of such a character got an empty span and was dropped, so
emoji and many CJK characters counted one token instead of two or more and budgets in
model tokens handed over more text than they said.

tiktoken's encodings are fetched on first use (no network in tests): a stand-in encoding of
one token per UTF-8 byte, whose ``decode_with_offsets`` follows tiktoken's documented rule
(each token's offset is the character its first byte falls in)."""
from __future__ import annotations

import sys
import types

import pytest

import sdreval.api as api
from sdreval.io.spans import (Documents, model_tokenizer, qrels_in_tokens, run_in_tokens,
                              span_qrels_from_frame, span_run_from_frame)


class ByteEncoding:
    """Every ASCII character one token; every other character one token per UTF-8 byte."""

    def encode(self, text, disallowed_special=()):
        return list(text.encode("utf-8"))

    def decode_with_offsets(self, tokens):
        offsets, characters = [], 0
        for byte in tokens:
            continuation = 0x80 <= byte < 0xC0
            offsets.append(max(0, characters - continuation))
            characters += not continuation
        return bytes(tokens).decode("utf-8"), offsets


@pytest.fixture
def stand_in(monkeypatch):
    module = types.ModuleType("tiktoken")
    module.get_encoding = lambda name: ByteEncoding()
    monkeypatch.setitem(sys.modules, "tiktoken", module)


def test_split_characters_are_counted_per_token(stand_in):
    tokens = model_tokenizer("tokens:cl100k_base")
    # "a😀b": a, the emoji's four bytes (each covering character 1), b
    assert tokens("a😀b") == [(0, 1), (1, 2), (1, 2), (1, 2), (1, 2), (2, 3)]
    assert Documents({"d": "a😀b"}, tokens).length("d", "tokens") == 6


def test_budget_in_model_tokens_counts_every_token(stand_in):
    docs = Documents({"d": "a😀b"}, model_tokenizer("tokens:cl100k_base"))
    gold = span_qrels_from_frame([{"query_id": "q", "doc_id": "d", "start": 1, "end": 2,
                                   "relevance": 1}])
    run = span_run_from_frame([{"query_id": "q", "doc_id": "d", "start": 0, "end": 3,
                                "score": 1.0}])
    value = api.evaluate(qrels_in_tokens(gold, docs), run_in_tokens(run, docs),
                         ["SpanR(budget=3)"])["value"].tolist()
    # the first 3 tokens: "a" and 2 of the emoji's 4 tokens
    assert value == [pytest.approx(2 / 4)]
