"""Span measures on judgements of documents (TREC qrels) are refused whatever the run's unit.
Before, a run of spans or passages (not converted, so not checked) printed SpanR ``nan`` with
exit 0 against TREC qrels, while an element or document run, and passage measures (MAiP) on
the same inputs, were refused; ``sdreval project`` wrote no chunk ("0 relevant chunk(s)")
from qrels that hold no text, exit 0.  Now one rule (``measures.passage.judges_text``) refuses
all three, exit 2, saying which judgements are needed."""
from __future__ import annotations

import json
import re

import pytest

import sdreval
from sdreval.errors import UsageError

NEED = "need passage judgements (highlighted text"


@pytest.fixture
def files(tmp_path):
    (tmp_path / "doc.qrels").write_text("q 0 d 1\n")
    (tmp_path / "spans.jsonl").write_text(json.dumps(
        {"query_id": "q", "doc_id": "d", "start": 0, "end": 100, "score": 2.0}) + "\n")
    (tmp_path / "passages.txt").write_text("q Q0 d 1 2 pr 0 100\n")
    (tmp_path / "chunks.jsonl").write_text(json.dumps(
        {"chunk_id": "c0", "doc_id": "d", "start": 0, "end": 20}) + "\n")
    return tmp_path


@pytest.mark.parametrize("run", ["spans.jsonl", "passages.txt"])
def test_span_measures_on_document_qrels_are_refused(files, sdreval_cli, run):
    result = sdreval_cli("eval", files / "doc.qrels", files / run, "-m", "SpanR", "-m", "P@1")
    assert result.returncode == 2 and "nan" not in result.stdout
    assert f"SpanR: span measures {NEED}" in result.stderr
    with pytest.raises(UsageError, match=re.escape(NEED)):
        sdreval.evaluate(files / "doc.qrels", files / run, ["SpanR"])


def test_project_of_document_qrels_is_refused(files, sdreval_cli):
    result = sdreval_cli("project", files / "doc.qrels", files / "chunks.jsonl")
    assert result.returncode == 2 and result.stdout == ""
    assert "project needs passage judgements" in result.stderr
