"""Graded span measures and document-level measures from span qrels.

* ``SpanNDCG@k``: every character c has a gain, the highest grade of the gold spans holding it
  (0 outside gold).  The span at rank i gains G_i = Σ gain(c) over the characters it is the
  first to retrieve (text retrieved again gains nothing).  With trec_eval's nDCG discount
  1/log2(i + 1) (Järvelin & Kekäläinen's DCG, 2002, divides by log_b(i) from rank b on),
  SpanNDCG@k = Σ_{i≤k} G_i / log2(i + 1)  /  Σ_c gain(c):
  the ideal hands over all gold text, and only gold text, at rank 1 — a span covering two
  gold excerpts at rank 1 is better than the two at ranks 1 and 2.  In [0, 1].
* ``SpanDocR@k`` and ``SpanDocNDCG@k``: the documents of the span ranking in order of first
  appearance, a document's grade the highest grade of its gold spans; recall of the relevant
  documents in the first k documents, and nDCG@k with gain = grade (trec_eval's ``ndcg_cut``,
  after Järvelin & Kekäläinen, 2002: trec_eval's log2(i + 1) discounts and the ideal ranking of
  the judged grades).  One span qrels file serves both levels.
"""
from __future__ import annotations

import numpy as np

from ...lazy import lazy_module
from ..classic.kernels import ndcg_at, pad

pd = lazy_module("pandas")

GRADED = ("SpanNDCG", "SpanDocR", "SpanDocNDCG")


def piece_gains(pieces, gold_line: np.ndarray, grades: np.ndarray) -> np.ndarray:
    """Gain per character of every piece: the highest grade of the gold spans covering it
    (pieces are cut at every gold boundary, so a piece is inside a gold span or outside)."""
    if not gold_line.size or not pieces.start.size:
        return np.zeros(pieces.start.size)
    cuts = np.unique(gold_line.ravel())
    best = np.zeros(cuts.size)
    order = np.argsort(grades, kind="stable")  # paint low grades first, high ones over them
    lo = np.searchsorted(cuts, gold_line[order, 0])
    hi = np.searchsorted(cuts, gold_line[order, 1])
    for a, b, g in zip(lo.tolist(), hi.tolist(), grades[order].tolist()):
        best[a:b] = np.maximum(best[a:b], g)
    at = np.searchsorted(cuts, pieces.start, side="right") - 1
    return np.where(pieces.relevant & (at >= 0), best[np.maximum(at, 0)], 0.0)


def ideal_gains(gold_line: np.ndarray, grades: np.ndarray, blocks: np.ndarray,
                n_blocks: int) -> np.ndarray:
    """Σ_c gain(c) per topic block (overlapping gold spans: the highest grade, once)."""
    if not gold_line.size:
        return np.zeros(n_blocks)
    cuts = np.unique(gold_line.ravel())
    best = np.zeros(cuts.size)
    owner = np.full(cuts.size, -1, dtype=np.int64)
    lo = np.searchsorted(cuts, gold_line[:, 0])
    hi = np.searchsorted(cuts, gold_line[:, 1])
    for a, b, g, blk in zip(lo.tolist(), hi.tolist(), grades.tolist(), blocks.tolist()):
        best[a:b] = np.maximum(best[a:b], g)
        owner[a:b] = blk
    lengths = np.diff(cuts)
    inside = owner[:-1] >= 0
    return np.bincount(owner[:-1][inside], weights=(lengths * best[:-1])[inside],
                       minlength=n_blocks)


def span_ndcg(pieces, gains: np.ndarray, bounds: np.ndarray, row_block: np.ndarray,
              ideal: np.ndarray, k: int | None) -> np.ndarray:
    """SpanNDCG@k per topic block."""
    n_blocks = bounds.size - 1
    rank = pieces.row - bounds[:-1][row_block[pieces.row]] + 1
    keep = rank <= k if k is not None else np.ones(rank.size, dtype=bool)
    dcg = np.bincount(row_block[pieces.row][keep],
                      weights=(pieces.length * gains / np.log2(rank + 1.0))[keep],
                      minlength=n_blocks)
    return np.divide(dcg, ideal, out=np.zeros(n_blocks), where=ideal > 0)


def document_values(name: str, k: int | None, gold: pd.DataFrame, answered: list[str],
                    bounds: np.ndarray, docs: np.ndarray) -> np.ndarray:
    """SpanDocR@k or SpanDocNDCG@k per answered topic."""
    grade_of = gold.groupby(["topic", "doc"], sort=False)["grade"].max()
    out = np.zeros(len(answered))
    for b, topic in enumerate(answered):
        judged = grade_of.get(topic)
        if judged is None or not len(judged):
            continue
        ranked = list(dict.fromkeys(docs[bounds[b]:bounds[b + 1]].tolist()))[:k]
        gains = np.array([float(judged.get(d, 0.0)) for d in ranked])
        if name == "SpanDocR":
            out[b] = np.count_nonzero(gains > 0) / np.count_nonzero(judged.to_numpy() > 0)
            continue
        # the documents' nDCG by the one nDCG kernel (terms added rank by rank, as trec_eval
        # adds them): the bits of nDCG on the same document ranking, whatever its length
        ideal = np.sort(judged.to_numpy(dtype=np.float64))[::-1]
        out[b] = float(ndcg_at(pad([gains]), pad([ideal]), k)[0])
    return out
