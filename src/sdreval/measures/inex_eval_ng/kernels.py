"""inex_eval_ng: recall/precision with component size and overlap (Gövert et al. 2006, §5, Eq. 6-9).

For a ranking ``c_1..c_k`` with relevance ``rel(c_i)`` and coverage ``cov(c_i)`` (quantised
separately, Gövert et al. 2006, Eq. 2-3), text size ``|c_i|`` and new text
``|c_i − ∪_{j<i} c_j|`` (text not seen at earlier ranks):

* ``recall_s    = Σ rel(c_i) / Σ_d rel(d)``                                    (Eq. 6)
* ``precision_s = Σ cov(c_i)·|c_i| / Σ |c_i|``                                  (Eq. 7)
* ``recall_o    = Σ rel(c_i)·|c_i − ∪_{j<i} c_j| / |c_i| / Σ_d rel(d)``         (Eq. 8)
* ``precision_o = Σ cov(c_i)·|c_i − ∪_{j<i} c_j| / Σ |c_i − ∪_{j<i} c_j|``     (Eq. 9)

``Σ_d rel(d)`` runs over the documents (whole articles) of the collection.  Curves are
interpolated with Salton's rule (precision at recall ``x`` = the maximum precision at any recall
≥ ``x``; 0 if the run never reaches ``x``) and averaged over the recall points 0.01..1.00.
"""
from __future__ import annotations

import numpy as np

from ...judgements.quantise import (coverage_gen, coverage_strict, relevance_gen,
                                   relevance_strict)

RECALL_POINTS = np.round(np.arange(1, 101) / 100.0, 10)
TOL = 1e-9

# --- separate relevance and coverage quantisations (Gövert et al. 2006, Eq. 2-3) ----------------------
# INEX 2002: relevance 0..3; coverage stored as codes N=0, S=1 (too small), L=2 (too large), E=3.
# (One implementation: the relevance and coverage parts of the registered quantisations.)


def rel_strict(e: np.ndarray) -> np.ndarray:
    """``rel_strict`` (Gövert et al. 2006, Eq. 2): the registered quantisation's relevance part."""
    return relevance_strict(np.asarray(e, dtype=np.float64))


def rel_gen(e: np.ndarray) -> np.ndarray:
    """``rel_generalised`` (Gövert et al. 2006, Eq. 3): the registered quantisation's relevance part."""
    return relevance_gen(np.asarray(e, dtype=np.float64))


def cov_strict(s: np.ndarray) -> np.ndarray:
    """``cov_strict`` (Gövert et al. 2006, Eq. 2): the registered quantisation's coverage part."""
    return coverage_strict(np.asarray(s, dtype=np.float64))


def cov_gen(s: np.ndarray) -> np.ndarray:
    """``cov_generalised`` (Gövert et al. 2006, Eq. 3): the registered quantisation's coverage part."""
    return coverage_gen(np.asarray(s, dtype=np.float64))


# INEX 2003/2004 (e, s in 0..3): exhaustivity plays relevance, specificity plays coverage.
def spec_strict(s: np.ndarray) -> np.ndarray:
    """2003/2004 coverage from specificity, strict: ``s = 3 -> 1``."""
    return (np.asarray(s, dtype=np.float64) == 3).astype(np.float64)


def spec_gen(s: np.ndarray) -> np.ndarray:
    """2003/2004 coverage from specificity, generalised: ``s/3``."""
    return np.clip(np.asarray(s, dtype=np.float64), 0, 3) / 3.0


# INEX 2005: exhaustivity 0, 1, 2 or ? (too small, stored as -1); specificity in [0, 1] is the
# highlighted fraction |t ∩ c|/|c|, i.e. exactly Gövert et al.'s concept-space coverage (Eq. 1).
def exh5_strict(e: np.ndarray) -> np.ndarray:
    return (np.asarray(e, dtype=np.float64) == 2).astype(np.float64)


def exh5_gen(e: np.ndarray) -> np.ndarray:
    return np.clip(np.asarray(e, dtype=np.float64), 0, 2) / 2.0


def spec5_strict(s: np.ndarray) -> np.ndarray:
    return (np.asarray(s, dtype=np.float64) >= 1).astype(np.float64)


def spec5_gen(s: np.ndarray) -> np.ndarray:
    return np.clip(np.asarray(s, dtype=np.float64), 0, 1)


#: (scale, "strict"|"gen") -> (relevance function of e, coverage function of s)
SCALE_FUNCTIONS = {
    ("inex2002", "strict"): (rel_strict, cov_strict),
    ("inex2002", "gen"): (rel_gen, cov_gen),
    ("inex2003", "strict"): (rel_strict, spec_strict),
    ("inex2003", "gen"): (rel_gen, spec_gen),
    ("inex2005", "strict"): (exh5_strict, spec5_strict),
    ("inex2005", "gen"): (exh5_gen, spec5_gen),
}


# --- the measures -----------------------------------------------------------------------------


def ng_curves(rel: np.ndarray, cov: np.ndarray, size: np.ndarray, new: np.ndarray,
              total_rel: float, fraction: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """Per rank ``k``: ``recall_s, precision_s, recall_o, precision_o`` (Gövert et al. 2006, Eq. 6-9).

    ``new`` is the size of the text of ``c_k`` not covered by earlier components; ``fraction``
    is ``new/size`` (given explicitly for components of size 0; default ``new/size``, 1 when the
    size is 0).
    """
    rel, cov, size, new = (np.asarray(a, dtype=np.float64) for a in (rel, cov, size, new))
    if fraction is None:
        fraction = np.divide(new, size, out=np.ones_like(new), where=size > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        cum_size = np.cumsum(size)
        cum_new = np.cumsum(new)
        out = {
            "recall_s": np.cumsum(rel) / total_rel if total_rel > 0 else np.zeros_like(rel),
            "precision_s": np.where(cum_size > 0, np.cumsum(cov * size) / cum_size, 0.0),
            "recall_o": (np.cumsum(rel * fraction) / total_rel if total_rel > 0
                         else np.zeros_like(rel)),
            "precision_o": np.where(cum_new > 0, np.cumsum(cov * new) / cum_new, 0.0),
        }
    return out


def salton_interpolate(recall: np.ndarray, precision: np.ndarray,
                       points: np.ndarray = RECALL_POINTS) -> np.ndarray:
    """Salton's interpolation: at recall ``x`` the maximum precision at any recall ≥ ``x``;
    0 where the curve never reaches ``x``.  ``recall`` must be non-decreasing."""
    points = np.asarray(points, dtype=np.float64)
    recall = np.asarray(recall, dtype=np.float64)
    precision = np.asarray(precision, dtype=np.float64)
    if recall.size == 0:
        return np.zeros(points.shape)
    best_after = np.maximum.accumulate(precision[::-1])[::-1]
    k = np.searchsorted(recall, points - TOL, side="left")
    reached = k < recall.size
    return np.where(reached, best_after[np.minimum(k, recall.size - 1)], 0.0)
