"""ESR measures (Ali, Consens & Lalmas 2012, §5–7) declared in the registry, and the family kernel.

Every measure shares, per topic and relevance mode, one :class:`~.kernels.Expectations`
(E[Hits], E[Near-misses], E[Misses], E[Recall-base] at every cut-off), computed once.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np

from ...errors import UsageError
from ...judgements.qrels import Qrels, TopicQrels
from ...judgements.quantise import get_quantisation
from ...model.passage import merge_ranges
from ...model.run import Ranking, Run
from ..registry import (POSITIVE, UNIT_OPEN_LOW, EvalContext, Measure, MeasureDef, Param,
                        register_family, register_measure)
from . import kernels as K
from . import prum as PR
from ...model.navigation import NavigationModel, NoNavigation, depth_weighted_summary

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
    MeasureDef("ESRP", FAMILY, "Structural relevance in precision, E[Hits, R_k]/k (Ali, Consens & Lalmas 2012 "
               "Eq. 13).", _common("binary"), "int", cutoff_doc=_K),
    MeasureDef("ESRR", FAMILY, "Structural relevance in recall, (E[Hits]+E[Near-misses])/"
               "E[Recall-base] at k (Ali, Consens & Lalmas 2012, Eq. 14).", _common("binary"), "int", cutoff_doc=_K),
    MeasureDef("SR", FAMILY, "Structural relevance SR(R_k) = Σ rel(t_i)(1 − p(t_i; R_{i−1})) "
               "(Ali, Consens & Lalmas 2012, Eq. 12; equals E[Hits] for element runs).", _common("binary"), "int",
               cutoff_doc=_K),
    MeasureDef("SRP", FAMILY, "SR in precision, SR(R_k)/k (Ali, Consens & Lalmas 2012, §6.1).", _common("binary"),
               "int", cutoff_doc=_K),
    MeasureDef("SRiP", FAMILY, "HiXEval iP in ESR: E[Hits]/Σ size(t_i) (Ali, Consens & Lalmas 2012, Eq. 18).",
               _common("length"), "int", cutoff_doc=_K),
    MeasureDef("SRiR", FAMILY, "HiXEval iR in ESR: E[Hits]/T_rel, T_rel = E[Recall-base, R_k] "
               "(Ali, Consens & Lalmas 2012, Eq. 19, Table 12).", _common("length"), "int", cutoff_doc=_K),
    MeasureDef("SRiP2", FAMILY, "SRiP with near-misses: (E[Hits]+E[Near-misses])/Σ size(t_i) "
               "(Ali, Consens & Lalmas 2012, Eq. 30).", _common("length"), "int", cutoff_doc=_K),
    MeasureDef("SRiR2", FAMILY, "SRiR with near-misses: (E[Hits]+E[Near-misses])/T_rel "
               "(Ali, Consens & Lalmas 2012, Eq. 31).", _common("length"), "int", cutoff_doc=_K),
    MeasureDef("NSRCG", FAMILY, "Normalised cumulated gain in ESR: CG[k]/CD[k], CG = E[Hits], "
               "CD = k·l·E[Recall-base]/m (Ali, Consens & Lalmas 2012, Eq. 23–25).",
               _common("length") + (_L, _M), "int", cutoff_doc=_K),
    MeasureDef("NSRCG2", FAMILY, "NSRCG with near-misses, CG = E[Hits]+E[Near-misses] (Ali, Consens & Lalmas 2012 "
               "Eq. 32–34).", _common("length") + (_L, _M), "int", cutoff_doc=_K),
    MeasureDef("SRPRUM", FAMILY, "PRUM in ESR: CL(C)/C, C = first cut-off with ESRR ≥ recall "
               "(C = k when never reached), CL = E[Hits]+E[Near-misses] (Ali, Consens & Lalmas 2012, Eq. 27–29).",
               _common("binary") + (Param("recall", float, 1.0, "desired recall level r", allowed=UNIT_OPEN_LOW),),
               "optional-int", cutoff_doc="largest cut-off considered (default: whole run)"),
    MeasureDef("MASRiP", FAMILY, "SRiP mean-averaged over the 101 recall points 0.00…1.00, "
               "recall points from SRiR2 (Ali, Consens & Lalmas 2012, §7).", _common("length"), "optional-int",
               cutoff_doc="ranks considered (the paper used 1000; default: whole run)"),
    MeasureDef("MASRiP2", FAMILY, "SRiP2 mean-averaged over the 101 recall points, recall "
               "points from SRiR2 (Ali, Consens & Lalmas 2012, §7).", _common("length"), "optional-int",
               cutoff_doc="ranks considered (default: whole run)"),
    MeasureDef("MAESRP", FAMILY, "ESRP mean-averaged over the 101 recall points, recall points "
               "from ESRR (Ali, Consens & Lalmas 2012, §7.3).", _common("binary"), "optional-int",
               cutoff_doc="ranks considered (default: whole run)"),
]

_A = Param("A", float, None, "proximity navigation parameter A (INEX 2006 Best in Context used "
           "0.01, 1, 10, 100): P(x ⇝ y) = A/(A + distance in characters); without it the "
           "navigation model gives P(x ⇝ y)", allowed=POSITIVE)
_PRUM_COMMON = (_QUANT, _NAV, _A)
_MAXRANK = "ranks considered (default: whole run)"
DEFINITIONS += [
    MeasureDef("PRUM", FAMILY, "Precision-recall with user modelling: E[CL(i)]/E[C(i)] over the "
               "navigation scenarios, i = ceil(recall·N) ideal (relevant) elements (Piwowarski "
               "et al. 2007; Ali, Consens & Lalmas 2012, Eq. 26, Table 9).",
               _PRUM_COMMON + (Param("recall", float, 1.0, "desired recall level", allowed=UNIT_OPEN_LOW),),
               "optional-int", cutoff_doc=_MAXRANK),
    MeasureDef("EPRUM", FAMILY, "Expected PRUM: E[min_I(l)/min_S(l)] over the navigation "
               "scenarios (Piwowarski 2005; Ali, Consens & Lalmas 2012, footnote 11).",
               _PRUM_COMMON + (Param("recall", float, 1.0, "desired recall level l", allowed=UNIT_OPEN_LOW),),
               "optional-int", cutoff_doc=_MAXRANK),
    MeasureDef("MAEPRUM", FAMILY, "EPRUM averaged over the recall levels i/N, i = 1..N.",
               _PRUM_COMMON, "optional-int", cutoff_doc=_MAXRANK),
]

for _definition in DEFINITIONS:
    register_measure(_definition)


# --------------------------------------------------------------------------------------------
# inputs


def relevance(tq: TopicQrels, scale: str, mode: str, quant: str | None,
              ctx: EvalContext | None = None) -> tuple[list[tuple[str, str]], np.ndarray]:
    """Relevant trees A of a topic and their relevance values rel(a) > 0 (Ali, Consens & Lalmas 2012, Table 4).

    From element assessments; for highlighted-passage qrels (FOL) the elements of the judged
    documents are taken from the collection (``ctx.collection``) and their relevant characters
    are the highlighted characters they contain (Ali, Consens & Lalmas 2012, §6.2, §7)."""
    items = list(tq.elements.values())
    if not items:
        if any(p.is_relevant for p in tq.passages.values()):
            return passage_relevance(tq, mode, ctx)
        return [], np.zeros(0)
    e = np.array([a.e for a in items], dtype=float)
    s = np.array([a.s for a in items], dtype=float)
    # the quantisation decides, "too small" (e = ?) included: f(?, s) = s > 0 under Bin Exh
    # and Gen Lifted (Ogilvie & Lalmas 2006, Table 2), 0 under the others
    q = get_quantisation(quant or "anyrel")(e, s)
    q = np.asarray(q, dtype=float)
    if mode == "binary":
        rel = (q > 0).astype(float)
    elif mode == "graded":
        rel = np.clip(q, 0.0, None)
    else:
        missing = [f"{a.doc}:{a.path}" for a in items if a.size is None]
        if missing:
            raise UsageError("relevance by length needs element sizes; missing for "
                             + ", ".join(missing[:5]) + (" …" if len(missing) > 5 else ""))
        size = np.array([a.size for a in items], dtype=float)
        if scale == "inex2005":  # specificity = fraction of the element highlighted
            rel = np.where(e != 0, s * size, 0.0)
        else:
            rel = np.where(q > 0, size, 0.0)
    keep = np.flatnonzero(rel > 0)
    return [(items[i].doc, items[i].path) for i in keep], rel[keep]


def highlighted_chars(start: np.ndarray, end: np.ndarray,
                      ranges: list[tuple[int, int]]) -> np.ndarray:
    """Highlighted characters inside each ``[start, end)``: ``H(end) − H(start)`` with ``H(x)``
    the number of highlighted characters before ``x`` (ranges merged first)."""
    merged = merge_ranges(list(ranges))
    if not merged:
        return np.zeros(len(start))
    lo = np.array([o for o, _ in merged], dtype=float)
    hi = lo + np.array([n for _, n in merged], dtype=float)
    before = np.concatenate([[0.0], np.cumsum(hi - lo)])

    def H(x: np.ndarray) -> np.ndarray:
        i = np.searchsorted(lo, x, side="right")          # ranges starting at or before x
        inside = np.clip(x - lo[np.maximum(i - 1, 0)], 0, None)
        partial = np.where(i > 0, np.minimum(inside, (hi - lo)[np.maximum(i - 1, 0)]), 0.0)
        return before[np.maximum(i - 1, 0)] * (i > 0) + partial

    return H(np.asarray(end, dtype=float)) - H(np.asarray(start, dtype=float))


def passage_relevance(tq: TopicQrels, mode: str, ctx: EvalContext | None
                      ) -> tuple[list[tuple[str, str]], np.ndarray]:
    """Relevant elements of highlighted-passage qrels through the collection."""
    if ctx is None or ctx.collection is None:
        raise UsageError("ESR measures on highlighted-passage qrels need the collection "
                         "(--collection) to find the elements holding relevant text")
    keys: list[tuple[str, str]] = []
    values: list[np.ndarray] = []
    absent = []
    for doc, dp in tq.passages.items():
        if not dp.is_relevant or not dp.ranges:
            continue
        try:
            tree = ctx.collection[doc]
        except KeyError:
            absent.append(doc)
            continue
        chars = highlighted_chars(tree.start, tree.end, dp.ranges)
        size = (tree.end - tree.start).astype(float)
        if mode == "binary":
            rel = (chars > 0).astype(float)
        elif mode == "graded":   # the highlighted fraction (INEX 2005 specificity)
            rel = np.divide(chars, size, out=np.zeros(len(size)), where=size > 0)
        else:
            rel = chars
        keep = np.flatnonzero(rel > 0)
        keys.extend((doc, tree.paths[i]) for i in keep)
        values.append(rel[keep])
    if absent:
        ctx.warn(f"ESR: topic {tq.topic}: {len(absent)} relevant documents are not in the "
                 f"collection (e.g. {absent[0]}); their relevant text is left out")
    return keys, (np.concatenate(values) if values else np.zeros(0))


def navigation_block(model: NavigationModel, ranking: Ranking,
                     relevant: list[tuple[str, str]]) -> np.ndarray:
    """``nav[m, a] = p̃(a; t_m)`` for the results of ``ranking`` and the relevant trees (Eq. 4
    on singletons: zero across documents and from a node to itself)."""
    L, n = len(ranking), len(relevant)
    nav = np.zeros((L, n))
    if L == 0 or n == 0:
        return nav
    rel_by_doc: dict[str, list[int]] = defaultdict(list)
    for a, (doc, _) in enumerate(relevant):
        rel_by_doc[doc].append(a)
    ret_by_doc: dict[str, list[int]] = defaultdict(list)
    for m, doc in enumerate(ranking.docs):
        if doc in rel_by_doc:
            ret_by_doc[doc].append(m)
    for doc, rows in ret_by_doc.items():
        cols = rel_by_doc[doc]
        union: dict[str, int] = {}
        for m in rows:
            union.setdefault(ranking.paths[m], len(union))
        for a in cols:
            union.setdefault(relevant[a][1], len(union))
        M = np.asarray(model.matrix(doc, list(union)), dtype=float)
        np.fill_diagonal(M, 0.0)  # Eq. 4: t_i ∖ t_j is empty for the same node
        ri = np.array([union[ranking.paths[m]] for m in rows])
        ci = np.array([union[relevant[a][1]] for a in cols])
        nav[np.ix_(rows, cols)] = M[np.ix_(ri, ci)]
    return nav


def hit_ranks(ranking: Ranking, relevant: list[tuple[str, str]]) -> tuple[np.ndarray, int]:
    """1-based first rank of each relevant tree in the ranking (0 = not retrieved), and the
    number of repeated results (a result identical to a higher-ranked one)."""
    first: dict[tuple[str, str], int] = {}
    repeats = 0
    for m, key in enumerate(zip(ranking.docs, ranking.paths)):
        if key in first:
            repeats += 1
        else:
            first[key] = m + 1
    return np.array([first.get(a, 0) for a in relevant], dtype=np.int64), repeats


def result_sizes(ranking: Ranking, qrels: Qrels, topic: str, ctx: EvalContext) -> np.ndarray:
    """size(t_i) of each result in characters: from the assessments, else the collection."""
    tq = qrels.topics.get(topic)
    sizes = np.zeros(len(ranking))
    missing = []
    for m, (doc, path) in enumerate(zip(ranking.docs, ranking.paths)):
        a = tq.elements.get((doc, path)) if tq is not None else None
        if a is not None and a.size is not None:
            sizes[m] = a.size
            continue
        tree = None
        if ctx.collection is not None:
            try:
                tree = ctx.collection[doc]
            except KeyError:
                tree = None
        if tree is not None and path in tree:
            sizes[m] = tree.chars(path)
        else:
            missing.append(f"{doc}:{path}")
    if missing:
        raise UsageError(f"topic {topic}: sizes unknown for {len(missing)} retrieved elements "
                         f"(e.g. {missing[0]}); give --collection or assessments with sizes")
    return sizes


def navigation_model(measure: Measure, ctx: EvalContext) -> NavigationModel:
    choice = measure.get("nav", ctx)
    if choice == "none":
        return NoNavigation()
    if choice == "context" and ctx.navigation is not None:
        return ctx.navigation
    key = ("esr-nav", "depth")
    if key not in ctx.cache:
        ctx.cache[key] = depth_weighted_summary()
    if choice == "context":
        ctx.warn("ESR: no navigation model given (--navigation); using the depth-weighted "
                 "summary model (Ali, Consens & Lalmas 2012, §4.2)")
    return ctx.cache[key]


# --------------------------------------------------------------------------------------------
# family kernel


def _check(measure: Measure, ctx: EvalContext) -> None:
    if measure.name in ("NSRCG", "NSRCG2"):
        l, m = measure.get("l", ctx), measure.get("m", ctx)
        if not 0 < l <= 1:
            raise UsageError(f"{measure.text}: desired recall l must be in (0, 1]")
        if m is not None and m <= 0:
            raise UsageError(f"{measure.text}: desired effort m must be positive")
    if measure.name in ("SRPRUM", "PRUM", "EPRUM") and not 0 < measure.get("recall", ctx) <= 1:
        raise UsageError(f"{measure.text}: recall must be in (0, 1]")
    if measure.name in _PRUM_FAMILY and measure.get("A", ctx) is not None \
            and measure.get("A", ctx) <= 0:
        raise UsageError(f"{measure.text}: A must be positive")


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


_PRUM_FAMILY = {"PRUM", "EPRUM", "MAEPRUM"}


def _position(tree_source: EvalContext, doc: str, path: str | None) -> int | None:
    if path is None or tree_source.collection is None:
        return None
    try:
        tree = tree_source.collection[doc]
    except KeyError:
        return None
    if path not in tree:
        return None
    return int(tree.start[tree.index[path]])


def ideal_units(tq: TopicQrels, scale: str, quant: str | None
                ) -> list[tuple[str, str | None, int | None]]:
    """Ideal units of PRUM/EPRUM: ``(doc, path, offset)`` of the relevant elements (binary
    relevance), or the best entry points of highlighted-passage qrels (path None)."""
    if tq.elements:
        relevant, _ = relevance(tq, scale, "binary", quant)
        return [(d, p, None) for d, p in relevant]
    return [(doc, None, dp.bep) for doc, dp in tq.passages.items()
            if dp.is_relevant and dp.bep is not None]


def prum_navigation(measure: Measure, ranking: Ranking, ideal: list, ctx: EvalContext
                    ) -> np.ndarray:
    """``nav[k, y] = P(x_k ⇝ y)``: 1 when the result is the ideal unit, the proximity model
    when ``A`` is given, else the navigation model; zero across documents."""
    L, n = len(ranking), len(ideal)
    nav = np.zeros((L, n))
    if L == 0 or n == 0:
        return nav
    A = measure.get("A", ctx)
    if A is None:
        elements = [(d, p) for d, p, _ in ideal]
        if any(p is None for _, p in elements):
            raise UsageError(f"{measure.text}: best entry points need the proximity model; "
                             "give A, e.g. EPRUM(A=10)")
        nav = navigation_block(navigation_model(measure, ctx), ranking, elements)
    else:
        by_doc: dict[str, list[int]] = defaultdict(list)
        for y, (d, _, _) in enumerate(ideal):
            by_doc[d].append(y)
        rows_by_doc: dict[str, list[int]] = defaultdict(list)
        for k, doc in enumerate(ranking.docs):
            if doc in by_doc:
                rows_by_doc[doc].append(k)
        missing = []
        for doc, rows in rows_by_doc.items():
            cols = by_doc[doc]
            pos = [int(ranking.offsets[k]) if ranking.offsets[k] >= 0
                   else _position(ctx, doc, ranking.paths[k]) for k in rows]
            target = [ideal[y][2] if ideal[y][2] is not None else _position(ctx, doc, ideal[y][1])
                      for y in cols]
            if any(p is None for p in pos) or any(t is None for t in target):
                missing.append(doc)
                continue
            dist = np.array(pos, dtype=float)[:, None] - np.array(target, dtype=float)[None, :]
            nav[np.ix_(rows, cols)] = PR.proximity(dist, A)
        if missing:
            raise UsageError(f"{measure.text}: character positions unknown in {len(missing)} "
                             f"documents (e.g. {missing[0]}); give --collection")
    index = {(d, p): y for y, (d, p, _) in enumerate(ideal) if p is not None}
    if index:
        for k, key in enumerate(zip(ranking.docs, ranking.paths)):
            y = index.get(key)
            if y is not None:
                nav[k, y] = 1.0
    return nav


def _prum_value(measure: Measure, nav: np.ndarray, ctx: EvalContext) -> float:
    k = measure.cutoff
    if k is not None:
        nav = nav[:k]
    n = nav.shape[1]
    if n == 0:
        return 0.0
    if measure.name == "PRUM":
        return PR.prum(nav, PR.desired_count(measure.get("recall", ctx), n))[2]
    if measure.name == "EPRUM":
        return PR.eprum(nav, measure.get("recall", ctx))
    return PR.mean_eprum(nav)


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: EvalContext) -> dict[str, dict[str, float]]:
    """Family kernel: every ESR measure of ``measures`` for every topic."""
    out: dict[str, dict[str, float]] = {m.text: {} for m in measures}
    for measure in measures:
        _check(measure, ctx)
    if run.unit == "passage" and any(m.name not in _PRUM_FAMILY or m.get("A", ctx) is None
                                     for m in measures):
        raise UsageError(f"run {run.name}: ESR measures evaluate element (tree) runs; this is a "
                         "passage run (only EPRUM/PRUM with A=... take passages)")
    for topic in topics:
        tq = qrels.topics.get(topic)
        ranking = run.get(topic)
        if tq is None:
            continue
        cache: dict[Any, Any] = {}
        sizes_cum = None
        for measure in measures:
            if measure.name in _PRUM_FAMILY:
                quant = measure.get("quant", ctx)
                ikey = ("ideal", quant)
                if ikey not in cache:
                    cache[ikey] = ideal_units(tq, qrels.scale, quant)
                A = measure.get("A", ctx)
                model = None if A is not None else navigation_model(measure, ctx)
                pkey = ("prum-nav", quant, A, id(model))
                if pkey not in cache:
                    cache[pkey] = prum_navigation(measure, ranking, cache[ikey], ctx)
                out[measure.text][topic] = _prum_value(measure, cache[pkey], ctx)
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
                    cache[nkey] = navigation_block(model, ranking, relevant)
                ranks, repeats = hit_ranks(ranking, relevant)
                if repeats:
                    ctx.warn(f"ESR: run {run.name} repeats results ({repeats} in topic {topic}); "
                             "a repeated result gains nothing")
                cache[key] = K.expectations(cache[nkey], rel, ranks)
            if measure.name in _NEEDS_SIZES and sizes_cum is None:
                sizes_cum = np.cumsum(result_sizes(ranking, qrels, topic, ctx))
            out[measure.text][topic] = _value(measure, cache[key], sizes_cum, ctx)
    return out


def relevant_for(measure: Measure, qrels: Qrels, ctx: EvalContext) -> frozenset[str]:
    """Topics with a relevant tree (ESR) or ideal unit (PRUM family) under the measure's
    quantisation; highlighted-passage qrels decide by highlighted text."""
    quant = measure.get("quant", ctx)
    prum_family = measure.name in _PRUM_FAMILY
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
