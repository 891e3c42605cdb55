"""A score table with 51 gaps listed 50 and then "... and 1 more gaps"; the count of the rest
is now written as every such count is ("... and N more error(s) like the above")."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import InputError
from sdreval.stats import score_matrix


def test_one_more_gap():
    rows = [("a", str(t), "map", 0.1) for t in range(52)] + [("b", "0", "map", 0.2)]
    table = pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])
    with pytest.raises(InputError) as caught:
        score_matrix(table)
    text = str(caught.value)
    assert "... and 1 more gap(s)" in text and "more gaps" not in text
