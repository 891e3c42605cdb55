"""The topic policy, one rule for every family (one helper decides, per measure).

A topic with nothing relevant *under the measure's own quantisation* (``AP(quant=strict)``,
``MAep(quant=strict)``, ...) has no defined value: it gets NaN, is left out of every mean and
is named once in a warning.  Each family says how it decides relevance for one of its measures
(``register_family(..., relevant=...)``); families that do not say use "anything judged
relevant".  Under ``--compat inex`` such topics score 0 and count in the means, as the INEX
tools averaged them (said in a warning too).
"""
from __future__ import annotations

from typing import Any

from ..judgements.qrels import Qrels
from ..model.run import Run
from .registry import FAMILIES, RELEVANCE, Measure

_LISTED = 20


def judged_relevant_topics(qrels: Qrels) -> frozenset[str]:
    """Topics with anything judged relevant (the default decider)."""
    return frozenset(t for t, tq in qrels.topics.items() if tq.has_relevant())


def relevant_topics_of(measure: Measure, qrels: Qrels, ctx: Any) -> frozenset[str]:
    """Topics with something relevant under ``measure``'s own quantisation."""
    decide = RELEVANCE.get(measure.family)
    if decide is None:
        return judged_relevant_topics(qrels)
    return decide(measure, qrels, ctx)


def apply_topic_policy(measures: list[Measure], qrels: Qrels, topics: list[str],
                       values: dict[str, dict[str, float]], ctx: Any) -> None:
    """Set the value of every topic without anything relevant for a measure to NaN (0 under
    ``--compat inex``) in ``values`` (measure text -> topic -> value), with one warning per
    group of measures that leave out the same topics."""
    compat = getattr(ctx, "compat", None) == "inex"
    groups: dict[tuple[str, ...], list[str]] = {}
    for m in measures:
        relevant = relevant_topics_of(m, qrels, ctx)
        without = [t for t in topics if t not in relevant]
        if not without:
            continue
        column = values.setdefault(m.text, {})
        for topic in without:
            column[topic] = 0.0 if compat else float("nan")
        # name the qrels topics (not only this run's), so the warning is the same for every run
        everywhere = tuple(sorted((t for t in qrels.topics if t not in relevant), key=topic_key))
        groups.setdefault(everywhere, []).append(m.text)
    if not hasattr(ctx, "warn"):
        return
    for without, names in groups.items():
        shown = ", ".join(without[:_LISTED]) + (" ..." if len(without) > _LISTED else "")
        rule = ("score 0 and count in the means (--compat inex)" if compat
                else "NaN per topic, left out of the means")
        ctx.warn(f"{len(without)} qrels topic(s) with nothing relevant under "
                 f"{', '.join(names)} ({rule}): {shown}")


def family_values(family: str, members: list[Measure], qrels: Qrels, run: Run,
                  topics: list[str], ctx: Any) -> dict[str, dict[str, float]]:
    """The family kernel's values of ``members`` with the topic policy applied."""
    values = FAMILIES[family](members, qrels, run, topics, ctx)
    apply_topic_policy(members, qrels, topics, values, ctx)
    return values


def topic_key(topic: str) -> tuple:
    """Numeric topics first, in numeric order, then the others."""
    return (0, int(topic), "") if topic.isdigit() else (1, 0, topic)
