"""A gold text under a key that holds one text (expected_text, gold_text, reference_context)
may start with '[' and end with ']' (a Python list written in a programming manual): it is
one text, located in its document, not a list written as text."""
import json

from click.testing import CliRunner

from sdreval.cli.main import cli

DOC = {"doc_id": "py", "text": "To make a list, write names = ['a', 'b'] and print it."}
RUN = {"query_id": "q1", "doc_id": "py", "text": "names = ['a', 'b']", "score": 1}


def test_one_gold_text_like_a_list_is_read(tmp_path):
    (tmp_path / "docs.jsonl").write_text(json.dumps(DOC) + "\n")
    (tmp_path / "run.jsonl").write_text(json.dumps(RUN) + "\n")
    for key in ("expected_text", "gold_text", "reference_context"):
        (tmp_path / "gold.jsonl").write_text(
            json.dumps({"query_id": "q1", "doc_id": "py", key: "['a', 'b']"}) + "\n")
        got = CliRunner().invoke(cli, ["eval", str(tmp_path / "gold.jsonl"),
                                       str(tmp_path / "run.jsonl"), "--documents",
                                       str(tmp_path / "docs.jsonl"), "-m", "SpanR@5", "-q",
                                       "--quiet"])
        assert got.exit_code == 0, got.output
        # the gold text (10 characters) lies inside the one retrieved span: recall 1
        assert got.output.split()[-1] == "1.0000", got.output


def test_a_dataframe_read_from_ragas_csv_is_told_how_to_turn_texts_to_lists(tmp_path):
    import ast

    import pandas as pd

    import sdreval
    from sdreval.errors import InputError
    from sdreval.io.spans import read_documents

    (tmp_path / "docs.jsonl").write_text(json.dumps(
        {"doc_id": "a", "text": "Paris is the capital of France. Berlin is not."}) + "\n")
    docs = read_documents(tmp_path / "docs.jsonl")
    gold = "Paris is the capital of France."
    frame = pd.DataFrame([{"user_input": "capital of France?", "reference_contexts": repr([gold])}])
    try:
        sdreval.read_qrels(frame, documents=docs)
        raise AssertionError("lists written as text were read")
    except InputError as error:
        assert "ast.literal_eval" in str(error), str(error)
    # the remedy the message gives reads the sample: the gold text is characters [0, 31)
    frame["reference_contexts"] = frame["reference_contexts"].map(ast.literal_eval)
    qrels = sdreval.read_qrels(frame, documents=docs)
    assert len(qrels) == 1 and len(gold) == 31
