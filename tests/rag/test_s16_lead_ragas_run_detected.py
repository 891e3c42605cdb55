"""A RAGAS samples file (``user_input``, ``retrieved_contexts``, ``reference_contexts``) holds
both the gold contexts and the retrieved ones.  Given as a run on the command line it is a span
run, found from its content as every other run format is; before, it was refused as "a
span-qrels file, not a run: are the qrels and the run swapped?" unless --run-format span was
given."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

TEXT = "Four score and seven years ago. Now we are engaged in a great civil war. We are met."
SAMPLE = {"user_input": "What war?",
          "retrieved_contexts": ["We are met.", "Now we are engaged in a great civil war."],
          "reference_contexts": ["a great civil war"]}


@pytest.fixture
def files(tmp_path):
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d", "text": TEXT}) + "\n")
    (tmp_path / "ragas.jsonl").write_text(json.dumps(SAMPLE) + "\n")
    return str(tmp_path / "ragas.jsonl"), str(tmp_path / "docs.jsonl")


@pytest.mark.parametrize("extra", [[], ["--jobs", "2"]])
def test_ragas_file_is_read_as_a_run_without_forcing_it(files, extra):
    ragas, docs = files
    result = CliRunner().invoke(cli, ["eval", ragas, ragas, "--documents", docs, "-m", "SpanR@1",
                                      "-m", "SpanR@2", "-m", "SpanP@2", *extra])
    assert result.exit_code == 0, result.output
    # rank 1 ("We are met.", 11 characters) holds no gold; rank 2 (40 characters) holds all
    # 17 gold characters: recall 0 then 1, precision at 2: 17 / (11 + 40)
    assert "ragas\tSpanR@1\tall\t0.0000" in result.output
    assert "ragas\tSpanR@2\tall\t1.0000" in result.output
    assert f"ragas\tSpanP@2\tall\t{17 / 51:.4f}" in result.output


def test_gold_only_file_given_as_run_is_still_refused(files, tmp_path):
    ragas, docs = files
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"user_input": "What war?",
                                "reference_contexts": ["a great civil war"]}) + "\n")
    result = CliRunner().invoke(cli, ["eval", ragas, str(gold), "--documents", docs])
    assert result.exit_code == 1
    assert "span-qrels file, not a run" in result.output
