"""RAGAS samples usually hold the contexts' texts (``retrieved_contexts``, for its LLM
metrics) beside their ids.  Read without documents, the texts are span inputs and were refused
as "texts without offsets need the documents", with no word of the ids beside them.  The
refusal names the ids and how to read them for the ID-based measures; forcing the table
formats reads them (SetP = 1: the one retrieved id is expected)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from sdreval.cli.main import cli

SAMPLE = {"user_input": "q1", "retrieved_contexts": ["alpha beta"],
          "reference_contexts": ["alpha beta"], "retrieved_context_ids": ["a"],
          "reference_context_ids": ["a"]}
HINT = ("for the ID-based measures of the samples' retrieved_context_ids and "
        "reference_context_ids, read them as tables (--qrels-format table-qrels --run-format "
        "table-run; in Python, without the text columns)")


def test_ids_beside_texts_are_named(tmp_path):
    path = tmp_path / "samples.jsonl"
    path.write_text(json.dumps(SAMPLE) + "\n")
    refused = CliRunner().invoke(cli, ["eval", str(path), str(path), "-m", "SetP"])
    assert refused.exit_code == 1 and HINT in refused.stderr
    read = CliRunner().invoke(cli, ["eval", str(path), str(path), "-m", "SetP",
                                    "--qrels-format", "table-qrels", "--run-format", "table-run"])
    assert read.exit_code == 0 and read.stdout == "samples\tSetP\tall\t1.0000\n"
