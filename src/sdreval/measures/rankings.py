"""More measures of a ranked list of documents, as trec_eval, ir_measures and ranx compute them.

* ``GMAP`` (trec_eval ``gm_map``; Robertson 2006): AP per topic, averaged geometrically over
  topics, each value floored at 0.00001 as trec_eval does.
* ``IPrecAvg`` (trec_eval ``11pt_avg``): the mean of the interpolated precision at the eleven
  recall levels 0.0, 0.1, ..., 1.0 (``version`` as ``IPrec``'s).
* ``RBP`` (Moffat & Zobel 2008, Eq. 2): ``(1 − p) Σ_i g(i) · p^(i−1)``, the gain g a result's
  grade as ranx (binary with ``rel``, as ir_measures' ``RBP(rel=1)``); ``RBPResidual`` its residual (Moffat & Zobel 2008, §4): the score an
  unjudged result or a rank past the list could still add, ``p^d + (1 − p) Σ_{unjudged i ≤ d}
  p^(i−1)`` for a list of ``d`` results; a document listed with a negative grade (pooled, not
  judged: trec_eval's convention) is unjudged.  trec_eval's ``rbp_resid`` gives the same
  value, but 0 for a list without an unjudged result.
* ``ERR@k`` (Chapelle et al. 2009, Eq. 4): ``Σ_r (1/r) R_r Π_{i<r} (1 − R_i)`` with
  ``R = (2^g − 1)/2^max_grade``, ``max_grade`` 4 as gdeval (TREC Web track) and ir_measures.
* ``Hits@k`` (ranx ``hits``): relevant results among the first k.

Each reads the gain matrix of the classic family (the same gains, orderings and depth), a
block of topics at a time.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import UsageError
from ..judgements.qrels import Qrels
from ..model.run import Run
from .classic import kernels
from .classic.definitions import (QUANT, REL, VERSION, GainGroup, binary_relevance, blockwise,
                                  relevant_for, say_trec_version)
from .classic.lookup import RunLookup
from .classic.pool import PooledMarks
from .param_rules import PERSISTENCE_RANGE
from .registry import (NON_NEGATIVE, Measure, MeasureDef, Param, register_family,
                       register_measure)
from .results import GMEAN_FLOOR

FAMILY = "rankings"
#: trec_eval's floor of a topic's AP in the geometric mean (MIN_GEO_MEAN), applied as
#: the floor of :func:`sdreval.measures.results.log_sum`, the one place
GMAP_FLOOR = GMEAN_FLOOR
ELEVEN_POINTS = tuple(i / 10 for i in range(11))
PERSISTENCE = Param("p", float, 0.8, "persistence p of the user, 0 < p < 1 (ir_measures' "
                    "default 0.8; trec_eval's rbp uses 0.9)", allowed=PERSISTENCE_RANGE)

GRADED_REL = Param("rel", float, 0.0, "0: a result's gain is its grade (ranx, ir_measures "
                   "without rel); > 0: binary, relevant iff grade >= rel", allowed=NON_NEGATIVE,
                   context_key="rel_level")

_DEFS = [
    MeasureDef("GMAP", FAMILY, "geometric mean average precision (trec_eval gm_map; Robertson "
               "2006): AP per topic, exp(mean log max(AP, 0.00001)) over topics",
               (QUANT, REL), aggregate="gmean"),
    MeasureDef("IPrecAvg", FAMILY, "11-point interpolated average precision (Manning, "
               "Raghavan & Schütze 2008, §8.4; trec_eval 11pt_avg): mean of IPrec at recall 0.0, "
               "0.1, ..., 1.0", (QUANT, REL, VERSION)),
    MeasureDef("RBP", FAMILY, "rank-biased precision (Moffat & Zobel 2008, Eq. 2; ir_measures "
               "RBP, ranx rbp): (1 − p) Σ g(i) p^(i−1) over the first k results (all if no "
               "k); g the grade (rel=0, as ranx) or isrel (rel > 0)",
               (QUANT, GRADED_REL, PERSISTENCE), cutoff="optional-int", cutoff_doc="rank k"),
    MeasureDef("RBPResidual", FAMILY, "residual of RBP (Moffat & Zobel 2008, §4): p^d + "
               "(1 − p) Σ_{unjudged i ≤ d} p^(i−1), d results (at most k)",
               (QUANT, PERSISTENCE), cutoff="optional-int", cutoff_doc="rank k",
               ranks=False),
    MeasureDef("ERR", FAMILY, "expected reciprocal rank (Chapelle et al. 2009, Eq. 4; "
               "ir_measures ERR, gdeval): Σ_r (1/r) R_r Π_{i<r}(1 − R_i), R = (2^g − 1)/"
               "2^max_grade", (QUANT, Param("max_grade", float, 4.0, "highest grade g_max "
                                            "(gdeval's 4)", allowed=NON_NEGATIVE)),
               cutoff="optional-int", cutoff_doc="rank k"),
    MeasureDef("Hits", FAMILY, "relevant results among the first k (ranx hits@k): count(k)",
               (QUANT, REL), cutoff="optional-int", cutoff_doc="rank k"),
]
for _definition in _DEFS:
    register_measure(_definition)


def rbp(isrel: np.ndarray, p: float) -> np.ndarray:
    """``(1 − p) Σ_i isrel(i) p^(i−1)`` per row."""
    weights = p ** np.arange(isrel.shape[1], dtype=np.float64)
    return (1.0 - p) * kernels.row_sums(isrel * weights)


def rbp_residual(unjudged: np.ndarray, lengths: np.ndarray, p: float) -> np.ndarray:
    """``p^d + (1 − p) Σ_{unjudged i ≤ d} p^(i−1)`` per row (``d`` the row's length)."""
    weights = p ** np.arange(unjudged.shape[1], dtype=np.float64)
    return p ** lengths.astype(np.float64) + (1.0 - p) * kernels.row_sums(unjudged * weights)


def err(G: np.ndarray, max_grade: float) -> np.ndarray:
    """Expected reciprocal rank of the gain matrix ``G`` (grades), cascade model; above a
    ``max_grade`` of :data:`~.classic.kernels.EXP_LIMIT` numerator and denominator are divided
    by one power of 2 (2^g overflows a double from g = 1024 on)."""
    shift = float(kernels.exp_shift(np.float64(max_grade)))
    stop = (2.0 ** (np.maximum(G, 0.0) - shift) - 2.0 ** -shift) / 2.0 ** (max_grade - shift)
    reach = np.cumprod(np.hstack([np.ones((G.shape[0], 1)), 1.0 - stop[:, :-1]]), axis=1)
    return kernels.row_sums(reach * stop / np.arange(1, G.shape[1] + 1))


def err_max_grade(m: Measure, I: np.ndarray, ctx: Any) -> float:
    """ERR's g_max, refused below a judged grade of the topics ``I`` (their ideal gains): R =
    (2^g − 1)/2^g_max is a probability only for g <= g_max (Chapelle et al. 2009, Eq. 4, g_max
    the highest grade), and ERR, the expected reciprocal rank, would pass 1."""
    g_max = float(m.get("max_grade", ctx))
    top = float(I.max()) if I.size else 0.0
    if top > g_max:
        raise UsageError(f"measure {m.text}: grade {top:g} is above max_grade {g_max:g}: the "
                         f"stopping probability (2^g - 1)/2^max_grade of ERR would pass 1 "
                         f"(Chapelle et al. 2009, Eq. 4: max_grade is the highest grade); give "
                         f"ERR(max_grade={top:g}) or more")
    return g_max


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: Any) -> dict[str, dict[str, float]]:
    """Family kernel: the measures of one run, from the classic family's gains, a block of
    topics at a time (:func:`~.classic.definitions.blockwise`)."""
    def block_values(members: list[Measure], group: GainGroup, rows: slice, G: np.ndarray
                     ) -> dict[str, np.ndarray]:
        return {m.text: _member(m, G, group.ideal[rows], group.lengths[rows], group.lookup,
                                group.marks, rows, ctx) for m in members}

    return blockwise(measures, qrels, run, topics, ctx, block_values)


def _member(m: Measure, G: np.ndarray, I: np.ndarray, lengths: np.ndarray, lookup: RunLookup,
            pooled: PooledMarks, rows: slice, ctx: Any) -> np.ndarray:
    """Values of one measure on the topics ``rows`` (``G``, ``I``, ``lengths``: theirs)."""
    # past the longest list every gain is 0 and every rank unretrieved: the value at k is the
    # value at that length (no matrix k wide for RBP@1e12)
    k = G.shape[1] if m.cutoff is None else min(int(m.cutoff), max(G.shape[1], 1))
    Gk = kernels.pad(list(G), max(k, 1))[:, :k] if k > G.shape[1] else G[:, :k]
    if m.name == "ERR":
        return err(Gk, err_max_grade(m, I, ctx))
    if m.name == "RBP" and float(m.get("rel", ctx)) == 0:
        return rbp(Gk, float(m.get("p", ctx)))
    if m.name == "RBPResidual":
        judged = lookup.matrix(lookup.judged, bool, rows=rows)
        judged = (judged & ~pooled.matrix(rows, judged.shape[1]))[:, :k]
        filled = np.arange(judged.shape[1]) < np.minimum(lengths, k)[:, None]
        return rbp_residual(filled & ~judged, np.minimum(lengths, k), float(m.get("p", ctx)))
    rel = float(m.get("rel", ctx))
    isrel = binary_relevance(Gk, rel)
    R = np.count_nonzero(binary_relevance(I, rel), axis=1).astype(np.int64)
    return np.asarray(_binary(m, isrel, R, ctx), dtype=np.float64)


def _binary(m: Measure, isrel: np.ndarray, R: np.ndarray, ctx: Any) -> np.ndarray:
    if m.name == "GMAP":
        return kernels.average_precision(isrel, R)
    if m.name == "IPrecAvg":
        say_trec_version(m, isrel, R, ELEVEN_POINTS, ctx)
        version = m.get("version", ctx)
        total = np.zeros(isrel.shape[0])
        for x in reversed(ELEVEN_POINTS):  # trec_eval's sum, from recall 1.0 down: the same
            total = total + kernels.interpolated_precision(isrel, R, x, version)  # bits
        return total / len(ELEVEN_POINTS)  # for a topic alone or among others
    if m.name == "RBP":
        return rbp(isrel.astype(np.float64), float(m.get("p", ctx)))
    if m.name == "Hits":
        return isrel.sum(axis=1).astype(np.float64)
    raise AssertionError(m.name)  # pragma: no cover - every registered name is handled


register_family(FAMILY, compute, relevant_for)
