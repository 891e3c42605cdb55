"""--span-unit tokens needs every document's text: a document id the documents file writes
another way (the qrels' JSON number 7, the file's '007') was refused without naming the id
it may mean, where the same id read with the documents for offsets names it (a warning:
"the documents file has '007'")."""
import json

from click.testing import CliRunner

from sdreval.cli.main import cli


def _write(path, rows):
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return str(path)


def test_tokens_refusal_names_the_documents_files_spelling(tmp_path):
    docs = _write(tmp_path / "docs.jsonl", [{"doc_id": "007", "text": "one two three four"}])
    qrels = _write(tmp_path / "q.jsonl", [{"query_id": "1", "doc_id": 7, "start": 0,
                                           "end": 3, "relevance": 1}])
    run = _write(tmp_path / "r.jsonl", [{"query_id": "1", "doc_id": 7, "start": 0, "end": 3,
                                         "score": 1.0}])
    result = CliRunner().invoke(cli, ["eval", "--documents", docs, "--span-unit", "tokens",
                                      qrels, run])
    assert result.exit_code == 1, result.output
    assert "counting tokens needs the text of every document" in result.stderr
    assert "the documents file has '007'" in result.stderr
