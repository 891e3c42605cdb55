"""Multiple-comparison control over a family of p-values.

``by`` is Benjamini & Yekutieli's false-discovery-rate procedure as Ogilvie & Lalmas (2006)
Eq. 11–12 states it: with ordered p-values p(1) ≤ … ≤ p(m),
``k = max{i : p(i) ≤ i·α' / (c_m·m)}`` with ``c_m = Σ_{i=1..m} 1/i`` (dependent statistics,
the paper's choice for pairwise system comparisons), and every hypothesis with ``p ≤ p(k)``
is rejected.  ``bh`` is the same with ``c_m = 1``; ``holm`` and ``bonferroni`` control the
family-wise error rate; ``none`` compares each p with the level.  Adjusted p-values come from
``statsmodels.stats.multitest.multipletests``; :func:`by_reject` spells Eq. 11–12 out and is
used to check statsmodels against the paper.

An adjusted p-value is compared with the level to 12 decimals, as the tables compare means: a
bootstrap p of 0.035, the 7th of 10 under ``bh``, meets ``p(7) ≤ 7·0.05/10 = 0.035`` exactly, but
statsmodels' adjusted ``0.035·10/7`` is 0.05000000000000001 in floating point.

A p-value that is NaN (the test is undefined, e.g. a t test on all-zero differences) counts as
1 inside the family (m stays the number of pairs, which is conservative), is reported adjusted
as NaN and never rejected.
"""
from __future__ import annotations

import numpy as np
from statsmodels.stats.multitest import multipletests

from ..errors import UsageError
from .choices import CORRECTIONS
from .paired import DECIMALS


def adjust(p_values: np.ndarray, method: str = "by", level: float = 0.05
           ) -> tuple[np.ndarray, np.ndarray]:
    """Adjusted p-values and rejection decisions at ``level`` for one family of tests."""
    if method not in CORRECTIONS:
        raise UsageError(f"unknown correction {method!r}; expected one of "
                         f"{', '.join(CORRECTIONS)}")
    if not 0 < level < 1:
        raise UsageError(f"level must be in (0, 1), got {level}")
    p = np.asarray(p_values, dtype=float)
    undefined = np.isnan(p)
    if p.size == 0:
        return p.copy(), np.zeros(0, dtype=bool)
    filled = np.where(undefined, 1.0, p)
    statsmodels_name = CORRECTIONS[method]
    if statsmodels_name is None:
        adjusted = filled.copy()
    else:
        _, adjusted, _, _ = multipletests(filled, alpha=level, method=statsmodels_name)
    reject = (np.round(adjusted, DECIMALS) <= level) & ~undefined
    adjusted = np.where(undefined, np.nan, adjusted)
    return adjusted, reject


def by_reject(p_values: np.ndarray, level: float = 0.05, dependent: bool = True) -> np.ndarray:
    """Rejections of Ogilvie & Lalmas 2006, Eq. 11–12 (Benjamini–Yekutieli step-up), written out."""
    p = np.asarray(p_values, dtype=float)
    m = p.size
    if m == 0:
        return np.zeros(0, dtype=bool)
    c_m = float(np.sum(1.0 / np.arange(1, m + 1))) if dependent else 1.0
    ordered = np.sort(p)
    below = ordered <= np.arange(1, m + 1) * level / (c_m * m)
    if not below.any():
        return np.zeros(m, dtype=bool)
    k = int(np.flatnonzero(below)[-1])  # 0-based index of p(k)
    return p <= ordered[k]
