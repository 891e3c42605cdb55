"""Evaluate runs against judgements: the results table (docs/inputs.md "results").

:func:`evaluate` returns a tidy DataFrame ``run, topic, measure, value`` of per-topic values;
:func:`summarise` adds the means (``topic == "all"``).  Topics with nothing relevant are left out
(and said so in ``ctx.warnings``); with ``all_topics=True`` every qrels topic counts and a topic a
run did not answer is evaluated as an empty ranking (every measure scores 0 there).
The serial core is :mod:`sdreval.measures.serial`, the parallel paths
:mod:`sdreval.measures.parallel`.
"""
from __future__ import annotations

from typing import Iterable

import numpy as np
import pandas as pd

from ..errors import UsageError
from ..judgements.qrels import Qrels
from ..model.run import Run
from ..model.runnames import distinct_runs
from .parallel import evaluate_parallel
from .registry import EvalContext, Measure, parse_measure
from .serial import (COLUMNS, MEAN_TOPIC, check_topic_names, evaluate_serial,  # noqa: F401
                     measures_by_family, ordered_run, result_rows, result_table,
                     topics_to_evaluate)


def evaluate(qrels: Qrels, runs: Run | Iterable[Run], measures: Iterable[str | Measure],
             ctx: EvalContext | None = None, all_topics: bool = False, jobs: int = 1,
             scheduler: str | None = None) -> pd.DataFrame:
    """Per-topic values of every measure for every run (tidy DataFrame).

    ``jobs > 1`` evaluates runs in that many processes; ``scheduler`` (a Dask scheduler
    address, or ``"local"`` for a local cluster) distributes them on a Dask cluster.  Both give
    results identical to the serial path (rows in the same order).  Runs that share a name
    are evaluated as separate runs under distinct names
    (:func:`~sdreval.model.runnames.distinct_runs`)."""
    ctx = ctx or EvalContext()
    run_list = distinct_runs([runs] if isinstance(runs, Run) else runs, ctx.warn)
    parsed, _ = measures_by_family(measures)
    if (jobs > 1 or scheduler) and len(run_list) > 1:
        check_topic_names(qrels, run_list)
        return evaluate_parallel(qrels, run_list, [m.text for m in parsed], ctx, all_topics,
                                 jobs, scheduler)
    return evaluate_serial(qrels, run_list, parsed, ctx, all_topics)


#: The topic policy of a mean, by the value of ``all_topics`` (``-c``).
TOPIC_POLICIES = {
    False: "answered topics with something relevant",
    True: "every qrels topic with something relevant (-c; unanswered topics score 0)",
}


def aggregate_of(text: str) -> str:
    """``mean`` or ``sum`` over topics, from the measure's name: counts (``num_rel``,
    ``num_ret``, ``num_rel_ret``, ``NumRet`` ...) are summed, as trec_eval prints them; every
    other measure is averaged.  The one rule of every path (eval, the API, compare, report)."""
    try:
        return parse_measure(str(text)).definition.aggregate
    except (UsageError, ValueError):  # a name from a scores file that is no measure here
        return "mean"


def summarise(per_topic: pd.DataFrame, keep_topics: bool = False,
              counts: bool = False) -> pd.DataFrame:
    """Means over topics (``topic == "all"``), after the per-topic rows if ``keep_topics``.

    NaN values (a topic with nothing relevant under the measure's quantisation) are left out
    of every mean.  ``counts`` adds a column ``topics``: how many topics each mean covers
    (missing on per-topic rows).  Measure order and run order follow their first appearance."""
    if per_topic.empty:
        out = per_topic.copy()
        if counts:
            out["topics"] = pd.Series(dtype="Int64")
        return out
    grouped = per_topic.groupby(["run", "measure"], sort=False)["value"]
    means = grouped.mean().reset_index()  # skips NaN
    summed = [text for text in means["measure"].unique() if aggregate_of(text) == "sum"]
    if summed:  # counts (trec_eval num_rel, num_ret, num_rel_ret) are summed over topics
        mask = means["measure"].isin(summed)
        means.loc[mask, "value"] = grouped.sum().reset_index().loc[mask, "value"].to_numpy()
    means.insert(1, "topic", "all")
    means = means[COLUMNS]
    if counts:
        means["topics"] = pd.array(grouped.count().to_numpy(), dtype="Int64")
    if not keep_topics:
        return means.reset_index(drop=True)
    rows = per_topic if list(per_topic.columns) == COLUMNS else per_topic[COLUMNS]
    if counts:  # missing on every per-topic row (made without an object per row)
        rows = rows.assign(topics=pd.arrays.IntegerArray(np.zeros(len(rows), dtype=np.int64),
                                                         np.ones(len(rows), dtype=bool)))
    return pd.concat([rows, means], ignore_index=True)


def coverage_lines(means: pd.DataFrame, all_topics: bool) -> list[str]:
    """What the means of ``summarise(..., counts=True)`` cover, for stderr: the topic policy,
    then the number of topics per mean (one line when every mean covers the same number;
    otherwise one line per run, measures grouped by their count)."""
    rows = means[means["topic"] == "all"]
    policy = f"means over {TOPIC_POLICIES[bool(all_topics)]}"
    if rows.empty:
        return [f"{policy}: none to evaluate (no run answered a qrels topic with something "
                "relevant), so no mean is printed"]
    if "topics" not in rows.columns:
        return [policy]
    counts = rows["topics"].astype(int)
    if counts.nunique() == 1:
        return [f"{policy}: {int(counts.iloc[0])} topic(s) per mean"]
    lines = [f"{policy}; topics per mean:"]
    for run, group in rows.groupby("run", sort=False):
        parts: dict[int, list[str]] = {}
        for measure, count in zip(group["measure"], group["topics"].astype(int)):
            parts.setdefault(count, []).append(str(measure))
        lines.append(f"  {run}: " + "; ".join(f"{c} ({', '.join(m)})" for c, m in parts.items()))
    return lines
