"""compare on a measure that is NaN on every topic (``-l 2`` where nothing reaches the level)
says so, instead of "measure 'AP' not in the score table (it has: nxCG@5)" (it is there, every
value NaN) or "write it with eval -q" (the runs were evaluated with per-topic rows)."""
import pandas as pd
import pytest

from sdreval.errors import InputError
from sdreval.stats.matrix import score_matrix

TABLE = pd.DataFrame({"run": ["a", "a", "b", "b"] * 2, "topic": ["1", "2"] * 4,
                      "measure": ["AP"] * 4 + ["P@5"] * 4,
                      "value": [float("nan")] * 4 + [0.2, 0.4, 0.0, 0.2]})


@pytest.mark.parametrize("table", [TABLE, TABLE[TABLE["measure"] == "AP"]])
def test_all_nan_measure_named(table):
    with pytest.raises(InputError, match=r"AP: NaN on every topic .*nothing to compare"):
        score_matrix(table, "AP")


def test_other_measures_unchanged():
    assert score_matrix(TABLE, "P@5").values.tolist() == [[0.2, 0.4], [0.0, 0.2]]
    assert score_matrix(TABLE).measure == "P@5"  # the one measure with values
