"""Topic-split error rate (Ogilvie & Lalmas 2006, §3.3.2): a pair rejected on the first half is an
error when the better run's mean on the second half is not higher (difference ≤ 0).  Second-half
means that are equal in decimals but not in floats must count as equal.

Four topics, one split: ``default_rng(0).permutation(4)`` (as ``split_error_rate`` draws it)
gives topics 2, 0 to the first half and 1, 3 to the second.  First half: A = (0.6, 0.7),
B = (0.5, 0.6), a constant difference of 0.1, so the one-sided t test rejects (p = 0) with A the
better run.  Second half: A = (0.1, 0.2), B = (0.0, 0.3), both means 0.15, so A is not higher:
1 error of 1 rejection, error rate 1, and the pair does not agree with itself.  In floats A's
mean is 0.15000000000000002 and B's 0.15, which counted as no error (error rate 0)."""
from __future__ import annotations

import numpy as np

from sdreval.stats.error_rate import split_error_rate


def test_equal_second_half_means_are_an_error():
    x = np.array([[0.7, 0.1, 0.6, 0.2],    # run A on topics 0..3
                  [0.6, 0.0, 0.5, 0.3]])   # run B
    result = split_error_rate(x, test="t", splits=1, correction="none", seed=0,
                              show_progress=False)
    assert (result["rejections"], result["errors"], result["error_rate"]) == (1, 1, 1.0)
    assert result["self_agreement"] == 0.0
