"""A per-topic DataFrame given to the API (compare, confidence_intervals) reaches the same
score matrix as a --scores file does, without read_scores: a topic spelt like the mean rows
(' all', 'ALL') and an infinite value are refused there too, not counted as one more topic or
averaged into an infinite mean."""
import math

import pandas as pd
import pytest

from sdreval import api
from sdreval.errors import InputError
from sdreval.stats.matrix import score_matrix

A = (0.5, 0.6, 0.7)
B = (0.4, 0.5, 0.2)


def _table(extra=(), a=A):
    rows = [("a", t, "map", v) for t, v in zip("123", a)]
    rows += [("b", t, "map", v) for t, v in zip("123", B)]
    return pd.DataFrame(rows + list(extra), columns=["run", "topic", "measure", "value"])


@pytest.mark.parametrize("topic", [" all", "ALL", "all "])
def test_mean_alike_topic_refused(topic):
    # the mean rows of a table joined with spaces: a 4th topic with b's mean 0.3667 would
    # make b's mean (0.4 + 0.5 + 0.2 + 0.3667) / 4 = 0.3667 and its topics 4, not 3
    table = _table([("a", topic, "map", 0.6), ("b", topic, "map", 1.1 / 3)])
    with pytest.raises(InputError, match="looks like a mean row"):
        score_matrix(table, "map")
    with pytest.raises(InputError, match="looks like a mean row"):
        api.compare(table, "map")


def test_infinite_value_refused_naming_it():
    table = _table(a=(0.5, math.inf, 0.7))
    with pytest.raises(InputError, match="not a finite number"):
        score_matrix(table, "map")
    with pytest.raises(InputError, match="not a finite number"):
        api.confidence_intervals(table, "map")


def test_plain_table_still_read():
    # a's mean (0.5 + 0.6 + 0.7) / 3 = 0.6; b's (0.4 + 0.5 + 0.2) / 3 = 1.1 / 3
    got = score_matrix(_table([("a", "all", "map", 0.6)]), "map")
    assert got.topics == ("1", "2", "3")
    assert got.means.tolist() == pytest.approx([0.6, 1.1 / 3])
