"""A passage given twice in one row, by start/end and by offset/length, that disagree: the span
reader took start/end (SpanP@1 1.0000 below), the table reader offset/length (0.0000), each
silently; now both refuse the table, naming the columns."""
from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import SdrevalError

QRELS = '{"query_id": "q1", "doc_id": "d1", "start": 20, "end": 40, "relevance": 1}\n'
# start/end says 20-40 (all gold), offset/length says 0-10 (no gold)
SPAN = {"query_id": "q1", "doc_id": "d1", "start": 20, "end": 40, "offset": 0, "length": 10,
        "score": 2.0}
TABLE = {"qid": "q1", "docno": "d1", "start": 20, "end": 40, "offset": 0, "length": 10,
         "score": 2.0}


def test_a_span_file_with_both_is_refused(tmp_path):
    (tmp_path / "q.jsonl").write_text(QRELS)
    for row in (SPAN, {k: v for k, v in SPAN.items() if k != "offset"}):
        (tmp_path / "r.jsonl").write_text(json.dumps(row) + "\n")
        result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.jsonl"),
                                          str(tmp_path / "r.jsonl"), "-m", "SpanP@1"])
        assert result.exit_code == 1 and "give the passage twice" in result.output, result.output


@pytest.mark.parametrize("row", [SPAN, TABLE])
def test_a_frame_with_both_is_refused(tmp_path, row):
    (tmp_path / "q.jsonl").write_text(QRELS)
    with pytest.raises(SdrevalError, match="give the (span|passage)"):
        sdreval.evaluate(tmp_path / "q.jsonl", pd.DataFrame([row]), "SpanP@1")


def test_one_pair_each_is_read(tmp_path):
    (tmp_path / "q.jsonl").write_text(QRELS)
    for drop, expected in ((("offset", "length"), 1.0), (("start", "end"), 0.0)):
        for row in (SPAN, TABLE):
            frame = pd.DataFrame([{k: v for k, v in row.items() if k not in drop}])
            assert sdreval.evaluate(tmp_path / "q.jsonl", frame, "SpanP@1")["value"].tolist() \
                == [expected], (drop, row)
