"""inex_eval_ng's total relevance Σ_d rel(d) (Gövert et al. 2006, Eq. 6-9 recall's
denominator) is added in one order: the same assessments in another order give the same bits.
It was added in the order of the judgements (rel_gen's thirds: 0x1.d555555555555p+2 one way,
...554p+2 the other), moving every recall point of the curves by a last bit."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from sdreval.judgements.records import ElementAssessment
from sdreval.measures.inex_eval_ng.definitions import total_relevance

#: INEX 2002 relevance of each document's root (coverage E)
RELEVANCE = [1, 3, 3, 1, 2, 3, 2, 3, 3, 1]


def rel_gen(e: np.ndarray) -> np.ndarray:
    """Gövert et al. 2006, Eq. 3: rel/3."""
    return np.asarray(e, dtype=float) / 3.0


def test_the_total_relevance_does_not_depend_on_the_order_of_the_judgements():
    items = [((f"d{i}", "/article[1]"), ElementAssessment(f"d{i}", "/article[1]", e, 3, 100))
             for i, e in enumerate(RELEVANCE)]
    forward = total_relevance(dict(items), rel_gen)
    backward = total_relevance(dict(items[::-1]), rel_gen)
    assert forward == backward, (forward.hex(), backward.hex())
    exact = sum(Fraction(e / 3.0) for e in RELEVANCE)
    assert math.isclose(forward, float(exact), rel_tol=4e-16)
