"""Documents pooled but not judged: trec_eval's qrels convention for sampled pools.

A document listed in the qrels with a negative grade (``-1``) was in the pool but not judged
(Yilmaz & Aslam 2006 judge a random sample of the pool); trec_eval's infAP, bpref, unj and
rbp_resid treat it as unjudged, not as judged non-relevant.  A document not listed was not
pooled.  The rule lives here; the measures read it through :class:`PooledMarks` and
:func:`pooled_counts`.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...judgements.qrels import Qrels
from ...judgements.quantise import Quantisation
from ...judgements.relevance import relevant_topics
from ...model.run import Run
from .gains import is_passage_only
from .join import run_lookup
from .judged import judgements

#: 1 for a document pooled but not judged (a negative grade), else 0
POOLED = Quantisation("pooled-unjudged", "graded", lambda e, s: (e < 0).astype(np.float64),
                      "1 for a document listed with a negative grade (pooled, not judged)")


def has_pooled(qrels: Qrels, ctx: Any = None) -> bool:
    """The qrels list some document with a negative grade (judgements of highlighted
    passages have none)."""
    if is_passage_only(qrels):
        return False
    return bool(relevant_topics(qrels, POOLED, 0.0, getattr(ctx, "cache", None)))


class PooledMarks:
    """Per result of a run on some topics: the result is a document pooled but not judged
    (one lookup of the run, made on first use and not cached: it would take the one slot of
    the run's own lookup), given as topics × ranks matrices a block of topics at a time."""

    def __init__(self, qrels: Qrels, run: Run, topics: list[str], ctx: Any) -> None:
        self.qrels, self.run, self.topics, self.ctx = qrels, run, topics, ctx
        self._lookup: Any = None

    def matrix(self, rows: slice, width: int) -> np.ndarray:
        """Topics ``rows`` × ``width`` ranks (the run's lookup matrix of those topics)."""
        out = np.zeros((rows.stop - rows.start, width), dtype=bool)
        if self._lookup is None:
            self._lookup = (run_lookup(self.qrels, self.run, self.topics, POOLED, None)
                            if has_pooled(self.qrels, self.ctx) else False)
        if self._lookup is False:
            return out
        marks = self._lookup.matrix(self._lookup.q > 0, bool, rows=rows)
        shared = min(width, marks.shape[1])
        out[:, :shared] = marks[:, :shared]
        return out


def pooled_counts(qrels: Qrels, topics: list[str], ctx: Any) -> np.ndarray:
    """Documents pooled but not judged, per topic."""
    if not has_pooled(qrels, ctx):
        return np.zeros(len(topics), dtype=np.int64)
    found = judgements(qrels, topics, POOLED, None)
    return np.bincount(found.topic[found.value > 0], minlength=len(topics))
