"""The serial core of an evaluation: which topics a run is scored on, the values of every
measure family, the rows of the results table.  :func:`sdreval.measures.evaluate.evaluate`
(serial) and the worker processes of :mod:`sdreval.measures.parallel` both call
:func:`evaluate_serial`, so that the parallel module does not depend on the dispatching one.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Iterable

import numpy as np
import pandas as pd

from ..errors import InputError, UsageError
from ..judgements.qrels import Qrels
from ..model.ordering import topic_sort_key, trec_order
from ..model.run import Ranking, Run
from .registry import FAMILIES, EvalContext, Measure, parse_measure

#: the topic name of the mean rows; no topic of qrels or runs may have it
MEAN_TOPIC = "all"

COLUMNS = ["run", "topic", "measure", "value"]


def topics_to_evaluate(qrels: Qrels, run: Run, all_topics: bool, ctx: EvalContext) -> list[str]:
    """Topics a run is scored on, with warnings for what is left out."""
    key = ("relevant-topics", id(qrels), len(qrels.topics))
    relevant = ctx.cache.get(key)
    if relevant is None:  # judged once per evaluation, not once per run
        relevant = ctx.cache[key] = [t for t in qrels.topics if qrels.topics[t].has_relevant()]
    relevant = list(relevant)
    relevant_set = set(relevant)
    no_relevant = sorted((t for t in qrels.topics if t not in relevant_set), key=topic_sort_key)
    del relevant_set
    if no_relevant and ctx.compat == "inex":
        # inex_eval 1.0 averages topics without relevant text in (they score 0 there)
        ctx.warn(f"--compat inex: {len(no_relevant)} qrels topic(s) with nothing relevant "
                 "count in the means")
        relevant = list(qrels.topics)
    elif no_relevant:
        ctx.warn(f"{len(no_relevant)} qrels topic(s) with nothing relevant left out of means: "
                 + ", ".join(no_relevant[:20]) + (" ..." if len(no_relevant) > 20 else ""))
    # lists, not sets: runs can have very many topics
    unknown = sorted((t for t in run.topics if t not in qrels.topics), key=topic_sort_key)
    if unknown:
        ctx.warn(f"run {run.name}: {len(unknown)} topic(s) not in the qrels ignored: "
                 + ", ".join(unknown[:20]) + (" ..." if len(unknown) > 20 else ""))
    if all_topics:
        chosen = relevant
    else:
        chosen = [t for t in relevant if t in run.topics]
    return sorted(chosen, key=topic_sort_key)


def ordered_run(run: Run, order: str, depth: int | None = None) -> Run:
    """The run with every ranking in the given order (``file``, ``rank`` or ``rsv``), cut
    after its first ``depth`` results (trec_eval ``-M``: the cut follows the ordering)."""
    if order == "file" and depth is None:
        return run
    ids = getattr(run, "chunk_ids", None)
    if ids:  # a chunk-ID run: ties by chunk id (trec_eval); the ids follow their results
        moves = {t: (np.arange(len(r)) if order == "file"
                     else np.argsort(r.ranks, kind="stable") if order == "rank"
                     else trec_order(r.rsv, (ids[t],)))[:depth]
                 for t, r in run.topics.items()}
        return replace(run, topics={t: r.take(moves[t]) for t, r in run.topics.items()},
                       chunk_ids={t: ids[t][moves[t]] for t in run.topics})
    return Run(run.name, {t: ranked(r, order, depth) for t, r in run.topics.items()}, run.unit,
               run.source, run.overlap_expected)


def ranked(ranking: Ranking, order: str, depth: int | None = None) -> Ranking:
    """One ranking ordered, then cut after ``depth`` results."""
    ranking = ranking.ordered(order)
    if depth is not None and len(ranking) > depth:
        ranking = ranking.take(slice(0, depth))
    return ranking


def result_rows(run_name: str, measures: list[Measure], topics: list[str],
                values: dict[str, dict[str, float]], answered
                ) -> list[tuple[str, str, str, float]]:
    """Rows ``(run, topic, measure, value)`` in measure-then-topic order.  A topic the run did
    not answer (``-c``) that a family left without a value scores 0; a NaN a family gives (a
    topic with nothing relevant under the measure's quantisation) stays NaN, answered or not,
    and is left out of the means."""
    rows = []
    for measure in measures:
        per_topic = values.get(measure.text, {})
        for topic in topics:
            if topic in per_topic:
                value = float(per_topic[topic])
            else:
                value = np.nan if topic in answered else 0.0
            rows.append((run_name, topic, measure.text, value))
    return rows


def check_topic_names(qrels: Qrels, runs: Iterable[Run]) -> None:
    """Refuse a qrels or run topic named ``all``: it would be mistaken for the mean rows."""
    where = [(getattr(qrels, "source", None), "qrels")] if MEAN_TOPIC in qrels.topics else []
    where += [(run.source, f"run {run.name}") for run in runs if MEAN_TOPIC in run.topics]
    if where:
        source, what = where[0]
        raise InputError(f"{what}: a topic is named {MEAN_TOPIC!r}, the name of the mean rows "
                         "of every output; rename the topic", file=source)


def measures_by_family(measures: Iterable[str | Measure]
                       ) -> tuple[list[Measure], dict[str, list[Measure]]]:
    """The parsed measures, and the same grouped by family (one kernel call per family)."""
    parsed = list({m.text: m for m in map(parse_measure, measures)}.values())  # once each
    if not parsed:
        raise UsageError("no measure given")
    by_family: dict[str, list[Measure]] = defaultdict(list)
    for measure in parsed:
        by_family[measure.family].append(measure)
    return parsed, by_family


def evaluate_serial(qrels: Qrels, runs: Iterable[Run], measures: Iterable[str | Measure],
                    ctx: EvalContext, all_topics: bool = False) -> pd.DataFrame:
    """Per-topic values of every measure for every run, one run after another."""
    run_list = list(runs)
    check_topic_names(qrels, run_list)
    parsed, by_family = measures_by_family(measures)
    rows: list[tuple[str, str, str, float]] = []
    for run in run_list:
        topics = topics_to_evaluate(qrels, run, all_topics, ctx)
        ordered = ordered_run(run, ctx.order, ctx.depth)
        values: dict[str, dict[str, float]] = {}
        for family, members in by_family.items():
            values.update(FAMILIES[family](members, qrels, ordered, topics, ctx))
        rows.extend(result_rows(run.name, parsed, topics, values, run.topics))
    return pd.DataFrame(rows, columns=COLUMNS)
