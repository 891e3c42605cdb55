"""INEX 2007-2010 Relevant in Context and Best in Context (article-level generalized precision).

Results are grouped by article; the article is the ranking unit and articles are ranked by their
first appearance in the run.  Article scores (Kamps et al., INEX 2007; INEX 2009/2010 overviews):

* Relevant in Context: F_β of the character precision and recall inside the article (β = 0.25
  by default), the article's retrieved text being the union of its passages;
* Best in Context: (n − |BEP − entry|)/n when the distance is at most n (n = 500 by default),
  else 0, the entry point being the offset of the article's first result.

gP[r] = Σ_{i≤r} score_i / r; gR[r] = relevant articles up to r / relevant articles;
AgP = Σ_r gP[r]·isrel(r) / relevant articles; MAgP = mean AgP over topics.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .kernels import bep_score, f_beta, generalized_precision
from .topic import PlacedRanking


@dataclass
class ArticleOrder:
    """Articles of one ranking in order of first appearance."""

    order: np.ndarray        # unique-doc indices, best article first
    first_row: np.ndarray    # per unique doc: row of its first result
    count: np.ndarray        # per unique doc: number of results
    interleaved: np.ndarray  # unique-doc indices whose results are not consecutive


def article_order(placed: PlacedRanking) -> ArticleOrder:
    """Documents are numbered by first appearance (:func:`topic.place`), so the article order
    is ``0..m-1``; the first row of document ``u`` is where the running maximum of the document
    numbers first reaches ``u``."""
    m = placed.doc_names.size
    if placed.n == 0:
        z = np.zeros(0, dtype=np.int64)
        return ArticleOrder(z, z, z, z)
    inv = placed.doc_index
    first = np.flatnonzero(np.diff(np.maximum.accumulate(inv), prepend=-1) > 0)
    count = np.bincount(inv, minlength=m)
    runs = np.count_nonzero(np.diff(inv)) + 1  # maximal blocks of one article
    if runs == m:
        interleaved = np.zeros(0, dtype=np.int64)
    else:
        starts = np.flatnonzero(np.diff(inv, prepend=-1) != 0)
        blocks = np.bincount(inv[starts], minlength=m)
        interleaved = np.flatnonzero(blocks > 1)
    return ArticleOrder(np.arange(m), first, count, interleaved)


def ric_scores(placed: PlacedRanking, arts: ArticleOrder, beta: float
               ) -> tuple[np.ndarray, np.ndarray]:
    """(F_β score, is-relevant) per article, in article rank order."""
    if placed.n == 0:
        return np.zeros(0), np.zeros(0, dtype=bool)
    rel_ret, ret = placed.per_document()
    score = f_beta(rel_ret, ret, placed.doc_rel_chars, beta)
    return score[arts.order], placed.doc_relevant[arts.order]


def bic_scores(placed: PlacedRanking, arts: ArticleOrder, offsets: np.ndarray, n: int
               ) -> tuple[np.ndarray, np.ndarray]:
    """(BEP-distance score, is-relevant) per article, in article rank order; the entry point
    of an article is its first result's offset."""
    if placed.n == 0:
        return np.zeros(0), np.zeros(0, dtype=bool)
    entry = np.asarray(offsets, dtype=np.int64)[arts.first_row]
    score = bep_score(entry, placed.doc_bep, placed.doc_relevant, n)
    return score[arts.order], placed.doc_relevant[arts.order]


def generalized(scores: np.ndarray, relevant: np.ndarray, n_relevant: int, cutoffs: list[int],
                compat: bool) -> tuple[np.ndarray, np.ndarray, float]:
    """(gP@k, gR@k) for each cut-off and AgP.

    Past the end of the ranking gP[k] divides by k (the articles not returned score 0);
    ``compat`` reproduces inex_eval 1.0, which reports the last rank's value instead."""
    gp, gr, agp = generalized_precision(scores, relevant, n_relevant)
    k = np.asarray(cutoffs, dtype=np.int64)
    m = scores.size
    if m == 0:
        return np.zeros(k.size), np.zeros(k.size), 0.0
    idx = np.minimum(k, m) - 1
    total = np.cumsum(scores)[idx]
    gp_k = total / (np.minimum(k, m) if compat else k)
    return gp_k, gr[idx], agp
