"""INEX 2007-2010 Relevant in Context and Best in Context (article-level generalized precision).

Results are grouped by article; the article is the ranking unit and articles are ranked by their
first appearance in the run.  Article scores (Kamps et al., INEX 2007; INEX 2009/2010 overviews):

* Relevant in Context: F_β of the character precision and recall inside the article (β = 0.25
  by default), the article's retrieved text being the union of its passages;
* Best in Context: (n − |BEP − entry|)/n when the distance is at most n (n = 500 by default),
  else 0, the entry point being the offset of the article's first result.

gP[r] = Σ_{i≤r} score_i / r; gR[r] = relevant articles up to r / relevant articles;
AgP = Σ_r gP[r]·isrel(r) / relevant articles; MAgP = mean AgP over topics.

All functions work on every article of every topic of a run at once: articles are laid out
block by block (``bounds``: the articles of topic b are ``bounds[b]:bounds[b+1]``).
"""
from __future__ import annotations

import numpy as np

from ..segments import segmented_cumsum
from .kernels import bep_score, f_beta


def ric_scores(rel_ret: np.ndarray, ret: np.ndarray, rel_chars: np.ndarray, beta: float
               ) -> np.ndarray:
    """Relevant in Context article scores (F_β of character precision and recall)."""
    return f_beta(rel_ret, ret, rel_chars, beta)


def bic_scores(entry: np.ndarray, bep: np.ndarray, relevant: np.ndarray, n: int) -> np.ndarray:
    """Best in Context article scores from the entry point (first result's offset)."""
    return bep_score(entry, bep, relevant, n)


def generalized(scores: np.ndarray, relevant: np.ndarray, bounds: np.ndarray,
                n_relevant: np.ndarray, cutoffs: list[int], compat: bool
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per topic: gP@k and gR@k for each cut-off (topics × cut-offs) and AgP (topics).

    Past the end of a ranking gP[k] divides by k (articles not returned score 0);
    ``compat`` reproduces inex_eval 1.0, which reports the last rank's value instead.
    A topic with no article returned scores 0."""
    sizes = np.diff(bounds)
    t = sizes.size
    cum = segmented_cumsum(scores, bounds)
    cum_rel = segmented_cumsum(relevant.astype(np.float64), bounds)
    rank = np.arange(scores.size) - np.repeat(bounds[:-1], sizes) + 1
    gp_all = cum / np.maximum(rank, 1)
    block = np.repeat(np.arange(t), sizes)
    nrel = np.asarray(n_relevant, dtype=np.float64)
    safe = np.where(nrel > 0, nrel, 1.0)
    agp = np.bincount(block, weights=gp_all * relevant, minlength=t) / safe
    agp = np.where(nrel > 0, agp, 0.0)
    k = np.asarray(cutoffs, dtype=np.int64)[None, :]
    m = sizes[:, None]
    has = m > 0
    idx = np.where(has, bounds[:-1, None] + np.minimum(k, m) - 1, 0)
    total = np.where(has, cum[idx] if cum.size else 0.0, 0.0)
    found = np.where(has, cum_rel[idx] if cum.size else 0.0, 0.0)
    denom = np.maximum(np.minimum(k, m), 1) if compat else k
    gp = total / denom
    gr = np.where(nrel[:, None] > 0, found / safe[:, None], 0.0)
    return gp, gr, agp
