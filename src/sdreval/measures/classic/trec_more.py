"""trec_eval's less common measures, as trec_eval 10.0 computes them (its m_<name>.c files).

Binary (relevant iff grade >= ``rel``, trec_eval's ``-l``): ``NumNonRelJudgedRet``
(``num_nonrel_judged_ret``), ``SetAP`` (``set_map``), ``SetRelP`` (``set_relative_P``),
``RelP@k`` (``relative_P_k``), ``GMBpref`` (``gm_bpref``: Buckley & Voorhees 2004's bpref,
averaged geometrically as trec_eval's gm_map, Robertson 2006), ``Utility`` (``utility``, a set
measure of the contingency table, as the TREC Filtering track's linear utility, Hull &
Robertson 1999), ``RprecMult@x`` (``Rprec_mult_x``) and ``BinG`` (``binG``).  Graded, with
trec_eval's default gains (a result's gain is its grade; a negative grade, pooled but not
judged, and a document not judged gain 0): ``G``, ``nDCGRel`` (``ndcg_rel``) and ``RnDCG``
(``Rndcg``), Buckley's experimental measures of trec_eval 9.0 (2008).  trec_eval's gain
parameters (``-m G.1=3.5,2=9``) are not taken.  trec_eval 10.0's rbp scales its gains to [0, 1]
with two variables it never initialises (``min``, ``max`` in m_rbp.c): ``TrecRBP`` scales as
that code intends, by the topic's highest grade (the lowest gain is grade 0's), which is what
trec_eval gives when rbp runs alone; after some other measures in the same command (``-m G -m
rbp``) trec_eval's value changes.

Each reads the gain matrix of the classic family (the same gains, orderings and depth) a
block of topics at a time.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...judgements.qrels import Qrels
from ...model.run import Run
from ..param_rules import PERSISTENCE_RANGE
from ..registry import Measure, MeasureDef, Param, Range, register_family, register_measure
from . import kernels
from .definitions import QUANT, REL, GainGroup, binary_relevance, blockwise, relevant_for
from .gains import resolve_quant
from .judged import judgements
from .pool import pooled_counts

FAMILY = "trec_more"


def _weight(name: str, default: float, what: str) -> Param:
    return Param(name, float, default, f"worth of each {what} (trec_eval's default {default:g})",
                 allowed=Range())


_PERSISTENCE = Param("p", float, 0.9, "persistence p of the user, 0 < p < 1 (trec_eval's 0.9)",
                     allowed=PERSISTENCE_RANGE)

_DEFS = [
    MeasureDef("NumNonRelJudgedRet", FAMILY, "judged non-relevant results retrieved (trec_eval "
               "num_nonrel_judged_ret): grade >= 0 and below rel; summed over topics",
               (QUANT, REL), aggregate="sum", ranks=False),
    MeasureDef("SetAP", FAMILY, "unranked set average precision (trec_eval set_map): "
               "count(L)² / (L·R) = SetP·SetR", (QUANT, REL)),
    MeasureDef("SetRelP", FAMILY, "relative set precision (trec_eval set_relative_P): "
               "count(L) / min(L, R)", (QUANT, REL)),
    MeasureDef("RelP", FAMILY, "relative precision at rank k (trec_eval relative_P_k): "
               "count(k) / min(k, R)", (QUANT, REL), cutoff="int", cutoff_doc="rank k"),
    MeasureDef("GMBpref", FAMILY, "geometric mean bpref (trec_eval gm_bpref): Bpref per topic "
               "(Buckley & Voorhees 2004), exp(mean log max(bpref, 0.00001)) over topics",
               (QUANT, REL), aggregate="gmean"),
    MeasureDef("Utility", FAMILY, "set utility (trec_eval utility, default 1,-1,0,0; Hull & "
               "Robertson 1999): a·count(L) + b·(L − count(L)) + c·(R − count(L)); trec_eval's "
               "fourth weight (non-relevant units not retrieved) needs the collection size "
               "and is not taken",
               (QUANT, REL, _weight("a", 1.0, "relevant result"),
                _weight("b", -1.0, "non-relevant or unjudged result"),
                _weight("c", 0.0, "relevant unit not retrieved"))),
    MeasureDef("RprecMult", FAMILY, "precision at a multiple x of R (trec_eval Rprec_mult_x): "
               "count(c)/c at c = (long)(x·R + 0.9)", (QUANT, REL), cutoff="float",
               cutoff_doc="multiple x of R, x > 0", cutoff_range=Range(0.0, low_open=True)),
    MeasureDef("BinG", FAMILY, "binary G (trec_eval binG): Σ_{relevant r} 1/log2(2 + n_r) / R, "
               "n_r non-relevant (or unjudged) results above r", (QUANT, REL)),
    MeasureDef("G", FAMILY, "normalised gain (trec_eval G): Σ_r g(r)/log2(2 + cost(r) − "
               "cg(r)) / Σ ideal gains, cost(r) = Σ_{i≤r} max(ideal gain(i), 1)", (QUANT,)),
    MeasureDef("nDCGRel", FAMILY, "nDCG (Järvelin & Kekäläinen 2002) averaged over the relevant "
               "units (trec_eval ndcg_rel): "
               "nDCG at each relevant rank retrieved, the whole list's for each one not "
               "retrieved", (QUANT,)),
    MeasureDef("TrecRBP", FAMILY, "rank-biased precision as trec_eval's rbp (Moffat & Zobel "
               "2008, Eq. 2, p = 0.9): (1 − p) Σ g(i)/m · p^(i−1), m the topic's highest grade "
               "when above 1 (gains scaled to [0, 1]); RBP takes the grades as they are",
               (QUANT, _PERSISTENCE)),
    MeasureDef("TrecRBPResidual", FAMILY, "residual of RBP as trec_eval's rbp_resid (Moffat & "
               "Zobel 2008, §4, p = 0.9): p^d + (1 − p) Σ_{unjudged i ≤ d} p^(i−1) for d "
               "results, 0 when none is unjudged (RBPResidual gives p^d there)",
               (QUANT, _PERSISTENCE), ranks=False),
    MeasureDef("RnDCG", FAMILY, "nDCG (Järvelin & Kekäläinen 2002) averaged over the ranks "
               "where the ideal gain changes "
               "(trec_eval Rndcg), once more over the whole list when it is longer than the "
               "ideal one plus 1; 0 when nothing reaches rel", (QUANT, REL)),
]
for _definition in _DEFS:
    register_measure(_definition)

_GRADED = ("G", "nDCGRel", "TrecRBP", "TrecRBPResidual")


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: Any) -> dict[str, dict[str, float]]:
    """Family kernel: the measures of one run, from the classic family's gains, a block of
    topics at a time (:func:`~.definitions.blockwise`)."""
    unlisted: dict[Any, np.ndarray] = {}  # per quantisation: units judged non-relevant

    def block_values(members: list[Measure], group: GainGroup, rows: slice, G: np.ndarray
                     ) -> dict[str, np.ndarray]:
        if group.quant not in unlisted:
            sizes = judgements(qrels, topics, resolve_quant(group.quant, qrels), ctx).sizes()
            unlisted[group.quant] = sizes - pooled_counts(qrels, topics, ctx)  # grade >= 0
        judged = group.lookup.matrix(group.lookup.judged, bool, rows=rows)
        judged &= ~group.marks.matrix(rows, judged.shape[1])  # graded >= 0
        I, lengths = group.ideal[rows], group.lengths[rows]
        values = {}
        for m in members:
            if m.name in _GRADED:
                values[m.text] = _graded(m, G, I, lengths, judged, ctx)
                continue
            rel = float(m.get("rel", ctx))
            isrel = binary_relevance(G, rel)
            R = np.count_nonzero(binary_relevance(I, rel), axis=1)
            values[m.text] = _binary(m, isrel, R, lengths, judged, unlisted[group.quant][rows] - R,
                                     G, I, ctx)
        return values

    return blockwise(measures, qrels, run, topics, ctx, block_values)


def _graded(m: Measure, G: np.ndarray, I: np.ndarray, lengths: np.ndarray,
            judged: np.ndarray, ctx: Any) -> np.ndarray:
    """One graded measure (``judged``: results graded >= 0)."""
    if m.name == "G":
        return kernels.normalised_g(G, I)
    if m.name == "nDCGRel":
        return kernels.ndcg_rel(G, I)
    p = float(m.get("p", ctx))
    if m.name == "TrecRBP":
        return kernels.scaled_rbp(G, I[:, 0], p)
    filled = np.arange(judged.shape[1]) < lengths[:, None]
    return kernels.rbp_residual_if_unjudged(filled & ~judged, lengths, p)


def _binary(m: Measure, isrel: np.ndarray, R: np.ndarray, lengths: np.ndarray,
            judged: np.ndarray, N: np.ndarray, G: np.ndarray, I: np.ndarray,
            ctx: Any) -> np.ndarray:
    """One binary measure (``judged``: results graded >= 0; ``N``: units judged
    non-relevant)."""
    found = isrel.sum(axis=1).astype(np.float64)
    L, Rf = lengths.astype(np.float64), R.astype(np.float64)
    if m.name == "NumNonRelJudgedRet":
        return (judged & ~isrel).sum(axis=1).astype(np.float64)
    if m.name == "SetAP":
        return kernels.set_average_precision(found, L, Rf)
    if m.name == "SetRelP":
        return kernels.set_relative_precision(found, L, Rf)
    if m.name == "RelP":
        return kernels.relative_precision_at(isrel, Rf, int(m.cutoff))
    if m.name == "GMBpref":
        return kernels.bpref(isrel, judged & ~isrel, R, N)
    if m.name == "Utility":
        return kernels.utility(found, L, Rf, float(m.get("a", ctx)), float(m.get("b", ctx)),
                               float(m.get("c", ctx)))
    if m.name == "RprecMult":
        return kernels.precision_at_r_multiple(isrel, Rf, float(m.cutoff))
    if m.name == "BinG":
        return kernels.binary_g(isrel, Rf)
    if m.name == "RnDCG":
        return kernels.r_ndcg(G, I, lengths, R)
    raise AssertionError(m.name)  # pragma: no cover - every registered name is handled


register_family(FAMILY, compute, relevant_for)
