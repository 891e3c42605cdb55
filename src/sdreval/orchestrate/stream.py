"""Bounded-memory evaluation: a run file evaluated as it is read (issue 8).

:func:`evaluate_stream` reads the run with :func:`sdreval.io.stream.iter_run_topics` and calls
every family kernel on batches of topics (about :data:`BATCH_RESULTS` results each) as they
arrive, so peak memory is the judgements plus one batch of results (``docs/streaming.md``).
The table is the one :func:`~sdreval.measures.evaluate.evaluate` returns for
``[read_run(path)]``: same rows, same order, same values, and the same warnings (a batch's
warnings are put together as those of parallel partitions are: counts added up, a warning
about the whole run given only if it holds for every batch).

Difference from the in-memory path: read problems are found while evaluating (without a
``log``, errors are raised when the file has been read, so no table is returned for a run with
errors, as with :func:`~sdreval.io.read_run`).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from itertools import islice
from pathlib import Path
from typing import Iterable

import numpy as np

from ..errors import ProblemLog
from ..io.stream import iter_run_topics
from ..judgements.qrels import Qrels
from ..lazy import lazy_module
from ..model.run import Ranking, Run
from ..model.runnames import distinct_run_names
from .inputs import check_input_topics
from ..measures.evaluate import COLUMNS, topics_to_evaluate
from ..measures.partitions import merge_warnings
from ..measures.serial import MEAN_TOPIC, measures_by_family, ranked, result_table
from ..measures.registry import FAMILIES, EvalContext, Measure

pd = lazy_module("pandas")

#: results evaluated together: the topics read are gathered into batches of about this many
#: results, so that the kernels run over many topics at once (one call per topic cost ~5 ms)
#: while memory stays bounded by a batch
BATCH_RESULTS = 50_000


def _scored_topics(qrels: Qrels, ctx: EvalContext) -> set[str]:
    """Qrels topics that can be scored (what :func:`topics_to_evaluate` keeps), no warnings."""
    relevant = {t for t in qrels.topics if qrels.topics[t].has_relevant()}
    if ctx.compat == "inex" and len(relevant) < len(qrels.topics):
        return set(qrels.topics)
    return relevant


def _drop_run_entries(ctx: EvalContext, before: int, run: Run, topics: tuple[str, ...]) -> None:
    """Forget cache entries a kernel added (after the first ``before``) keyed on this batch's
    run (e.g. the passage family's converted run) or on its topics alone (e.g. the classic
    family's index of ``topics``), so that the cache does not grow with the run.  Only the
    new entries are looked at (dicts keep insertion order)."""
    marker = id(run)
    new = list(islice(reversed(ctx.cache), max(len(ctx.cache) - before, 0)))
    for key in new:
        if isinstance(key, tuple) and (marker in key or topics in key):
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
    batch_warnings: list[list[str]] = []
    answered: list[str] = []

    def evaluate_batch(rankings: dict[str, Ranking], topics: list[str]) -> None:
        run = Run(stream.name or "", rankings, stream.unit, stream.source)
        own = replace(ctx, warnings=[])  # the same cache; this batch's warnings alone
        before = len(ctx.cache)
        for family, members in by_family.items():
            for text, per_topic in FAMILIES[family](members, qrels, run, topics, own).items():
                values[text].update((t, per_topic[t]) for t in topics if t in per_topic)
        _drop_run_entries(ctx, before, run, tuple(topics))
        batch_warnings.append(own.warnings)

    batch: dict[str, Ranking] = {}
    size = 0
    for topic, ranking in _counted(stream, f"topics of {Path(str(run_path)).name} (streamed)"):
        if topic == MEAN_TOPIC:
            check_input_topics(qrels, [Run(stream.name or "", {topic: ranking}, stream.unit,
                                           stream.source)])
        answered.append(topic)
        if topic not in scored:
            continue
        batch[topic] = ranked(ranking, ctx.order, ctx.depth)
        size += len(ranking)
        del ranking
        if size >= BATCH_RESULTS:
            evaluate_batch(batch, list(batch))
            batch, size = {}, 0
    if batch:
        evaluate_batch(batch, list(batch))
        batch = {}
    empty = Ranking.empty(stream.unit)
    answered_run = Run(stream.name or "", dict.fromkeys(answered, empty), stream.unit,
                       stream.source)
    topics = topics_to_evaluate(qrels, answered_run, all_topics, ctx)
    missing = [t for t in topics if t not in answered_run.topics]
    if missing:  # -c: topics the run did not answer, evaluated as empty rankings
        evaluate_batch({}, missing)
    for message in merge_warnings([(0, np.empty(0), w) for w in batch_warnings],
                                  [answered_run]):
        ctx.warn(message)
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
