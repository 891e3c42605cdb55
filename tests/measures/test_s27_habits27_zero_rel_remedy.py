"""A qrels topic with nothing relevant is left out of sdreval's means, where trec_eval,
ir_measures and ranx average it in as 0: the warning said it was left out but not that the
peers count it, nor the option that gives their mean.  ir_measures' AP on the data below is
(1 + 0)/2 = 0.5 (topic 2 scores 0), sdreval's 1.0, and --zero-rel-as-zero gives 0.5."""
from __future__ import annotations

import warnings

from sdreval import api

QRELS = {"1": {"a": 1}, "2": {"b": 0}}
RUN = {"1": {"a": 1.0}, "2": {"b": 1.0}}


def _run(**options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        means = api.calc_aggregate(["AP"], QRELS, RUN, **options)
    return means["AP"], [str(w.message) for w in caught]


def test_left_out_topics_name_the_peers_mean_and_its_option():
    value, said = _run()
    assert value == 1.0
    left = [s for s in said if "nothing relevant left out of means: 2" in s]
    assert len(left) == 1
    assert "trec_eval, ir_measures and ranx average them in as 0" in left[0]
    assert "--zero-rel-as-zero" in left[0] and "zero_rel=True" in left[0]
    assert _run(zero_rel=True)[0] == 0.5
