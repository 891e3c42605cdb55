"""ESR measures (Ali, Consens & Lalmas 2012, §5–7) declared in the registry, and the family kernel
(inputs: :mod:`.inputs`; PRUM and EPRUM on a ranking: :mod:`.prum_units`).

Every measure shares, per topic and relevance mode, one :class:`~.kernels.Expectations`
(E[Hits], E[Near-misses], E[Misses], E[Recall-base] at every cut-off), computed once.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...errors import InputError, Problem, UsageError, examples_text
from ...judgements.qrels import Qrels
from ...model.conversion import listed_by, strict_refusal
from ...model.run import Run
from ..param_rules import Inert
from ..registry import (POSITIVE, UNIT_OPEN_LOW, EvalContext, Measure, MeasureDef, Param,
                        register_family, register_measure)
from . import kernels as K
from .inputs import (document_roots, hit_ranks, navigation_block, navigation_model, relevance,
                     result_sizes)
from .prum_units import PRUM_FAMILY, ideal_units, prum_navigation, prum_value
from ..unplaced import say_other_spellings

FAMILY = "esr"

_REL_DOC = ("relevance value rel(a): binary (1 if the quantised assessment is > 0), length "
            "(relevant characters: specificity × size on the INEX 2005 scale, else size of "
            "relevant elements) or graded (the quantised value)")


def _rel(default: str) -> Param:
    return Param("rel", str, default, _REL_DOC, ("binary", "length", "graded"))


_QUANT = Param("quant", str, None, "quantisation deciding relevance (default anyrel: e>0 and "
               "s>0)", context_key="quant")
_NAV = Param("nav", str, "context", "navigation model: context (--navigation, else the "
             "depth-weighted summary model), depth (depth-weighted summary), none (no navigation)",
             ("context", "depth", "none"))


def _common(rel_default: str) -> tuple[Param, ...]:
    return (_rel(rel_default), _QUANT, _NAV)


_K = "number of ranks consulted k (R_k = the whole run when it is shorter)"
_L = Param("l", float, 1.0, "desired recall l in (0, 1]", allowed=UNIT_OPEN_LOW)
_M = Param("m", float, None, "desired effort m in ranks (default: the cut-off k)",
           allowed=POSITIVE)

DEFINITIONS = [
    MeasureDef("ESRP", FAMILY, "Structural relevance in precision, E[Hits, R_k]/k (Ali, Consens "
               "& Lalmas 2012, Eq. 13).", _common("binary"), "int", cutoff_doc=_K),
    MeasureDef("ESRR", FAMILY, "Structural relevance in recall, (E[Hits]+E[Near-misses])/"
               "E[Recall-base] at k (Ali, Consens & Lalmas 2012, Eq. 14).", _common("binary"),
               "int", cutoff_doc=_K),
    MeasureDef("SR", FAMILY, "Structural relevance SR(R_k) = Σ rel(t_i)(1 − p(t_i; R_{i−1})) "
               "(Ali, Consens & Lalmas 2012, Eq. 12; equals E[Hits] for element runs).",
               _common("binary"), "int", cutoff_doc=_K),
    MeasureDef("SRP", FAMILY, "SR in precision, SR(R_k)/k (Ali, Consens & Lalmas 2012, §6.1).",
               _common("binary"), "int", cutoff_doc=_K),
    MeasureDef("SRiP", FAMILY, "HiXEval iP in ESR: E[Hits]/Σ size(t_i) (Ali, Consens & Lalmas "
               "2012, Eq. 18).", _common("length"), "int", cutoff_doc=_K),
    MeasureDef("SRiR", FAMILY, "HiXEval iR in ESR: E[Hits]/T_rel, T_rel = E[Recall-base, R_k] "
               "(Ali, Consens & Lalmas 2012, Eq. 19, Table 12).", _common("length"), "int",
               cutoff_doc=_K),
    MeasureDef("SRiP2", FAMILY, "SRiP with near-misses: (E[Hits]+E[Near-misses])/Σ size(t_i) "
               "(Ali, Consens & Lalmas 2012, Eq. 30).", _common("length"), "int", cutoff_doc=_K),
    MeasureDef("SRiR2", FAMILY, "SRiR with near-misses: (E[Hits]+E[Near-misses])/T_rel "
               "(Ali, Consens & Lalmas 2012, Eq. 31).", _common("length"), "int", cutoff_doc=_K),
    MeasureDef("NSRCG", FAMILY, "Normalised cumulated gain in ESR: CG[k]/CD[k], CG = E[Hits], "
               "CD = k·l·E[Recall-base]/m (Ali, Consens & Lalmas 2012, Eq. 23–25).",
               _common("length") + (_L, _M), "int", cutoff_doc=_K),
    MeasureDef("NSRCG2", FAMILY, "NSRCG with near-misses, CG = E[Hits]+E[Near-misses] (Ali, "
               "Consens & Lalmas 2012, Eq. 32–34).", _common("length") + (_L, _M), "int",
               cutoff_doc=_K),
    MeasureDef("SRPRUM", FAMILY, "PRUM in ESR: CL(C)/C, C = first cut-off with ESRR ≥ recall "
               "(C = k when never reached), CL = E[Hits]+E[Near-misses] (Ali, Consens & Lalmas "
               "2012, Eq. 27–29).",
               _common("binary") + (Param("recall", float, 1.0, "desired recall level r",
                                          allowed=UNIT_OPEN_LOW),),
               "optional-int", cutoff_doc="largest cut-off considered (default: whole run)"),
    MeasureDef("MASRiP", FAMILY, "SRiP mean-averaged over the 101 recall points 0.00…1.00, "
               "recall points from SRiR2 (Ali, Consens & Lalmas 2012, §7).", _common("length"),
               "optional-int",
               cutoff_doc="ranks considered (the paper used 1000; default: whole run)"),
    MeasureDef("MASRiP2", FAMILY, "SRiP2 mean-averaged over the 101 recall points, recall "
               "points from SRiR2 (Ali, Consens & Lalmas 2012, §7).", _common("length"),
               "optional-int", cutoff_doc="ranks considered (default: whole run)"),
    MeasureDef("MAESRP", FAMILY, "ESRP mean-averaged over the 101 recall points, recall points "
               "from ESRR (Ali, Consens & Lalmas 2012, §7.3).", _common("binary"),
               "optional-int", cutoff_doc="ranks considered (default: whole run)"),
]

_A = Param("A", float, None, "proximity navigation parameter A (INEX 2006 Best in Context used "
           "0.01, 1, 10, 100): P(x ⇝ y) = A/(A + distance in characters); without it the "
           "navigation model gives P(x ⇝ y)", allowed=POSITIVE)
_PRUM_COMMON = (_QUANT, _NAV, _A)
#: with A, P(x ⇝ y) is the proximity model's, and no navigation model is read
_PRUM_INERT = (Inert("nav", (("A", None),), "with A, P(x ⇝ y) = A/(A + distance) (the "
                     "proximity model of INEX 2006 Best in Context) and no navigation model "
                     "is read", "drop nav, or A"),)
_MAXRANK = "ranks considered (default: whole run)"
DEFINITIONS += [
    MeasureDef("PRUM", FAMILY, "Precision-recall with user modelling: E[CL(i)]/E[C(i)] over the "
               "navigation scenarios, i = ceil(recall·N) ideal (relevant) elements (Piwowarski "
               "et al. 2007; Ali, Consens & Lalmas 2012, Eq. 26, Table 9).",
               _PRUM_COMMON + (Param("recall", float, 1.0, "desired recall level",
                                     allowed=UNIT_OPEN_LOW),),
               "optional-int", cutoff_doc=_MAXRANK, inert=_PRUM_INERT),
    MeasureDef("EPRUM", FAMILY, "Expected PRUM: E[min_I(l)/min_S(l)] over the navigation "
               "scenarios (Piwowarski 2005; Ali, Consens & Lalmas 2012, footnote 11).",
               _PRUM_COMMON + (Param("recall", float, 1.0, "desired recall level l",
                                     allowed=UNIT_OPEN_LOW),),
               "optional-int", cutoff_doc=_MAXRANK, inert=_PRUM_INERT),
    MeasureDef("MAEPRUM", FAMILY, "EPRUM (Piwowarski 2005) averaged over the recall levels i/N, "
               "i = 1..N (sdreval's averaged form; the papers define EPRUM at one level).",
               _PRUM_COMMON, "optional-int", cutoff_doc=_MAXRANK, inert=_PRUM_INERT),
]

for _definition in DEFINITIONS:
    register_measure(_definition)


# --------------------------------------------------------------------------------------------
# family kernel


def _value(measure: Measure, x: K.Expectations, sizes_cum: np.ndarray | None,
           ctx: EvalContext) -> float:
    name, k = measure.name, measure.cutoff
    if name == "ESRP":
        return K.esrp(x, k)
    if name == "ESRR":
        return K.esrr(x, k)
    if name == "SR":
        return x.at(k)[0]
    if name == "SRP":
        return x.at(k)[0] / k
    if name in ("SRiP", "SRiP2"):
        return K.srip(x, sizes_cum, k, near_misses=name == "SRiP2")
    if name in ("SRiR", "SRiR2"):
        return K.srir(x, k, near_misses=name == "SRiR2")
    if name in ("NSRCG", "NSRCG2"):
        m = measure.get("m", ctx)
        return K.nsrcg(x, k, measure.get("l", ctx), float(k) if m is None else m,
                       near_misses=name == "NSRCG2")
    if name == "SRPRUM":
        return K.srprum(x, measure.get("recall", ctx), k)[0]
    if name in ("MASRiP", "MASRiP2", "MAESRP"):
        limit = len(x) if k is None else min(k, len(x))
        if limit == 0:
            return 0.0
        gain = x.hits[:limit] + (x.near_misses[:limit] if name == "MASRiP2" else 0.0)
        rb = x.recall_base[:limit]
        recall = np.divide(x.hits[:limit] + x.near_misses[:limit], rb,
                           out=np.zeros(limit), where=rb > 0)
        if name == "MAESRP":
            precision = gain / np.arange(1, limit + 1)
        else:
            denom = sizes_cum[:limit]
            precision = np.divide(gain, denom, out=np.zeros(limit), where=denom > 0)
        return K.mean_averaged(precision, recall)
    raise UsageError(f"ESR family cannot compute {measure.text}")  # pragma: no cover


_NEEDS_SIZES = {"SRiP", "SRiP2", "MASRiP", "MASRiP2"}
#: why EPRUM can pass 1, said with every value that does: the ideal list's ranks are taken as
#: ceil(l·N) (an assumption: Ali, Consens & Lalmas 2012, footnote 11, does not say how the
#: ideal output is scored), while the system is credited the navigation from its results
EPRUM_ABOVE_ONE = ("the ideal list is taken to show one ideal element a rank (min_I(l) = "
                   "ceil(l·N), no navigation credited to it), while the run's results lead to "
                   "several by navigation (an assumption where Ali, Consens & Lalmas 2012, "
                   "footnote 11, is silent: docs/esr.md, 'PRUM and EPRUM')")


def _sized_depth(measures: list[Measure], length: int) -> int:
    """The results whose sizes the measures read: SRiP@k sums the first k (Ali, Consens &
    Lalmas 2012, Eq. 18), MASRiP without a cut-off every rank."""
    return max((length if m.cutoff is None else min(m.cutoff, length)
                for m in measures if m.name in _NEEDS_SIZES), default=0)


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: EvalContext) -> dict[str, dict[str, float]]:
    """Family kernel: every ESR measure of ``measures`` for every topic."""
    out: dict[str, dict[str, float]] = {m.text: {} for m in measures}
    if run.unit == "passage" and any(m.name not in PRUM_FAMILY or m.get("A", ctx) is None
                                     for m in measures):
        raise UsageError(f"run {run.name}: ESR measures evaluate element (tree) runs; this is a "
                         "passage run (only EPRUM/PRUM with A=... take passages)")
    if run.unit == "element":
        say_other_spellings(run, qrels, topics, ctx)
    unplaced: dict[str, list[str]] = {}  # topic -> results the collection cannot place
    for topic in topics:
        tq = qrels.topics.get(topic)
        ranking = run.get(topic)
        if tq is None:
            continue
        if run.unit == "document":
            ranking = document_roots(ranking, tq, ctx, _sized_depth(measures, len(ranking)))
        cache: dict[Any, Any] = {}
        lost: list[int] = []
        sizes_cum = None
        for measure in measures:
            if measure.name in PRUM_FAMILY:
                quant = measure.get("quant", ctx)
                ikey = ("ideal", quant)
                if ikey not in cache:
                    cache[ikey] = ideal_units(tq, qrels.scale, quant)
                A = measure.get("A", ctx)
                model = None if A is not None else navigation_model(measure, ctx)
                pkey = ("prum-nav", quant, A, id(model))
                if pkey not in cache:
                    cache[pkey] = prum_navigation(measure, ranking, cache[ikey], ctx, topic,
                                                  lost)
                out[measure.text][topic] = prum_value(measure, cache[pkey], ctx)
                continue
            rel_mode = measure.get("rel", ctx)
            quant = measure.get("quant", ctx)
            model = navigation_model(measure, ctx)
            key = (rel_mode, quant, id(model))
            if key not in cache:
                rkey = (rel_mode, quant)
                if rkey not in cache:
                    cache[rkey] = relevance(tq, qrels.scale, rel_mode, quant, ctx)
                relevant, rel = cache[rkey]
                nkey = ("nav", tuple(relevant), id(model))
                if nkey not in cache:
                    cache[nkey] = navigation_block(model, ranking, relevant, ctx, lost)
                ranks, repeats = hit_ranks(ranking, relevant)
                if repeats:
                    ctx.warn(f"ESR: run {run.name} repeats results ({repeats} in topic {topic}); "
                             "a repeated result gains nothing")
                cache[key] = K.expectations(cache[nkey], rel, ranks)
            if measure.name in _NEEDS_SIZES and sizes_cum is None:
                sizes_cum = np.cumsum(result_sizes(ranking, qrels, topic, ctx,
                                                   _sized_depth(measures, len(ranking)), lost))
            out[measure.text][topic] = _value(measure, cache[key], sizes_cum, ctx)
        if lost:
            unplaced[topic] = [f"{ranking.docs[k]} {ranking.paths[k]}" for k in sorted(lost)]
    if unplaced:
        _unplaced_results(run, unplaced, measures, ctx)
    for measure in measures:
        above = sum(value > 1.0 for value in out[measure.text].values())
        if above and measure.name in ("EPRUM", "MAEPRUM"):
            ctx.warn(f"run {run.name}: {above} topic(s) score {measure.text} above one: "
                     f"{EPRUM_ABOVE_ONE}")
    return out


def _unplaced_results(run: Run, unplaced: dict[str, list[str]], measures: list[Measure],
                      ctx: EvalContext) -> None:
    """Results of documents holding relevant trees or ideal units that the collection cannot
    place score nothing: a user cannot navigate from an element not in its document (Ali,
    Consens & Lalmas 2012, §4), nor PRUM/EPRUM with ``A`` measure a distance in characters
    from it (Piwowarski & Dupret 2006); an element not in its document has no characters for
    SRiP to sum (Eq. 18), as the passage measures leave it out.  Said once for the run (counts
    that add up over topic partitions), as the passage measures say of results they cannot
    convert; refused with ``--strict``."""
    problems = [Problem(run.source, None, f"topic {topic}: {len(results)} result(s) the "
                        f"collection cannot place ({', '.join(results[:3])}"
                        f"{', ...' if len(results) > 3 else ''})")
                for topic, results in unplaced.items()]
    proximity = [m.text for m in measures if m.name in PRUM_FAMILY and m.get("A", ctx) is not None]
    navigation = [m.text for m in measures if m.text not in proximity]
    names = ", ".join(dict.fromkeys(navigation + proximity))
    if ctx.strict:
        raise InputError(problems + [Problem(None, None, strict_refusal(navigation + proximity))])
    why = []
    if navigation:
        why.append("whose navigation model steps between the elements of a document")
    if proximity:
        why.append("whose proximity model measures distances in characters")
    sized = ", ".join(dict.fromkeys(m.text for m in measures if m.name in _NEEDS_SIZES))
    looked_up = " and the results whose sizes SRiP sums" if sized else ""
    kept = (f"they keep their ranks and add no characters to the retrieved size under "
            f"{sized} (an element not in its document has none)" if sized else
            "they keep their ranks, as results of documents without relevant units")
    total = sum(len(results) for results in unplaced.values())
    lister = listed_by(run, ctx.collection)
    listed = f"; {lister} lists them all" if lister else ""
    ctx.warn(f"run {run.name}: {total:,} result(s) in {len(unplaced):,} topic(s) cannot be "
             "placed in the collection (document or element not in it; results of documents "
             f"with relevant units{looked_up} looked up) and score nothing under {names}, "
             f"{' or '.join(why)}; {kept} (--strict rejects such runs{listed}): "
             + examples_text([p.message for p in problems], len(problems)))


def relevant_for(measure: Measure, qrels: Qrels, ctx: EvalContext) -> frozenset[str]:
    """Topics with a relevant tree (ESR) or ideal unit (PRUM family) under the measure's
    quantisation; highlighted-passage qrels decide by highlighted text."""
    quant = measure.get("quant", ctx)
    prum_family = measure.name in PRUM_FAMILY
    key = ("esr.relevant", id(qrels), len(qrels.topics), prum_family, quant)
    cache = getattr(ctx, "cache", None)
    if cache is not None and key in cache:
        return cache[key]
    found = set()
    for topic, tq in qrels.topics.items():
        if not tq.elements:
            if any(p.is_relevant for p in tq.passages.values()):
                found.add(topic)
        elif prum_family:
            if ideal_units(tq, qrels.scale, quant):
                found.add(topic)
        elif relevance(tq, qrels.scale, "binary", quant)[0]:
            found.add(topic)
    if cache is not None:
        cache[key] = frozenset(found)
    return frozenset(found)


register_family(FAMILY, compute, relevant_for)
