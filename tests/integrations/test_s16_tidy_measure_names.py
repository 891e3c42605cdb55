"""Two sdreval measures of one name given different options (``sdreval_measure("AP")`` and
``sdreval_measure("AP", rel_level=2)``) are two measures for ir_measures and PyTerrier, which
tell measures apart by their repr.  Before, both were ``sdreval_AP``: equal and of one hash, so
``calc_aggregate`` returned one key with the first one's value for both (and ``pt.Experiment``
two columns of one name)."""
from __future__ import annotations

import warnings

import pandas as pd
import pytest

ir_measures = pytest.importorskip("ir_measures")

from sdreval.integrations.ir_measures import sdreval_measure  # noqa: E402

# topic 1: a (grade 1), b (grade 2), c (grade 1); ranking c, a, b
QRELS = pd.DataFrame({"query_id": ["1"] * 3, "doc_id": ["a", "b", "c"], "relevance": [1, 2, 1]})
RUN = pd.DataFrame({"query_id": ["1"] * 3, "doc_id": ["c", "a", "b"], "score": [3.0, 2.0, 1.0]})


def test_two_settings_of_one_measure_stay_apart():
    plain, level2 = sdreval_measure("AP"), sdreval_measure("AP", rel_level=2)
    assert plain != level2 and repr(plain) != repr(level2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = ir_measures.calc_aggregate([plain, level2], QRELS, RUN)
    # AP, every graded document relevant: all three at ranks 1-3 -> 1.0;
    # rel_level=2 (trec_eval -l 2): only b relevant, at rank 3 -> 1/3
    assert got == {plain: pytest.approx(1.0), level2: pytest.approx(1 / 3)}


def test_the_name_shows_the_options():
    assert repr(sdreval_measure("nDCG@5", rel_level=2, order="rsv")) == \
        "sdreval_nDCG[order=rsv,rel_level=2]@5"
    assert repr(sdreval_measure("MAiP")) == "MAiP"
