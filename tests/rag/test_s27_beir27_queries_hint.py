"""A file of queries (``query_id``, ``text``, nothing else) given as the judgements, or as a
run with the documents given, is asked whether it is one (main asked only when a run of texts
came without the documents)."""
import json

from click.testing import CliRunner

from sdreval.cli.main import cli

QUERIES = [{"query_id": "q1", "text": "do cats sleep"},
           {"query_id": "q2", "text": "when do birds sing"}]


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_query_id_text_as_judgements_is_asked(tmp_path):
    queries = _jsonl(tmp_path / "q.jsonl", QUERIES)
    run = _jsonl(tmp_path / "r.jsonl", [{"query_id": "q1", "doc_id": "d1", "start": 0,
                                         "end": 10, "score": 1}])
    out = CliRunner().invoke(cli, ["eval", str(queries), str(run), "-m", "SpanR@1"])
    assert out.exit_code == 1 and "a file of queries?" in out.output


def test_query_id_text_as_a_run_with_documents_is_asked(tmp_path):
    queries = _jsonl(tmp_path / "q.jsonl", QUERIES)
    gold = _jsonl(tmp_path / "g.jsonl", [{"query_id": "q1", "doc_id": "d1", "start": 0,
                                          "end": 4, "relevance": 1}])
    docs = _jsonl(tmp_path / "d.jsonl", [{"doc_id": "d1", "text": "Cats purr."}])
    out = CliRunner().invoke(cli, ["eval", str(gold), str(queries), "--documents", str(docs),
                                   "-m", "SpanR@1"])
    assert out.exit_code == 1 and "a file of queries?" in out.output
