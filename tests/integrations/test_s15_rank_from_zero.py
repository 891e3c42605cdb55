"""``order="rank"`` through the ir_measures/PyTerrier bridge: PyTerrier's ranks (and
:func:`sdreval.integrations.ir_measures.run_frame`'s) start at 0, the readers' at 1. An element
or passage run given with 0-based ranks was refused ("rank '0' is not a positive integer");
its ranks are now shifted, and every value is the one ``sdreval eval --order rank`` gives on
the file the frame was made from."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

import sdreval

ir_measures = pytest.importorskip("ir_measures")

from sdreval.integrations.ir_measures import qrels_frame, run_frame, sdreval_measure  # noqa: E402

SYNTHETIC = Path(__file__).resolve().parents[2] / "src/sdreval/data/examples/synthetic"


@pytest.mark.parametrize("measure, qrels, run", [
    ("MAiP", "qrels.fol", "runs/sim01.passages.txt"),
    ("AP", "qrels.tsv", "runs/sim01.txt"),
])
def test_zero_based_ranks_give_the_values_of_the_file(measure, qrels, run):
    q, r = qrels_frame(str(SYNTHETIC / qrels)), run_frame(str(SYNTHETIC / run))
    assert r["rank"].min() == 0  # PyTerrier's convention, as run_frame writes it
    by_rank = ir_measures.calc_aggregate([sdreval_measure(measure, order="rank")], q, r)
    of_file = sdreval.evaluate(str(SYNTHETIC / qrels), [str(SYNTHETIC / run)], [measure],
                               order="rank")
    assert list(by_rank.values()) == pytest.approx(list(of_file["value"]), abs=1e-12)


def test_ranks_out_of_file_order_are_followed():
    """Two results given in reverse file order with ranks 1, 0: the rank decides (P@1 = 1)."""
    q = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d1", "d2"], "relevance": [0, 1]})
    r = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d1", "d2"], "score": [2.0, 1.0],
                      "rank": [1, 0]})
    got = ir_measures.calc_aggregate([sdreval_measure("P@1", order="rank")], q, r)
    assert list(got.values()) == [1.0]
