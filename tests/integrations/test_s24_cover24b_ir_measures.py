"""ir_measures bridge paths no other test reached (session 24 coverage); values by hand."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.integrations.ir_measures import qrels_frame, run_frame, sdreval_measure
from sdreval.judgements.qrels import Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.model.run import Ranking, Run

ir_measures = pytest.importorskip("ir_measures")

# documents a (50 of 100 characters highlighted), b (100 of 100), c (judged non-relevant)
QRELS = pd.DataFrame({"query_id": ["1"] * 3, "doc_id": ["a", "b", "c"], "offset": [0, 0, 0],
                      "length": [50, 100, 0], "doc_length": [100, 100, 80]})
RUN = pd.DataFrame({"query_id": ["1"] * 3, "doc_id": ["c", "a", "b"], "score": [3.0, 2.0, 1.0]})


def test_doc_length_column_is_the_document_length():
    """relfrac gains relchars/doclen: a = 0.5, b = 1 at ranks 2 and 3, c = 0:
    gAP = (0.5/2 + 1.5/3) / 2 (cumulated gain at each relevant rank over the rank, averaged)."""
    measure = sdreval_measure("gAP(quant=relfrac)")
    for qrels in (QRELS, QRELS.rename(columns={"doc_length": "doclen"})):
        (value,) = ir_measures.calc_aggregate([measure], qrels, RUN).values()
        assert value == pytest.approx((0.5 / 2 + 1.5 / 3) / 2)


def test_strict_given_as_text():
    """Passages c:[0,10), a:[0,50), b:[0,100) of 150 relevant characters: P = 0, 50/60,
    150/160 at recall 0, 1/3, 1, so iP = 150/160 at every level and MAiP = 0.9375."""
    run = RUN.assign(offset=[0, 0, 0], length=[10, 50, 100])
    (value,) = ir_measures.calc_aggregate([sdreval_measure("MAiP", strict="true")], QRELS,
                                          run).values()
    assert value == 150 / 160


def test_frames_without_sizes_or_results():
    qrels = Qrels("inex2003")
    qrels.add_element("1", "d", "/article[1]", 3, 3)
    frame = qrels_frame(qrels)
    assert list(frame.columns) == ["query_id", "doc_id", "xpath", "relevance", "exhaustivity",
                                   "specificity", "scale"]  # no size column: none known
    assert frame.iloc[0].tolist() == ["1", "d", "/article[1]", 1, 3, 3, "inex2003"]
    assert run_frame(Run("r", {})).columns.tolist() == ["query_id", "doc_id", "score", "rank"]
    assert run_frame(Run("r", {})).empty


def test_a_bridge_measure_is_read_by_evaluate():
    qrels = Qrels("inex2003")
    qrels.add_element("1", "d", "/article[1]", 3, 3)
    run = Run("r", {"1": Ranking.from_elements([("x", "/article[1]"), ("d", "/article[1]")])})
    table = evaluate(qrels, [run], [sdreval_measure("nxCG@2")], EvalContext(quant="strict"))
    # strict: the one relevant element at rank 2, ideal gain 1 at rank 1: xCG[2]/xCI[2] = 1/1
    assert table.value.tolist() == [1.0]
