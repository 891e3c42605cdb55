"""inex_eval: precall over weakly ordered rankings (pure numpy).

Ogilvie & Lalmas 2006, §2.6.1 Eq. 1-5 (Gövert & Kazai's INEX metric, after Raghavan, Bollmann & Jung 1989):

* ranks are sets of results with equal RSV (``rank(i)``); ``rel(i)`` is the quantised mass of
  rank ``i`` and ``nonrel(i)`` the number of its results with quantised value 0 (Eq. 3);
* ``n`` = Σ quant over every assessed element of the topic;
* for recall ``x``: ``r = min{j : Σ_{i≤j} rel(i) ≥ x·n}`` (Eq. 2),
  ``left(r) = x·n − Σ_{i<r} rel(i)`` (Eq. 4),
  ``NNR = Σ_{i<r} nonrel(i) + left(r)·nonrel(r)/(rel(r)+1)`` (Eq. 5 — Raghavan's expected
  search length; Ogilvie & Lalmas 2006 prints the last denominator as "r", a typo for ``rel(r)+1``),
  ``P(x) = x·n / (x·n + NNR)`` (Eq. 1).

The elements not retrieved form one last implicit rank (Vu & Gallinari 2005, §2.1).
"""
from __future__ import annotations

import numpy as np

from ..segments import running_total

#: the 100 recall points 0.01 ... 1.00 (Vu & Gallinari 2005, §2.1).
RECALL_POINTS = np.round(np.arange(1, 101) / 100.0, 10)
#: relative tolerance when comparing cumulated quantised mass with x·n.
TOL = 1e-9


def rank_groups(rsv: np.ndarray) -> np.ndarray:
    """Start index of every rank: runs of consecutive equal RSVs form one rank."""
    rsv = np.asarray(rsv, dtype=np.float64)
    if rsv.size == 0:
        return np.zeros(0, dtype=np.int64)
    change = np.flatnonzero(rsv[1:] != rsv[:-1]) + 1
    return np.concatenate(([0], change)).astype(np.int64)


def ranks_of(gains: np.ndarray, rsv: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per weak rank: ``rel(i)`` (quantised mass) and ``nonrel(i)`` (results with value 0)."""
    gains = np.asarray(gains, dtype=np.float64)
    starts = rank_groups(rsv)
    if starts.size == 0:
        return np.zeros(0), np.zeros(0)
    rel = np.add.reduceat(gains, starts)
    nonrel = np.add.reduceat((gains == 0).astype(np.float64), starts)
    return rel, nonrel


def whole_units(amount: np.ndarray, n: float) -> np.ndarray:
    """``ceil(amount)`` where ``amount`` within a relative tolerance of a whole number counts as
    that number (``0.07 · 200 = 14.000000000000002`` is 14 relevant items, not 15)."""
    amount = np.asarray(amount, dtype=np.float64)
    nearest = np.round(amount)
    close = np.abs(amount - nearest) <= TOL * max(float(n), 1.0)
    return np.where(close, nearest, np.ceil(amount))


def precall(rel: np.ndarray, nonrel: np.ndarray, n: float,
            points: np.ndarray = RECALL_POINTS, reading: str = "eq4") -> np.ndarray:
    """``P(rel|retr)(x)`` at recall points ``x`` (Ogilvie & Lalmas 2006, Eq. 1-5) for ranks with masses
    ``rel`` and non-relevant counts ``nonrel`` (include the final implicit rank).

    ``reading="eq4"`` (default) stops inside rank ``r`` after the fractional amount
    ``left(r) = x·n − Σ_{i<r} rel(i)`` (Eq. 4).  ``reading="reprec"`` is Gövert's RePrec
    (the INEX 2002-2004 tool): ``NR = x·n`` is rounded up to whole items,
    ``NR_int = ceil(NR)`` (with a tolerance), ``r`` is the first rank where the cumulated
    relevant amount reaches ``NR_int``, ``s = NR_int − k`` (``k`` = relevant amount before
    ``r``) items are still needed there and ``P(x) = NR / (NR + j + s·i/(r_rel + 1))``.  When
    ``NR_int`` exceeds the total relevant amount (fractional ``n`` at ``x = 1``) RePrec stops
    after the last rank: ``P = NR / (NR + all non-relevant)``.  The readings agree where
    ``x·n`` is whole.

    A recall level never reached (total mass below ``x·n``) has precision 0; ``n <= 0`` gives 0.
    """
    if reading == "reprec":
        return _precall_reprec(rel, nonrel, n, points)
    if reading != "eq4":
        raise ValueError(f"unknown precall reading {reading!r}; expected eq4 or reprec")
    points = np.asarray(points, dtype=np.float64)
    rel = np.asarray(rel, dtype=np.float64)
    nonrel = np.asarray(nonrel, dtype=np.float64)
    if n <= 0 or rel.size == 0:
        return np.zeros(points.shape)
    target = points * n
    cum_rel = np.cumsum(rel)
    r = np.searchsorted(cum_rel, target - TOL * n, side="left")
    reached = r < rel.size
    r = np.minimum(r, rel.size - 1)
    rel_before = np.concatenate(([0.0], cum_rel))[r]
    nonrel_before = np.concatenate(([0.0], np.cumsum(nonrel)))[r]
    left = np.maximum(target - rel_before, 0.0)
    nnr = nonrel_before + left * nonrel[r] / (rel[r] + 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = np.where(target + nnr > 0, target / (target + nnr), 0.0)
    return np.where(reached, precision, 0.0)


def with_last_rank(rel: np.ndarray, nonrel: np.ndarray, n: float,
                   unretrieved: float, unretrieved_relevant: float) -> tuple[np.ndarray, np.ndarray]:
    """Append the implicit last rank of the ``unretrieved`` elements, of which
    ``unretrieved_relevant`` have a positive value; its mass is ``n`` minus the retrieved mass."""
    mass = max(n - running_total(rel), 0.0)  # rank by rank, as precall's cumulated mass
    nonrel_last = max(unretrieved - unretrieved_relevant, 0.0)
    return np.append(rel, mass), np.append(nonrel, nonrel_last)


def _precall_reprec(rel: np.ndarray, nonrel: np.ndarray, n: float,
                    points: np.ndarray) -> np.ndarray:
    """RePrec's reading of precall (see :func:`precall`)."""
    points = np.asarray(points, dtype=np.float64)
    rel = np.asarray(rel, dtype=np.float64)
    nonrel = np.asarray(nonrel, dtype=np.float64)
    if n <= 0 or rel.size == 0:
        return np.zeros(points.shape)
    tol = TOL * max(float(n), 1.0)
    wanted = points * n                      # NR
    whole = whole_units(wanted, n)           # NR_int
    cum_rel = np.cumsum(rel)
    r = np.searchsorted(cum_rel, whole - tol, side="left")
    inside = r < rel.size
    r = np.minimum(r, rel.size - 1)
    k = np.concatenate(([0.0], cum_rel))[r]
    j = np.concatenate(([0.0], np.cumsum(nonrel)))[r]
    expected = j + (whole - k) * nonrel[r] / (rel[r] + 1.0)
    # NR_int beyond the total amount: RePrec stops after the last rank, every non-relevant seen
    expected = np.where(inside, expected, float(np.sum(nonrel)))
    reached = wanted <= cum_rel[-1] + tol
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = np.where(wanted + expected > 0, wanted / (wanted + expected), 0.0)
    return np.where(reached, precision, 0.0)
