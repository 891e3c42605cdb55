"""Projection of span qrels onto a chunking: the three rules worked by hand."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sdreval.errors import UsageError
from sdreval.measures.span.projection import project

# topic q: gold [10, 20) and [15, 40) of d (union [10, 40)); topic r: gold [0, 5) of d
GOLD = pd.DataFrame({"topic": ["q", "q", "r"], "doc": ["d", "d", "d"], "start": [10, 15, 0],
                     "end": [20, 40, 5]})
IDS = np.array(["c1", "c2", "c3", "c4"], dtype=object)
DOCS = np.array(["d", "d", "d", "e"], dtype=object)
STARTS, ENDS = np.array([0, 20, 40, 0]), np.array([20, 40, 60, 20])


def chunks(rule, tau=0.5):
    table = project(GOLD, IDS, DOCS, STARTS, ENDS, rule, tau)
    return [(t, c) for t, c, _ in table.itertuples(index=False)]


def test_any_overlap():
    assert chunks("any") == [("q", "c1"), ("q", "c2"), ("r", "c1")]


def test_share_of_the_chunk():
    # c1 [0,20): 10 of 20 characters gold (union) -> in at 0.5, out at 0.6; c2 all gold
    assert chunks("chunk", 0.5) == [("q", "c1"), ("q", "c2")]
    assert chunks("chunk", 0.6) == [("q", "c2")]
    assert chunks("chunk", 0.25) == [("q", "c1"), ("q", "c2"), ("r", "c1")]


def test_share_of_a_gold_span():
    # [10,20) lies wholly in c1; [15,40) has 5/25 in c1 and 20/25 in c2; r's [0,5) in c1
    assert chunks("gold", 1.0) == [("q", "c1"), ("r", "c1")]
    assert chunks("gold", 0.8) == [("q", "c1"), ("q", "c2"), ("r", "c1")]


@pytest.mark.parametrize("rule, tau", [("chunk", 0.0), ("gold", 1.5), ("both", 0.5)])
def test_bad_rule_or_tau(rule, tau):
    with pytest.raises(UsageError):
        project(GOLD, IDS, DOCS, STARTS, ENDS, rule, tau)
