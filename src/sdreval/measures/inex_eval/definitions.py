"""The ``inex_eval`` measure: mean precall over 100 recall points, and its curve.

Size of the implicit last rank (the elements not retrieved), in this order:
1. the measure parameter ``elements`` or ``ctx.collection_elements`` (``--collection-elements``):
   number of elements in the collection, the last rank holds those not retrieved (never fewer
   than the assessed elements not retrieved: a size that leaves fewer is warned of);
2. ``ctx.collection`` (``--collection DIR``): its element count;
3. otherwise the assessment pool stands for the collection: the last rank holds the assessed
   elements the run did not retrieve (a warning says so).
"""
from __future__ import annotations

from itertools import repeat
from typing import Any

import numpy as np

from ...errors import UsageError
from ...judgements.qrels import Qrels
from ...judgements.relevance import cache_of, relevant_topics
from ...model.run import Ranking, Run
from ..classic.gains import (document_ranking, ideal_gains, is_passage_only, ranking_gains,
                             ranking_keys, reads_documents, refuse_passages_on_elements,
                             resolve_quant, run_as_read, topic_quant_map)
from ..registry import (GIVE_COLLECTION, GIVE_COLLECTION_ELEMENTS, NON_NEGATIVE, Measure,
                        MeasureDef, Param, register_family, register_measure)
from ..segments import running_total
from ..unplaced import say_unplaced_elements
from . import kernels

FAMILY = "inex_eval"

POOL_WARNING = ("inex_eval: collection size unknown: the last rank holds the assessed elements "
                "not retrieved (give the collection's element count, "
                f"{GIVE_COLLECTION_ELEMENTS}; or the collection, {GIVE_COLLECTION})")
#: what precall does with a result naming an element its document does not hold
UNPLACED_RULE = ("are non-relevant results under {measures} as unassessed elements (nonrel, "
                 "Ogilvie & Lalmas 2006, Eq. 3), counted among the retrieved elements that the "
                 "last rank's size leaves out")

register_measure(MeasureDef(
    "inex_eval", FAMILY,
    "precall (Ogilvie & Lalmas 2006, Eq. 1-5) over weakly ordered ranks (equal RSV = one rank), mean over the "
    "recall points 0.01..1.00; non-retrieved elements form the last rank",
    (Param("quant", str, None, "quantisation (default: generalised function of the scale)",
           context_key="quant"),
     Param("elements", int, None, "number of elements in the collection (last-rank size)",
           context_key="collection_elements", allowed=NON_NEGATIVE),
     Param("compat", str, None, "inex: Gövert's RePrec reading as INEX 2002-2004 computed it "
           "(x·n rounded up to whole items; a result retrieved twice counts twice); none: "
           "Eq. 4 of Ogilvie & Lalmas 2006 (default; --compat inex sets inex)",
           choices=("inex", "none"), context_key="compat"))))


def collection_size(ctx: Any, explicit: int | None = None) -> int | None:
    """Number of elements in the collection, if known (explicit > ctx count > ctx.collection)."""
    if explicit is not None:
        if explicit < 0:
            raise UsageError(f"inex_eval: collection element count must be >= 0, got {explicit}")
        return int(explicit)
    count = getattr(ctx, "collection_elements", None)
    if count is not None:
        return int(count)
    collection = getattr(ctx, "collection", None)
    if collection is None:
        return None
    cache = getattr(ctx, "cache", None)
    key = ("inex_eval.collection_elements", id(collection))
    if cache is not None and key in cache:
        return cache[key]
    count = int(collection.element_count())
    if cache is not None:
        cache[key] = count
    return count


def assessed_units(qrels: Qrels, ctx: Any = None) -> int:
    """Distinct units the judgements assess (elements, or documents for passage qrels)."""
    cache = getattr(ctx, "cache", None)
    key = ("inex_eval.assessed", id(qrels), len(qrels.topics))
    if cache is not None and key in cache:
        return cache[key]
    units: set = set()
    for tq in qrels.topics.values():
        units.update(tq.elements)
        if not tq.elements:
            units.update(tq.passages)
    if cache is not None:
        cache[key] = len(units)
    return len(units)


def check_collection_size(qrels: Qrels, total: int | None, ctx: Any = None) -> None:
    """A collection smaller than the judgements' assessed units is a usage error."""
    if total is None:
        return
    assessed = assessed_units(qrels, ctx)
    what = "documents" if is_passage_only(qrels) else "elements"
    if total < assessed:
        raise UsageError(f"inex_eval: the collection size {total} ({GIVE_COLLECTION_ELEMENTS}; "
                         f"inex_eval(elements=...); or the collection's count) is below the "
                         f"{assessed} {what} the judgements assess; give the number of "
                         f"{what} in the whole collection")


def inex_eval_curve(qrels: Qrels, ranking: Ranking, topic: str, quant: Any = None,
                    collection_elements: int | None = None, ctx: Any = None,
                    points: np.ndarray = kernels.RECALL_POINTS,
                    compat: str | None = None, run: str = "") -> np.ndarray:
    """Precall ``P(rel|retr)(x)`` of one ranking at the recall ``points`` (default 0.01..1.00).

    ``ranking`` is used in the order given; ranks are runs of consecutive equal RSVs.
    ``quant`` defaults to ``ctx.quant``, then to the generalised function of the qrels scale.
    ``compat="inex"``: RePrec's reading (:func:`.kernels.precall`, ``reading="reprec"``), and a
    result retrieved twice counts as relevant twice, as RePrec counted it.  ``run``: the run's
    name, for the warning that counts its repeated relevant results.  A topic the run did not
    answer (no result: ``-c``) scores 0, as in every measure, not the implicit last rank.
    """
    if not len(ranking):
        return np.zeros(np.shape(points))
    q = resolve_quant(quant if quant is not None else getattr(ctx, "quant", None), qrels)
    qmap = topic_quant_map(qrels, topic, q, ctx)
    # Σ quant in one order (descending, the ideal list's): the same bits whatever the order
    # of the judgements
    n = running_total(ideal_gains(qmap))
    if reads_documents(qrels, ranking.unit, ctx):  # each document once, at its first result
        ranking = document_ranking(ranking)[0]
    refuse_passages_on_elements(qrels, ranking.unit, "given", ctx)
    if compat == "inex":
        gains = np.fromiter(map(qmap.get, ranking_keys(ranking), repeat(0.0)), float,
                            len(ranking))
        _warn_repeats(ranking, gains, topic, ctx)
    else:
        gains = ranking_gains(ranking, qmap, ctx, run, topic=topic)
    rel, nonrel = kernels.ranks_of(gains, ranking.rsv)
    retrieved = set(ranking_keys(ranking))
    unretrieved_relevant = sum(1 for k, v in qmap.items() if v > 0 and k not in retrieved)
    unretrieved_assessed = sum(1 for k in qmap if k not in retrieved)
    total = collection_size(ctx, collection_elements)
    if total is None:
        if ctx is not None and hasattr(ctx, "warn"):
            ctx.warn(POOL_WARNING)
        unretrieved = unretrieved_assessed
    else:
        what = "documents" if is_passage_only(qrels) else "elements"
        unretrieved = _last_rank_size(total, len(retrieved), unretrieved_assessed, topic, ctx,
                                      what)
    rel, nonrel = kernels.with_last_rank(rel, nonrel, n, unretrieved, unretrieved_relevant)
    return kernels.precall(rel, nonrel, n, points,
                           reading="reprec" if compat == "inex" else "eq4")


def _last_rank_size(total: int, retrieved: int, unretrieved_assessed: int, topic: str,
                    ctx: Any, what: str = "elements") -> int:
    """Elements not retrieved: the collection's ``total`` minus the distinct ``retrieved``, but
    never fewer than the assessed elements the run did not retrieve (they exist); a collection
    size that leaves fewer (too small, or results that are no element of it) is warned of."""
    if total - retrieved >= unretrieved_assessed:
        return total - retrieved
    if ctx is not None and hasattr(ctx, "warn"):
        ctx.warn(f"inex_eval: topic {topic}: the collection size {total} leaves "
                 f"{max(total - retrieved, 0)} {what} beside the {retrieved} retrieved, fewer "
                 f"than the {unretrieved_assessed} assessed {what} not retrieved; the last rank "
                 f"holds those assessed {what} (give the number of {what} of the whole "
                 "collection)")
    return unretrieved_assessed


def _warn_repeats(ranking: Ranking, gains: np.ndarray, topic: str, ctx: Any) -> None:
    keys = [k for k, g in zip(ranking_keys(ranking), gains.tolist()) if g > 0]
    repeats = len(keys) - len(set(keys))
    if repeats and ctx is not None and hasattr(ctx, "warn"):
        ctx.warn(f"inex_eval(compat=inex) topic {topic}: {repeats} repeated relevant result(s) "
                 "counted as relevant again, as RePrec counted them")


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: Any) -> dict[str, dict[str, float]]:
    """Family kernel: mean precall per topic for each ``inex_eval`` variant."""
    out: dict[str, dict[str, float]] = {}
    # on documents: each once, at its first result
    if not reads_documents(qrels, run.unit, ctx):
        say_unplaced_elements(run, qrels, topics, measures, ctx, UNPLACED_RULE)
    run = run_as_read(qrels, run, ctx, topics)
    for m in measures:
        quant = m.get("quant", ctx)
        elements = m.get("elements", ctx)
        total = collection_size(ctx, elements)
        check_collection_size(qrels, total, ctx)
        if total is None and any(len(run.get(t)) for t in topics) and hasattr(ctx, "warn"):
            ctx.warn(POOL_WARNING)  # once, before any topic's warnings: in every partition
        compat = reading_of(m, ctx)
        out[m.text] = {t: float(inex_eval_curve(qrels, run.get(t), t, quant, elements, ctx,
                                                compat=compat, run=run.name).mean())
                       for t in topics}
    return out


def reading_of(measure: Measure, ctx: Any) -> str | None:
    """``inex`` (RePrec's reading) from the name, else from ``--compat inex``; ``--compat
    chroma`` concerns the span measures only, and leaves inex_eval at its default."""
    given = dict(measure.params).get("compat")
    if given is not None:
        return given
    return "inex" if getattr(ctx, "compat", None) == "inex" else None


def relevant_for(measure: Measure, qrels: Qrels, ctx: Any) -> frozenset[str]:
    """Topics with something relevant under the measure's quantisation (n > 0)."""
    quant = resolve_quant(measure.get("quant", ctx), qrels)
    return relevant_topics(qrels, quant, 0.0, cache_of(ctx))


register_family(FAMILY, compute, relevant_for)
