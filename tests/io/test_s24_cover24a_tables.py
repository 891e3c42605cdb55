"""Table files (session 24 coverage hunt): inputs no other test gave the table reader, each a
right value or a clean refusal naming file (and line), plus ids that are lists or dicts and a
table whose columns do not fit the role forced on it."""
from __future__ import annotations

import gzip
import os

import pandas as pd
import pytest

from sdreval.errors import InputError, UsageError
from sdreval.io import fol
from sdreval.io.readers import read_qrels, read_run
from sdreval.io.tables import sniff_columns


def _write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return str(path)


def test_a_first_jsonl_line_that_is_not_json_has_no_columns(tmp_path):
    assert sniff_columns(_write(tmp_path, "a.jsonl", '{"query_id": "1", "doc_id":\n')) is None


def test_a_directory_without_parquet_files_is_not_a_table(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="a directory without Parquet files: not a table"):
        read_run(str(tmp_path / "empty"), "table-run")


def test_a_text_run_forced_as_a_table_is_refused(tmp_path):
    path = _write(tmp_path, "run.txt", "1 Q0 d 1 1.0 r\n")
    with pytest.raises(InputError, match=r"not a JSONL, CSV/TSV or Parquet file \(first data "
                                         r"line: '1 Q0 d 1 1.0 r'\)"):
        read_run(path, "table-run")


def test_a_truncated_jsonl_gz_is_refused(tmp_path):
    # random ids: the first 64 KiB (read to detect the layout) survive the cut
    data = gzip.compress(b"".join(b'{"query_id": "1", "doc_id": "%s", "score": 1.5}\n'
                                  % os.urandom(30).hex().encode() for _ in range(3000)))
    path = _write(tmp_path, "run.jsonl.gz", data[:len(data) * 3 // 4])
    with pytest.raises(InputError, match="cannot read: Compressed file ended"):
        read_run(path, "table-run")


def test_a_jsonl_file_with_a_byte_order_mark_is_read(tmp_path):
    path = _write(tmp_path, "run.jsonl",
                  b'\xef\xbb\xbf{"query_id": "1", "doc_id": "d", "score": 1.5}\n'
                  b'{"query_id": "1", "doc_id": "e", "score": 0.5}\n')
    run = read_run(path)
    assert list(run["1"].docs) == ["d", "e"] and run["1"].rsv.tolist() == [1.5, 0.5]


def test_a_qrels_table_forced_as_a_run_names_the_file(tmp_path):
    path = _write(tmp_path, "q.csv", "query_id,doc_id,relevance\n1,d,1\n")
    with pytest.raises(InputError) as caught:
        read_run(path, "table-run")
    problem = caught.value.problems[0]
    assert problem.file == path
    assert problem.message == ("a run table needs a score (or rsv) or a rank column; columns: "
                               "query_id, doc_id, relevance")


def test_ids_that_are_lists_or_dicts_are_refused_per_row():
    frame = pd.DataFrame({"query_id": ["1", "1"], "doc_id": [["a", "b"], {"x": 1}],
                          "relevance": [1, 1]})
    with pytest.raises(InputError) as caught:
        read_qrels(frame)
    assert [p.message for p in caught.value.problems] == [
        "row 0: doc_id \"['a', 'b']\" is a list, not an id: give ids as text or integers",
        "row 1: doc_id \"{'x': 1}\" is a dict, not an id: give ids as text or integers"]


def test_unhashable_paths_are_refused_per_row():
    frame = pd.DataFrame({"query_id": ["1"], "doc_id": ["d"], "path": [["/article[1]"]],
                          "relevance": [1]})
    with pytest.raises(InputError) as caught:
        read_qrels(frame)
    assert len(caught.value.problems) == 1
    assert "['/article[1]']" in caught.value.problems[0].message


def test_repeated_column_names_are_a_usage_error():
    frame = pd.DataFrame([["1", "d", 1, 2]], columns=["query_id", "doc_id", "score", "score"])
    with pytest.raises(UsageError, match="the table has repeated column names: score"):
        read_run(frame)


def test_column_dicts_and_records_that_make_no_table():
    with pytest.raises(UsageError, match="cannot make a table of the column dict"):
        read_qrels({"query_id": ["1", "2"], "doc_id": ["d"], "relevance": [1, 0]})
    with pytest.raises(UsageError, match=r"records must all be of one kind \(dict\)"):
        read_qrels([{"query_id": "1", "doc_id": "d", "relevance": 1}, ("1", "e", 0)])
    with pytest.raises(UsageError, match=r"records must all be tuples of \(query_id, doc_id, "
                                         r"relevance\[, \.\.\.\]\)"):
        read_qrels([("1", "d", 1), ("1", "e")])
    with pytest.raises(UsageError, match="cannot read records of int"):
        read_qrels([1, 2])


def test_fol_qrels_read_with_the_heap_trimmed_after_each_column(tmp_path, monkeypatch):
    # FOL line: topic Q0 doc relchars doclen [BEP off:len ...]: 10 = 4 + 6 characters
    path = _write(tmp_path, "fol.txt", "1 Q0 d 10 100 2 2:4 20:6\n2 Q0 e 3 50 0:3\n")
    monkeypatch.setattr(fol, "TRIM_BYTES", 0)
    qrels = read_qrels(path, "fol-qrels")
    d, e = qrels["1"].passages["d"], qrels["2"].passages["e"]
    assert (d.ranges, d.relevant_chars, d.doc_length, d.bep) == ([(2, 4), (20, 6)], 10, 100, 2)
    assert (e.ranges, e.relevant_chars, e.doc_length, e.bep) == ([(0, 3)], 3, 50, None)


def test_a_csv_row_longer_than_the_header_after_a_good_row_is_refused_at_its_line(tmp_path):
    path = _write(tmp_path, "run.csv", "query_id,doc_id,score\n1,d,1.5\n1,e,2.5,3,4\n")
    with pytest.raises(InputError) as caught:
        read_run(path)
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (3, "5 fields where the header names 3: a value beyond the header's columns ('3') "
            "belongs to none; name its column in the header, or remove it")]


def test_ir_measures_records_given_as_a_data_frame():
    from sdreval import api

    frame = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d", "e"], "relevance": [2, 0]})
    qrels = api.qrels_from_ir_measures(frame)
    assert sorted((a.doc, a.e) for a in qrels["1"].elements.values()) == [("d", 2.0), ("e", 0.0)]
    run = api.run_from_ir_measures(frame.rename(columns={"relevance": "score"}))
    assert list(run["1"].docs) == ["d", "e"]


def test_a_data_frame_is_not_a_dict_of_topics():
    from sdreval.io.interop import qrels_from_dict

    with pytest.raises(UsageError, match="expected a dict"):
        qrels_from_dict(pd.DataFrame({"query_id": ["1"], "doc_id": ["d"], "relevance": [1]}))


def test_a_jsonl_line_that_is_no_object_is_refused_at_its_line(tmp_path):
    path = _write(tmp_path, "q.jsonl", '{"query_id": "1", "doc_id": "d", "start": 0, "end": 4, '
                                       '"relevance": 1}\n[1, 2]\n')
    with pytest.raises(InputError) as caught:
        read_qrels(path)
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (2, "expected a JSON object, found list")]
