"""Runs with no topic in common (one run of the INEX 2009 topics, one of the 2010 topics):
compare --missing drop and report stopped with "no topic has a value for every run on MAiP"
and no word of what to do.  The message now says why and names -c and --missing zero."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import InputError
from sdreval.stats import score_matrix


def test_disjoint_topics_say_what_to_do():
    table = pd.DataFrame({"run": ["a", "a", "b", "b"], "topic": ["1", "2", "3", "4"],
                          "measure": "MAP", "value": [0.1, 0.2, 0.3, 0.4]})
    with pytest.raises(InputError) as caught:
        score_matrix(table, "MAP", missing="drop")
    text = str(caught.value)
    assert "no topic in common" in text and "-c" in text and "--missing zero" in text
    zero = score_matrix(table, "MAP", missing="zero")  # the way out it names
    assert zero.values.shape == (2, 4)
