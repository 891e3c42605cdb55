"""Classic graded measures on elements treated as independent documents.

``AP``, ``gAP``, ``AWP``, ``P@k``, ``Rprec`` and ``nDCG@k``.  ``Q``, ``R`` and ``MAep`` are the
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
from typing import Any

import numpy as np

from ...judgements.qrels import Qrels
from ...judgements.relevance import cache_of, relevant_topics
from ...model.run import Run
from ..registry import (NON_NEGATIVE, Measure, MeasureDef, Param, register_family,
                        register_measure)
from . import kernels
from .gains import (document_run, ideal_gains, is_passage_only, ranking_gains, resolve_quant,
                    run_lookup, topic_doc_map, topic_quant_map)

FAMILY = "classic"

QUANT = Param("quant", str, None, "quantisation of (e, s) to a gain (default: the generalised "
              "function of the qrels scale)", context_key="quant")
REL = Param("rel", float, 0.0, "binary threshold: relevant iff quantised value >= rel "
            "(rel = 0: any positive value)", allowed=NON_NEGATIVE)
GAINS = Param("gains", str, "linear", "gain of a quantised value g: linear (g) or exp (2^g-1)",
              choices=("linear", "exp"))

_DEFS = [
    MeasureDef("AP", FAMILY, "binary average precision over elements as independent documents "
               "(trec_eval map): Σ isrel(r)·count(r)/r / R", (QUANT, REL)),
    MeasureDef("gAP", FAMILY, "graded average precision (Vu & Gallinari 2005, §2.1): Σ isrel(r)·cg(r)/r / R",
               (QUANT,)),
    MeasureDef("AWP", FAMILY, "average weighted precision (Sakai; Vu & Gallinari 2005, §2.1): "
               "Σ isrel(r)·cg(r)/cig(r) / R", (QUANT,)),
    MeasureDef("P", FAMILY, "binary precision at rank k: count(k)/k", (QUANT, REL), cutoff="int",
               cutoff_doc="rank k"),
    MeasureDef("Rprec", FAMILY, "binary R-precision: count(R)/R", (QUANT, REL)),
    MeasureDef("nDCG", FAMILY, "normalised discounted cumulated gain at rank k (whole list if no "
               "cut-off), log2(r+1) discount", (QUANT, GAINS), cutoff="optional-int",
               cutoff_doc="rank k"),
]
for _definition in _DEFS:
    register_measure(_definition)


def topic_matrices(qrels: Qrels, run: Run, topics: list[str], quant_name: Any,
                   ctx: Any) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """Padded gain matrix ``G`` (topics × ranks), ideal matrix ``I`` and the ideal vectors.

    Gains come from the run-level lookup (:func:`.gains.run_lookup`, shared with the XCG
    family); a repeated relevant result scores 0 and is reported per topic."""
    quant = resolve_quant(quant_name, qrels)
    cache = getattr(ctx, "cache", None)
    ideals = []
    for topic in topics:
        ideal_key = ("classic.ideal", id(qrels), topic, quant.name)
        ideal = cache.get(ideal_key) if cache is not None else None
        if ideal is None:
            ideal = ideal_gains(topic_quant_map(qrels, topic, quant, ctx))
            if cache is not None:
                cache[ideal_key] = ideal
        ideals.append(ideal)
    lookup = run_lookup(qrels, run, topics, quant, ctx)
    if lookup is None:  # beyond the integer codes: per topic
        gains = [ranking_gains(run.get(topic), topic_quant_map(qrels, topic, quant, ctx), ctx,
                               f"run {run.name} topic {topic}",
                               topic_doc_map(qrels, topic, quant, ctx)) for topic in topics]
        return kernels.pad(gains), kernels.pad(ideals), ideals
    G = lookup.matrix(np.where(lookup.repeat, 0.0, lookup.q))
    if lookup.repeat.any() and ctx is not None and hasattr(ctx, "warn"):
        repeats = np.bincount(lookup.topic[lookup.repeat], minlength=len(topics))
        for t_i in np.flatnonzero(repeats).tolist():
            ctx.warn(f"run {run.name} topic {topics[t_i]}: {int(repeats[t_i])} repeated relevant "
                     "result(s) scored as non-relevant")
    return G, kernels.pad(ideals), ideals


def binary_relevance(values: np.ndarray, rel: float) -> np.ndarray:
    """``isrel``: value >= rel, or value > 0 when rel is 0."""
    return values >= rel if rel > 0 else values > 0


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: Any) -> dict[str, dict[str, float]]:
    """Family kernel: all classic measures of one run, grouped by quantisation."""
    out: dict[str, dict[str, float]] = {}
    if not topics:
        return {m.text: {} for m in measures}
    if is_passage_only(qrels):  # document level: each document once, at its first result
        run = document_run(run, ctx)
    by_quant: dict[Any, list[Measure]] = defaultdict(list)
    for m in measures:
        by_quant[m.get("quant", ctx)].append(m)
    for quant_name, members in by_quant.items():
        G, I, ideals = topic_matrices(qrels, run, topics, quant_name, ctx)
        n_graded = np.array([len(v) for v in ideals], dtype=np.float64)
        for m in members:
            if m.name in ("AP", "P", "Rprec"):
                rel = float(m.get("rel", ctx))
                isrel = binary_relevance(G, rel)
                R = np.array([binary_relevance(v, rel).sum() for v in ideals], dtype=np.int64)
                if m.name == "AP":
                    values = kernels.average_precision(isrel, R)
                elif m.name == "P":
                    values = kernels.precision_at(isrel, int(m.cutoff))
                else:
                    values = kernels.r_precision(isrel, R)
            elif m.name == "gAP":
                values = kernels.graded_average_precision(G, n_graded)
            elif m.name == "AWP":
                values = kernels.average_weighted_precision(G, I, n_graded)
            elif m.name == "nDCG":
                cutoff = None if m.cutoff is None else int(m.cutoff)
                values = kernels.ndcg_at(G, I, cutoff, m.get("gains", ctx))
            else:  # pragma: no cover - every registered name is handled above
                raise AssertionError(m.name)
            out[m.text] = dict(zip(topics, values.tolist()))
    return out


def relevant_for(measure: Measure, qrels: Qrels, ctx: Any) -> frozenset[str]:
    """Topics with something relevant under the measure's quantisation (and ``rel``)."""
    quant = resolve_quant(measure.get("quant", ctx), qrels)
    binary = any(p.name == "rel" for p in measure.definition.params)  # AP, P@k, Rprec, ...
    threshold = float(measure.get("rel", ctx)) if binary else 0.0
    return relevant_topics(qrels, quant, threshold, cache_of(ctx))


register_family(FAMILY, compute, relevant_for)
