"""``ScoreMatrix.means`` of a matrix with a cell without a value returned the mean of the
run's other topics (run a: 0.5 over topic 1 alone, beside run b's 0.3 over two topics), and
``top_runs`` ranked runs by such means: a mean over fewer topics than the matrix has, said
nowhere.  Every statistic refuses such a matrix (``as_values``); the means now do too, naming
a cell and what to do.  Matrices without gaps keep eval's exact means."""
from __future__ import annotations

import numpy as np
import pytest

from sdreval.errors import InputError
from sdreval.stats import ScoreMatrix, top_runs
from sdreval.stats.matrix import row_means

GAP = ScoreMatrix(("a", "b"), ("1", "2"), np.array([[0.5, np.nan], [0.2, 0.4]]), "map")


@pytest.mark.parametrize("call", [lambda: GAP.means, lambda: top_runs(GAP),
                                  lambda: row_means(GAP.values)])
def test_a_gap_is_refused(call):
    with pytest.raises(InputError, match=r"missing or non-finite values \(1 cell\(s\)"):
        call()


def test_the_message_names_the_cell_and_what_to_do():
    with pytest.raises(InputError) as caught:
        GAP.means
    message = str(caught.value)
    assert "run a, topic 2: nan" in message and "missing='drop' or 'zero'" in message


def test_means_without_gaps_are_eval_means():
    full = ScoreMatrix(("a", "b"), ("1", "2", "3"), np.array([[0.1, 0.2, 0.3], [1.0, 0.0, 0.5]]))
    assert full.means.tolist() == [0.2, 0.5]   # (0.1 + 0.2 + 0.3)/3 rounded once
