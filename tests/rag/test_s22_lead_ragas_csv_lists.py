"""RAGAS samples saved as CSV hold their lists as text ("['a', 'b']"); read as one chunk text
each, they would be located nowhere.  They are refused with what to give instead."""
import json

from click.testing import CliRunner

from sdreval.cli.main import cli

DOC = {"doc_id": "a", "text": "Paris is the capital of France. Berlin is the capital of Germany."}
SAMPLE = {"user_input": "capital of France?",
          "retrieved_contexts": ["Paris is the capital of France.",
                                 "Berlin is the capital of Germany."],
          "reference_contexts": ["Paris is the capital of France."]}


def _csv(sample: dict) -> str:  # as pandas' to_csv writes a list: its repr, quoted
    def cell(v):
        text = repr(v) if isinstance(v, list) else v
        return '"' + text.replace('"', '""') + '"'
    return ",".join(sample) + "\n" + ",".join(cell(v) for v in sample.values()) + "\n"


def test_csv_lists_refused_jsonl_read(tmp_path):
    (tmp_path / "docs.jsonl").write_text(json.dumps(DOC) + "\n")
    (tmp_path / "s.jsonl").write_text(json.dumps(SAMPLE) + "\n")
    (tmp_path / "s.csv").write_text(_csv(SAMPLE))
    docs = str(tmp_path / "docs.jsonl")
    good = CliRunner().invoke(cli, ["eval", str(tmp_path / "s.jsonl"), str(tmp_path / "s.jsonl"),
                                    "--documents", docs, "-m", "SpanR@2", "--quiet"])
    assert good.exit_code == 0 and good.output.split()[-1] == "1.0000"  # gold is retrieved
    for qrels in ("s.jsonl", "s.csv"):
        got = CliRunner().invoke(cli, ["eval", str(tmp_path / qrels), str(tmp_path / "s.csv"),
                                       "--documents", docs, "-m", "SpanR@2"])
        assert got.exit_code == 1, got.output
        assert "holds lists written as text" in got.output
        assert "EvaluationDataset.to_jsonl" in got.output
