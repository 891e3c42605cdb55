"""An empty number field of a table was reported as ``end 'nan' is not a non-negative
integer`` (pandas' NaN for the empty cell, shown as if written); a chunk map missing its
``end`` column, or a file no format fits, got a list of expected inputs without chunk maps."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


def _validate(path) -> str:
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    return result.output


@pytest.mark.parametrize("name, text, message", [
    ("map.csv", "chunk_id,doc_id,start,end\nc1,d1,0,10\nc2,d1,10,\n",
     "map.csv:3: error: end is missing"),
    ("spans.csv", "query_id,doc_id,start,end,score\n1,d1,0,,1\n", "spans.csv:2: error: end is missing"),
    ("run.csv", "query_id,doc_id,score\n1,d1,\n", "run.csv:2: error: score is missing"),
    ("ranks.csv", "query_id,doc_id,rank\n1,d1,\n", "ranks.csv:2: error: rank is missing"),
])
def test_an_empty_number_field_is_missing(tmp_path, name, text, message):
    path = tmp_path / name
    path.write_text(text)
    out = _validate(path)
    assert message in out and "'nan'" not in out


def test_a_written_nan_is_shown_as_written(tmp_path):
    path = tmp_path / "run.csv"
    path.write_text("query_id,doc_id,score\n1,d1,nan\n")
    assert "run.csv:2: error: score 'nan' is not a finite number" in _validate(path)


def test_a_chunk_map_without_end_names_the_chunk_map_columns(tmp_path):
    path = tmp_path / "map.jsonl"
    path.write_text('{"chunk_id": "c1", "doc_id": "d1", "start": 0}\n')
    assert "chunk maps chunk_id, doc_id, start, end" in _validate(path)


def test_unrecognised_text_lists_chunk_maps_and_documents(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    out = _validate(path)
    assert "expected one of" in out and "chunk-map, documents" in out
