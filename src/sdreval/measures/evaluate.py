"""Evaluate runs against judgements: the results table (SPEC §1 "results").

:func:`evaluate` returns a tidy DataFrame ``run, topic, measure, value`` of per-topic values;
:func:`summarise` adds the means (``topic == "all"``).  Topics with nothing relevant are left out
(and said so in ``ctx.warnings``); with ``all_topics=True`` every qrels topic counts and a topic a
run did not answer is evaluated as an empty ranking (every measure scores 0 there).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable

import numpy as np
import pandas as pd

from ..errors import UsageError
from ..judgements.qrels import Qrels
from ..model.run import Run
from .registry import FAMILIES, EvalContext, Measure, parse_measure

COLUMNS = ["run", "topic", "measure", "value"]


def topics_to_evaluate(qrels: Qrels, run: Run, all_topics: bool, ctx: EvalContext) -> list[str]:
    """Topics a run is scored on, with warnings for what is left out."""
    key = ("relevant-topics", id(qrels), len(qrels.topics))
    relevant = ctx.cache.get(key)
    if relevant is None:  # judged once per evaluation, not once per run
        relevant = ctx.cache[key] = [t for t in qrels.topics if qrels.topics[t].has_relevant()]
    relevant = list(relevant)
    no_relevant = sorted(set(qrels.topics) - set(relevant), key=_topic_key)
    if no_relevant and ctx.compat == "inex":
        # inex_eval 1.0 averages topics without relevant text in (they score 0 there)
        ctx.warn(f"--compat inex: {len(no_relevant)} qrels topic(s) with nothing relevant "
                 "count in the means")
        relevant = list(qrels.topics)
    elif no_relevant:
        ctx.warn(f"{len(no_relevant)} qrels topic(s) with nothing relevant left out of means: "
                 + ", ".join(no_relevant[:20]) + (" ..." if len(no_relevant) > 20 else ""))
    unknown = sorted(set(run.topics) - set(qrels.topics), key=_topic_key)
    if unknown:
        ctx.warn(f"run {run.name}: {len(unknown)} topic(s) not in the qrels ignored: "
                 + ", ".join(unknown[:20]) + (" ..." if len(unknown) > 20 else ""))
    if all_topics:
        chosen = relevant
    else:
        chosen = [t for t in relevant if t in run.topics]
    return sorted(chosen, key=_topic_key)


def _topic_key(topic: str) -> tuple:
    return (0, int(topic), "") if topic.isdigit() else (1, 0, topic)


def ordered_run(run: Run, order: str) -> Run:
    """The run with every ranking in the given order (``file``, ``rank`` or ``rsv``)."""
    if order == "file":
        return run
    return Run(run.name, {t: r.ordered(order) for t, r in run.topics.items()}, run.unit,
               run.source, run.overlap_expected)


def evaluate(qrels: Qrels, runs: Run | Iterable[Run], measures: Iterable[str | Measure],
             ctx: EvalContext | None = None, all_topics: bool = False, jobs: int = 1,
             scheduler: str | None = None) -> pd.DataFrame:
    """Per-topic values of every measure for every run (tidy DataFrame).

    ``jobs > 1`` evaluates runs in that many processes; ``scheduler`` (a Dask scheduler
    address, or ``"local"`` for a local cluster) distributes them on a Dask cluster.  Both give
    results identical to the serial path (rows in the same order)."""
    ctx = ctx or EvalContext()
    run_list = [runs] if isinstance(runs, Run) else list(runs)
    parsed = [parse_measure(m) for m in measures]
    if not parsed:
        raise UsageError("no measure given")
    if (jobs > 1 or scheduler) and len(run_list) > 1:
        from .parallel import evaluate_parallel

        return evaluate_parallel(qrels, run_list, [m.text for m in parsed], ctx, all_topics,
                                 jobs, scheduler)
    by_family: dict[str, list[Measure]] = defaultdict(list)
    for measure in parsed:
        by_family[measure.family].append(measure)
    rows: list[tuple[str, str, str, float]] = []
    for run in run_list:
        topics = topics_to_evaluate(qrels, run, all_topics, ctx)
        ordered = ordered_run(run, ctx.order)
        values: dict[str, dict[str, float]] = {}
        for family, members in by_family.items():
            values.update(FAMILIES[family](members, qrels, ordered, topics, ctx))
        rows.extend(result_rows(run.name, parsed, topics, values, run.topics))
    return pd.DataFrame(rows, columns=COLUMNS)


def result_rows(run_name: str, measures: list[Measure], topics: list[str],
                values: dict[str, dict[str, float]], answered) -> list[tuple[str, str, str, float]]:
    """Rows ``(run, topic, measure, value)`` in measure-then-topic order; a topic the run did
    not answer (``-c``) that a family left without a value scores 0; a NaN a
    family gives (nothing relevant under the measure's quantisation) stays NaN."""
    rows = []
    for measure in measures:
        per_topic = values.get(measure.text, {})
        for topic in topics:
            value = float(per_topic.get(topic, np.nan))
            if topic not in answered and topic not in per_topic:
                value = 0.0
            rows.append((run_name, topic, measure.text, value))
    return rows


def summarise(per_topic: pd.DataFrame, keep_topics: bool = False) -> pd.DataFrame:
    """Means over topics (``topic == "all"``), after the per-topic rows if ``keep_topics``.

    Measure order and run order follow their first appearance."""
    if per_topic.empty:
        return per_topic.copy()
    means = (per_topic.groupby(["run", "measure"], sort=False)["value"].mean().reset_index())
    means.insert(1, "topic", "all")
    means = means[COLUMNS]
    if not keep_topics:
        return means.reset_index(drop=True)
    return pd.concat([per_topic, means], ignore_index=True)
