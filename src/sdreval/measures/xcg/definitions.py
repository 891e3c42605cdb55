"""Declarations of the XCG family and its family kernel.

Every measure takes ``quant`` (default: ``--quant``, else the generalised function of the
judgements' scale), ``overlap`` (on = α 1, off = α 0), ``alpha`` (instead of ``overlap``),
``ideal`` (``ideal`` = ideal recall-base with near-miss cap, ``full`` = thorough: full
recall-base, no cap) and ``keep`` (ideal recall-base filtering: ``ancestor`` or
``descendant``; refused with ``ideal=full``, which has no ideal recall-base to filter;
``alpha`` and ``overlap`` together are refused: :data:`INERT`).  ``Q``, ``R`` and ``MAep``
here are the one implementation of docs/classic.md: with ``ideal=full, overlap=off`` they are
the classic graded measures.  Such flat-equivalent
settings (and flat data) take the fast path of :mod:`.fast` (no element tables); the values
are the same as on the general path (tested).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

import numpy as np

from ...errors import UsageError
from ...judgements.qrels import Qrels
from ...judgements.quantise import check_scale, default_quantisation, get_quantisation
from ...judgements.relevance import cache_of, relevant_topics
from ...model.run import Run
from ..classic.gains import (document_run, ideal_gains, is_passage_only, ranking_gains,
                             ranking_keys, reads_documents, topic_quant_map)
from ..param_rules import Inert
from ..registry import (NON_NEGATIVE, UNIT, UNIT_OPEN_LOW, EvalContext, Measure, MeasureDef,
                        Param, register_family, register_measure)
from .gains import GainSettings, GlobalTable, build_topic_table, global_table, run_gains
from .fast import fast_gains, ideal_vectors
from ..doc_ids import warn_xml_suffix
from ..topics import keep_warning
from .kernels import batch_values
from ..unplaced import say_unplaced_elements

FAMILY = "xcg"
#: what XCG does with a result naming an element its document does not hold
UNPLACED_RULE = ("score 0 under {measures} as unassessed elements; with overlap on (alpha > 0) "
                 "an ancestor retrieved later counts them as seen parts of it (Kazai & Lalmas "
                 "2006, Eq. 9)")

COMMON = (
    Param("quant", str, None, "quantisation (default: --quant, else the scale's gen function)",
          context_key="quant"),
    Param("overlap", str, "on", "on: overlap penalty α = 1; off: α = 0", ("on", "off"),
          context_key="overlap"),
    Param("alpha", float, None, "overlap penalty α in [0, 1] (instead of overlap)",
          context_key="alpha", allowed=UNIT),
    Param("ideal", str, "ideal", "ideal: ideal recall-base + near-miss cap (focused); "
          "full: full recall-base, no cap (thorough)", ("ideal", "full"), context_key="ideal"),
    Param("keep", str, "ancestor", "ideal recall-base overlap filter keeps the ancestor or "
          "the descendant", ("ancestor", "descendant")),
)
BETA = Param("beta", float, 1.0, "Q/R-measure β >= 0 (set only in the name, e.g. Q(beta=10))",
             allowed=NON_NEGATIVE)
STEP = Param("step", float, 0.1, "gain-recall step of the points: 0.1 (0.1..1.0) or 0.01",
             (0.1, 0.01))

DEFS = {
    "xCG": MeasureDef("xCG", FAMILY, "extended cumulated gain xCG[k] (Kazai & Lalmas 2006, Eq. 4)",
                      COMMON, "int", cutoff_doc="rank k"),
    "nxCG": MeasureDef("nxCG", FAMILY, "normalised xCG: xCG[k]/xCI[k] (Kazai & Lalmas 2006, Eq. 5)",
                       COMMON, "int", cutoff_doc="rank k"),
    "MAnxCG": MeasureDef("MAnxCG", FAMILY, "mean of nxCG[1..k] (Kazai & Lalmas 2006, Eq. 6)", COMMON,
                         "int", cutoff_default=1500, cutoff_doc="rank k (default 1500)"),
    "ep": MeasureDef("ep", FAMILY, "effort-precision at gain-recall r (Kazai & Lalmas 2006, Eq. 13-14)",
                     COMMON, "float", cutoff_doc="gain-recall r in (0, 1]",
                     cutoff_range=UNIT_OPEN_LOW),
    "iMAep": MeasureDef("iMAep", FAMILY, "mean ep at the gain-recall points step..1.0 "
                        "(Kazai & Lalmas 2006, §5.4)", COMMON + (STEP,)),
    "MAep": MeasureDef("MAep", FAMILY, "non-interpolated mean average effort-precision "
                       "(Kazai & Lalmas 2006, §5.4)", COMMON),
    "Q": MeasureDef("Q", FAMILY, "Q-measure over XCG gains (Sakai 2004; Kazai & Lalmas "
                    "2006, Eq. 11)",
                    COMMON + (BETA,)),
    "R": MeasureDef("R", FAMILY, "R-measure over XCG gains (Sakai 2004; Kazai & Lalmas "
                    "2006, Eq. 12)",
                    COMMON + (BETA,)),
}
#: parameters without effect: ``keep`` filters the ideal recall-base (Kazai & Lalmas 2006,
#: §4), which ``ideal=full`` does not use; ``alpha`` and ``overlap`` both set α (§5.2.3)
INERT = (
    Inert("keep", (("ideal", ("full",)),), "keep chooses which of two overlapping elements the "
          "ideal recall-base keeps (Kazai & Lalmas 2006, §4), and ideal=full uses the full "
          "recall-base, unfiltered", "drop keep, or give ideal=ideal"),
    Inert("overlap", (("alpha", None),), "alpha and overlap both set the overlap penalty α "
          "(Kazai & Lalmas 2006, §5.2.3)", "give one: overlap=on is alpha=1, overlap=off is "
          "alpha=0", always=True),
    Inert("alpha", (("overlap", None),), "alpha and overlap both set the overlap penalty α "
          "(Kazai & Lalmas 2006, §5.2.3)", "give one: overlap=on is alpha=1, overlap=off is "
          "alpha=0", always=True),
)
for _name, _definition in DEFS.items():
    DEFS[_name] = _definition = replace(_definition, inert=INERT)
    register_measure(_definition)


def _explicit(measure: Measure, name: str) -> Any:
    for key, value in measure.params:
        if key == name:
            return value
    return None


def resolve_alpha(measure: Measure, ctx: EvalContext | None) -> float:
    """α: explicit ``alpha`` in the name > explicit ``overlap`` in the name > ``--alpha`` >
    ``--overlap`` > 1 (overlap on)."""
    alpha = _explicit(measure, "alpha")
    if alpha is not None:
        return float(alpha)
    overlap = _explicit(measure, "overlap")
    if overlap is None and ctx is not None and ctx.alpha is not None:
        return float(ctx.alpha)
    if overlap is None:
        overlap = measure.get("overlap", ctx)
    return 1.0 if overlap == "on" else 0.0


def settings_of(measure: Measure, qrels: Qrels, ctx: EvalContext | None) -> GainSettings:
    quant = measure.get("quant", ctx) or default_quantisation(qrels.scale)
    check_scale(get_quantisation(quant), qrels.scale)
    return GainSettings(quant=quant, alpha=resolve_alpha(measure, ctx),
                        ideal=measure.get("ideal", ctx), keep=measure.get("keep", ctx))


def request_of(measure: Measure) -> tuple[str, float]:
    name = measure.name
    if name in ("xCG", "nxCG", "MAnxCG"):
        return name, int(measure.cutoff)
    if name == "ep":  # the gain-recall is in (0, 1]: the definition's cutoff_range checks it
        return name, float(measure.cutoff)
    if name == "iMAep":
        return name, float(measure.get("step"))
    if name in ("Q", "R"):
        return name, float(measure.get("beta"))
    return name, 0.0


def tables_for(qrels: Qrels, topics: list[str], settings: GainSettings,
               ctx: EvalContext) -> GlobalTable:
    """The (cached) global element table of the topics under ``settings``."""
    key = ("xcg-table", id(qrels), len(qrels), settings, tuple(topics), id(ctx.collection))
    found = ctx.cache.get(key)
    if found is None:
        per_topic = ctx.cache.setdefault(("xcg-topic-tables", id(qrels), settings,
                                          id(ctx.collection)), {})
        tables = []
        for topic in topics:
            table = per_topic.get(topic)
            if table is None:
                table = per_topic[topic] = build_topic_table(qrels[topic], settings,
                                                             ctx.collection)
            tables.append(table)
        found = ctx.cache[key] = global_table(tables)
    return found


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: EvalContext) -> dict[str, dict[str, float]]:
    """Family kernel: gains once per distinct gain setting, then every measure per topic."""
    topics = [t for t in topics if t in qrels]
    passage_only = is_passage_only(qrels)
    if reads_documents(qrels, run.unit, ctx):  # each document once, at its first result
        run = document_run(run, ctx, topics)
    if not passage_only and topics and not any(qrels[t].elements for t in topics):
        raise UsageError("XCG measures need element assessments (exhaustivity/specificity); "
                         "these judgements hold no element assessment (highlighted passages "
                         "only): use the passage measures (iP, MAiP, gP, ...)")
    if passage_only:
        warn_document_settings(ctx, measures)
    else:
        say_unplaced_elements(run, qrels, topics, measures, ctx, UNPLACED_RULE)
    groups: dict[GainSettings, list[Measure]] = defaultdict(list)
    for measure in measures:
        groups[settings_of(measure, qrels, ctx)].append(measure)
    result: dict[str, dict[str, float]] = {m.text: {} for m in measures}
    for settings, members in groups.items():
        fast = None if passage_only else fast_gains(qrels, run, topics, settings, ctx)
        if passage_only:  # documents, no structure: every result earns its own value
            gain_list, ideals = document_gains(qrels, run, topics, settings, ctx)
            unknown_docs = size_fallbacks = 0
        elif fast is not None:  # flat-equivalent setting: looked-up quantised values (fast.py)
            gain_list, unknown_docs = fast
            ideals = ideal_vectors(qrels, topics, settings, ctx)
            size_fallbacks = 0
        else:
            gt = tables_for(qrels, topics, settings, ctx)
            gains = run_gains(gt, run, settings)
            gain_list = [gains.gains[t.topic] for t in gt.tables]
            ideals = [t.ideal_vector for t in gt.tables]
            unknown_docs, size_fallbacks = gains.unknown_docs, gains.size_fallbacks
        if unknown_docs:
            ctx.warn(f"run {run.name}: {unknown_docs:,} result(s) of documents not assessed "
                     f"for their topic scored 0 (counted as ranks)")
            warn_xml_suffix(ctx, run, qrels, topics)
        if size_fallbacks:
            ctx.warn(f"run {run.name}: {size_fallbacks:,} partially seen result(s) without "
                     "known element sizes scored as fully seen, (1-alpha)*q (docs/xcg.md)")
        if settings.alpha < 1.0 and not passage_only:
            warn_credited_repeats(ctx, run, topics, gain_list)
        requests = [request_of(m) for m in members]
        live = [i for i, xi in enumerate(ideals) if xi.size and xi.sum() > 0]
        live_set = set(live)
        empty = [topics[i] for i in range(len(topics)) if i not in live_set]
        values = batch_values([gain_list[i] for i in live], [ideals[i] for i in live], requests)
        for m_i, m in enumerate(members):
            column = result[m.text]
            for t_i, i in enumerate(live):
                column[topics[i]] = float(values[m_i, t_i])
            for topic in empty:
                column[topic] = float("nan")
    return result


#: the settings of the element tree (overlap, ideal recall-base): no effect on documents
TREE_SETTINGS = ("overlap", "alpha", "ideal", "keep")


def warn_document_settings(ctx: EvalContext, measures: list[Measure]) -> None:
    """State that judgements of highlighted passages give XCG documents, none containing
    another: the overlap penalty and the ideal recall-base (overlap filtering, near-miss cap)
    change nothing (Kazai & Lalmas 2006, §4-5), so settings of them in a name or an option
    are said to have no effect."""
    named = [m.text for m in measures if any(k in dict(m.params) for k in TREE_SETTINGS)]
    options = [f"--{k} {getattr(ctx, k)}" for k in ("overlap", "alpha", "ideal")
               if getattr(ctx, k, None) is not None]
    if named or options:
        ctx.warn(f"{', '.join(named + options)}: no effect on judgements of highlighted "
                 "passages: XCG reads them as documents, none containing another, so "
                 f"{', '.join(TREE_SETTINGS)} change nothing (each result earns its own "
                 "quantised value)")


def warn_credited_repeats(ctx: EvalContext, run: Run, topics: list[str],
                          gain_list: list[np.ndarray]) -> None:
    """State the rule when repeated results earn gain (alpha < 1): a repeat is fully seen and
    earns (1 - alpha)·q (Kazai & Lalmas 2006, Eq. 9), where the classic measures score it 0.
    One warning per run (``topics.keep_warning``), the largest count of each topic."""
    found: dict[str, int] = {}
    for topic, gains in zip(topics, gain_list):
        positive = np.flatnonzero(np.asarray(gains) > 1e-12).tolist()
        if not positive:
            continue
        keys = ranking_keys(run.get(topic))
        first: dict[tuple[str, str], int] = {}
        for i, key in enumerate(keys[:positive[-1] + 1]):
            first.setdefault(key, i)
        count = sum(1 for i in positive if first[keys[i]] < i)
        if count:
            found[topic] = count

    def update(before: dict[str, int] | None) -> tuple[dict[str, int], str]:
        counts = dict(before or {})
        for topic, n in found.items():
            counts[topic] = max(counts.get(topic, 0), n)
        return counts, (f"run {run.name}: {sum(counts.values()):,} repeated result(s) in "
                        f"{len(counts):,} topic(s) credited again by XCG measures with alpha "
                        "< 1: a repeat is fully seen and earns (1-alpha)*q (Kazai & Lalmas "
                        "2006, Eq. 9), within its ideal node's budget left (ideal=ideal), "
                        "uncapped with ideal=full")
    if found:
        keep_warning(ctx, ("xcg.credited-repeats", run.name), update)


def document_gains(qrels: Qrels, run: Run, topics: list[str], settings: GainSettings,
                   ctx: EvalContext) -> tuple[list, list]:
    """Gain and ideal vectors at the document level (judgements of highlighted passages): no
    document contains another, so every setting of overlap and ideal recall-base gives each
    result its own quantised value; a document a document run lists again earns 0, as on
    document judgements (:func:`~sdreval.measures.classic.gains.ranking_gains`)."""
    quant = get_quantisation(settings.quant)
    gains, ideals = [], []
    for topic in topics:
        qmap = topic_quant_map(qrels, topic, quant, ctx)
        gains.append(ranking_gains(run.get(topic), qmap, ctx, run.name, topic=topic))
        ideals.append(ideal_gains(qmap))
    return gains, ideals


def relevant_for(measure: Measure, qrels: Qrels, ctx: EvalContext) -> frozenset[str]:
    """Topics with something quantised > 0 under the measure's quantisation."""
    quant = get_quantisation(settings_of(measure, qrels, ctx).quant)
    return relevant_topics(qrels, quant, 0.0, cache_of(ctx))


register_family(FAMILY, compute, relevant_for)

__all__ = ["DEFS", "compute", "settings_of", "resolve_alpha", "tables_for"]
