"""A repeated id within one RAGAS ID-based sample names something true.  The ids of a sample's
list are rows of one line, so a retrieved id given twice said "result b repeats line 2" on
line 2 itself (and ``row 1 ... repeats row 1`` for a DataFrame); it now says the repeat is
of an earlier entry of that line.  A repeat across the part files of a Parquet dataset named
only the other part's line number ("part-1.parquet:2 ... repeats line 2"); it now names the
part file too."""
import json

import pandas as pd
import pytest

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels, read_run

SAMPLES = [{"query_id": "q1", "reference_context_ids": ["a", "b", "a"],
            "retrieved_context_ids": ["a", "c"]},
           {"query_id": "q2", "reference_context_ids": ["a"],
            "retrieved_context_ids": ["b", "a", "b"]}]


def _warnings(read, source) -> list[tuple]:
    log = ProblemLog()
    read(source, log=log)
    return [(p.line, p.message) for p in log.warnings]


@pytest.fixture
def samples(tmp_path):
    path = tmp_path / "samples.jsonl"
    path.write_text("".join(json.dumps(s) + "\n" for s in SAMPLES))
    return path


def test_run_repeat_in_one_sample_names_an_earlier_entry(samples):
    assert _warnings(read_run, samples) == [
        (2, "topic q2: result b repeats an earlier entry of line 2 (kept; measures decide how "
            "a repeat counts)")]


def test_qrels_repeat_in_one_sample_names_an_earlier_entry(samples):
    assert _warnings(read_qrels, samples) == [
        (1, "topic q1: document a repeats an earlier entry of line 1 (identical; ignored)")]


def test_dataframe_of_samples():
    got = _warnings(read_run, pd.DataFrame(SAMPLES))
    assert got == [(None, "row 1: topic q2: result b repeats an earlier entry of row 1 (kept; "
                          "measures decide how a repeat counts)")]


def test_repeat_across_dataset_parts_names_the_part(tmp_path):
    pytest.importorskip("pyarrow")
    pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["a", "b"],
                  "score": [2.0, 1.0]}).to_parquet(tmp_path / "part-0.parquet")
    pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["c", "b"],
                  "score": [0.5, 0.4]}).to_parquet(tmp_path / "part-1.parquet")
    (message,) = [m for _, m in _warnings(read_run, tmp_path)]
    assert message == (f"topic q1: result b repeats row 2 of {tmp_path / 'part-0.parquet'} "
                       "(kept; measures decide how a repeat counts)")


def test_rows_of_distinct_lines_keep_the_line(tmp_path):
    path = tmp_path / "run.csv"
    path.write_text("query_id,doc_id,score\nq1,a,2\nq1,a,1\n")
    assert _warnings(read_run, path) == [
        (3, "topic q1: result a repeats line 2 (kept; measures decide how a repeat counts)")]
