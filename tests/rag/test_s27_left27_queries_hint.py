"""A queries file (``query_id, text``, one text per query: the example dataset's
queries.jsonl) reads as a run of texts and is refused for lack of the documents; the message
now asks whether it is a file of queries.  RAGAS samples, whose lists expand to the same
keys, are not asked."""
from click.testing import CliRunner

from sdreval.cli.main import cli

_ASKED = "a query_id and one text each, nothing else: a file of queries?"


def _said(path):
    return CliRunner().invoke(cli, ["validate", str(path)]).output


def test_a_queries_file_is_asked_whether_it_is_one(tmp_path):
    (tmp_path / "queries.jsonl").write_text('{"query_id": "q01", "text": "bifomi binely"}\n'
                                            '{"query_id": "q02", "text": "bivoze bizeka"}\n')
    said = _said(tmp_path / "queries.jsonl")
    assert "need the documents" in said and _ASKED in said


def test_runs_of_texts_are_not_asked(tmp_path):
    (tmp_path / "r.jsonl").write_text('{"query_id": "q1", "text": "a"}\n'
                                      '{"query_id": "q1", "text": "b"}\n')
    (tmp_path / "s.jsonl").write_text('{"user_input": "q1", "retrieved_contexts": ["a"]}\n')
    for name in ("r.jsonl", "s.jsonl"):
        said = _said(tmp_path / name)
        assert "need the documents" in said and _ASKED not in said
