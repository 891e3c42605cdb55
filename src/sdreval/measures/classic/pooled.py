"""Measures for sampled or incomplete judgement pools, as trec_eval 10.0 computes them.

trec_eval's qrels convention: a document listed with a negative grade (``-1``) was pooled but
not judged (a sample of the pool was judged); a document not listed was not pooled.

* ``infAP`` (Yilmaz & Aslam 2006, "Estimating average precision with incomplete and imperfect
  judgments", CIKM; trec_eval ``infAP``, ir_measures ``infAP``): for the relevant result at rank
  ``k`` (k − 1 results above it, of which ``r`` judged relevant, ``n`` judged non-relevant and
  ``u`` pooled but not judged), the expected precision ``1/k + ((k−1)/k) · ((r + n + u)/(k−1))
  · ((r + ε)/(r + n + 2ε))`` (1 at rank 1), ε = 0.00001; summed over the relevant results and
  divided by the relevant judged documents R.  Results outside the pool count in ``k`` only.
* ``Unjudged@k`` (trec_eval ``unj_k``): the results among the first k that were not judged
  (not listed, or pooled but not judged), divided by k (a list shorter than k is filled with
  judged results, as trec_eval does).  ir_measures' ``Judged@k`` (the classic family) counts
  pooled documents as judged and divides by min(k, list length).

Each reads the gain matrix of the classic family (the same gains, orderings and depth) and
the pooled documents by a second lookup of the same run (only when the qrels list any), a
block of topics at a time.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...judgements.qrels import Qrels
from ...model.run import Run
from ..registry import Measure, MeasureDef, register_family, register_measure
from .definitions import QUANT, REL, GainGroup, binary_relevance, blockwise, relevant_for

FAMILY = "pooled"
#: trec_eval's INFAP_EPSILON
INFAP_EPSILON = 0.00001
_DEFS = [
    MeasureDef("infAP", FAMILY, "inferred average precision (Yilmaz & Aslam 2006; trec_eval "
               "infAP, ir_measures infAP): AP estimated from a judged sample of the pool; "
               "documents with a negative grade are pooled but not judged",
               (QUANT, REL)),
    MeasureDef("Unjudged", FAMILY, "unjudged rate at rank k (trec_eval unj_k): results among "
               "the first k not judged (not listed, or listed with a negative grade) / k",
               (QUANT,), cutoff="int", cutoff_doc="rank k", ranks=False),
]
for _definition in _DEFS:
    register_measure(_definition)


def _within_row(marks: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Per entry of a row-major sparse listing, the marks strictly before it in its row."""
    total = np.cumsum(marks) - marks
    starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]]) if rows.size else rows
    base = np.repeat(total[starts], np.diff(np.r_[starts, rows.size]))
    return total - base


def inferred_ap(isrel: np.ndarray, nonrel: np.ndarray, pooled: np.ndarray,
                R: np.ndarray) -> np.ndarray:
    """infAP per row (module docstring), the terms added in rank order as trec_eval does.
    Only the judged or pooled results are visited (sparse)."""
    rows, cols = np.nonzero(isrel | nonrel | pooled)
    rel = isrel[rows, cols]
    r = _within_row(rel.astype(np.int64), rows)
    n = _within_row(nonrel[rows, cols].astype(np.int64), rows)
    u = _within_row(pooled[rows, cols].astype(np.int64), rows)
    rows, cols, r, n, u = rows[rel], cols[rel], r[rel], n[rel], u[rel]
    j = cols.astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        term = (1.0 / (j + 1.0) + (j / (j + 1.0)) * ((r + n + u) / j)
                * ((r + INFAP_EPSILON) / (r + n + 2 * INFAP_EPSILON)))
    term = np.where(cols == 0, 1.0, term)
    total = np.bincount(rows, weights=term, minlength=isrel.shape[0])
    R = np.asarray(R, dtype=np.float64)
    return np.divide(total, R, out=np.zeros(total.size), where=R > 0)


def unjudged_at(unjudged: np.ndarray, k: int) -> np.ndarray:
    """``Unjudged@k``: marked results among the first k, over k."""
    return unjudged[:, :k].sum(axis=1, dtype=np.float64) / k


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: Any) -> dict[str, dict[str, float]]:
    """Family kernel: infAP and Unjudged@k of one run, from the classic family's gains, a
    block of topics at a time (:func:`~.definitions.blockwise`)."""
    def block_values(members: list[Measure], group: GainGroup, rows: slice, G: np.ndarray
                     ) -> dict[str, np.ndarray]:
        judged = group.lookup.matrix(group.lookup.judged, bool, rows=rows)
        pooled = group.marks.matrix(rows, judged.shape[1])
        values = {}
        for m in members:
            if m.name == "infAP":
                rel = float(m.get("rel", ctx))
                isrel = binary_relevance(G, rel)
                R = np.count_nonzero(binary_relevance(group.ideal[rows], rel), axis=1)
                values[m.text] = inferred_ap(isrel, judged & ~pooled & ~isrel, pooled, R)
            else:  # Unjudged
                filled = np.arange(judged.shape[1]) < group.lengths[rows, None]
                values[m.text] = unjudged_at(filled & (~judged | pooled), int(m.cutoff))
        return values

    return blockwise(measures, qrels, run, topics, ctx, block_values)


register_family(FAMILY, compute, relevant_for)
