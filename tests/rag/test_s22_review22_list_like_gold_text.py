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
