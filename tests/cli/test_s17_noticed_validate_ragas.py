"""validate checks a RAGAS samples file (gold and retrieved contexts) in the roles eval reads it
in (io.detect.detect_format with the role): as span qrels and as a span run, or in the one
role --format gives; --documents locates contexts given as text.  Before, validate checked it
as span qrels only (a retrieved context found in no document passed validate, and eval then
refused the file as a run) and could not locate text at all (no --documents)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

TEXT = "Four score and seven years ago. Now we are engaged in a great civil war. We are met."


@pytest.fixture
def files(tmp_path):
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d", "text": TEXT}) + "\n")
    good = {"user_input": "What war?", "reference_contexts": ["a great civil war"],
            "retrieved_contexts": ["We are met.", "Now we are engaged in a great civil war."]}
    bad = dict(good, retrieved_contexts=["We are met.", "Not in the text at all."])
    for name, sample in (("good", good), ("bad", bad)):
        (tmp_path / f"{name}.jsonl").write_text(json.dumps(sample) + "\n")
    return tmp_path


def _run(*args):
    return CliRunner().invoke(cli, list(map(str, args)))


def test_both_roles_checked(files):
    result = _run("validate", files / "good.jsonl", "--documents", files / "docs.jsonl")
    assert result.exit_code == 0, result.output
    assert "good.jsonl: ok: span-qrels, 1 topics, 1 judgements" in result.output
    assert "good.jsonl: ok: span-run, run 'good', 1 topics, 2 results" in result.output


def test_retrieved_text_not_found_fails_as_eval_does(files):
    docs = files / "docs.jsonl"
    evaluated = _run("eval", files / "bad.jsonl", files / "bad.jsonl", "--documents", docs)
    assert evaluated.exit_code == 1
    assert "retrieved text 'Not in the text at all.'" in evaluated.output
    result = _run("validate", files / "bad.jsonl", "--documents", docs)
    assert result.exit_code == 1
    assert "bad.jsonl:1: error: retrieved text 'Not in the text at all.'" in result.output
    assert "bad.jsonl: ok: span-qrels" in result.output
    assert "bad.jsonl: INVALID: span-run" in result.output
    # the role the user gives: as judgements the file is fine (eval reads it so as qrels)
    as_qrels = _run("validate", "--format", "span-qrels", files / "bad.jsonl", "--documents",
                    docs)
    assert as_qrels.exit_code == 0, as_qrels.output
    assert "span-run" not in as_qrels.output
