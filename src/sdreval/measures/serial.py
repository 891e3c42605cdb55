"""The serial core of an evaluation: which topics a run is scored on, the values of every
measure family, the rows of the results table.  :func:`sdreval.measures.evaluate.evaluate`
(serial) and the worker processes of :mod:`sdreval.measures.parallel` both call
:func:`evaluate_serial`, so that the parallel module does not depend on the dispatching one.
"""
from __future__ import annotations

import heapq
from collections import defaultdict
from dataclasses import replace
from typing import Iterable

import numpy as np

from ..errors import InputError, ProblemLog, SdrevalError, UsageError
from ..judgements.qrels import Qrels
from ..lazy import lazy_module
from ..model.ordering import sort_topics, topic_sort_key, trec_order
from ..model.run import Ranking, Run, TopicRankings, column_rows
from .registry import FAMILIES, EvalContext, Measure, parse_measure
from .results import (COLUMNS, MEAN_SPELLINGS, MEAN_TOPIC, ResultColumns, stacked,  # noqa: F401
                      labels)
from .topics import (apply_topic_policy, judged_relevant_topics, near_misses,
                     relevant_topics_of)
from .values import TopicValues

pd = lazy_module("pandas")


def topics_to_evaluate(qrels: Qrels, run: Run, all_topics: bool, ctx: EvalContext) -> list[str]:
    """Topics a run is scored on, with warnings for what is left out (counted, and the first
    topics named: no list of every topic left out is made)."""
    relevant = scored_topics(qrels, ctx)
    no_relevant = len(qrels.topics) - len(judged_relevant_topics(qrels, ctx))
    counted = "count in the means" + ("" if all_topics else
                                      " of the runs that answer them (-c: every one)")
    if no_relevant and ctx.compat == "inex":
        # inex_eval 1.0 averages topics without relevant text in (they score 0 there)
        ctx.warn(f"--compat inex: {no_relevant} qrels topic(s) with nothing relevant "
                 f"{counted}")
    elif no_relevant and getattr(ctx, "zero_rel", False):
        # trec_eval averages a topic without relevant documents in (most measures 0 there)
        ctx.warn(f"--zero-rel-as-zero: {no_relevant} qrels topic(s) with nothing relevant "
                 f"{counted}; 0 for the measures that need something relevant")
    elif no_relevant:
        _warn_left_out(qrels, run, relevant, no_relevant, all_topics, ctx)
    unknown = unjudged_run_topics(run, qrels.topics, ctx)
    if unknown:
        ctx.warn(unknown)
    if all_topics:
        chosen = [t for t in qrels.topics if t in relevant]
    else:
        chosen = [t for t in qrels.topics if t in relevant and t in run.topics]
    return sort_topics(chosen)


def _warn_left_out(qrels: Qrels, run: Run, relevant, no_relevant: int, all_topics: bool,
                   ctx: EvalContext) -> None:
    """Warn of the qrels topics with nothing relevant left out of means, as the peers count
    them: trec_eval, ir_measures and ranx average in as 0 those the run answers; one it does
    not answer only ir_measures does by default (trec_eval with -c, ranx with
    ``make_comparable=True``)."""
    def left(answered: bool) -> Iterable[str]:
        return (t for t in qrels.topics if t not in relevant
                and (all_topics or (t in run.topics) == answered))

    count = no_relevant if all_topics else sum(1 for _ in left(True))
    whose = "" if count == no_relevant else f"run {run.name}: "
    if count:
        ctx.warn(f"{whose}{count} qrels topic(s) with nothing relevant left out of "
                 + ("its " if whose else "") + "means: " + ", ".join(first_topics(left(True)))
                 + (" ..." if count > _LISTED else "") + " (trec_eval, ir_measures and ranx "
                 "average them in as 0: --zero-rel-as-zero, zero_rel=True in Python)")
    if count < no_relevant:
        missing = no_relevant - count
        ctx.warn(f"run {run.name}: {missing} qrels topic(s) with nothing relevant not answered, "
                 "left out of its means: " + ", ".join(first_topics(left(False)))
                 + (" ..." if missing > _LISTED else "") + " (ir_measures averages them in "
                 "as 0, trec_eval only with -c, ranx with make_comparable=True: "
                 "--zero-rel-as-zero -c, zero_rel=True and all_topics=True in Python)")


def curve_topics(measure: Measure, qrels: Qrels, run: Run, all_topics: bool, ctx: EvalContext
                 ) -> tuple[list[str], list[str]]:
    """The topics of a curve's mean, as of ``measure``'s mean (one rule: the evaluator's topics
    and :func:`.topics.apply_topic_policy`): those with something relevant under the
    measure, to compute, and those scoring 0 (nothing relevant, under ``--compat inex`` or
    ``--zero-rel-as-zero``)."""
    topics = topics_to_evaluate(qrels, run, all_topics, ctx)
    relevant = relevant_topics_of(measure, qrels, ctx)
    values: dict[str, dict[str, float]] = {measure.text: {}}
    apply_topic_policy([measure], qrels, topics, values, ctx)
    zero = [t for t, v in values[measure.text].items() if v == 0.0]
    return [t for t in topics if t in relevant], zero


def scored_topics(qrels: Qrels, ctx: EvalContext):
    """The qrels topics a run is scored on where it answers them: those with something
    judged relevant, or every one under ``--compat inex`` and ``--zero-rel-as-zero``."""
    relevant = judged_relevant_topics(qrels, ctx)  # judged once per evaluation, not per run
    if len(relevant) < len(qrels.topics) and (ctx.compat == "inex"
                                              or getattr(ctx, "zero_rel", False)):
        return qrels.topics  # every qrels topic
    return relevant


#: topics named in a warning about topics left out
_LISTED = 20


def unjudged_run_topics(run: Run, known, ctx: EvalContext | None = None) -> str | None:
    """``run NAME: N topic(s) not in the qrels ignored: ...`` (the first topics in topic order,
    and :func:`.topics.near_misses`' hint) for the topics of ``run`` that ``known`` (the qrels
    topics) lacks, else None: ``eval`` ignores them, ``validate`` says so before."""
    missing = [t for t in run.topics if t not in known]
    if not missing:
        return None
    return (f"run {run.name}: {len(missing):,} topic(s) not in the qrels ignored: "
            + ", ".join(first_topics(missing)) + (" ..." if len(missing) > _LISTED else "")
            + near_misses(missing, known, ctx))


def first_topics(topics: Iterable[str], n: int = _LISTED) -> list[str]:
    """The first ``n`` of ``topics`` in topic order (only ``n`` kept at a time)."""
    return heapq.nsmallest(n, topics, key=topic_sort_key)


def ordered_run(run: Run, order: str, depth: int | None = None) -> Run:
    """The run with every ranking in the given order (``file``, ``rank`` or ``rsv``), cut
    after its first ``depth`` results (trec_eval ``-M``: the cut follows the ordering; the
    run as given is its ``uncut``)."""
    if order == "file" and depth is None:
        return run
    cut = _ordered(run, order, depth)
    return cut if depth is None else replace(cut, uncut=run)


def _ordered(run: Run, order: str, depth: int | None) -> Run:
    ids = getattr(run, "chunk_ids", None)
    if ids:  # a chunk-ID run: ties by chunk id (trec_eval); the ids follow their results
        moves = {t: (np.arange(len(r)) if order == "file"
                     else np.argsort(r.ranks, kind="stable") if order == "rank"
                     else trec_order(r.rsv, (ids[t],)))[:depth]
                 for t, r in run.topics.items()}
        return replace(run, topics={t: r.take(moves[t]) for t, r in run.topics.items()},
                       chunk_ids={t: ids[t][moves[t]] for t in run.topics})
    if isinstance(run.topics, TopicRankings) and run.topics.columns() is not None:
        return replace(run, topics=_ordered_columns(run.topics, run.unit, order, depth))
    return Run(run.name, {t: ranked(r, order, depth) for t, r in run.topics.items()}, run.unit,
               run.source, run.overlap_expected)


class _Deferred:
    """An array made only if numpy asks for it (the tie keys of :func:`trec_order`, needed
    only when two results of a topic share a score)."""

    def __init__(self, make) -> None:
        self.make = make

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self.make(), dtype=dtype)


def _ordered_columns(topics: TopicRankings, unit: str, order: str, depth: int | None
                     ) -> TopicRankings:
    """:func:`ranked` applied to every topic of shared columns at once: one sort of all
    rows (topic first), then each topic cut after ``depth`` rows."""
    columns = topics.columns()
    bounds = columns.bounds
    if depth is None and order != "file" and _ordered_already(columns, order):
        return topics  # the same rankings: no copy of the run's columns
    lengths = np.diff(bounds)
    codes = np.repeat(np.arange(lengths.size), lengths)
    size = int(bounds[-1])
    if order == "rank":
        index = np.lexsort((columns.ranks, codes))
    elif order == "rsv":
        docs = _Deferred(lambda: column_rows(columns.docs, 0, size))
        if unit == "passage":
            ties = (docs, _Deferred(lambda: column_rows(columns.offsets, 0, size)),
                    _Deferred(lambda: column_rows(columns.lengths, 0, size)))
        else:
            ties = (docs, _Deferred(lambda: column_rows(columns.paths, 0, size).astype(str)))
        index = trec_order(np.asarray(columns.rsv), ties, codes)
    else:
        index = np.arange(size)
    if depth is not None:
        keep = (np.arange(size) - np.repeat(bounds[:-1], lengths)) < depth
        index = index[keep]
        lengths = np.minimum(lengths, depth)
    return topics.take(index, np.concatenate(([0], np.cumsum(lengths))))


def _ordered_already(columns, order: str) -> bool:
    """Whether every topic of ``columns`` is in ``order`` already, so that the sort of
    :func:`_ordered_columns` would give its rows back in place: ranks that never go down
    (``rank``: the sort is stable) or scores, as trec_eval compares them (doubles), that go
    down strictly (``rsv``: no tie for the result ids to break)."""
    size = int(columns.bounds[-1])
    if size < 2:
        return True
    if order == "rank":
        values = np.asarray(columns.ranks)[:size]
        step = values[1:] >= values[:-1]
    else:
        values = np.asarray(columns.rsv, dtype=np.float64)[:size]
        step = values[1:] < values[:-1]
    inner = np.asarray(columns.bounds[1:-1], dtype=np.int64)
    step[inner[(inner > 0) & (inner < size)] - 1] = True  # a new topic starts there
    return bool(step.all())


def ranked(ranking: Ranking, order: str, depth: int | None = None) -> Ranking:
    """One ranking ordered, then cut after ``depth`` results."""
    ranking = ranking.ordered(order)
    if depth is not None and len(ranking) > depth:
        ranking = ranking.take(slice(0, depth))
    return ranking


def result_rows(run_name: str, measures: list[Measure], topics: list[str],
                values: dict[str, dict[str, float]], answered
                ) -> list[tuple[str, str, str, float]]:
    """Rows ``(run, topic, measure, value)`` in measure-then-topic order (the rows of
    :func:`result_table`)."""
    table = result_table(run_name, measures, topics, values, answered)
    return list(table.itertuples(index=False, name=None))


def measure_values(per_topic, topics: list[str], answered) -> np.ndarray:
    """One measure's values in the order of ``topics``.  A topic the run did not answer
    (``-c``) that a family left without a value scores 0; a NaN a family gives (a topic with
    nothing relevant under the measure's quantisation) stays NaN, answered or not, and is
    left out of the means."""
    array = per_topic.array_for(topics) if isinstance(per_topic, TopicValues) else None
    if array is not None:
        return array
    return np.fromiter((float(per_topic[t]) if t in per_topic
                        else (np.nan if t in answered else 0.0) for t in topics),
                       dtype=np.float64, count=len(topics))


def result_columns(run_name: str, measures: list[Measure], topics: list[str],
                   values: dict[str, dict[str, float]], answered) -> ResultColumns:
    """The rows ``run, topic, measure, value`` of one run in measure-then-topic order, as
    columns (no Python object per row)."""
    if not topics or not measures:
        return ResultColumns.none()
    value = np.empty(len(measures) * len(topics))
    for i, measure in enumerate(measures):
        value[i * len(topics):(i + 1) * len(topics)] = measure_values(
            values.get(measure.text, {}), topics, answered)
    return ResultColumns.of_run(run_name, [m.text for m in measures], topics, value)


def result_table(run_name: str, measures: list[Measure], topics: list[str],
                 values: dict[str, dict[str, float]], answered) -> pd.DataFrame:
    """:func:`result_columns` as a DataFrame."""
    return result_columns(run_name, measures, topics, values, answered).to_frame()


def concat_tables(tables: list[pd.DataFrame]) -> pd.DataFrame:
    """Per-run tables one after another (the empty table when there is none)."""
    tables = [t for t in tables if len(t)]
    if not tables:
        return pd.DataFrame([], columns=COLUMNS)
    if len(tables) == 1:
        return tables[0]
    return stacked(tables)


def mean_like_topic(qrels: Qrels | None, runs: Iterable[Run]
                    ) -> tuple[str | None, str, str] | None:
    """``(file, "qrels" or "run NAME", topic)`` of the first topic of the qrels or a run that
    a score table would take for the mean rows
    (:func:`~sdreval.measures.results.like_mean_topic`), else None."""
    sources = ([(getattr(qrels, "source", None), "qrels", qrels.topics)]
               if qrels is not None else [])
    sources += [(run.source, f"run {run.name}", run.topics) for run in runs]
    for source, what, topics in sources:
        # ids are read without surrounding spaces: 'all' in any case is what remains, looked
        # up (a scan of every topic per streamed part or Dask partition would cost)
        alike = [t for t in MEAN_SPELLINGS if t in topics]
        if alike:
            return source, what, MEAN_TOPIC if MEAN_TOPIC in alike else min(alike)
    return None


def check_topic_names(qrels: Qrels | None, runs: Iterable[Run]) -> None:
    """Refuse a qrels or run topic named ``all`` (or ``ALL``, `` all``): it would be mistaken
    for the mean rows (``qrels`` None: the runs only)."""
    found = mean_like_topic(qrels, runs)
    if found:
        source, what, topic = found
        raise InputError(f"{what}: a topic is named {topic!r}, "
                         + ("the name of the mean rows of every output" if topic == MEAN_TOPIC
                            else "which score tables would take for the mean rows (topic "
                            f"{MEAN_TOPIC}) of every output") + "; rename the topic",
                         file=source)


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


def serial_failure(errors: Iterable[SdrevalError], measures: Iterable[str | Measure]
                   ) -> SdrevalError:
    """Of the errors of a run's partitions (streamed parts, byte ranges, processes, Dask
    partitions), the one :func:`evaluate_columns` raises for the run read whole: it checks the
    run first, then evaluates family after family (in the order of ``measures``), each over
    the topics in topic order (:func:`~sdreval.model.ordering.topic_sort_key`).  So an error
    raised outside the kernels comes first, then by family, an error about no one topic before
    one about a topic (``error.topic``), then by topic; among equals the first given.  A run's
    refusal of problems of several topics (``--strict``: results not converted or placed),
    raised by each part with problems, is one refusal of them all, as read whole: the parts'
    problems in the order given (parts in topic order), those every part gives once, last."""
    errors = list(errors)
    families = list(measures_by_family(measures)[1])

    def place(error: SdrevalError) -> tuple:
        if error.family is None:
            return (-1,)
        rank = families.index(error.family) if error.family in families else len(families)
        return (rank, error.topic is not None, topic_sort_key(error.topic or ""))

    first = min(errors, key=place)
    alike = [e for e in errors if isinstance(e, InputError) and place(e) == place(first)
             and e.topic is None and alike_refusals(first, e)]
    if len(alike) < 2:
        return first
    logs = [e.logged_in for e in alike]
    if all(log is not None for log in logs):  # counted as one log: the first examples shown
        merged, joined = ProblemLog(examples=logs[0].examples), first  # type: ignore[union-attr]
        for log in logs:
            merged.absorb(log)  # type: ignore[arg-type]
        try:
            merged.raise_if_errors(first.listed_by, first.advice)  # type: ignore[union-attr]
        except InputError as error:
            joined = error
    else:
        common = [p for p in first.problems if all(p in e.problems for e in alike)]
        joined = InputError(list(dict.fromkeys(p for e in alike for p in e.problems
                                               if p not in common)) + common)
    joined.family = first.family
    return joined


def alike_refusals(first: SdrevalError, other: SdrevalError) -> bool:
    """Whether two parts' errors are one refusal of a run's problems, told part by part: the
    errors of logs naming the same listing command, or errors ending in the same advice."""
    if not isinstance(first, InputError) or not isinstance(other, InputError):
        return False
    if first.logged_in is not None and other.logged_in is not None:
        return (first.listed_by, first.advice) == (other.listed_by, other.advice)
    if first is other:
        return True
    return first.logged_in is None and other.logged_in is None and bool(first.problems) and \
        first.problems[-1:] == other.problems[-1:] and first.problems[-1].file is None


def evaluate_serial(qrels: Qrels, runs: Iterable[Run], measures: Iterable[str | Measure],
                    ctx: EvalContext, all_topics: bool = False) -> pd.DataFrame:
    """Per-topic values of every measure for every run, one run after another (the callers
    checked the topic names: :func:`check_topic_names`)."""
    return evaluate_columns(qrels, runs, measures, ctx, all_topics).to_frame()


def evaluate_columns(qrels: Qrels, runs: Iterable[Run], measures: Iterable[str | Measure],
                     ctx: EvalContext, all_topics: bool = False) -> ResultColumns:
    """:func:`evaluate_serial` as columns (no pandas)."""
    run_list = list(runs)
    parsed, by_family = measures_by_family(measures)
    tables = []
    for run in run_list:
        topics = topics_to_evaluate(qrels, run, all_topics, ctx)
        ordered = ordered_run(run, ctx.order, ctx.depth)
        values: dict[str, dict[str, float]] = {}
        for family, members in by_family.items():
            values.update(FAMILIES[family](members, qrels, ordered, topics, ctx))
        del ordered
        tables.append(result_columns(run.name, parsed, topics, values, run.topics))
        del values
    return ResultColumns.concat(tables)
