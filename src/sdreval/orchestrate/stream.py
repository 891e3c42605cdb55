"""Bounded-memory evaluation: a run file evaluated as it is read.

:func:`evaluate_stream` reads the run with :func:`sdreval.io.stream.iter_run_parts`: runs of
whole topics of about :data:`~sdreval.io.stream.PART_RESULTS` results each, held in shared
columns as a run read whole is.  Each is evaluated as a topic partition
(:func:`~sdreval.measures.partitions.evaluate_part`: every family kernel over all its topics
at once) and the partitions are put together as parallel ones are
(:func:`~sdreval.measures.partitions.gather`), so peak memory is the judgements plus one part
(``docs/streaming.md``).  The table is the one :func:`~sdreval.measures.evaluate.evaluate`
returns for ``[read_run(path)]``: same rows, same order, same values, and the same warnings
(a part's warnings are put together as those of parallel partitions are: counts added up, a
warning about the whole run given only if it holds for every part).

Difference from the in-memory path: read problems are found while evaluating (without a
``log``, errors are raised when the file has been read, so no table is returned for a run with
errors, as with :func:`~sdreval.io.read_run`).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import islice
from pathlib import Path
from typing import Iterable

from ..errors import InputError, ProblemLog, SdrevalError
from ..io.stream import TopicStream, TopicsResumed, iter_run_parts
from ..judgements.qrels import Qrels
from ..lazy import lazy_module
from ..model.run import Run
from ..model.runnames import distinct_run_names
from .inputs import check_input_topics
from ..measures.defaults import rsv_order_hints
from ..measures.doc_ids import chunk_id_error, names_a_document, span_documents
from ..measures.partitions import Part, Piece, evaluate_part, gather, merge_run_hints
from ..measures.results import ResultColumns
from ..measures.serial import measures_by_family, scored_topics, serial_failure
from ..measures.registry import EvalContext, Measure
from ..model.ordering import sort_topics, topic_sort_key

pd = lazy_module("pandas")


def _drop_run_entries(ctx: EvalContext, before: int, run: Run, topics: tuple[str, ...]) -> None:
    """Forget cache entries a kernel added (after the first ``before``) keyed on this part's
    run (e.g. the passage family's converted run) or on its topics alone, so that the cache
    does not grow with the run.  Only the new entries are looked at (dicts keep insertion
    order)."""
    marker = id(run)
    new = list(islice(reversed(ctx.cache), max(len(ctx.cache) - before, 0)))
    for key in new:
        if isinstance(key, tuple) and (marker in key or topics in key):
            del ctx.cache[key]


def _counted(parts, desc: str):
    """``parts`` (runs) with a progress bar counting their topics (not known ahead)."""
    from ..progress import progress

    with progress(None, desc) as bar:
        for run in parts:
            yield run
            bar.update(len(run.topics))


def stream_columns(qrels: Qrels, run_path: str | Path, measures: Iterable[str | Measure],
                   ctx: EvalContext | None = None, all_topics: bool = False,
                   fmt: str | None = None, log: ProblemLog | None = None,
                   contiguous: bool = False, results: int | None = None) -> ResultColumns:
    """:func:`evaluate_stream` as columns (no pandas); ``results``: the results of a part
    (default :data:`sdreval.io.stream.PART_RESULTS`).

    A text run is first read as if sorted by topic (no first pass over the file,
    :func:`~sdreval.io.stream.iter_run_parts` with ``contiguous=None``); if a topic comes
    back after its rows ended, what was read is dropped (its problems too) and the file is
    read again in two passes.  An error of the evaluation is raised once the whole file has
    been read (after its read errors, without a ``log``)."""
    failed: list[SdrevalError] = []
    table = _streamed(qrels, run_path, measures, ctx or EvalContext(), all_topics, fmt, log,
                      contiguous, results, failed, None)[0]
    if failed:
        raise failed[0]
    return table  # type: ignore[return-value]


def _streamed(qrels: Qrels, run_path: str | Path, measures: Iterable[str | Measure],
              ctx: EvalContext, all_topics: bool, fmt: str | None, log: ProblemLog | None,
              contiguous: bool, results: int | None, failed: list[SdrevalError],
              hints: list[str] | None) -> tuple[ResultColumns | None, str]:
    """:func:`stream_columns` and the run's name; an error of the evaluation is added to
    ``failed`` (the file still read to its end, for its read errors; no table), and the hints
    about the file's order go to ``hints`` (else to ``ctx``)."""
    from ..io import stream as streaming
    from ..io.textlines import finish

    results = streaming.PART_RESULTS if results is None else results
    texts = [m.text for m in measures_by_family(measures)[0]]
    check_input_topics(qrels, [])
    own = log is None
    log = ProblemLog() if own else log

    ids = _DocumentIds(qrels)

    def evaluated(contiguous: bool | None) -> tuple[list[Piece], TopicStream]:
        nonlocal ids
        ids = _DocumentIds(qrels)  # (a file read again is seen afresh)
        stream = iter_run_parts(run_path, fmt, log, contiguous, results=results)
        return _evaluate_parts(qrels, stream, texts, ctx, failed, ids), stream

    if contiguous is False and log.sink is None:
        saved = dict(log.counts), list(log.problems), {k: list(v) for k, v in log.kept.items()}
        try:
            pieces, stream = evaluated(None)
        except TopicsResumed:  # not sorted by topic: read again, in two passes
            log.counts, log.problems, log.kept = saved
            failed.clear()
            pieces, stream = evaluated(False)
    else:
        pieces, stream = evaluated(contiguous)
    finish(log, own)
    name = stream.name or ""
    if ids.chunk_ids:  # as check_chunk_ids refuses the run read whole (after topic names)
        failed[:] = [chunk_id_error(name, stream.source)]
    # the parts' hints about file order, counted as for the run read whole
    said = merge_run_hints([p.extra or [] for p in pieces], name)
    for message in said:
        hints.append(message) if hints is not None else ctx.warn(message)
    if failed:
        return None, name
    if not pieces:  # nothing read: the unit of the stream
        pieces.append(Piece([], [], None, [], stream.unit))
    answered, topics, matrix, _ = gather(pieces, qrels, name, texts, ctx, all_topics,
                                         stream.source)
    if not topics:
        return ResultColumns.none(), name
    return ResultColumns.of_run(answered.name, texts, topics, matrix.reshape(-1)), name


class _DocumentIds:
    """Whether a streamed document run names a judged document of span judgements: one that
    names none is a chunk-ID run (:func:`~sdreval.measures.doc_ids.check_chunk_ids`), known
    once every part has been read; a topic-name error comes first, as for the run read whole."""

    def __init__(self, qrels: Qrels) -> None:
        self.documents = span_documents(qrels) if qrels.scale == "fol" else None
        self.parts, self.named, self.topic_error = 0, False, False

    def see(self, run: Run) -> None:
        if self.documents is not None and run.unit == "document" and run.topics:
            self.parts += 1
            self.named = self.named or names_a_document(run, self.documents)

    @property
    def chunk_ids(self) -> bool:
        return self.parts > 0 and not self.named and not self.topic_error


def _evaluate_parts(qrels: Qrels, stream: TopicStream, measures: list[str], ctx: EvalContext,
                    failed: list[SdrevalError], ids: _DocumentIds) -> list[Piece]:
    """Each part of ``stream`` evaluated (its topics with something to score, in topic order)
    as a topic partition; the kernels' cache is shared, less what they keep about one part.
    An error of a part (:class:`~sdreval.errors.SdrevalError`) stops the evaluation, not the
    reading: the rest of the file is read, as a run read whole is read before it is evaluated,
    so that its read errors are found (they come first).  ``failed`` then holds the error the
    run read whole would raise (:func:`~sdreval.measures.serial.serial_failure`): the later
    parts are still checked, and their topics that come before the failed topic in topic
    order evaluated, for an error that comes first (a file not sorted by topic)."""
    scored = scored_topics(qrels, ctx)
    pieces: list[Piece] = []
    for run in _counted(stream.parts(), f"topics of {Path(stream.source).name} (streamed)"):
        hints = rsv_order_hints([run], ctx.order)
        topics = sort_topics(t for t in run.topics if t in scored)
        errors = list(failed)
        ids.see(run)
        try:
            check_input_topics(qrels, [run])
        except SdrevalError as error:
            errors.append(error)
            ids.topic_error = True
            topics = []
        if failed:  # values no longer kept: only an error that comes first is looked for
            topics = _before(topics, failed[0], measures)
        values, warnings = None, []
        if topics:
            before = len(ctx.cache)
            try:
                _, values, warnings = evaluate_part(Part(0, run, topics), qrels, measures, ctx,
                                                    ctx.cache)
            except SdrevalError as error:
                errors.append(error)
            _drop_run_entries(ctx, before, run, tuple(topics))
        if errors:
            failed[:] = [serial_failure(errors, measures)]
            values, warnings, topics = None, [], []
        pieces.append(Piece(list(run.topics), topics, values, warnings, run.unit, hints))
        del values, run
    return pieces


def _before(topics: list[str], error: SdrevalError, measures: list[str]) -> list[str]:
    """The ``topics`` whose evaluation may raise an error that a serial evaluation raises
    before ``error``: every one when its family is not evaluated first (an earlier family
    meets every topic first); none when it was raised outside the kernels, or by the first
    family about no one topic, unless it refuses problems of the run's topics (``--strict``:
    every part's are told, as read whole); else those up to its topic (in topic order)."""
    if error.topic is None and isinstance(error, InputError):
        return topics
    if error.family is None:
        return []
    if error.family != next(iter(measures_by_family(measures)[1])):
        return topics
    if error.topic is None:
        return []
    last = topic_sort_key(error.topic)
    return [t for t in topics if topic_sort_key(t) <= last]


def evaluate_stream(qrels: Qrels, run_path: str | Path, measures: Iterable[str | Measure],
                    ctx: EvalContext | None = None, all_topics: bool = False,
                    fmt: str | None = None, log: ProblemLog | None = None,
                    contiguous: bool = False) -> pd.DataFrame:
    """Per-topic values of every measure for the run in ``run_path``, read topic by topic.

    Same table as ``evaluate(qrels, [read_run(run_path, fmt)], measures, ctx, all_topics)``.
    ``fmt`` forces the run format; problems go to ``log`` (see
    :func:`~sdreval.io.stream.iter_run_topics`, also for ``contiguous``)."""
    return stream_columns(qrels, run_path, measures, ctx, all_topics, fmt, log,
                          contiguous).to_frame()


def _named(tables: list[ResultColumns | None], names: list[str], sources: list[str],
           hints: list[list[str]], said: list[list[str]]) -> tuple[list[str], list[str]]:
    """Rename, in place, the runs of per-file tables that share a name (the rule of
    :func:`~sdreval.model.runnames.distinct_run_names`, as the in-memory path applies it):
    the statements of the renaming and each run's ``hints``, then each run's warnings
    (``said``), under the new names."""
    new, renamed = distinct_run_names(names, sources)
    after: list[str] = []
    for table, old, name, found, messages in zip(tables, names, new, hints, said):
        if name != old and table is not None and len(table):
            table.runs = [name]
        for message, out in [(m, renamed) for m in found] + [(m, after) for m in messages]:
            out.append(f"run {name}:{message[len(old) + 5:]}"
                       if name != old and message.startswith(f"run {old}:") else message)
    return renamed, after


def read_problems(path: str | Path, fmt: str | None, log: ProblemLog, streamed: bool,
                  order: str = "file") -> tuple[str, list[str]]:
    """Read a run file only, for its problems (added to ``log``): streamed (in bounded memory)
    or read whole, as :func:`evaluate_files` reads it; its name and the hints about its
    order (:func:`~sdreval.measures.defaults.rsv_order_hints`) are returned."""
    from ..io import read_run

    if not streamed:
        run = read_run(path, fmt, log=log)
        return run.name, rsv_order_hints([run], order)
    stream = iter_run_parts(path, fmt, log)
    parts = [rsv_order_hints([run], order) for run in stream.parts()]
    return stream.name or "", merge_run_hints(parts, stream.name or "")


def evaluate_files(qrels: Qrels, run_paths: Iterable[str | Path],
                   measures: Iterable[str | Measure], ctx: EvalContext | None = None,
                   all_topics: bool = False, fmt: str | None = None,
                   log: ProblemLog | None = None, stream: bool | None = None,
                   columns: bool = False, said: list[str] | None = None
                   ) -> pd.DataFrame | ResultColumns:
    """Evaluate run files one after another (rows in the order of ``run_paths``).

    A file is evaluated streaming (:func:`evaluate_stream`) if ``stream`` is true, or, with
    ``stream=None``, if it is larger than
    :data:`~sdreval.io.stream.STREAM_THRESHOLD_BYTES` (512 MB); otherwise it is read whole
    (:func:`~sdreval.io.read_run`) and evaluated (:func:`~sdreval.measures.evaluate.evaluate`).
    Only one run is in memory at a time.  As when every run is read before any is evaluated:
    once a run has read errors, or its evaluation fails (an evaluation error: a
    :class:`~sdreval.errors.UsageError`, a topic named ``all`` ...), the runs after it are only
    read (:func:`read_problems`), and the read errors of every run are raised first (one
    :class:`~sdreval.errors.InputError` with all of them), then the first evaluation error.
    What is said of the runs once read (runs renamed, hints about their order) goes to
    ``ctx`` before each run's warnings, or with ``said`` there, before an evaluation error is
    raised.  ``columns``: the table as :class:`~sdreval.measures.results.ResultColumns` (no
    pandas) instead of a DataFrame."""
    from ..io import read_run
    from ..io.stream import should_stream
    from ..measures.doc_ids import check_chunk_ids
    from ..measures.serial import check_topic_names, evaluate_columns

    ctx = ctx or EvalContext()
    measures = list(measures)
    own = log is None
    log = log if log is not None else ProblemLog()
    tables: list[ResultColumns | None] = []
    names, sources, hints, warned = [], [], [], []
    failed: list[SdrevalError] = []  # raised once every run has been read
    for path in run_paths:
        own_ctx = replace(ctx, warnings=[])  # a run's warnings, named once its name is known
        streamed = bool(stream or (stream is None and should_stream(path)))
        found: list[str] = []
        table = None
        if failed or log.errors:
            name, found = read_problems(path, fmt, log, streamed, ctx.order)
        elif streamed:
            table, name = _streamed(qrels, path, measures, own_ctx, all_topics, fmt, log,
                                    False, None, failed, found)
        else:
            run = read_run(path, fmt, log=log)
            name, found = run.name, rsv_order_hints([run], ctx.order)
            if not log.errors:
                try:
                    check_topic_names(qrels, [run])
                    check_chunk_ids(qrels, [run])
                    table = evaluate_columns(qrels, [run], measures, own_ctx, all_topics)
                except SdrevalError as error:
                    failed.append(error)
            del run
        tables.append(table)
        names.append(name)
        sources.append(str(path))
        hints.append(found)
        warned.append(own_ctx.warnings)
    log.raise_if_errors()  # with a count of the errors not shown, as read_run raises
    renamed, after = _named(tables, names, sources, hints, warned)
    for message in renamed:
        said.append(message) if said is not None else ctx.warn(message)
    if failed:
        raise failed[0]
    for message in after:
        ctx.warn(message)
    if own:
        for problem in log.warnings:
            ctx.warn(str(problem))
    table = ResultColumns.concat([t for t in tables if t is not None])
    return table if columns else table.to_frame()
