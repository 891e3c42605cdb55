"""The topic policy, one rule for every family (one helper decides, per measure).

A topic with nothing relevant *under the measure's own quantisation* (``AP(quant=strict)``,
``MAep(quant=strict)``, ...) has no defined value: it gets NaN, is left out of every mean and
is named once in a warning.  Each family says how it decides relevance for one of its measures
(``register_family(..., relevant=...)``); families that do not say use "anything judged
relevant".  Under ``--zero-rel-as-zero`` (trec_eval's mean) such a topic keeps the value its
measure gives it, 0 where that is undefined, and counts in the means.  Under ``--compat
inex`` such topics score 0 and count in the means, as the INEX tools averaged them (said in a
warning too).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..io.ids import loose_id
from ..judgements.qrels import Qrels
from ..model.ordering import topic_sort_key

if TYPE_CHECKING:  # annotations only: the registry imports this module
    from .registry import Measure

_LISTED = 20
#: family -> how it decides which topics have something relevant for one of its measures
#: (filled by ``register_family(..., relevant=...)``)
RELEVANCE: dict[str, Callable[..., frozenset]] = {}


def judged_relevant_topics(qrels: Qrels, ctx: Any = None) -> frozenset[str]:
    """Topics with anything judged relevant (the default decider; cached in ``ctx.cache``)."""
    cache = getattr(ctx, "cache", None)
    key = ("judged-relevant-topics", id(qrels), len(qrels.topics))
    if cache is not None and key in cache:
        return cache[key]
    found = frozenset(qrels.relevant_topics())
    if cache is not None:
        cache[key] = found
    return found


def relevant_topics_of(measure: Measure, qrels: Qrels, ctx: Any) -> frozenset[str]:
    """Topics with something relevant under ``measure``'s own quantisation."""
    decide = RELEVANCE.get(measure.family)
    if decide is None:
        return judged_relevant_topics(qrels, ctx)
    return decide(measure, qrels, ctx)


def apply_topic_policy(measures: list[Measure], qrels: Qrels, topics: list[str],
                       values: dict[str, dict[str, float]], ctx: Any) -> None:
    """Set the value of every topic without anything relevant for a measure to NaN (0 under
    ``--compat inex``) in ``values`` (measure text -> topic -> value), with one warning per
    group of measures that leave out the same topics.  Topics with nothing judged relevant at
    all never reach the families (the evaluator leaves them out and names them)."""
    compat = getattr(ctx, "compat", None) == "inex"
    zero = getattr(ctx, "zero_rel", False)  # trec_eval: the measure's own value, else 0
    groups: dict[tuple[str, ...], list[str]] = {}
    for m in measures:
        relevant = relevant_topics_of(m, qrels, ctx)
        without = [t for t in topics if t not in relevant]
        if not without:
            continue
        column = values.setdefault(m.text, {})
        for topic in without:
            if zero:
                value = float(column[topic]) if topic in column else float("nan")
                column[topic] = value if value == value else 0.0
            else:
                column[topic] = 0.0 if compat else float("nan")
        # the qrels topics (not only this run's), so the warning is the same for every run;
        # topics with nothing relevant at all are named by the evaluator already
        judged = judged_relevant_topics(qrels, ctx)
        everywhere = tuple(sorted((t for t in qrels.topics
                                   if t not in relevant and t in judged),
                                  key=topic_sort_key))
        if everywhere:  # else only topics the evaluator named already
            groups.setdefault(everywhere, []).append(m.text)
    if groups and hasattr(ctx, "warn"):
        _warn(groups, "--compat inex" if compat else "--zero-rel-as-zero" if zero else None,
              ctx)


def _warn(groups: dict[tuple[str, ...], list[str]], zero_by: str | None, ctx: Any) -> None:
    """One warning per set of topics left out, listing every measure (of every family, over
    the whole evaluation) that leaves them out (:func:`keep_warning`)."""
    rule = (f"{zero_by}: score 0 and count in the means" if zero_by
            else "NaN per topic, left out of the means")
    for without, names in groups.items():
        def update(before: list[str] | None, without=without, names=names) -> tuple:
            merged = list(dict.fromkeys((before or []) + names))
            shown = ", ".join(without[:_LISTED]) + (" ..." if len(without) > _LISTED else "")
            return merged, (f"{len(without)} qrels topic(s) with nothing relevant under "
                            f"{', '.join(merged)} ({rule}): {shown}")
        keep_warning(ctx, ("topic-policy-warnings", without), update)


def keep_warning(ctx: Any, key: tuple, update: Callable[[Any], tuple[Any, str]]) -> None:
    """One warning per ``key`` in ``ctx.warnings``, kept up to date by later calls (the rule of
    every warning that adds up over a whole evaluation): ``update(state)`` gives the new state
    and message from the state of the previous call on the same list of warnings (None at
    first); the previous message is rewritten in place, else the message is added."""
    if ctx is None or not hasattr(ctx, "warn"):
        return
    cache, warnings = getattr(ctx, "cache", None), getattr(ctx, "warnings", None)
    slot = (key, id(warnings))
    before = cache.get(slot) if cache is not None else None
    if before is not None and before[0] is not warnings:
        before = None  # another evaluation's list of warnings (a partition's)
    state, message = update(before[1] if before is not None else None)
    if before is not None and isinstance(warnings, list) and before[2] in warnings:
        if message not in warnings:
            warnings[warnings.index(before[2])] = message
    else:
        ctx.warn(message)
    if cache is not None:
        cache[slot] = (warnings, state, message)


def near_misses(unknown: list[str], known: Any, ctx: Any = None, shown: int = 3) -> str:
    """A hint for run topics not in the qrels (``unknown``) that name a qrels topic (of
    ``known``, which supports ``in``) once leading zeros, case or the Unicode form (NFC/NFD)
    are set aside: ``"; the qrels have '001' for '1', ..."`` -- ids are compared as written, as
    trec_eval compares them, so ``1`` and ``001`` stay two topics; '' if none does.  The qrels
    topics not already in that loose form are indexed once per qrels (``ctx.cache``)."""
    if not unknown:
        return ""
    cache = getattr(ctx, "cache", None)
    key = ("loose-topics", id(known), len(known))
    index = cache.get(key) if cache is not None else None
    if index is None:
        index = {}
        for topic in known:
            loose = loose_id(topic)
            if loose != topic:
                index.setdefault(loose, topic)
        if cache is not None:
            cache[key] = index
    pairs = []
    for topic in unknown:
        loose = loose_id(topic)
        found = loose if loose != topic and loose in known else index.get(loose)
        if found is not None and found != topic:
            pairs.append((found, topic))
    if not pairs:
        return ""
    pairs.sort(key=lambda pair: topic_sort_key(pair[1]))
    listed = ", ".join(f"{ours!r} for {theirs!r}" for ours, theirs in pairs[:shown])
    return (f"; the qrels have {listed}{' ...' if len(pairs) > shown else ''}: ids are "
            "compared as written (as trec_eval compares them), so leading zeros, case and the "
            "Unicode form (NFC/NFD) count; write the run's topics as the qrels write them")
