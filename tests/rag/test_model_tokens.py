"""Span measures in a model's tokens (a Hugging Face tokenizers BPE built in the test: no
download)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

tokenizers = pytest.importorskip("tokenizers")

from sdreval.cli.main import cli  # noqa: E402
from sdreval.errors import UsageError  # noqa: E402
from sdreval.io.spans import (Documents, model_tokenizer, qrels_in_tokens,  # noqa: E402
                              run_in_tokens, span_qrels_from_frame, span_run_from_frame,
                              tokenizer_from)

TEXT = "low lower"  # BPE tokens: low [0,3) | low [4,7) e [7,8) r [8,9)


def bpe():
    from tokenizers import Tokenizer, models, pre_tokenizers

    vocab = {"l": 0, "o": 1, "w": 2, "e": 3, "r": 4, "lo": 5, "low": 6}
    model = Tokenizer(models.BPE(vocab=vocab, merges=[("l", "o"), ("lo", "w")]))
    model.pre_tokenizer = pre_tokenizers.Whitespace()
    return model


def test_tokenizer_offsets_by_hand():
    assert tokenizer_from(bpe())(TEXT) == [(0, 3), (4, 7), (7, 8), (8, 9)]


def test_span_measures_and_budget_in_model_tokens():
    import sdreval.api as api

    docs = Documents({"d": TEXT}, tokenizer_from(bpe()))
    gold = span_qrels_from_frame([{"query_id": "q", "doc_id": "d", "start": 4, "end": 9,
                                   "relevance": 1}], docs)
    run = span_run_from_frame([{"query_id": "q", "doc_id": "d", "start": 0, "end": 5,
                                "score": 1.0}], documents=docs)
    names = ["SpanR", "SpanP", "SpanR(budget=1)"]
    chars = api.evaluate(gold, run, names).set_index("measure")["value"].to_dict()
    # characters: gold [4, 9), retrieved [0, 5): 1 of 5 gold characters, 1 of 5 retrieved
    assert chars == pytest.approx({"SpanR": 1 / 5, "SpanP": 1 / 5, "SpanR(budget=1)": 0.0})
    tokens = api.evaluate(qrels_in_tokens(gold, docs), run_in_tokens(run, docs), names)
    # tokens: gold = tokens 1..3, retrieved = tokens 0..1 (each it touches); budget 1: token 0
    assert tokens.set_index("measure")["value"].to_dict() == pytest.approx(
        {"SpanR": 1 / 3, "SpanP": 1 / 2, "SpanR(budget=1)": 0.0})


def test_cli_span_unit_tokenizer_file(tmp_path):
    bpe().save(str(tmp_path / "tokenizer.json"))
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d", "text": TEXT}) + "\n")
    (tmp_path / "q.jsonl").write_text('{"query_id": "q", "doc_id": "d", "start": 4, "end": 9, '
                                      '"relevance": 1}\n')
    (tmp_path / "r.jsonl").write_text('{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, '
                                      '"score": 1}\n')
    args = ["eval", str(tmp_path / "q.jsonl"), str(tmp_path / "r.jsonl"), "--documents",
            str(tmp_path / "docs.jsonl"), "-m", "SpanR", "-m", "SpanR(budget=2)"]
    unit = f"tokens:{tmp_path / 'tokenizer.json'}"
    result = CliRunner().invoke(cli, args + ["--span-unit", unit])
    assert result.exit_code == 0, result.output
    assert "r\tSpanR\tall\t0.3333" in result.output
    assert "r\tSpanR(budget=2)\tall\t0.3333" in result.output
    white = CliRunner().invoke(cli, args + ["--span-unit", "tokens"])
    # white-space tokens: "low" [0,3), "lower" [4,9): gold = token 1, retrieved = tokens 0, 1
    assert "r\tSpanR\tall\t1.0000" in white.output


def test_bad_unit_is_a_usage_error():
    with pytest.raises(UsageError, match="expected chars, tokens or tokens:TOKENIZER"):
        model_tokenizer("words")
