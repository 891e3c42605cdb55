"""RAGAS samples (``EvaluationDataset.to_pandas()``: ``user_input``, ``retrieved_contexts``,
``reference_contexts``) given as a run: the chunk texts are ``retrieved_contexts``, in list
order, located in the documents as every chunk text; the question is the query id when no
``query_id`` is given.  Before the fix such a run read the gold ``reference_contexts`` as its
retrieved chunks (every measure perfect: a silently wrong number) or was refused."""
from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.io.spans import Documents, span_run_from_frame

TEXT = "Four score and seven years ago. Now we are engaged in a great civil war. We are met."
WAR = "Now we are engaged in a great civil war."  # 40 characters
MET = "We are met."  # 11 characters
GOLD = "a great civil war"  # 17 characters, inside WAR
DOCS = Documents({"d": TEXT})
SAMPLE = {"user_input": "What war?", "retrieved_contexts": [MET, WAR],
          "reference_contexts": [GOLD], "response": "A civil war.", "reference": "A civil war."}


def _values(qrels, run):
    table = sdreval.evaluate(qrels, run, ["SpanR@1", "SpanR@2", "SpanP@2"])
    return dict(zip(table["measure"], table["value"]))


# rank 1 (MET) holds no gold; rank 2 (WAR) all 17 gold characters of the 51 retrieved
EXPECTED = {"SpanR@1": 0.0, "SpanR@2": 1.0, "SpanP@2": pytest.approx(17 / 51)}


@pytest.mark.parametrize("data", [[SAMPLE], pd.DataFrame([SAMPLE])])
def test_ragas_dataset_as_run_and_as_gold(data):
    qrels = sdreval.read_qrels(data, documents=DOCS)
    run = sdreval.read_run(data, documents=DOCS)
    assert list(run.topics) == ["What war?"]
    assert _values(qrels, run) == EXPECTED


def test_run_never_reads_the_gold_texts():
    data = [{"query_id": "q", **SAMPLE}]
    qrels = sdreval.read_qrels(data, documents=DOCS)
    assert _values(qrels, span_run_from_frame(data, documents=DOCS)) == EXPECTED


def test_question_asked_twice_is_refused():
    with pytest.raises(InputError, match="user_input 'What war\\?' given again"):
        sdreval.read_run([SAMPLE, SAMPLE], documents=DOCS)


def test_cli_ragas_file_as_run(tmp_path):
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d", "text": TEXT}) + "\n")
    (tmp_path / "ragas.jsonl").write_text(json.dumps(SAMPLE) + "\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "ragas.jsonl"), str(tmp_path / "ragas.jsonl"),
                 "--run-format", "span", "--documents", str(tmp_path / "docs.jsonl"),
                 "-m", "SpanR@1"])
    assert result.exit_code == 0, result.output
    assert "ragas\tSpanR@1\tall\t0.0000" in result.output
