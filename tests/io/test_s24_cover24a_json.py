"""JSON inputs (session 24 coverage hunt): values nested more deeply than Python's JSON reader
allows crashed format detection with a RecursionError traceback; now each reader refuses the
file cleanly (file and line).  Also: a truncated ``.json.gz``, and which role an unreadable
ranx-json file is given."""
from __future__ import annotations

import gzip
import json

import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io.json_files import json_holds
from sdreval.io.readers import read_qrels, read_run

DEPTH = 5000  # > CPython's recursion limit (1000): json.loads raises RecursionError


def test_a_deeply_nested_json_object_is_refused_not_a_traceback(tmp_path):
    path = tmp_path / "qrels.json"
    path.write_text('{"1": ' + "[" * DEPTH + "]" * DEPTH + "}\n")
    with pytest.raises(InputError) as caught:
        read_qrels(str(path))
    problem = caught.value.problems[0]
    assert problem.file == str(path)
    assert problem.message.startswith("cannot read as JSON: maximum recursion depth exceeded")


def test_a_deeply_nested_jsonl_value_is_refused_at_its_line(tmp_path):
    path = tmp_path / "qrels.jsonl"
    path.write_text('{"query_id": "1", "doc_id": "d", "start": 0, "end": 4, "relevance": 1}\n'
                    '{"query_id": "1", "doc_id": ' + "[" * DEPTH + "]" * DEPTH + "}\n")
    with pytest.raises(InputError) as caught:
        read_qrels(str(path), "span-qrels")
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (2, "not a JSON object sdreval can read: values nested more deeply than Python's JSON "
            "reader allows")]


def test_a_truncated_json_gz_is_refused(tmp_path):
    path = tmp_path / "run.json.gz"
    path.write_bytes(gzip.compress(json.dumps({"1": {"d": 1.5}}).encode())[:20])
    with pytest.raises(InputError, match="cannot read as JSON: Compressed file ended"):
        read_run(str(path), "ranx-json")


@pytest.mark.parametrize("text", ['{"1": {"d": 1.5', '{"1": ' + "[" * DEPTH + "]" * DEPTH + "}"])
def test_an_unreadable_ranx_json_file_is_left_to_the_qrels_reader(tmp_path, text):
    path = tmp_path / "x.json"
    path.write_text(text)
    assert json_holds(str(path)) == "qrels"
    with pytest.raises(InputError):
        read_qrels(str(path), "ranx-json", ProblemLog())
