"""PRUM and EPRUM (Piwowarski, Gallinari & Dupret, TOIS 2007; Piwowarski, INEX 2005;
Piwowarski & Dupret, SIGIR 2006) as Ali, Consens & Lalmas 2012, §6.4, Table 9 and footnote 11 state them.

User model.  The user consults the ranked list from the top.  Consulting the result ``x_k`` at
rank ``k`` the user sees ``x_k`` itself and, independently for every ideal element ``y``,
navigates from ``x_k`` to ``y`` with probability ``P(x_k ⇝ y)`` (``nav[k, y]``; 1 when ``x_k``
is ``y``).  A *scenario* is one outcome of all these navigations.  In a scenario the user stops
at the first rank ``C(i)`` where ``i`` distinct ideal elements have been seen; ``CL(i)`` is the
number of ranks up to ``C(i)`` at which at least one new ideal element was seen.

* ``PRUM = E[CL(i)] / E[C(i)]`` (Ali, Consens & Lalmas 2012, Eq. 26, Table 9: 2 / 2.8 = 0.714).  A scenario that
  never reaches ``i`` consults the whole list (``C = L``), as SRPRUM does (Table 14).
* ``EPRUM(l) = E[min_I(l) / min_S(l)]`` (footnote 11): ``min_S(l)`` the rank where the scenario
  reaches recall ``l`` (ratio 0 when it never does), ``min_I(l)`` the ranks an ideal list
  needs — one ideal element per rank, ``ceil(l·N)`` (no navigation credited to the ideal list).

Computation.  Scenario enumeration (:func:`prum_scenarios`) is exponential; the measures use the
exact equivalent: an ideal element's "seen by rank k" events are independent across elements
(each depends only on its own navigations), so the number seen by rank ``k`` is Poisson-binomial
with ``s_y(k) = 1 − Π_{j≤k}(1 − nav[j, y])`` and every expectation above is a sum over ranks of
Poisson-binomial probabilities (O(L·N²)).  The property tests check both agree.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from ...errors import UsageError
from ..segments import row_sums, running_total

MAX_SCENARIO_EVENTS = 20


@dataclass(frozen=True)
class Scenario:
    """One outcome of the navigations: its probability, ``C(i)``, ``CL(i)``, whether ``i``
    ideal elements were reached, and the ideal elements newly seen at each consulted rank."""

    probability: float
    consulted: int
    useful: int
    reached: bool
    seen: tuple[tuple[int, ...], ...]


def prum_scenarios(nav: np.ndarray, desired: int) -> list[Scenario]:
    """Enumerate every scenario (Ali, Consens & Lalmas 2012, Table 9).  ``nav[k, y] = P(x_{k+1} ⇝ y)``.

    Only for small inputs: at most :data:`MAX_SCENARIO_EVENTS` uncertain navigations."""
    nav = np.asarray(nav, dtype=float)
    L, n = nav.shape
    events = [(k, y) for k in range(L) for y in range(n) if 0.0 < nav[k, y] < 1.0]
    if len(events) > MAX_SCENARIO_EVENTS:
        raise UsageError(f"PRUM scenario enumeration: {len(events)} uncertain navigations "
                         f"(at most {MAX_SCENARIO_EVENTS}); use prum() instead")
    certain = nav >= 1.0
    merged: dict[tuple, float] = {}
    for outcome in itertools.product((False, True), repeat=len(events)):
        p = 1.0
        happened = certain.copy()
        for (k, y), took in zip(events, outcome):
            p *= nav[k, y] if took else 1.0 - nav[k, y]
            happened[k, y] = took
        if p == 0.0:
            continue
        seen: set[int] = set()
        per_rank: list[tuple[int, ...]] = []
        consulted, useful, reached = L, 0, False
        for k in range(L):
            new = tuple(int(y) for y in np.flatnonzero(happened[k]) if y not in seen)
            seen.update(new)
            per_rank.append(new)
            useful += bool(new)
            if len(seen) >= desired:
                consulted, reached = k + 1, True
                break
        key = (consulted, useful, reached, tuple(per_rank))
        merged[key] = merged.get(key, 0.0) + p
    return [Scenario(p, c, u, r, s) for (c, u, r, s), p in merged.items()]


def _distribution(absent: np.ndarray, present: np.ndarray) -> np.ndarray:
    """Mass over counts, batched over rows: element ``y`` of row ``r`` adds 0 with mass
    ``absent[r, y]`` and 1 with mass ``present[r, y]`` (the masses may sum to less than 1).
    Columns certain in every row (present 0 and absent 1) are skipped."""
    absent = np.atleast_2d(np.asarray(absent, dtype=float))
    present = np.atleast_2d(np.asarray(present, dtype=float))
    R, n = absent.shape
    dist = np.zeros((R, n + 1))
    dist[:, 0] = 1.0
    width = 0
    for y in range(n):
        a, p = absent[:, y], present[:, y]
        if not p.any() and np.all(a == 1.0):
            continue
        width += 1
        new = dist[:, :width + 1] * a[:, None]
        new[:, 1:] += dist[:, :width] * p[:, None]
        dist[:, :width + 1] = new
    return dist


def _seen(nav: np.ndarray) -> np.ndarray:
    """``s[k, y]``: probability that ideal element ``y`` has been seen by rank ``k + 1``."""
    return 1.0 - np.cumprod(1.0 - np.clip(nav, 0.0, 1.0), axis=0)


def reach_probabilities(nav: np.ndarray) -> np.ndarray:
    """``G[k, i] = P(at least i ideal elements seen by rank k)`` for ``k = 0..L`` (row 0 is
    before the list), ``i = 0..N``."""
    nav = np.asarray(nav, dtype=float)
    L, n = nav.shape
    seen = np.vstack([np.zeros((1, n)), _seen(nav)])
    active = np.concatenate([[0], np.flatnonzero(nav.any(axis=1)) + 1])
    dist = _distribution(1.0 - seen[active], seen[active])
    tails = np.cumsum(dist[:, ::-1], axis=1)[:, ::-1]
    # every rank takes the row of the last active rank at or before it
    owner = np.searchsorted(active, np.arange(L + 1), side="right") - 1
    return tails[owner]


def prum(nav: np.ndarray, desired: int) -> tuple[float, float, float]:
    """``(E[CL(i)], E[C(i)], PRUM)`` for ``i = desired`` ideal elements (exact, polynomial):
    ``E[C] = Σ_k P(fewer than i seen before rank k)`` (C = L when never reached) and
    ``E[CL] = Σ_k P(something new at rank k and fewer than i seen before it)``."""
    nav = np.clip(np.asarray(nav, dtype=float), 0.0, 1.0)
    L, n = nav.shape
    if L == 0 or desired < 1:
        return 0.0, float(L), 0.0
    G = reach_probabilities(nav)
    not_yet = 1.0 - G[:L, desired] if desired <= n else np.ones(L)   # P(C ≥ k), k = 1..L
    e_c = running_total(not_yet)  # sums rank by rank: ranks that add 0 change no bit
    active = np.flatnonzero(nav.any(axis=1))
    prev = np.vstack([np.zeros((1, n)), _seen(nav)[:-1]])[active]
    stay = _distribution((1.0 - prev) * (1.0 - nav[active]), prev)
    e_cl = running_total(not_yet[active] - row_sums(stay[:, :desired]))
    return e_cl, e_c, (e_cl / e_c if e_c > 0 else 0.0)


def eprum_levels(nav: np.ndarray, levels: list[int] | np.ndarray) -> np.ndarray:
    """``EPRUM`` for each desired number of ideal elements ``i`` in ``levels``:
    ``Σ_k P(min_S = k)·i/k`` with ``P(min_S = k) = P(≥ i seen by k) − P(≥ i seen by k−1)``."""
    nav = np.asarray(nav, dtype=float)
    L, n = nav.shape
    levels = np.asarray(levels, dtype=np.int64)
    if L == 0 or n == 0:
        return np.zeros(len(levels))
    G = reach_probabilities(nav)
    first = np.diff(G, axis=0)                          # P(min_S = k), k = 1..L
    ranks = np.arange(1, L + 1, dtype=float)[:, None]
    out = np.zeros(len(levels))
    valid = (levels >= 1) & (levels <= n)
    wanted = levels[valid]
    # each level's terms added rank by rank: ranks past the last useful one change no bit
    out[valid] = row_sums((first[:, wanted] * (wanted[None, :] / ranks)).T)
    return out


def desired_count(recall: float, n: int) -> int:
    """Number of ideal elements a recall level asks for: ``ceil(l·N)`` (at least 1)."""
    return max(1, math.ceil(recall * n - 1e-9))


def eprum(nav: np.ndarray, recall: float) -> float:
    """EPRUM at recall level ``l`` (footnote 11)."""
    n = np.asarray(nav).shape[1]
    return float(eprum_levels(nav, [desired_count(recall, n)])[0]) if n else 0.0


def mean_eprum(nav: np.ndarray) -> float:
    """EPRUM averaged over the recall levels ``i/N``, ``i = 1..N`` (our averaged form)."""
    n = np.asarray(nav).shape[1]
    return float(eprum_levels(nav, np.arange(1, n + 1)).mean()) if n else 0.0


def proximity(distance: np.ndarray, A: float) -> np.ndarray:
    """Proximity navigation of INEX 2006 Best in Context EPRUM with parameter ``A`` (Ali, Consens & Lalmas 2012
    §7.3): ``P(x ⇝ y) = A / (A + d(x, y))`` — 1 at the entry point itself, larger ``A`` = a user
    who navigates further.  The functional form is our assumption (docs/esr.md)."""
    if A <= 0:
        raise UsageError("EPRUM proximity parameter A must be positive")
    d = np.abs(np.asarray(distance, dtype=float))
    return A / (A + d)
