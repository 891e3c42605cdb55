"""Offsets given with ``"unit": "tokens"`` are white-space tokens (docs/rag.md), whatever
``--span-unit`` counts the measures in.  Before the fix ``--span-unit tokens:TOKENIZER`` also
read such offsets as the model's tokens: the same gold span landed elsewhere and the scores
were silently wrong (0 instead of 1 below)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

tokenizers = pytest.importorskip("tokenizers")

TEXT = "low lower lowest slow"  # white-space tokens: low, lower, lowest [10, 16), slow


def _tokenizer_file(path):
    from tokenizers import Tokenizer, models, pre_tokenizers

    vocab = {"l": 0, "o": 1, "w": 2, "e": 3, "r": 4, "lo": 5, "low": 6, "s": 7, "t": 8}
    model = Tokenizer(models.BPE(vocab=vocab, merges=[("l", "o"), ("lo", "w")]))
    model.pre_tokenizer = pre_tokenizers.Whitespace()  # model tokens: low | low e r | ...
    model.save(str(path))


@pytest.mark.parametrize("unit", ["chars", "tokens", "tokens:MODEL"])
def test_token_offsets_of_records_are_white_space_tokens(tmp_path, unit):
    _tokenizer_file(tmp_path / "tokenizer.json")
    files = {"docs": {"doc_id": "d", "text": TEXT},
             # white-space token 2 is "lowest", characters [10, 16)
             "gold": {"query_id": "q", "doc_id": "d", "start": 2, "end": 3, "relevance": 1,
                      "unit": "tokens"},
             "run": {"query_id": "q", "doc_id": "d", "start": 10, "end": 16, "score": 1.0}}
    for name, record in files.items():
        (tmp_path / f"{name}.jsonl").write_text(json.dumps(record) + "\n")
    unit = unit.replace("MODEL", str(tmp_path / "tokenizer.json"))
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "gold.jsonl"),
                                      str(tmp_path / "run.jsonl"), "--documents",
                                      str(tmp_path / "docs.jsonl"), "--span-unit", unit,
                                      "-m", "SpanP", "-m", "SpanR"])
    assert result.exit_code == 0, result.output
    values = [float(line.split("\t")[3]) for line in result.stdout.splitlines()
              if "\tall\t" in line]
    assert values == [1.0, 1.0]  # the run retrieves exactly the gold span
