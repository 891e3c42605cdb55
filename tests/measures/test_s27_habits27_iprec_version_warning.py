"""trec_eval's names ``iprec_at_recall_x`` and ``11pt_avg`` give trec_eval 9.x's values (as
pytrec_eval and ir_measures); trec_eval 10.0 prints other values under the same names, and
sdreval said nothing at run time (``--format trec_eval`` included).  Now a warning says so
where the versions differ on the data, and names the spelling that gives 10.0's values.

Six relevant documents (R = 6), the run ranks r1, n1, n2, r2.  At x = 0.2, 9.x interpolates
from the c-th relevant result with c = (long)(0.2·6 + 0.9) = 2: precision 2/4 = 0.5; trec_eval
10.0 takes c = lround(1.2) = 1: max(1/1, 2/4) = 1.0 (trec_eval 10.0 prints 1.0000).  At
x = 0.5 both take c = 3, never reached: 0.  11pt_avg: 9.x (1 + 1 + 0.5 + 0.5)/11, 10.0
(1 + 1 + 1 + 0.5 + 0.5)/11 (trec_eval 10.0 prints 0.3636)."""
from __future__ import annotations

import warnings

import pytest

from sdreval import api

QRELS = {"1": {**{f"r{i}": 1 for i in range(1, 7)}, "n1": 0, "n2": 0}}
RUN = {"1": {"r1": 4.0, "n1": 3.0, "n2": 2.0, "r2": 1.0}}


def _evaluate(names):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = api.evaluate(QRELS, {"s": RUN}, names)
    said = [str(w.message) for w in caught if "trec_eval 10.0" in str(w.message)]
    return dict(zip(table.measure, table.value)), said


def test_trec_names_warn_where_trec_eval_10_differs():
    values, said = _evaluate(["iprec_at_recall_0.20", "11pt_avg",
                              "IPrec(version=trec10)@0.2", "IPrecAvg(version=trec10)"])
    assert values["iprec_at_recall_0.20"] == 0.5
    assert values["IPrec(version=trec10)@0.2"] == 1.0
    assert values["11pt_avg"] == pytest.approx(3 / 11)
    assert values["IPrecAvg(version=trec10)"] == pytest.approx(4 / 11)
    assert len(said) == 2
    assert any(s.startswith("sdreval: warning: iprec_at_recall_0.20:")
               and "IPrec(version=trec10)@0.2" in s for s in said)
    assert any("11pt_avg:" in s and "IPrecAvg(version=trec10)" in s for s in said)


def test_no_warning_where_the_versions_agree_or_the_version_is_given():
    # (IPrec@0.2 warns as iprec_at_recall_0.20 does since session 28: one measure)
    values, said = _evaluate(["iprec_at_recall_0.50", "IPrec(version=trec9)@0.2",
                              "iprec_at_recall.0.50"])
    assert values["iprec_at_recall_0.50"] == 0.0 and values["IPrec(version=trec9)@0.2"] == 0.5
    assert said == []
