"""Evaluate runs against judgements: the results table (docs/inputs.md "results").

:func:`evaluate` returns a tidy DataFrame ``run, topic, measure, value`` of per-topic values;
:func:`summarise` adds the means (``topic == "all"``).  Topics with nothing relevant are left out
(and said so in ``ctx.warnings``); with ``all_topics=True`` every qrels topic counts and a topic a
run did not answer is evaluated as an empty ranking (every measure scores 0 there).
The serial core is :mod:`sdreval.measures.serial`, the parallel paths
:mod:`sdreval.measures.parallel`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable

import numpy as np

from ..errors import UsageError
from ..judgements.qrels import Qrels
from ..lazy import lazy_module
from ..model.run import Run
from ..model.runnames import distinct_runs
from .doc_ids import check_chunk_ids
from .registry import EvalContext, Measure, parse_measure
from .results import ResultColumns, group_sums, mean_columns  # noqa: F401
from .serial import (COLUMNS, MEAN_TOPIC, check_topic_names, evaluate_serial,  # noqa: F401
                     first_topics, measures_by_family, ordered_run, result_rows, result_table,
                     scored_topics, topics_to_evaluate)

pd = lazy_module("pandas")


def evaluate(qrels: Qrels, runs: Run | Iterable[Run], measures: Iterable[str | Measure],
             ctx: EvalContext | None = None, all_topics: bool = False, jobs: int = 1,
             scheduler: str | None = None) -> pd.DataFrame:
    """Per-topic values of every measure for every run (tidy DataFrame).

    ``jobs > 1`` evaluates runs in that many processes; ``scheduler`` (a Dask scheduler
    address, or ``"local"`` for a local cluster of ``jobs`` workers) distributes them on a
    Dask cluster.  Either way runs are cut into topic partitions, so one run uses every
    process or worker (:mod:`sdreval.measures.partitions`).  Both give
    results identical to the serial path (rows in the same order).  Runs that share a name
    are evaluated as separate runs under distinct names
    (:func:`~sdreval.model.runnames.distinct_runs`)."""
    ctx = ctx or EvalContext()
    ctx.state_settings()  # a context made by hand says what a made-from-options one says
    run_list = checked_runs(qrels, [runs] if isinstance(runs, Run) else runs, ctx)
    return evaluate_checked(qrels, run_list, measures, ctx, all_topics, jobs, scheduler)


def checked_runs(qrels: Qrels, runs: Iterable[Run], ctx: EvalContext) -> list[Run]:
    """The runs of an evaluation, checked once: shared names made distinct (said in ``ctx``),
    topic names (:func:`~sdreval.measures.serial.check_topic_names`) and chunk-ID runs
    (:func:`~sdreval.measures.doc_ids.check_chunk_ids`) refused."""
    run_list = distinct_runs(runs, ctx.warn)
    check_topic_names(qrels, run_list)
    check_chunk_ids(qrels, run_list)
    return run_list


def evaluate_checked(qrels: Qrels, runs: list[Run], measures: Iterable[str | Measure],
                     ctx: EvalContext, all_topics: bool = False, jobs: int = 1,
                     scheduler: str | None = None) -> pd.DataFrame:
    """:func:`evaluate` of runs whose names are distinct and whose topic names were checked
    (:func:`~sdreval.measures.serial.check_topic_names`) already: each check runs once per
    evaluation."""
    parsed, _ = measures_by_family(measures)
    if jobs > 1 or scheduler:  # runs cut into topic partitions (measures.partitions)
        from .parallel import evaluate_parallel  # its machinery only when asked for

        return evaluate_parallel(qrels, runs, [m.text for m in parsed], ctx, all_topics,
                                 jobs, scheduler)
    return evaluate_serial(qrels, runs, parsed, ctx, all_topics)


#: The topic policy of a mean, by the value of ``all_topics`` (``-c``).
TOPIC_POLICIES = {
    False: "answered topics with something relevant",
    True: "every qrels topic with something relevant (-c; unanswered topics score 0)",
}


def aggregate_of(text: str) -> str:
    """``mean``, ``sum`` or ``gmean`` over topics, from the measure's name: counts
    (``num_rel``, ``num_ret``, ``num_rel_ret``, ``NumRet`` ...) are summed, as trec_eval prints
    them; ``gm_map`` is a geometric mean; every other measure is averaged.  The one rule of
    every path (eval, the API, compare, report)."""
    try:
        return parse_measure(str(text)).definition.aggregate
    except (UsageError, ValueError):  # a name from a scores file that is no measure here
        return "mean"


def ranks_runs(text: str) -> bool:
    """True where a higher value means a better run (the report bolds the best run of such a
    measure); False for diagnostics: Judged, Unjudged, RBPResidual, num_ret, num_rel."""
    try:
        return parse_measure(str(text)).definition.ranks
    except (UsageError, ValueError):  # a name from a scores file that is no measure here
        return True


def _name_of(text) -> str | None:
    try:
        return parse_measure(str(text)).name
    except (UsageError, ValueError):
        return None


def count_measures(names) -> set[str]:
    """The names (as typed) of measures that count (``num_rel``, ``NumRet`` ...: summed over
    topics, as trec_eval does); they print as whole numbers, like trec_eval's."""
    return {name for name in set(names) if aggregate_of(name) == "sum"}


def summarise(per_topic: pd.DataFrame, keep_topics: bool = False,
              counts: bool = False) -> pd.DataFrame:
    """Means over topics (``topic == "all"``), after the per-topic rows if ``keep_topics``.

    NaN values (a topic with nothing relevant under the measure's quantisation) are left out
    of every mean.  A mean is the exact sum of its values divided by their count, rounded
    once (:mod:`sdreval.measures.exact`): the same whatever the order or partitioning of the
    topics.  ``counts`` adds a column ``topics``: how many topics each mean covers
    (missing on per-topic rows).  Measure order and run order follow their first appearance.
    Mean rows already in the table (topic ``all``, a name no input may use) are left out, so
    a table of ``evaluate(..., per_topic=True)`` gives its own means again and a table of
    means only is returned as it is."""
    if isinstance(per_topic, ResultColumns):
        return summarise_columns(per_topic, keep_topics, counts)
    if not per_topic.empty:
        means_given = per_topic["topic"].to_numpy() == "all"
        if means_given.all():
            return per_topic.reset_index(drop=True)
        if means_given.any():
            per_topic = per_topic[~means_given]
    if per_topic.empty:
        out = per_topic.copy()
        if counts:
            out["topics"] = pd.Series(dtype="Int64")
        return out
    rows = per_topic if list(per_topic.columns) == COLUMNS else per_topic[COLUMNS]
    means = summarise_columns(ResultColumns.from_frame(rows), False, counts).to_frame()
    if not keep_topics:
        return means
    if counts:  # missing on every per-topic row (made without an object per row)
        rows = rows.assign(topics=pd.arrays.IntegerArray(np.zeros(len(rows), dtype=np.int64),
                                                         np.ones(len(rows), dtype=bool)))
    return pd.concat([rows, means], ignore_index=True)


def summarise_columns(per_topic: ResultColumns, keep_topics: bool = False,
                      counts: bool = False) -> ResultColumns:
    """:func:`summarise` of the columns of a results table (no pandas)."""
    means_given = per_topic.mean_rows()
    if len(per_topic) and means_given.all():
        return per_topic
    if means_given.any():
        per_topic = per_topic.take(~means_given)
    if per_topic.empty:
        return ResultColumns.none(counts)
    means = mean_columns(per_topic, aggregate_of)
    if not counts:
        means.count = None
    if not keep_topics:
        return means
    rows = per_topic
    if counts:
        rows = replace(per_topic, count=np.full(len(per_topic), -1, dtype=np.int64))
    return ResultColumns.concat([rows, means])


def zero_rel_option(ctx: EvalContext) -> str:
    """The option that puts topics with nothing relevant in the means (``--compat inex``,
    ``--zero-rel-as-zero``), or ``""``."""
    return "--compat inex" if ctx.compat == "inex" else \
        "--zero-rel-as-zero" if getattr(ctx, "zero_rel", False) else ""


def topic_policy(all_topics: bool, zero_rel: bool | str = False) -> str:
    """The topics a mean covers, in words (``zero_rel`` as in :func:`coverage_lines`)."""
    policy = TOPIC_POLICIES[bool(all_topics)]
    if not zero_rel:
        return policy
    option = zero_rel if isinstance(zero_rel, str) else "--zero-rel-as-zero"
    return policy.replace(" with something relevant", "") + \
        f" ({option}: nothing relevant scores 0)"


def coverage_lines(means: pd.DataFrame, all_topics: bool, zero_rel: bool | str = False
                   ) -> list[str]:
    """What the means of ``summarise(..., counts=True)`` cover, for stderr: the topic policy,
    then the number of topics per mean (one line when every mean covers the same number;
    otherwise one line per run, measures grouped by their count).  ``zero_rel``: topics with
    nothing relevant are in (True: ``--zero-rel-as-zero``; a string: the option that put
    them in, such as ``--compat inex``)."""
    table = means if isinstance(means, ResultColumns) else ResultColumns.from_frame(means)
    rows = table.take(table.mean_rows())
    policy = f"means over {topic_policy(all_topics, zero_rel)}"
    if all_topics and any(_name_of(m) == "SpanOmega" for m in table.measures):
        policy += " (SpanOmega, a score of the chunking, keeps its value there)"
    if rows.empty:
        return [f"{policy}: none to evaluate (no run answered a qrels topic with something "
                "relevant), so no mean is printed"]
    if rows.count is None:
        return [policy]
    counts = rows.count.tolist()
    if len(set(counts)) == 1:
        return [f"{policy}: {counts[0]:,} topic(s) per mean"]
    lines = [f"{policy}; topics per mean:"]
    by_run: dict[int, dict[int, list[str]]] = {}
    for run, measure, count in zip(rows.run.tolist(), rows.measure.tolist(), counts):
        by_run.setdefault(run, {}).setdefault(count, []).append(str(rows.measures[measure]))
    for run, parts in by_run.items():
        lines.append(f"  {rows.runs[run]}: "
                     + "; ".join(f"{c:,} ({', '.join(m)})" for c, m in parts.items()))
    return lines


def unanswered_lines(qrels: Qrels, runs: Iterable[Run], ctx: EvalContext) -> list[str]:
    """What means over answered topics (no ``-c``, ``all_topics=False``) leave out, for the
    API (``eval`` states the policy in its note, :func:`coverage_lines`): per run that did
    not answer some qrels topics it would be scored on, how many (the first named).  trec_eval
    without -c leaves them out too; ir_measures' calc_aggregate scores them 0 and ranx
    refuses the run unless ``make_comparable=True`` (then 0)."""
    scored = scored_topics(qrels, ctx)
    zero_rel = zero_rel_option(ctx)
    policy = f"means over {topic_policy(False, zero_rel)}"
    what = "qrels topic(s)" + ("" if zero_rel else " with something relevant")
    lines = []
    for run in runs:
        missing = [t for t in scored if t not in run.topics]
        if not missing:
            continue
        shown = first_topics(missing)
        more = " ..." if len(missing) > len(shown) else ""
        lines.append(f"{policy}: run {run.name} did not answer {len(missing):,} of the "
                     f"{len(scored):,} {what} ({', '.join(shown)}{more}), left "
                     "out of its means; all_topics=True scores them 0 (as trec_eval -c; "
                     "ir_measures' calc_aggregate scores them 0 by default)")
    return lines
