"""JSONL records naming a key twice: JSON readers differ on which value counts (Python's json
keeps the last, others the first or refuse), so every JSONL input refuses the record at its
line rather than pick one."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.io import read_run

TEXT = "0123456789" * 4  # one document of 40 characters
QRELS = '{"query_id": "q1", "doc_id": "d1", "start": 20, "end": 40, "relevance": 1}\n'
RUN = '{"query_id": "q1", "doc_id": "d1", "start": 0, "end": 40, "score": 1.0}\n'
DOCS = json.dumps({"doc_id": "d1", "text": TEXT}) + "\n"
CHUNKS = '{"chunk_id": "c1", "doc_id": "d1", "start": 0, "end": 40}\n'


def _run(tmp_path, files: dict[str, str], *args: str) -> tuple[int, str]:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return_ = CliRunner().invoke(cli, [str(tmp_path / a) if a in files else a for a in args])
    return return_.exit_code, return_.output


def test_a_sound_file_scores(tmp_path):
    # the run retrieves all 40 characters, 20 of them gold: SpanP@1 = 0.5, SpanR@1 = 1
    code, out = _run(tmp_path, {"q.jsonl": QRELS, "r.jsonl": RUN}, "eval", "q.jsonl",
                     "r.jsonl", "-m", "SpanP@1", "-m", "SpanR@1")
    assert code == 0 and "SpanP@1\tall\t0.5000" in out and "SpanR@1\tall\t1.0000" in out


@pytest.mark.parametrize("name,original,repeated", [
    # before: the last value was read (start 20: SpanP@1 1.0000 instead of 0.5000, exit 0)
    ("r.jsonl", '"start": 0,', '"start": 0, "start": 20,'),
    ("r.jsonl", '"query_id": "q1",', '"query_id": "q1", "query_id": "q2",'),
    ("q.jsonl", '"relevance": 1', '"relevance": 1, "relevance": 0'),
    ("d.jsonl", '"doc_id": "d1",', '"doc_id": "d1", "doc_id": "d2",'),
])
def test_a_key_given_twice_is_an_error_at_its_line(tmp_path, name, original, repeated):
    files = {"q.jsonl": QRELS, "r.jsonl": RUN, "d.jsonl": DOCS}
    assert original in files[name]
    files[name] = '\n' + files[name].replace(original, repeated)  # the record on line 2
    code, out = _run(tmp_path, files, "eval", "q.jsonl", "r.jsonl", "--documents", "d.jsonl",
                     "-m", "SpanP@1")
    assert code == 1 and f"{name}:2: error: key" in out and "given twice" in out, out


def test_chunk_map_and_nested_metadata(tmp_path):
    files = {"q.jsonl": QRELS, "c.jsonl": CHUNKS.replace('"end": 40', '"end": 10, "end": 40'),
             "r.txt": "q1 Q0 c1 1 1.0 r\n"}
    code, out = _run(tmp_path, files, "eval", "q.jsonl", "r.txt", "--chunk-map", "c.jsonl",
                     "-m", "SpanP@1")
    assert code == 1 and "c.jsonl:1: error: key \"end\" given twice" in out, out
    nested = ('{"query_id": "q1", "page_content": "' + TEXT[20:] + '", "score": 1.0, '
              '"metadata": {"source": "d1", "start_index": 0, "start_index": 20}}\n')
    (tmp_path / "lc.jsonl").write_text(nested)
    with pytest.raises(InputError, match="start_index"):
        read_run(tmp_path / "lc.jsonl")
