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
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...judgements.qrels import Qrels
from ...judgements.quantise import Quantisation
from ...judgements.relevance import cache_of, relevant_topics
from ...model.run import Run
from ..registry import (NON_NEGATIVE, UNIT, Measure, MeasureDef, Param, register_family,
                        register_measure)
from ..values import TopicPositions, TopicValues
from . import kernels
from .gains import (ROOT, by_document, document_run, ideal_gains, is_passage_only,
                    per_topic_cache, qrels_index, ranking_gains, resolve_quant, run_lookup,
                    topic_quant_map)

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
               "(trec_eval map; with a cut-off k, map_cut_k): Σ_{r≤k} isrel(r)·count(r)/r / R",
               (QUANT, REL), cutoff="optional-int", cutoff_doc="rank k (whole list if none)"),
    MeasureDef("gAP", FAMILY, "graded average precision (Vu & Gallinari 2005, §2.1): Σ isrel(r)·cg(r)/r / R",
               (QUANT,)),
    MeasureDef("AWP", FAMILY, "average weighted precision (Sakai; Vu & Gallinari 2005, §2.1): "
               "Σ isrel(r)·cg(r)/cig(r) / R", (QUANT,)),
    MeasureDef("P", FAMILY, "binary precision at rank k: count(k)/k", (QUANT, REL), cutoff="int",
               cutoff_doc="rank k"),
    MeasureDef("Rprec", FAMILY, "binary R-precision: count(R)/R", (QUANT, REL)),
    MeasureDef("RR", FAMILY, "reciprocal rank (trec_eval recip_rank, ir_measures RR): 1/r of the "
               "first relevant rank r (within the first k if given), 0 if none", (QUANT, REL),
               cutoff="optional-int", cutoff_doc="rank k (whole list if none)"),
    MeasureDef("Recall", FAMILY, "binary recall at rank k (trec_eval recall_k, ir_measures R@k): "
               "count(k)/R", (QUANT, REL), cutoff="int", cutoff_doc="rank k"),
    MeasureDef("Success", FAMILY, "success at rank k (trec_eval success_k, ir_measures "
               "Success@k): 1 if count(k) > 0, else 0", (QUANT, REL), cutoff="int",
               cutoff_doc="rank k"),
    MeasureDef("Judged", FAMILY, "judgement rate (ir_measures Judged@k): results among the first "
               "k that are assessed (any value) / min(k, list length); whole list if no k",
               (QUANT,), cutoff="optional-int", cutoff_doc="rank k"),
    MeasureDef("Bpref", FAMILY, "binary preference (Buckley & Voorhees 2004; trec_eval bpref): "
               "(1/R) Σ_{relevant retrieved r} (1 − min(n_r, R)/min(R, N)), n_r judged "
               "non-relevant results above r, N judged non-relevant; unjudged results skipped",
               (QUANT, REL)),
    MeasureDef("NumRel", FAMILY, "number of relevant assessed units R (trec_eval num_rel); "
               "summed, not averaged, over topics", (QUANT, REL), aggregate="sum"),
    MeasureDef("NumRet", FAMILY, "number of results retrieved (trec_eval num_ret); summed over "
               "topics", (QUANT,), aggregate="sum"),
    MeasureDef("NumRelRet", FAMILY, "number of relevant results retrieved, count(L) (trec_eval "
               "num_rel_ret); summed over topics", (QUANT, REL), aggregate="sum"),
    MeasureDef("IPrec", FAMILY, "interpolated precision at recall x (trec_eval "
               "iprec_at_recall_x, ir_measures IPrec@x): max precision at the ranks from "
               "the c-th relevant one on, c = (long)(x·R + 0.9) as trec_eval 9.x and pytrec_eval "
               "(version=trec9) or lround(x·R) as trec_eval 10.0 (version=trec10); 0 if "
               "fewer are retrieved", (QUANT, REL, VERSION), cutoff="float",
               cutoff_doc="recall level x in [0, 1]", cutoff_range=UNIT),
    MeasureDef("SetP", FAMILY, "set precision (trec_eval set_P): count(L)/L over the whole "
               "retrieved list L", (QUANT, REL)),
    MeasureDef("SetR", FAMILY, "set recall (trec_eval set_recall): count(L)/R", (QUANT, REL)),
    MeasureDef("SetF", FAMILY, "set F (trec_eval set_F, ir_measures SetF): "
               "(x+1)·SetP·SetR/(x·SetP+SetR), x = beta",
               (QUANT, REL, Param("beta", float, 1.0, "relative weight x of recall against "
                                  "precision, as trec_eval's set_F (van Rijsbergen's β²)",
                                  allowed=NON_NEGATIVE))),
    MeasureDef("nDCG", FAMILY, "normalised discounted cumulated gain at rank k (whole list if no "
               "cut-off), log2(r+1) discount", (QUANT, GAINS), cutoff="optional-int",
               cutoff_doc="rank k"),
]
for _definition in _DEFS:
    register_measure(_definition)


def topic_matrices(qrels: Qrels, run: Run, topics: list[str], quant_name: Any,
                   ctx: Any) -> tuple[np.ndarray, np.ndarray, Sequence[np.ndarray]]:
    """Padded gain matrix ``G`` (topics × ranks), ideal matrix ``I`` and the ideal vectors.

    Gains come from the run-level lookup (:func:`.gains.run_lookup`, shared with the XCG
    family); a repeated relevant result scores 0 and is reported per topic."""
    quant = resolve_quant(quant_name, qrels)
    lookup = run_lookup(qrels, run, topics, quant, ctx)
    if lookup is None:  # beyond the integer codes: topic by topic
        return _per_topic_matrices(qrels, run, topics, quant, ctx)
    cache = per_topic_cache(ctx, "classic.ideal", qrels, quant)
    ideals = []
    for topic in topics:
        ideal = cache.get(topic) if cache is not None else None
        if ideal is None:
            ideal = ideal_gains(topic_quant_map(qrels, topic, quant, ctx))
            if cache is not None:
                cache[topic] = ideal
        ideals.append(ideal)
    G = lookup.matrix(np.where(lookup.repeat, 0.0, lookup.q))
    if lookup.repeat.any() and ctx is not None and hasattr(ctx, "warn"):
        repeats = np.bincount(lookup.topic[lookup.repeat], minlength=len(topics))
        for t_i in np.flatnonzero(repeats).tolist():
            ctx.warn(f"run {run.name} topic {topics[t_i]}: {int(repeats[t_i])} repeated relevant "
                     "result(s) scored as non-relevant")
    return G, kernels.pad(ideals), ideals


#: topics whose per-topic vectors are held at once on the per-topic path
_BLOCK = 4096


class IdealRows(Sequence):
    """The ideal vectors as rows of the ideal matrix (views made when asked for, not held:
    runs of very many topics)."""

    def __init__(self, ideal: np.ndarray) -> None:
        self._ideal = ideal
        self._sizes = np.count_nonzero(ideal > 0, axis=1)

    def __len__(self) -> int:
        return len(self._sizes)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return self._ideal[i, :self._sizes[i]]


def _per_topic_matrices(qrels: Qrels, run: Run, topics: list[str], quant: Quantisation,
                        ctx: Any) -> tuple[np.ndarray, np.ndarray, IdealRows]:
    """``G``, ``I`` and the ideal vectors topic by topic, each topic's assessments looked at
    once; the per-topic vectors of a block of topics are padded before the next block."""
    cache = per_topic_cache(ctx, "classic.ideal", qrels, quant)
    gain_blocks, ideal_blocks = [], []
    for start in range(0, len(topics), _BLOCK):
        gains, ideals = [], []
        for topic in topics[start:start + _BLOCK]:
            qmap = topic_quant_map(qrels, topic, quant, ctx)
            ideal = cache.get(topic) if cache is not None else None
            if ideal is None:
                ideal = ideal_gains(qmap)
                if cache is not None:
                    cache[topic] = ideal
            ideals.append(ideal)
            gains.append(ranking_gains(run.get(topic), qmap, ctx, f"run {run.name} topic {topic}",
                                       by_document(qmap)))
        gain_blocks.append(kernels.pad(gains))
        ideal_blocks.append(kernels.pad(ideals))
    G, I = _stack(gain_blocks), _stack(ideal_blocks)
    return G, I, IdealRows(I)


def _stack(blocks: list[np.ndarray]) -> np.ndarray:
    """Zero-padded matrices stacked (at least one column)."""
    if len(blocks) == 1:
        return blocks[0]
    width = max((b.shape[1] for b in blocks), default=1)
    out = np.zeros((sum(b.shape[0] for b in blocks), width))
    row = 0
    for block in blocks:
        out[row:row + block.shape[0], :block.shape[1]] = block
        row += block.shape[0]
    return out


def warn_if_nothing_judged(qrels: Qrels, run: Run, topics: list[str], quant_name: Any,
                           ctx: Any) -> None:
    """Say so when no result of the run is a document judged for its topic: the ids do not
    match the qrels' (the lookup is the one :func:`topic_matrices` just made, cached)."""
    lookup = run_lookup(qrels, run, topics, resolve_quant(quant_name, qrels), ctx)
    if lookup is not None and lookup.q.size and lookup.unknown_docs == lookup.q.size and \
            hasattr(ctx, "warn"):
        ctx.warn(f"run {run.name}: none of its {lookup.q.size} results is a document judged for "
                 "its topic, so every classic measure is 0: do the run's document ids match the "
                 "qrels' (a chunk run needs --chunk-map)?")


def judged_matrix(qrels: Qrels, run: Run, topics: list[str], quant_name: Any, ctx: Any,
                  width: int) -> np.ndarray:
    """Per (topic, rank) whether the result is assessed for the topic (any value, as
    trec_eval's and ir_measures' "judged").

    Whole documents (every assessment and result at the root): the judged-document table of
    the integer index, one hash lookup per result.  Elements (and very many topics): lookups of
    ``(doc, path)`` in the topic's assessments, one topic at a time."""
    import pandas as pd

    quant = resolve_quant(quant_name, qrels)
    judged = np.zeros((len(topics), width), dtype=bool)
    index = qrels_index(qrels, topics, quant, ctx) if _documents_only(qrels, topics, ctx) \
        else None
    for i, topic in enumerate(topics):
        ranking = run.get(topic)  # one at a time: runs of very many topics
        if not len(ranking):
            continue
        if index is not None and all(p == ROOT or p is None for p in set(ranking.paths.tolist())):
            judged[i, :len(ranking)] = index.state[i, index.doc_codes(ranking.docs)] >= 1
            continue
        qmap = topic_quant_map(qrels, topic, quant, ctx)
        paths = np.where(pd.isna(ranking.paths), ROOT, ranking.paths).astype(str).tolist()
        keys = zip(ranking.docs.astype(str).tolist(), paths)
        judged[i, :len(ranking)] = np.fromiter(map(qmap.__contains__, keys), bool, len(ranking))
    return judged


def _documents_only(qrels: Qrels, topics: list[str], ctx: Any) -> bool:
    """Every assessment of these topics is a whole document (path ``/article[1]``; cached)."""
    key = ("classic.documents-only", id(qrels), tuple(topics))
    cache = getattr(ctx, "cache", None)
    if cache is not None and key in cache:
        return cache[key]
    found = all(p == ROOT for t in topics if t in qrels.topics
                for _, p in qrels.topics[t].elements)
    if cache is not None:
        cache[key] = found
    return found


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
    positions = TopicPositions(topics)  # shared by the measures' value arrays
    for quant_name, members in by_quant.items():
        G, I, _ = topic_matrices(qrels, run, topics, quant_name, ctx)
        warn_if_nothing_judged(qrels, run, topics, quant_name, ctx)
        # the ideal vectors hold the positive values, so their lengths are counts of I > 0
        n_graded = np.count_nonzero(I > 0, axis=1).astype(np.float64)
        for m in members:
            cutoff = None if m.cutoff is None else int(m.cutoff)
            if m.name in BINARY:
                rel = float(m.get("rel", ctx))
                isrel = binary_relevance(G, rel)
                R = np.count_nonzero(binary_relevance(I, rel), axis=1).astype(np.int64)
                values = binary_measure(m, isrel, R, cutoff, qrels, run, topics, quant_name,
                                        ctx, rel)
            elif m.name == "NumRet":
                values = np.array([len(run.get(t)) for t in topics], dtype=np.float64)
            elif m.name == "Judged":
                lengths = np.array([len(run.get(t)) for t in topics], dtype=np.int64)
                judged = judged_matrix(qrels, run, topics, quant_name, ctx, G.shape[1])
                values = kernels.judged_at(judged, lengths, cutoff)
            elif m.name == "gAP":
                values = kernels.graded_average_precision(G, n_graded)
            elif m.name == "AWP":
                values = kernels.average_weighted_precision(G, I, n_graded)
            elif m.name == "nDCG":
                values = kernels.ndcg_at(G, I, cutoff, m.get("gains", ctx))
            else:  # pragma: no cover - every registered name is handled above
                raise AssertionError(m.name)
            out[m.text] = TopicValues(positions, np.array(values, dtype=np.float64))
    return out


BINARY = ("AP", "P", "Rprec", "RR", "Recall", "Success", "Bpref", "NumRel", "NumRelRet",
          "IPrec", "SetP", "SetR", "SetF")


def binary_measure(m: Measure, isrel: np.ndarray, R: np.ndarray, cutoff: int | None,
                   qrels: Qrels, run: Run, topics: list[str], quant_name: Any, ctx: Any,
                   rel: float) -> np.ndarray:
    """Values of one binary measure from the 0/1 matrix ``isrel`` and ``R`` per topic."""
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
        return kernels.interpolated_precision(isrel, R, float(m.cutoff), m.get("version", ctx))
    if m.name in ("SetP", "SetR", "SetF"):
        lengths = np.array([len(run.get(t)) for t in topics], dtype=np.float64)
        beta = float(m.get("beta", ctx)) if m.name == "SetF" else 1.0
        sets = kernels.set_measures(isrel, R, lengths, beta)
        return sets[("SetP", "SetR", "SetF").index(m.name)]
    # Bpref: judged non-relevant results and judged non-relevant units per topic
    judged = judged_matrix(qrels, run, topics, quant_name, ctx, isrel.shape[1])
    quant = resolve_quant(quant_name, qrels)
    sizes = np.array([len(topic_quant_map(qrels, t, quant, ctx)) for t in topics])
    return kernels.bpref(isrel, judged & ~isrel, R, sizes - R)


def relevant_for(measure: Measure, qrels: Qrels, ctx: Any) -> frozenset[str]:
    """Topics with something relevant under the measure's quantisation (and ``rel``)."""
    quant = resolve_quant(measure.get("quant", ctx), qrels)
    binary = any(p.name == "rel" for p in measure.definition.params)  # AP, P@k, Rprec, ...
    threshold = float(measure.get("rel", ctx)) if binary else 0.0
    return relevant_topics(qrels, quant, threshold, cache_of(ctx))


register_family(FAMILY, compute, relevant_for)
