"""Passages given as ``start`` + ``length`` (ir_datasets' span qrels) were read from span files
but refused from a run or qrels table with trec_eval/PyTerrier column names (``qid``,
``docno``): "column 'length' needs its partner". One rule now: start + length is the passage
at start of that length, in both paths."""
from __future__ import annotations

import pandas as pd

from sdreval.io.frame_qrels import qrels_from_table
from sdreval.io.frames import run_from_table


def test_start_and_length_in_a_qrels_frame():
    frame = pd.DataFrame({"qid": ["q"], "docno": ["d1"], "start": [4], "length": [6],
                          "label": [1]})
    qrels = qrels_from_table(frame)  # before: UsageError, length needs its partner
    assert list(qrels["q"].passages["d1"].ranges) == [(4, 6)]  # offset 4, 6 characters


def test_start_and_length_read_as_start_and_end():
    by_length = pd.DataFrame({"qid": ["q", "q"], "docno": ["d1", "d2"], "start": [0, 10],
                              "length": [5, 3], "score": [2.0, 1.0]})
    by_end = by_length.assign(end=[5, 13]).drop(columns=["length"])
    a, b = run_from_table(by_length), run_from_table(by_end)
    assert [(r.doc, r.offset, r.length) for r in a["q"]] == \
        [(r.doc, r.offset, r.length) for r in b["q"]] == [("d1", 0, 5), ("d2", 10, 3)]
