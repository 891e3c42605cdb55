"""One rule, one message for a passage given twice (more than two of offset, length, start,
end), in span inputs (JSONL, records with query_id/doc_id) and in run and qrels tables
(topic/doc columns).  Before, the span reader refused only start/end beside offset or length,
so start 20 + length 20 beside offset 0 silently took start/length (SpanP@1 1.0 below, where
offset/length says 0.0), and the two paths said it in two different messages."""
from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import SdrevalError

QRELS = '{"query_id": "q1", "doc_id": "d1", "start": 20, "end": 40, "relevance": 1}\n'
MESSAGE = ("give the passage twice: which is meant is not clear; keep one pair: start and end "
           "(end exclusive), start and length, or offset and length")
# start/length says 20-40 (all gold), offset/length says 0-20 (no gold)
SPAN = {"query_id": "q1", "doc_id": "d1", "start": 20, "offset": 0, "length": 20, "score": 2.0}
TABLE = {"topic": "q1", "doc": "d1", "start": 20, "offset": 0, "length": 20, "score": 2.0}


def test_span_file_with_start_offset_and_length_is_refused(tmp_path):
    (tmp_path / "q.jsonl").write_text(QRELS)
    (tmp_path / "r.jsonl").write_text(json.dumps(SPAN) + "\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.jsonl"),
                                      str(tmp_path / "r.jsonl"), "-m", "SpanP@1"])
    assert result.exit_code == 1, result.output
    assert f"r.jsonl: error: columns offset, length, start {MESSAGE}" in result.output


@pytest.mark.parametrize("row", [SPAN, TABLE])
@pytest.mark.parametrize("extra", [{}, {"end": 40}])
def test_both_paths_say_the_same(tmp_path, row, extra):
    (tmp_path / "q.jsonl").write_text(QRELS)
    with pytest.raises(SdrevalError) as caught:
        sdreval.evaluate(tmp_path / "q.jsonl", pd.DataFrame([{**row, **extra}]), "SpanP@1")
    given = "offset, length, start" + (", end" if extra else "")
    assert f"columns {given} {MESSAGE}" in str(caught.value)
