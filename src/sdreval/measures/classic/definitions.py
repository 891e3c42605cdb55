"""Classic graded measures on elements treated as independent documents.

``AP``, ``gAP``, ``AWP``, ``P@k``, ``Rprec`` and ``nDCG@k``, and trec_eval's / ir_measures'
``RR``, ``Recall@k``, ``Success@k``, ``Judged@k``, ``Bpref``, ``NumRel``, ``NumRet`` and
``NumRelRet`` (equal to pytrec_eval and ir_measures on document runs).  ``Q``, ``R`` and ``MAep`` are the
XCG family's (one implementation, ``measures/cumgain.py``); with ``ideal=full, overlap=off`` they
are the classic measures.  Rankings arrive ordered by ``ctx.order`` (file order by default;
``rsv`` is trec_eval's order).

On judgements of highlighted passages (FOL qrels) the measures work at the document level: a
document is relevant when it has highlighted text (relchars > 0), judged non-relevant when
listed with relchars 0, unjudged otherwise; binary by default (``quant=anyrel``),
``quant=relfrac`` grades a relevant document by relchars/doclen; a passage run counts each
document once, at its first result (:func:`.gains.document_run`; docs/classic.md).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ...io.ids import AS_WRITTEN
from ...judgements.qrels import Qrels
from ...judgements.relevance import cache_of, relevant_topics
from ...model.run import Run
from ..doc_ids import ids_question, warn_xml_suffix
from ..registry import (NON_NEGATIVE, UNIT, Measure, MeasureDef, Param, register_family,
                        register_measure)
from ..values import TopicPositions, TopicValues
from . import kernels
from .gains import (is_passage_only, passage_topics_at, resolve_quant, run_as_read,
                    warn_repeated_relevant)
from .join import run_lookup
from .judged import judgements
from .lookup import RunLookup
from .pool import PooledMarks, pooled_counts

FAMILY = "classic"

QUANT = Param("quant", str, None, "quantisation of (e, s) to a gain (default: the generalised "
              "function of the qrels scale)", context_key="quant")
REL = Param("rel", float, 0.0, "binary threshold: relevant iff quantised value >= rel "
            "(rel = 0: any positive value; default: -l, trec_eval's relevance level)",
            allowed=NON_NEGATIVE, context_key="rel_level")
VERSION = Param("version", str, "trec9", "cut-off rank of a recall level: trec9 ((long)(x·R + "
                "0.9), trec_eval 9.x, pytrec_eval, ir_measures) or trec10 (lround(x·R), "
                "trec_eval 10.0)", choices=("trec9", "trec10"))
GAINS = Param("gains", str, "linear", "gain of a quantised value g: linear (g) or exp (2^g-1)",
              choices=("linear", "exp"))

_DEFS = [
    MeasureDef("AP", FAMILY, "binary average precision over elements as independent documents "
               "(Buckley & Voorhees 2005; trec_eval map; with a cut-off k, map_cut_k): "
               "Σ_{r≤k} isrel(r)·count(r)/r / R",
               (QUANT, REL), cutoff="optional-int", cutoff_doc="rank k (whole list if none)"),
    MeasureDef("gAP", FAMILY, "graded average precision (Vu & Gallinari 2005, §2.1): "
               "Σ isrel(r)·cg(r)/r / R", (QUANT,)),
    MeasureDef("AWP", FAMILY, "average weighted precision (Sakai 2004; Vu & Gallinari 2005, "
               "§2.1): Σ isrel(r)·cg(r)/cig(r) / R", (QUANT,)),
    MeasureDef("P", FAMILY, "binary precision at rank k (van Rijsbergen 1979; trec_eval P_k, "
               "ir_measures P@k): count(k)/k", (QUANT, REL), cutoff="int",
               cutoff_doc="rank k"),
    MeasureDef("Rprec", FAMILY, "binary R-precision (Buckley & Voorhees 2005; trec_eval Rprec): "
               "count(R)/R", (QUANT, REL)),
    MeasureDef("RR", FAMILY, "reciprocal rank (Kantor & Voorhees 2000; trec_eval recip_rank, "
               "ir_measures RR): 1/r of the first relevant rank r (within the first k if "
               "given), 0 if none", (QUANT, REL),
               cutoff="optional-int", cutoff_doc="rank k (whole list if none)"),
    MeasureDef("Recall", FAMILY, "binary recall at rank k (van Rijsbergen 1979; trec_eval "
               "recall_k, ir_measures R@k): count(k)/R", (QUANT, REL), cutoff="int",
               cutoff_doc="rank k"),
    MeasureDef("Success", FAMILY, "success at rank k (trec_eval success_k, ir_measures "
               "Success@k): 1 if count(k) > 0, else 0", (QUANT, REL), cutoff="int",
               cutoff_doc="rank k"),
    MeasureDef("Judged", FAMILY, "judgement rate (ir_measures Judged@k): results among the first "
               "k that are assessed (any value) / min(k, list length); whole list if no k",
               (QUANT,), cutoff="optional-int", cutoff_doc="rank k", ranks=False),
    MeasureDef("Bpref", FAMILY, "binary preference (Buckley & Voorhees 2004; trec_eval bpref): "
               "(1/R) Σ_{relevant retrieved r} (1 − min(n_r, R)/min(R, N)), n_r judged "
               "non-relevant results above r, N judged non-relevant; unjudged results skipped",
               (QUANT, REL)),
    MeasureDef("NumRel", FAMILY, "number of relevant assessed units R (trec_eval num_rel); "
               "summed, not averaged, over topics", (QUANT, REL), aggregate="sum",
               ranks=False),
    MeasureDef("NumRet", FAMILY, "number of results retrieved (trec_eval num_ret); summed over "
               "topics", (QUANT,), aggregate="sum", ranks=False),
    MeasureDef("NumRelRet", FAMILY, "number of relevant results retrieved, count(L) (trec_eval "
               "num_rel_ret); summed over topics", (QUANT, REL), aggregate="sum"),
    MeasureDef("IPrec", FAMILY, "interpolated precision at recall x (Manning, Raghavan & "
               "Schütze 2008, §8.4; trec_eval iprec_at_recall_x, ir_measures IPrec@x): max "
               "precision at the ranks from the c-th relevant one on, c = (long)(x·R + 0.9) as "
               "trec_eval 9.x and pytrec_eval "
               "(version=trec9) or lround(x·R) as trec_eval 10.0 (version=trec10); 0 if "
               "fewer are retrieved", (QUANT, REL, VERSION), cutoff="float",
               cutoff_doc="recall level x in [0, 1]", cutoff_range=UNIT),
    MeasureDef("SetP", FAMILY, "set precision (van Rijsbergen 1979; trec_eval set_P): "
               "count(L)/L over the whole retrieved list L", (QUANT, REL)),
    MeasureDef("SetR", FAMILY, "set recall (van Rijsbergen 1979; trec_eval set_recall): "
               "count(L)/R", (QUANT, REL)),
    MeasureDef("SetF", FAMILY, "set F, after the E measure of van Rijsbergen 1979 (trec_eval "
               "set_F, ir_measures SetF): (x+1)·SetP·SetR/(x·SetP+SetR), x = beta",
               (QUANT, REL, Param("beta", float, 1.0, "relative weight x of recall against "
                                  "precision, as trec_eval's set_F (van Rijsbergen's β²)",
                                  allowed=NON_NEGATIVE))),
    MeasureDef("nDCG", FAMILY, "normalised discounted cumulated gain at rank k (whole list if no "
               "cut-off), trec_eval's log2(r+1) discount (ndcg_cut_k; nDCG after Järvelin & "
               "Kekäläinen 2002, whose DCG divides by log_b(r) from rank b on)",
               (QUANT, GAINS), cutoff="optional-int", cutoff_doc="rank k"),
]
for _definition in _DEFS:
    register_measure(_definition)


def topic_matrices(qrels: Qrels, run: Run, topics: list[str], quant_name: Any,
                   ctx: Any) -> tuple[np.ndarray, np.ndarray, RunLookup]:
    """Padded gain matrix ``G`` (topics × ranks), ideal matrix ``I`` (each topic's positive
    values, descending) and the run-level lookup they come from (:func:`.join.run_lookup`,
    shared with the XCG family); a repeated relevant result scores 0 and is reported per
    topic."""
    lookup, gains, ideal = topic_gains(qrels, run, topics, quant_name, ctx)
    return lookup.matrix(gains), ideal, lookup


def topic_gains(qrels: Qrels, run: Run, topics: list[str], quant_name: Any, ctx: Any
                ) -> tuple[RunLookup, np.ndarray, np.ndarray]:
    """The run-level lookup (:func:`.join.run_lookup`), the gain of every result (a repeated
    relevant result scores 0 and is reported per topic) and the ideal matrix ``I``; the gain
    matrix of topics ``rows`` is ``lookup.matrix(gains, rows=rows)``."""
    quant = resolve_quant(quant_name, qrels)
    lookup = run_lookup(qrels, run, topics, quant, ctx)
    repeats = lookup.repeat.any()
    gains = np.where(lookup.repeat, 0.0, lookup.q) if repeats else lookup.q
    if repeats and ctx is not None and hasattr(ctx, "warn"):
        repeats = np.bincount(lookup.topics_of(np.flatnonzero(lookup.repeat)),
                              minlength=len(topics))
        warn_repeated_relevant(ctx, run.name, {topics[t_i]: int(repeats[t_i])
                                               for t_i in np.flatnonzero(repeats).tolist()})
    return lookup, gains, judgements(qrels, topics, quant, ctx).ideal()


def warn_if_nothing_judged(run: Run, lookup: RunLookup, ctx: Any, qrels: Qrels,
                           topics: list[str], uncut: Run | None = None) -> None:
    """Say so when no result of the run is a document judged for its topic: the ids do not
    match the qrels', or ``-M`` cut the judged ones (``uncut``: the run before the cut); and
    when some would match after removing or adding ``.xml``."""
    if lookup.q.size and lookup.unknown_docs == lookup.q.size and hasattr(ctx, "warn"):
        ctx.warn(f"run {run.name}: none of its {lookup.q.size:,} results is a document judged for "
                 "its topic, so every classic measure is 0: " + ids_question(
                     run, qrels, topics, "do the run's document ids match the qrels' (a chunk "
                     f"run needs --chunk-map)? {AS_WRITTEN}", getattr(ctx, "depth", None), uncut))
    if lookup.unknown_docs:
        warn_xml_suffix(ctx, run, qrels, topics)


def by_quantisation(measures: list[Measure], qrels: Qrels, run: Run, ctx: Any,
                    topics: list[str] | None = None) -> tuple[Run, dict[Any, list[Measure]]]:
    """The run as the document-level families read it on ``topics`` (against passage
    judgements: each document once, at its first result) and ``measures`` grouped by
    quantisation."""
    run = run_as_read(qrels, run, ctx, topics)
    by_quant: dict[Any, list[Measure]] = defaultdict(list)
    for m in measures:
        by_quant[m.get("quant", ctx)].append(m)
    return run, by_quant


@dataclass(frozen=True)
class GainGroup:
    """One quantisation's inputs of a block-wise kernel (:func:`blockwise`): the run-level
    lookup, the ideal matrix ``I`` and result counts of every topic, the pooled marks."""

    quant: Any
    lookup: RunLookup
    ideal: np.ndarray
    lengths: np.ndarray
    marks: PooledMarks


def blockwise(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str], ctx: Any,
              block_values: Callable[[list[Measure], GainGroup, slice, np.ndarray],
                                     dict[str, np.ndarray]]) -> dict[str, Any]:
    """A family kernel of the classic gains (the pooled and trec_eval-only families, GMAP and
    RBP): measures grouped by quantisation (:func:`by_quantisation`), then, a block of topics
    at a time (bounded memory; each topic's value is the one of the whole matrix),
    ``block_values(members, group, rows, G)``, each member's values on the topics ``rows``
    (``G``: their gain matrix)."""
    if not topics:
        return {m.text: {} for m in measures}
    run, by_quant = by_quantisation(measures, qrels, run, ctx, topics)
    positions = TopicPositions(topics)
    out: dict[str, Any] = {}
    for quant_name, members in by_quant.items():
        lookup, gains, ideal = topic_gains(qrels, run, topics, quant_name, ctx)
        group = GainGroup(quant_name, lookup, ideal,
                          np.asarray(lookup.lengths(), dtype=np.int64),
                          PooledMarks(qrels, run, topics, ctx))
        values = {m.text: np.zeros(len(topics)) for m in members}
        for rows in lookup.blocks():
            G = lookup.matrix(gains, rows=rows)
            for text, block in block_values(members, group, rows, G).items():
                values[text][rows] = block
            del G
        out.update((m.text, TopicValues(positions, values[m.text])) for m in members)
    return out


def binary_relevance(values: np.ndarray, rel: float) -> np.ndarray:
    """``isrel``: value >= rel, or value > 0 when rel is 0."""
    return values >= rel if rel > 0 else values > 0


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: Any) -> dict[str, dict[str, float]]:
    """Family kernel: all classic measures of one run, grouped by quantisation."""
    out: dict[str, dict[str, float]] = {}
    if not topics:
        return {m.text: {} for m in measures}
    uncut = getattr(run, "uncut", None)  # (before -M: the run as read is made anew)
    run, by_quant = by_quantisation(measures, qrels, run, ctx, topics)
    positions = TopicPositions(topics)  # shared by the measures' value arrays
    for quant_name, members in by_quant.items():
        lookup, gains, I = topic_gains(qrels, run, topics, quant_name, ctx)
        warn_if_nothing_judged(run, lookup, ctx, qrels, topics, uncut)
        # the ideal vectors hold the positive values, so their lengths are counts of I > 0
        n_graded = np.count_nonzero(I > 0, axis=1).astype(np.float64)
        values = {m.text: np.zeros(len(topics)) for m in members}
        topic_facts = _TopicFacts(qrels, run, topics, quant_name, lookup, ctx)
        # a block of topics at a time: every kernel works row by row on matrices of the same
        # width, so each topic's value is the one of the whole matrix, and memory is bounded
        for rows in lookup.blocks():
            G = lookup.matrix(gains, rows=rows)
            for m in members:
                values[m.text][rows] = _member(m, G, I[rows], n_graded[rows], lookup, rows,
                                               topic_facts, ctx)
            del G
        for m in members:
            out[m.text] = TopicValues(positions, values[m.text])
    return out


class _TopicFacts:
    """What a block of topics needs besides its gain matrix, made on first use for all the
    topics: results judged (any value) and pooled but not judged, assessed and pooled units
    per topic (Bpref, Judged@k)."""

    def __init__(self, qrels: Qrels, run: Run, topics: list[str], quant_name: Any,
                 lookup: RunLookup, ctx: Any) -> None:
        self.qrels, self.run, self.topics, self.quant_name = qrels, run, topics, quant_name
        self.lookup, self.ctx = lookup, ctx
        self._pooled: PooledMarks | None = None

    def judged(self, rows: slice) -> np.ndarray:
        """Topics ``rows`` × ranks: the result is assessed (any value)."""
        return self.lookup.matrix(self.lookup.judged, bool, rows=rows)

    def pooled(self, rows: slice) -> np.ndarray:
        """Topics ``rows`` × ranks: the result is a document pooled but not judged."""
        if self._pooled is None:
            self._pooled = PooledMarks(self.qrels, self.run, self.topics, self.ctx)
        return self._pooled.matrix(rows, self.lookup.width())

    def unjudged_units(self, R: np.ndarray, rows: slice) -> np.ndarray:
        """Judged non-relevant units per topic of ``rows`` (``R``: their relevant ones)."""
        quant = resolve_quant(self.quant_name, self.qrels)
        sizes = judgements(self.qrels, self.topics, quant, self.ctx).sizes()[rows]
        return sizes - R - pooled_counts(self.qrels, self.topics, self.ctx)[rows]


def _member(m: Measure, G: np.ndarray, I: np.ndarray, n_graded: np.ndarray, lookup: RunLookup,
            rows: slice, facts: _TopicFacts, ctx: Any) -> np.ndarray:
    """Values of one classic measure on the topics ``rows`` (``G``, ``I``, ``n_graded``: theirs)."""
    cutoff = None if m.cutoff is None else int(m.cutoff)
    if m.name in BINARY:
        rel = float(m.get("rel", ctx))
        isrel = binary_relevance(G, rel)
        R = np.count_nonzero(binary_relevance(I, rel), axis=1).astype(np.int64)
        return binary_measure(m, isrel, R, cutoff, lookup.lengths()[rows], facts, rows)
    if m.name == "NumRet":
        return lookup.lengths()[rows].astype(np.float64)
    if m.name == "Judged":
        return kernels.judged_at(facts.judged(rows), lookup.lengths()[rows], cutoff)
    if m.name == "gAP":
        return kernels.graded_average_precision(G, n_graded)
    if m.name == "AWP":
        return kernels.average_weighted_precision(G, I, n_graded)
    if m.name == "nDCG":
        return kernels.ndcg_at(G, I, cutoff, m.get("gains", ctx))
    raise AssertionError(m.name)  # pragma: no cover - every registered name is handled


BINARY = ("AP", "P", "Rprec", "RR", "Recall", "Success", "Bpref", "NumRel", "NumRelRet",
          "IPrec", "SetP", "SetR", "SetF")


def binary_measure(m: Measure, isrel: np.ndarray, R: np.ndarray, cutoff: int | None,
                   lengths: np.ndarray, facts: _TopicFacts, rows: slice) -> np.ndarray:
    """Values of one binary measure from the 0/1 matrix ``isrel`` and ``R`` per topic (of the
    topics ``rows``; ``lengths``: their list lengths)."""
    if m.name == "AP":
        return kernels.average_precision(isrel if cutoff is None else isrel[:, :cutoff], R)
    if m.name == "P":
        return kernels.precision_at(isrel, cutoff)
    if m.name == "Rprec":
        return kernels.r_precision(isrel, R)
    if m.name == "RR":
        return kernels.reciprocal_rank(isrel, cutoff)
    if m.name == "Recall":
        return kernels.recall_at(isrel, R, cutoff)
    if m.name == "Success":
        return kernels.success_at(isrel, cutoff)
    if m.name == "NumRel":
        return R.astype(np.float64)
    if m.name == "NumRelRet":
        return kernels.count_at(isrel)
    if m.name == "IPrec":
        say_trec_version(m, isrel, R, (float(m.cutoff),), facts.ctx)
        return kernels.interpolated_precision(isrel, R, float(m.cutoff),
                                              m.get("version", facts.ctx))
    if m.name in ("SetP", "SetR", "SetF"):
        beta = float(m.get("beta", facts.ctx)) if m.name == "SetF" else 1.0
        sets = kernels.set_measures(isrel, R, lengths.astype(np.float64), beta)
        return sets[("SetP", "SetR", "SetF").index(m.name)]
    # Bpref: judged non-relevant results and judged non-relevant units per topic (a document
    # pooled but not judged, a negative grade, is neither: trec_eval's bpref)
    judged = facts.judged(rows)
    judged &= ~facts.pooled(rows)
    return kernels.bpref(isrel, judged & ~isrel, R, facts.unjudged_units(R, rows))


def say_trec_version(m: Measure, isrel: np.ndarray, R: np.ndarray, levels: tuple[float, ...],
                     ctx: Any) -> None:
    """``IPrec`` and ``IPrecAvg`` without ``version=``, under any name (``IPrec@x``,
    trec_eval's ``iprec_at_recall_x`` and ``11pt_avg``: one measure, one value), give
    trec_eval 9.x's values (as pytrec_eval and ir_measures); where trec_eval 10.0's rounding
    of x·R gives some topic another value, the evaluation's warnings say so."""
    if not hasattr(ctx, "warn") or any(key == "version" for key, _ in m.params):
        return
    for x in levels:
        if not np.array_equal(kernels.interpolated_precision(isrel, R, x),
                              kernels.interpolated_precision(isrel, R, x, "trec10")):
            instead = ("IPrecAvg(version=trec10)" if m.name == "IPrecAvg"
                       else f"IPrec(version=trec10)@{m.cutoff:g}")
            ctx.warn(f"{m.text}: trec_eval 9.x's values, as pytrec_eval and ir_measures "
                     "(interpolated from the c-th relevant result, c = (long)(x·R + 0.9)); "
                     "trec_eval 10.0 rounds (c = lround(x·R)) and gives other values on some "
                     f"topics here: {instead} gives 10.0's")
            return


def relevant_for(measure: Measure, qrels: Qrels, ctx: Any) -> frozenset[str]:
    """Topics with something relevant under the measure's quantisation (and ``rel``)."""
    quant = resolve_quant(measure.get("quant", ctx), qrels)
    binary = any(p.name == "rel" for p in measure.definition.params)  # AP, P@k, Rprec, ...
    threshold = float(measure.get("rel", ctx)) if binary else 0.0
    if threshold > 0 and is_passage_only(qrels):  # the documents' values decide, at the level
        return passage_topics_at(qrels, quant, threshold, cache_of(ctx))
    return relevant_topics(qrels, quant, threshold, cache_of(ctx))


register_family(FAMILY, compute, relevant_for)
