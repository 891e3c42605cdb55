"""``pt.Experiment`` (PyTerrier 1.x) averages the per-topic values itself (sum / topics),
whatever the measure's own aggregation, except for its own count names (NumRet, ...).  So a
geometric mean (GMAP: trec_eval's gm_map, Robertson 2006) shows as the arithmetic mean of
the per-topic AP, and sdreval's counts (summed over topics by eval, as trec_eval) as their mean
per topic: ``measure()`` of :mod:`sdreval.integrations.pyterrier` says so when it builds them.

Qrels: topic 1 a (1), b (0), c (2); topic 2 a (1), d (1).  Run: topic 1 a, b, c; topic 2 d, e.
AP: 5/6 and 1/2.  pt.Experiment's GMAP column: (5/6 + 1/2) / 2 = 2/3, where gm_map is
sqrt(5/6 * 1/2) = 0.6455; its sdreval_NumRet column: (3 + 2) / 2 = 2.5, where num_ret is 5."""
from __future__ import annotations

import math
import warnings

import pandas as pd
import pytest

pt = pytest.importorskip("pyterrier")

from sdreval.integrations.pyterrier import measure  # noqa: E402

QRELS = pd.DataFrame({"qid": ["1", "1", "1", "2", "2"], "docno": ["a", "b", "c", "a", "d"],
                      "label": [1, 0, 2, 1, 1]})
RUN = pd.DataFrame({"qid": ["1", "1", "1", "2", "2"], "docno": ["a", "b", "c", "d", "e"],
                    "score": [3.0, 2.0, 1.0, 5.0, 4.0]})
TOPICS = pd.DataFrame({"qid": ["1", "2"], "query": "unused"})


@pytest.mark.parametrize("name, sdreval_value, pyterrier_value, said", [
    ("GMAP", math.sqrt(5 / 6 * 1 / 2), 2 / 3, "geometric mean"),
    ("NumRet", 5.0, 2.5, "sum")])
def test_measures_pyterrier_averages_are_said(name, sdreval_value, pyterrier_value, said):
    with pytest.warns(UserWarning, match="pt.Experiment") as caught:
        built = measure(name)
    text = " ".join(str(w.message) for w in caught)
    assert said in text and "arithmetic mean" in text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = pt.Experiment([pt.Transformer.from_df(RUN)], TOPICS, QRELS, [built], names=["a"])
    assert table[repr(built)].item() == pytest.approx(pyterrier_value)  # what the warning says
    assert pyterrier_value != pytest.approx(sdreval_value)


def test_means_are_not_warned():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        measure("AP"), measure("nDCG@10"), measure("MAiP")
