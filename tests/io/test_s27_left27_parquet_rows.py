"""Rows of a Parquet file or dataset are named ``row N`` (the readers' rule: a Parquet file has
no lines); the repeat and overlap messages named the earlier row ``line N``.  Text tables (CSV,
JSONL) still name their lines."""
import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli


def _said(*args):
    got = CliRunner().invoke(cli, ["validate", *map(str, args)])
    return got.output


def test_a_repeat_in_one_parquet_file_names_the_row(tmp_path):
    pd.DataFrame({"query_id": ["1", "1", "1"], "doc_id": ["d1", "d2", "d1"],
                  "relevance": [1, 1, 1]}).to_parquet(tmp_path / "q.parquet")
    # the third row repeats the first
    assert "q.parquet:3: warning: topic 1: document d1 repeats row 1 (identical" in \
        _said(tmp_path / "q.parquet")


def test_a_repeat_across_dataset_parts_names_the_row_and_part(tmp_path):
    (tmp_path / "ds").mkdir()
    for n, docs in enumerate((["d1", "d2"], ["d1", "d3"])):
        pd.DataFrame({"query_id": ["1", "1"], "doc_id": docs, "relevance": [1, 1]}) \
            .to_parquet(tmp_path / "ds" / f"part-{n}.parquet")
    said = _said(tmp_path / "ds")
    assert f"part-1.parquet:1: warning: topic 1: document d1 repeats row 1 of " \
           f"{tmp_path / 'ds' / 'part-0.parquet'}" in said


def test_an_overlap_in_parquet_span_qrels_names_the_row(tmp_path):
    pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d1", "d1"], "start": [0, 5],
                  "end": [10, 20], "relevance": [1, 1]}).to_parquet(tmp_path / "q.parquet")
    assert "passage 5-20 overlaps 0-10 at row 1 (" in _said(tmp_path / "q.parquet")


def test_a_chunk_mapped_twice_names_the_rows(tmp_path):
    pd.DataFrame({"chunk_id": ["c1", "c1"], "doc_id": ["d1", "d1"], "start": [0, 0],
                  "end": [5, 6]}).to_parquet(tmp_path / "m.parquet")
    assert "different span than on row 1" in _said(tmp_path / "m.parquet")
    (tmp_path / "r.jsonl").write_text('{"query_id": "1", "chunk_id": "c1", "score": 1}\n')
    pd.DataFrame({"chunk_id": ["c1"], "doc_id": ["d1"], "start": [0],
                  "end": [5]}).to_parquet(tmp_path / "a.parquet")
    (tmp_path / "b.csv").write_text("chunk_id,doc_id,start,end\nc1,d1,0,5\n")
    said = _said("--chunk-map", tmp_path / "a.parquet", "--chunk-map", tmp_path / "b.csv",
                 tmp_path / "r.jsonl")
    assert f"b.csv:2: warning: chunk c1 repeats row 1 of {tmp_path / 'a.parquet'}" in said


def test_text_tables_still_name_lines(tmp_path):
    (tmp_path / "q.csv").write_text("query_id,doc_id,relevance\n1,d1,1\n1,d2,1\n1,d1,1\n")
    assert "repeats line 2 (identical" in _said(tmp_path / "q.csv")
    (tmp_path / "q.jsonl").write_text('{"query_id": "1", "doc_id": "d1", "start": 0, '
                                      '"end": 10, "relevance": 1}\n{"query_id": "1", '
                                      '"doc_id": "d1", "start": 5, "end": 20, "relevance": 1}\n')
    assert "passage 5-20 overlaps 0-10 at line 1 (" in _said(tmp_path / "q.jsonl")
