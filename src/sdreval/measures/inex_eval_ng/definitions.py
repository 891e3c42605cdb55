"""The ``inex_eval_ng`` measure (Gövert et al. 2006, Eq. 6-9).

``inex_eval_ng(variant=o)`` (default) uses recall_o/precision_o (size and overlap),
``inex_eval_ng(variant=s)`` recall_s/precision_s (size only).  ``quant=gen|strict`` picks the
pair of relevance and coverage quantisations of the qrels scale (``rel=`` / ``cov=`` override
either one).  Choices where Gövert et al. 2006 is silent (see docs/inex_eval.md):

* sizes: from ``ctx.collection`` when given, in the assessments' unit (characters, or words
  when they count the collection's words; sizes of neither unit are not mixed), else the
  assessments' sizes; a
  component with no known size gets the mean known size of the topic's assessed elements
  (with a warning); no size at all is a usage error;
* ``Σ_d rel(d)``: per assessed document, the relevance of its root element if assessed, else
  the highest relevance assessed in that document (relevance grows towards the root);
* overlap is computed from the XPaths (elements of one document either nest or are disjoint);
* recall points the run never reaches have precision 0 (the paper's extrapolation over the
  non-retrieved part of the collection is not specified precisely enough to reproduce).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...errors import UsageError
from ...judgements.qrels import Qrels
from ...judgements.quantise import get_quantisation
from ...judgements.size_unit import assessed_unit, collection_size
from ...model.run import Ranking, Run
from ...model.xpath import depth, parent_path
from ..classic.gains import ranking_keys
from ..param_rules import Inert
from ..registry import (GIVE_COLLECTION, Measure, MeasureDef, Param, register_family,
                        register_measure)
from ..segments import running_total
from ..unplaced import say_unplaced_elements
from . import kernels

FAMILY = "inex_eval_ng"
LEVELS = ("gen", "strict")
#: what inex_eval_ng does with a result naming an element its document does not hold
UNPLACED_RULE = ("score 0 under {measures} as unassessed elements (relevance and coverage 0), "
                 "sized at the mean size of the topic's assessed elements, a size that counts "
                 "in the precision's denominators (Gövert et al. 2006, Eq. 7, 9) and, with "
                 "variant=o, as seen text of an ancestor retrieved later (Eq. 8-9)")

register_measure(MeasureDef(
    "inex_eval_ng", FAMILY,
    "size- and overlap-aware recall/precision of INEX 2002 (Gövert et al. 2006, Eq. 6-9), Salton "
    "interpolation, mean precision over recall points 0.01..1.00",
    (Param("variant", str, "o", "o: size and overlap (Eq. 8-9); s: size only (Eq. 6-7)",
           choices=("o", "s")),
     Param("quant", str, None, "gen or strict: relevance and coverage quantisations of the "
           "scale (default: --quant if it names one of these, else gen)", choices=LEVELS),
     Param("rel", str, None, "relevance quantisation level (gen|strict), overrides quant",
           choices=LEVELS),
     Param("cov", str, None, "coverage quantisation level (gen|strict), overrides quant",
           choices=LEVELS)),
    inert=(Inert("quant", (("rel", None), ("cov", None)), "rel and cov each override quant "
                 "(the relevance and coverage quantisations, Gövert et al. 2006, Eq. 2-3)",
                 "drop quant, or one of rel and cov"),)))


def quant_level(explicit: str | None, ctx: Any) -> str:
    """``gen`` or ``strict``: explicit, else derived from ``ctx.quant``."""
    if explicit is not None:
        return explicit
    name = getattr(ctx, "quant", None)
    if name is None:
        return "gen"
    lowered = str(name).lower()
    if "strict" in lowered:
        return "strict"
    if not lowered.startswith("gen") and hasattr(ctx, "warn"):
        ctx.warn(f"inex_eval_ng: --quant {name} has no relevance/coverage pair; using gen")
    return "gen"


def _registered(name: str, axis: int):
    """A registered one-dimensional INEX 2002 quantisation as a function of e (axis 0) or s."""
    quant = get_quantisation(name)

    def apply(values: np.ndarray) -> np.ndarray:
        values = np.asarray(values, dtype=np.float64)
        other = np.zeros_like(values)
        return np.atleast_1d(quant(values, other) if axis == 0 else quant(other, values))

    return apply


def functions(scale: str, rel_level: str, cov_level: str):
    """(relevance function of e, coverage function of s); INEX 2002 uses the registered
    ``rel_*``/``cov_*`` quantisations (Gövert et al. 2006, Eq. 2-3)."""
    if scale == "inex2002":
        return _registered(f"rel_{rel_level}", 0), _registered(f"cov_{cov_level}", 1)
    try:
        rel_fn = kernels.SCALE_FUNCTIONS[(scale, rel_level)][0]
        cov_fn = kernels.SCALE_FUNCTIONS[(scale, cov_level)][1]
    except KeyError:
        hint = (" (judgements of highlighted passages: use inex_eval at the document level, or "
                "the passage measures MAiP, MAgP, ...)" if scale == "fol" else "")
        raise UsageError(f"inex_eval_ng needs relevance and coverage assessments (INEX 2002, "
                         f"2003/2004 or 2005 scales), not scale {scale!r}{hint}") from None
    return rel_fn, cov_fn


def element_size(doc: str, path: str, assessed: Any, collection: Any,
                 unit: str = "characters") -> float | None:
    """Size of the element from the collection in the assessments' ``unit`` (characters or
    words: :func:`~sdreval.judgements.size_unit.assessed_unit`), else the assessment's size;
    an assessed size of neither unit, beside sizes from the collection, is refused."""
    if collection is not None and doc in collection:
        tree = collection[doc]
        if path in tree:
            return float(collection_size(tree, path, unit))
    if assessed is not None and assessed.size is not None:
        if unit not in ("characters", "words"):  # one ranking summed in two units: refused
            raise UsageError(f"inex_eval_ng: {doc}:{path} is sized by the assessments only, "
                             "whose sizes are neither the collection's characters nor its "
                             f"words ({unit}): give every retrieved element's document in "
                             f"the collection ({GIVE_COLLECTION}), or sizes in characters")
        return float(assessed.size)
    return None


def new_text(keys: list[tuple[str, str]], sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Text of each component not seen at earlier ranks (size and fraction of its own size).

    Per document an antichain of the maximal components seen so far is kept: a component under
    a seen one adds nothing; otherwise its new text is its size minus the seen maximal
    descendants (which are disjoint), and it replaces them in the antichain.
    """
    seen: dict[str, dict[str, float]] = {}
    new = np.zeros(len(keys))
    fraction = np.zeros(len(keys))
    for i, (doc, path) in enumerate(keys):
        maximal = seen.setdefault(doc, {})
        ancestor: str | None = path
        covered = False
        while ancestor is not None:
            if ancestor in maximal:
                covered = True
                break
            ancestor = parent_path(ancestor)
        if covered:
            continue
        prefix = path + "/"
        inside = [p for p in maximal if p.startswith(prefix)]
        seen_inside = sum(maximal.pop(p) for p in inside)
        maximal[path] = float(sizes[i])
        new[i] = max(float(sizes[i]) - seen_inside, 0.0)
        fraction[i] = new[i] / sizes[i] if sizes[i] > 0 else 1.0
    return new, fraction


def total_relevance(elements: dict, rel_fn) -> float:
    """``Σ_d rel(d)`` over assessed documents (root relevance, else the document's maximum),
    added in one order (descending): the same bits whatever the order of the judgements."""
    best: dict[str, float] = {}
    root: dict[str, float] = {}
    for (doc, path), a in elements.items():
        value = float(rel_fn(np.array([a.e]))[0])
        best[doc] = max(best.get(doc, 0.0), value)
        if depth(path) == 1:
            root[doc] = value
    return running_total(sorted((root.get(doc, value) for doc, value in best.items()),
                                reverse=True))


def ng_components(qrels: Qrels, ranking: Ranking, topic: str, quant: str | None = None,
                  ctx: Any = None, rel: str | None = None,
                  cov: str | None = None) -> dict[str, np.ndarray]:
    """Per-rank recall_s, precision_s, recall_o, precision_o of one ranking (Gövert et al. 2006, Eq. 6-9)."""
    level = quant_level(quant, ctx)
    rel_fn, cov_fn = functions(qrels.scale, rel or level, cov or level)
    tq = qrels.topics.get(topic)
    elements = tq.elements if tq is not None else {}
    collection = getattr(ctx, "collection", None)
    keys = ranking_keys(ranking)
    assessed = [elements.get(k) for k in keys]
    trees = {d: collection[d] for d, _ in keys if collection is not None and d in collection}
    unit = assessed_unit(tq, trees) if trees and tq is not None else "characters"
    sizes = np.array([np.nan if (s := element_size(d, p, a, collection, unit)) is None else s
                      for (d, p), a in zip(keys, assessed)], dtype=np.float64)
    if np.isnan(sizes).any():
        known = [element_size(d, p, a, collection, unit) for (d, p), a in elements.items()]
        known = [s for s in known if s is not None]
        if not known:
            raise UsageError("inex_eval_ng needs element sizes: give the collection "
                             f"({GIVE_COLLECTION}) or assessments with sizes")
        missing = int(np.isnan(sizes).sum())
        if hasattr(ctx, "warn"):
            ctx.warn(f"inex_eval_ng: topic {topic}: {missing} result(s) of unknown size given "
                     "the mean assessed size")
        sizes[np.isnan(sizes)] = float(np.mean(known))
    e = np.array([a.e if a is not None else 0.0 for a in assessed], dtype=np.float64)
    s = np.array([a.s if a is not None else 0.0 for a in assessed], dtype=np.float64)
    rel_q = rel_fn(e) if len(keys) else np.zeros(0)
    cov_q = cov_fn(s) if len(keys) else np.zeros(0)
    new, fraction = new_text(keys, sizes)
    return kernels.ng_curves(rel_q, cov_q, sizes, new, total_relevance(elements, rel_fn),
                             fraction)


def inex_eval_ng_curve(qrels: Qrels, ranking: Ranking, topic: str, variant: str = "o",
                       quant: str | None = None, ctx: Any = None, rel: str | None = None,
                       cov: str | None = None,
                       points: np.ndarray = kernels.RECALL_POINTS) -> np.ndarray:
    """Salton-interpolated precision at the recall ``points`` (default 0.01..1.00)."""
    curves = ng_components(qrels, ranking, topic, quant, ctx, rel, cov)
    return kernels.salton_interpolate(curves[f"recall_{variant}"],
                                      curves[f"precision_{variant}"], points)


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: Any) -> dict[str, dict[str, float]]:
    """Family kernel: mean interpolated precision per topic; per-rank curves shared."""
    out: dict[str, dict[str, float]] = {m.text: {} for m in measures}
    say_unplaced_elements(run, qrels, topics, measures, ctx, UNPLACED_RULE)
    for topic in topics:
        cache: dict[tuple, dict[str, np.ndarray]] = {}
        for m in measures:
            key = (m.get("quant"), m.get("rel"), m.get("cov"))
            if key not in cache:
                cache[key] = ng_components(qrels, run.get(topic), topic, key[0], ctx, key[1],
                                           key[2])
            variant = m.get("variant")
            curves = cache[key]
            out[m.text][topic] = float(kernels.salton_interpolate(
                curves[f"recall_{variant}"], curves[f"precision_{variant}"]).mean())
    return out


def relevant_for(measure: Measure, qrels: Qrels, ctx: Any) -> frozenset[str]:
    """Topics with an element of positive relevance under the measure's relevance
    quantisation (Σ_d rel(d) > 0)."""
    key = ("inex_eval_ng.relevant", id(qrels), len(qrels.topics), measure.get("quant"),
           measure.get("rel"), measure.get("cov"), getattr(ctx, "quant", None))
    cache = getattr(ctx, "cache", None)
    if cache is not None and key in cache:
        return cache[key]
    level = quant_level(measure.get("quant"), ctx)
    rel_fn, _ = functions(qrels.scale, measure.get("rel") or level, measure.get("cov") or level)
    found = frozenset(t for t, tq in qrels.topics.items()
                      if tq.elements and total_relevance(tq.elements, rel_fn) > 0)
    if cache is not None:
        cache[key] = found
    return found


register_family(FAMILY, compute, relevant_for)
