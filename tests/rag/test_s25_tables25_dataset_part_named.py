"""Span inputs read from a Parquet dataset (a directory of part files): a problem names the
part file and its row, also when rows before it were left out or split while RAG tools' keys
were read (a bad ``length``, one row per gold text)."""
import pytest

from sdreval.errors import ProblemLog
from sdreval.io.spans import Documents, read_span_qrels

pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")


def _problems(path):
    log = ProblemLog()
    read_span_qrels(path, log, Documents({"d1": "ab cd xx", "d2": "ab cd xx"}, source="docs"))
    return [(p.file, p.line, p.message) for p in log.problems]


def test_row_left_out_before_a_later_part(tmp_path):
    # a.parquet row 1: a bad length (row left out); b.parquet row 1: a bad relevance
    pd.DataFrame({"query_id": ["q1"], "doc_id": ["d1"], "start": [0], "length": ["x"],
                  "relevance": ["1"]}).to_parquet(tmp_path / "a.parquet", index=False)
    pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["d1", "d2"], "start": [0, 3],
                  "length": ["4", "5"], "relevance": ["abc", "1"]}).to_parquet(
        tmp_path / "b.parquet", index=False)
    assert _problems(tmp_path) == [
        (str(tmp_path / "a.parquet"), 1, "length 'x' is not a non-negative integer"),
        (str(tmp_path / "b.parquet"), 1, "relevance 'abc' is not a finite number")]


def test_gold_text_lists_split_before_a_later_part(tmp_path):
    # a.parquet: one row of two gold texts (two rows once split); b.parquet row 2: bad relevance
    pd.DataFrame({"query_id": ["q1"], "doc_id": ["d1"], "gold_text": [["ab", "cd"]],
                  "relevance": ["1"]}).to_parquet(tmp_path / "a.parquet", index=False)
    pd.DataFrame({"query_id": ["q2", "q2"], "doc_id": ["d1", "d1"],
                  "gold_text": [["ab"], ["cd"]], "relevance": ["1", "abc"]}).to_parquet(
        tmp_path / "b.parquet", index=False)
    problems = [p for p in _problems(tmp_path) if "relevance" in p[2]]
    assert problems == [(str(tmp_path / "b.parquet"), 2,
                         "relevance 'abc' is not a finite number")]
