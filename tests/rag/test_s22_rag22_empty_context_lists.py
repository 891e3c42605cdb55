"""A RAGAS sample whose ``retrieved_contexts`` is an empty list (the retriever returned
nothing) stopped ``sdreval eval`` with an IndexError traceback (the rows and their line
numbers no longer matched once the lists were spread one text per row).  The sample is now
left out with a warning: nothing retrieved, the question unanswered (``-c`` scores it 0).

Document d "alpha beta gamma delta".  q one: gold "beta gamma" [6, 16) (10 characters),
retrieved "alpha beta" [0, 10) and "gamma delta" [11, 22): 21 characters retrieved, 4 + 5 = 9
of them gold: SpanR = 9/10, SpanP = 9/21.  q two: gold "delta", nothing retrieved.
Means over the answered topic: 9/10 and 9/21; with -c (q two scores 0): 9/20 and 9/42."""
from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.io.spans import Documents, span_qrels_from_frame, span_run_from_frame

SAMPLES = [{"user_input": "q one", "reference_contexts": ["beta gamma"],
            "retrieved_contexts": ["alpha beta", "gamma delta"]},
           {"user_input": "q two", "reference_contexts": ["delta"], "retrieved_contexts": []}]
TEXT = "alpha beta gamma delta"


@pytest.mark.parametrize("complete, recall, precision", [(False, 9 / 10, 9 / 21),
                                                          (True, 9 / 20, 9 / 42)])
def test_cli_empty_retrieved_list_is_unanswered(tmp_path, complete, recall, precision):
    data, docs = tmp_path / "ragas.jsonl", tmp_path / "docs.jsonl"
    data.write_text("".join(json.dumps(s) + "\n" for s in SAMPLES))
    docs.write_text(json.dumps({"doc_id": "d", "text": TEXT}) + "\n")
    args = ["eval", str(data), str(data), "--documents", str(docs), "-m", "SpanR", "-m", "SpanP"]
    result = CliRunner().invoke(cli, args + (["-c"] if complete else []))
    assert result.exit_code == 0, result.output
    values = {line.split("\t")[1]: float(line.split("\t")[3])
              for line in result.stdout.splitlines()}
    assert values == pytest.approx({"SpanR": recall, "SpanP": precision}, abs=5e-5)
    assert "empty retrieved_contexts list (line 2)" in result.stderr


def test_frames_empty_lists_warned_and_left_out():
    docs = Documents({"d": TEXT})
    with pytest.warns(UserWarning, match=r"1 row\(s\) with an empty retrieved_contexts list"):
        run = span_run_from_frame(SAMPLES, documents=docs)
    assert list(run.topics) == ["q one"]
    gold_rows = [{**SAMPLES[0], "reference_contexts": []}, SAMPLES[1]]
    with pytest.warns(UserWarning, match=r"empty reference_contexts list \(row 0\)"):
        qrels = span_qrels_from_frame(gold_rows, documents=docs)
    assert list(qrels.topics) == ["q two"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = sdreval.evaluate(span_qrels_from_frame(SAMPLES, documents=docs), run,
                                 ["SpanR", "SpanP"])
    assert dict(zip(table.measure, table.value)) == pytest.approx(
        {"SpanR": 9 / 10, "SpanP": 9 / 21})
