"""Bounded-memory evaluation: a run file evaluated one topic at a time (issue 8).

:func:`evaluate_stream` reads the run with :func:`sdreval.io.stream.iter_run_topics` and calls
every family kernel on a one-topic :class:`~sdreval.model.run.Run` as each topic arrives, so
peak memory is the judgements plus one topic's results (``docs/streaming.md``).  The table is
the one :func:`~sdreval.measures.evaluate.evaluate` returns for ``[read_run(path)]``: same
rows, same order, same values (tested on the bundled examples and on simulated runs).

Differences from the in-memory path: warnings a kernel gives per call (e.g. XCG's count of
results of unassessed documents) come per topic instead of once per run, and read problems are
found while evaluating (without a ``log``, errors are raised when the file has been read, so no
table is returned for a run with errors, as with :func:`~sdreval.io.read_run`).
"""
from __future__ import annotations

from collections import defaultdict
from itertools import islice
from pathlib import Path
from typing import Iterable

from ..errors import ProblemLog
from ..io.stream import iter_run_topics
from ..judgements.qrels import Qrels
from ..lazy import lazy_module
from ..model.run import Ranking, Run
from ..model.runnames import distinct_run_names
from .inputs import check_input_topics
from ..measures.evaluate import COLUMNS, topics_to_evaluate
from ..measures.serial import MEAN_TOPIC, measures_by_family, ranked, result_table
from ..measures.registry import FAMILIES, EvalContext, Measure

pd = lazy_module("pandas")


def _scored_topics(qrels: Qrels, ctx: EvalContext) -> set[str]:
    """Qrels topics that can be scored (what :func:`topics_to_evaluate` keeps), no warnings."""
    relevant = {t for t in qrels.topics if qrels.topics[t].has_relevant()}
    if ctx.compat == "inex" and len(relevant) < len(qrels.topics):
        return set(qrels.topics)
    return relevant


def _drop_run_entries(ctx: EvalContext, before: int, run: Run, topic: str | None = None) -> None:
    """Forget cache entries a kernel added (after the first ``before``) keyed on this one-topic
    run (e.g. the passage family's converted run) or on its topic alone (e.g. the classic
    family's index of ``(topic,)``), so that the cache does not grow with the run.  Only the
    new entries are looked at (dicts keep insertion order)."""
    marker, alone = id(run), (topic,)
    new = list(islice(reversed(ctx.cache), max(len(ctx.cache) - before, 0)))
    for key in new:
        if isinstance(key, tuple) and (marker in key or (topic is not None and alone in key)):
            del ctx.cache[key]


def _counted(items, desc: str):
    """``items`` with a progress bar counting them (their number is not known ahead)."""
    from ..progress import progress

    with progress(None, desc) as bar:
        for item in items:
            yield item
            bar.update()


def evaluate_stream(qrels: Qrels, run_path: str | Path, measures: Iterable[str | Measure],
                    ctx: EvalContext | None = None, all_topics: bool = False,
                    fmt: str | None = None, log: ProblemLog | None = None,
                    contiguous: bool = False) -> pd.DataFrame:
    """Per-topic values of every measure for the run in ``run_path``, read topic by topic.

    Same table as ``evaluate(qrels, [read_run(run_path, fmt)], measures, ctx, all_topics)``.
    ``fmt`` forces the run format; problems go to ``log`` (see
    :func:`~sdreval.io.stream.iter_run_topics`, also for ``contiguous``)."""
    ctx = ctx or EvalContext()
    parsed, by_family = measures_by_family(measures)
    check_input_topics(qrels, [])
    scored = _scored_topics(qrels, ctx)
    stream = iter_run_topics(run_path, fmt, log=log, contiguous=contiguous)
    values: dict[str, dict[str, float]] = defaultdict(dict)  # measure text -> topic -> value
    answered: list[str] = []
    for topic, ranking in _counted(stream, f"topics of {Path(str(run_path)).name} (streamed)"):
        if topic == MEAN_TOPIC:
            check_input_topics(qrels, [Run(stream.name or "", {topic: ranking}, stream.unit,
                                           stream.source)])
        answered.append(topic)
        if topic not in scored:
            continue
        run = Run(stream.name or "", {topic: ranked(ranking, ctx.order, ctx.depth)}, stream.unit,
                  stream.source)
        before = len(ctx.cache)
        for family, members in by_family.items():
            for text, per_topic in FAMILIES[family](members, qrels, run, [topic], ctx).items():
                if topic in per_topic:
                    values[text][topic] = per_topic[topic]
        _drop_run_entries(ctx, before, run, topic)
        del run, ranking
    empty = Ranking.empty(stream.unit)
    answered_run = Run(stream.name or "", dict.fromkeys(answered, empty), stream.unit,
                       stream.source)
    topics = topics_to_evaluate(qrels, answered_run, all_topics, ctx)
    missing = [t for t in topics if t not in answered_run.topics]
    if missing:  # -c: topics the run did not answer, evaluated as empty rankings
        run = Run(answered_run.name, {}, stream.unit, stream.source)
        for family, members in by_family.items():
            for text, per_topic in FAMILIES[family](members, qrels, run, missing, ctx).items():
                values[text].update({t: per_topic[t] for t in missing if t in per_topic})
    return result_table(answered_run.name, parsed, topics, values, answered_run.topics)


def _distinct_table_names(tables: list[pd.DataFrame], sources: list[str],
                          ctx: EvalContext) -> None:
    """Rename, in place, the runs of per-file tables that share a name (the rule of
    :func:`~sdreval.model.runnames.distinct_run_names`, as the in-memory path applies it)."""
    names = [str(t["run"].iloc[0]) if len(t) else "" for t in tables]
    new, warnings = distinct_run_names(names, sources)
    for message in warnings:
        ctx.warn(message)
    for table, old, name in zip(tables, names, new):
        if name != old:
            table["run"] = name


def evaluate_files(qrels: Qrels, run_paths: Iterable[str | Path],
                   measures: Iterable[str | Measure], ctx: EvalContext | None = None,
                   all_topics: bool = False, fmt: str | None = None,
                   log: ProblemLog | None = None, stream: bool | None = None) -> pd.DataFrame:
    """Evaluate run files one after another (rows in the order of ``run_paths``).

    A file is evaluated streaming (:func:`evaluate_stream`) if ``stream`` is true, or, with
    ``stream=None``, if it is larger than
    :data:`~sdreval.io.stream.STREAM_THRESHOLD_BYTES` (512 MB); otherwise it is read whole
    (:func:`~sdreval.io.read_run`) and evaluated (:func:`~sdreval.measures.evaluate.evaluate`).
    Only one run is in memory at a time.  Read errors stop at the first run that has any
    (one :class:`~sdreval.errors.InputError` with all of them)."""
    from ..errors import InputError
    from ..io import read_run
    from ..io.stream import should_stream
    from ..measures.evaluate import evaluate

    ctx = ctx or EvalContext()
    measures = list(measures)
    own = log is None
    log = log if log is not None else ProblemLog()
    tables, sources = [], []
    for path in run_paths:
        if stream or (stream is None and should_stream(path)):
            tables.append(evaluate_stream(qrels, path, measures, ctx, all_topics, fmt, log))
        else:
            run = read_run(path, fmt, log=log)
            if not log.errors:
                tables.append(evaluate(qrels, [run], measures, ctx, all_topics))
            del run
        sources.append(str(path))
        if log.errors:
            raise InputError(log.errors)
    _distinct_table_names(tables, sources, ctx)
    if own:
        for problem in log.warnings:
            ctx.warn(str(problem))
    if not tables:
        return pd.DataFrame([], columns=COLUMNS)
    return pd.concat(tables, ignore_index=True)
