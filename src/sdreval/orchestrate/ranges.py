"""TREC text runs read by the workers themselves: each file cut into byte ranges at topic
boundaries.

The client sends paths and byte ranges, not data: each process (``--jobs``) or Dask worker
(``--scheduler``) reads its range with the run reader (:func:`sdreval.io.trec.read_trec_run`,
``byte_range``), evaluates the topics it holds and sends back their values, its warnings and
its read problems.  The pieces are put together as :func:`~sdreval.measures.partitions.gather`
puts any partitions together: same rows, same values, same warnings as reading the file whole.

Where the pieces cannot give the serial result (a topic whose lines are not together in the
file, a file with several run-ids, a range whose reader finds no result), that file is read
whole by the client and evaluated in topic partitions from memory
(:func:`~sdreval.measures.parallel.evaluate_parallel`): the same numbers, only slower.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace

import numpy as np

from ..errors import InputError, ProblemLog, SdrevalError, UsageError
from ..judgements.qrels import Qrels
from ..lazy import lazy_module
from ..measures.defaults import rsv_order_hints
from ..measures.partitions import (Part, Piece, assemble, evaluate_part, gather,
                                   merge_run_hints)
from ..measures.registry import EvalContext
from ..measures.evaluate import summarise
from ..measures.serial import (concat_tables, measures_by_family, serial_failure,
                               topics_to_evaluate)
from ..model.runnames import distinct_run_names
from ..model.run import Run
from .dataset import (Repeated, Settle, add_sums, first_repeat, forget_topics, keep_topics,
                      means_from_sums, part_path, remove, repeat_in, settle, value_sums,
                      write_part, write_table)
from .inputs import check_input_topics
from .workers import runner, seen_by_workers, workers
from .parquet import (PARQUET, dataset_files, head_name, read_dataset, read_partition,
                      refuse_split)

pd = lazy_module("pandas")

#: at most this many bytes of a run file per task (each worker holds one range at a time)
RANGE_BYTES = 64 << 20
#: the start of a file read to name its run (its first run-id) before the workers start
HEAD_BYTES = 1 << 16
_TREC_LAYOUTS = {"element-run": "element", "passage-run": "passage", "document-run": "document"}


def splittable(path: str, fmt: str | None) -> str | None:
    """The layout of a run file that can be cut into byte ranges (a TREC-like text run in a
    plain, uncompressed local file), or ``parquet`` for a Parquet file or dataset directory
    (read file by file: :mod:`.parquet`), else None."""
    if dataset_files(path):
        return PARQUET
    layout = _TREC_LAYOUTS.get(fmt or "")
    if layout is None or path == "-" or not os.path.isfile(path) or path.endswith(".gz"):
        return None
    with open(path, "rb") as handle:
        if handle.read(2) == b"\x1f\x8b":
            return None
    return layout


def _topic_start(handle, target: int, layout: str) -> int | None:
    """The first line start at or after ``target`` where a new topic begins (after the last
    line of the topic running at ``target``, its topic field cut as the reader cuts it:
    :func:`~sdreval.io.trec.topic_runs`), None at the end of the file."""
    from ..io.columnar import count_newlines
    from ..io.trec import topic_runs

    handle.seek(max(target - 1, 0))
    if target and handle.read(1) != b"\n":
        handle.readline()  # the rest of the line ``target`` falls in
    start, size = handle.tell(), HEAD_BYTES
    while True:
        handle.seek(start)
        block = handle.read(size)
        end = len(block) < size
        block += b"" if end else handle.readline()
        # numbered from 2 (a line 1 would lose a byte-order mark)
        runs = topic_runs(block, 1, count_newlines(block), layout)
        if len(runs) > 1:
            ends = np.flatnonzero(np.frombuffer(block, dtype=np.uint8) == 10)
            return start + int(ends[runs[0][1] - 2]) + 1
        if end:
            return None
        size *= 2


def topic_ranges(path: str, parts: int, layout: str) -> list[tuple[int, int, int]]:
    """``(start, end, lines before start)`` of about ``parts`` pieces of the file, each
    starting where a topic starts (a topic whose lines are together lies in one piece)."""
    from ..io.columnar import count_newlines

    size = os.path.getsize(path)
    cuts = [0]
    with open(path, "rb") as handle:
        for k in range(1, max(1, parts)):
            target = size * k // parts
            if target <= cuts[-1]:
                continue
            cut = _topic_start(handle, target, layout)
            if cut is None:
                break
            if cut > cuts[-1]:
                cuts.append(cut)
        cuts.append(size)
        lines, out = 0, []
        handle.seek(0)
        for lo, hi in zip(cuts[:-1], cuts[1:]):
            out.append((lo, hi, lines))
            left = hi - lo
            while left:
                block = handle.read(min(left, 1 << 23))
                lines += count_newlines(block)
                left -= len(block)
    return out


@dataclass(frozen=True)
class RangeTask:
    """One task: bytes ``byte_range`` of a run file, its run to be named ``name``."""

    index: int
    path: str
    layout: str
    name: str
    byte_range: tuple[int, int, int]
    #: a dataset directory: the per-topic rows written there (:mod:`.dataset`)
    output: str | None = None
    piece: int = 0
    #: the run's Parquet dataset, ``path`` one of its files (:mod:`.parquet`)
    root: str | None = None


@dataclass
class Tally:
    """What a range that wrote its rows sends back instead of its topics and values: how
    many topics it answered and each measure's partial sums (:func:`.dataset.value_sums`)."""

    answered: int
    sums: list


def evaluate_range(task: RangeTask, qrels: Qrels, measures: list[str], ctx: EvalContext
                   ) -> Piece:
    """Read one range and evaluate the topics it holds (run in a worker).  ``extra``: the read
    problems (a :class:`~sdreval.errors.ProblemLog`), the run's first run-id (the name the
    reader gives it), the hints about its order (:func:`rsv_order_hints`) and, with an output
    directory, a :class:`Tally` (the rows and the topic names written there, none sent)."""
    from ..io.trec import read_trec_run

    log = ProblemLog()
    if task.layout == PARQUET:
        try:
            run, first_id = read_partition(task.path, task.root or task.path, task.name, log)
        except InputError as error:  # bad rows: told with those of the other files
            if error.logged_in is not log:
                raise
            return Piece([], [], None, [], "document", (log, None, [], None, None))
    else:
        run = read_trec_run(task.path, task.layout, log, byte_range=task.byte_range)
        first_id, run.name = run.name, task.name
    if log.errors or not run.topics:
        return Piece(list(run.topics), [], None, [], run.unit, (log, first_id, [], None, None))
    hints = rsv_order_hints([run], ctx.order)
    try:
        check_input_topics(qrels, [run])
        topics = topics_to_evaluate(qrels, run, False, replace(ctx, warnings=[], cache={}))
        _, values, found = evaluate_part(Part(0, run, topics), qrels, measures, ctx)
    except SdrevalError as error:  # sent back: the read errors of every range come first
        if task.output is not None:  # its topics, as those of the other ranges
            keep_topics(task.output, task.index, task.piece, list(run.topics), [])
        return Piece(list(run.topics), [], None, [], run.unit, (log, first_id, hints, None,
                                                                 error))
    if task.output is None:
        return Piece(list(run.topics), topics, values, found, run.unit,
                     (log, first_id, hints, None, None))
    write_part(part_path(task.output, task.index, task.piece),
               assemble([run], [topics], measures, [(0, values, [])]))
    keep_topics(task.output, task.index, task.piece, list(run.topics), topics)
    return Piece([], [], None, found, run.unit, (log, first_id, hints, Tally(
        len(run.topics), value_sums(measures, values)), None))


def _agree(pieces: list[Piece], head_name: str) -> bool:
    """True if every range names the run as its start does (one run-id in the file) and
    found results."""
    for piece in pieces:
        log, first_id, _, tally, _ = piece.extra  # type: ignore[misc]
        if not (tally.answered if tally else piece.answered) or first_id != head_name or any(
                p.message.startswith(("run-id ", "another run-id ")) for p in log.problems):
            return False
    return True


def _head_name(path: str, layout: str) -> str:
    """The name a whole reading gives the run (its first run-id), from the file's start."""
    from ..io.trec import read_trec_run

    if layout == PARQUET:
        return head_name(path)
    with open(path, "rb") as handle:
        handle.seek(HEAD_BYTES)
        handle.readline()
        end = min(handle.tell(), os.path.getsize(path))
    return read_trec_run(path, layout, ProblemLog(), byte_range=(0, end, 0)).name


def _pieces(path: str, layout: str, count: int) -> list[tuple[str, tuple[int, int, int]]]:
    """``(file, byte range)`` of each task of a run: a file of a Parquet dataset each, or
    byte ranges of a text file (at least ``2 * count``, at most :data:`RANGE_BYTES` each)."""
    if layout == PARQUET:
        from ..io.tables import sniff_columns

        sniff_columns(path)  # its files' columns checked as a whole reading checks them
        return [(file, (0, 0, 0)) for file in dataset_files(path) or []]
    parts = max(2 * count, -(-os.path.getsize(path) // RANGE_BYTES))
    return [(path, byte_range) for byte_range in topic_ranges(path, parts, layout)]


def _read_whole(path: str, layout: str, log: ProblemLog, name: str) -> Run:
    """The run read whole here (the same numbers and problems as its pieces would give)."""
    from ..io.trec import read_trec_run

    if layout == PARQUET:
        return read_dataset(path, name, log)
    return read_trec_run(path, layout, log, name=name)


def evaluate_run_files(qrels: Qrels, paths: list[str], layouts: list[str], measures,
                       ctx: EvalContext, all_topics: bool, jobs: int, scheduler: str | None,
                       log: ProblemLog, output: str | None = None,
                       hints: list[str] | None = None) -> pd.DataFrame:
    """The table of :func:`~sdreval.measures.evaluate.evaluate` for the run files ``paths``
    (TREC text, :func:`splittable`), each cut into byte ranges read by the workers, or
    Parquet datasets, read file by file (:mod:`.parquet`).  Read problems go to ``log``;
    errors among them are raised (one InputError), before any error of the evaluation (as
    when the runs are read before they are evaluated); the hints about the runs' order
    (:func:`~sdreval.measures.defaults.rsv_order_hints`) go to ``hints`` once the runs are
    read.  With ``output`` (an empty directory) the per-topic rows are written there,
    partition by partition (:mod:`.dataset`), and the table returned holds the means
    (``summarise(..., counts=True)``)."""
    from ..measures.parallel import evaluate_parallel

    measures = [m.text for m in measures_by_family(measures)[0]]
    heads = [_head_name(path, layout) for path, layout in zip(paths, layouts)]
    names, renamed = distinct_run_names(heads, paths)
    settings = replace(ctx, warnings=[], cache={})
    with workers(jobs, scheduler) as (count, client):
        split = seen_by_workers(client, paths) if client is not None else [True] * len(paths)
        if client is not None and output is not None and not all(
                client.run(os.path.isdir, output).values()):
            raise UsageError(f"-o {output}: the Dask workers do not see this directory; give "
                             "one on storage that they share")
        tasks = [RangeTask(i, file, layout, name, byte_range, output, k, path)
                 for i, (path, layout, name) in enumerate(zip(paths, layouts, names)) if split[i]
                 for k, (file, byte_range) in enumerate(_pieces(path, layout, count))]
        try:
            with runner(client, count, qrels, measures, settings) as run_tasks:
                results = run_tasks(evaluate_range, tasks)
                pieces_of = [[piece for task, piece in zip(tasks, results) if task.index == i]
                             for i in range(len(paths))]
                good, settled = _settled(run_tasks, pieces_of, heads, paths, names, output,
                                         all_topics)
                failed = _failed_whole(run_tasks, pieces_of, heads, names, output)
        finally:  # the names written beside the rows, also when a task failed
            if output is not None:
                forget_topics(output)
    _refuse_split_topics(tasks, paths, layouts, settled, output)
    sources: list = []  # per file: its pieces, or the run read whole here
    for i, (path, layout, name) in enumerate(zip(paths, layouts, names)):
        pieces = pieces_of[i]
        logs = [piece.extra[0] for piece in pieces]  # type: ignore[index]
        usable = good[i] and not isinstance(settled[i], Repeated)
        if _failure(pieces) is not None:  # raised below unless the file is read whole
            usable = failed.get(i, False)
        if pieces and (any(p.errors for p in logs) or usable):
            for part in logs:  # as one reading of the file would have
                log.absorb(part)
            sources.append(pieces)
        else:  # read whole here (the same numbers and problems, more slowly)
            for task in tasks:  # the rows its ranges wrote are written anew
                if task.index == i and output is not None:
                    remove(part_path(output, i, task.piece))
            sources.append(_read_whole(path, layout, log, name))
    for message in renamed:
        log.warn(None, None, message)
    failed = [isinstance(source, list) and _failure(source) is not None for source in sources]
    if (log.error_count or any(failed)) and output is not None:  # no table: no rows either
        for task in tasks:
            remove(part_path(output, task.index, task.piece))
        for i in settled:
            remove(part_path(output, i, "unanswered"))
    log.raise_if_errors()
    hints = [] if hints is None else hints
    for source, name in zip(sources, names):  # said once the runs are read
        hints += (merge_run_hints([p.extra[2] for p in source], name)  # type: ignore
                  if isinstance(source, list) else rsv_order_hints([source], ctx.order))
    tables = []
    for i, (source, path, name) in enumerate(zip(sources, paths, names)):
        if failed[i]:  # in the order of the runs, as they are evaluated
            raise _failure(source, measures)  # type: ignore[misc]
        if not isinstance(source, list):
            table = evaluate_parallel(qrels, [source], measures, ctx, all_topics, jobs,
                                      scheduler)
            if output is not None:
                write_table(output, table, i)
                table = summarise(table, counts=True)
            tables.append(table)
            continue
        if output is None:
            run, topics, matrix, _ = gather(source, qrels, name, measures, ctx, all_topics,
                                            path)
        else:
            warnings, missing, scored = settled[i]  # type: ignore[misc]
            for message in warnings:
                ctx.warn(message)
        if output is None:
            tables.append(assemble([run], [topics], measures, [(0, matrix, [])]))
        else:
            sums = add_sums([p.extra[3].sums for p in source] + missing,  # type: ignore
                            measures)
            tables.append(means_from_sums(name, measures, sums, scored))
    return concat_tables(tables)


def _failed_whole(run_tasks, pieces_of: list[list[Piece]], heads: list[str],
                  names: list[str], output: str | None) -> dict[int, bool]:
    """Per run whose evaluation failed in a piece: whether its pieces read it as a whole
    reading would (no read error, one run-id, results in every piece, no topic in two
    pieces: with ``output`` their topic names are put together by a worker)."""
    out, jobs = {}, []
    for i, pieces in enumerate(pieces_of):
        if _failure(pieces) is None or any(p.extra[0].errors for p in pieces):  # type: ignore
            continue
        out[i] = _agree(pieces, heads[i])
        if out[i] and output is None:
            out[i] = first_repeat([p.answered for p in pieces]) is None
        elif out[i]:
            jobs.append(Settle(i, None, names[i], output, [[] for _ in pieces],
                               [p.unit for p in pieces], False))
    for job, repeated in zip(jobs, run_tasks(repeat_in, jobs)):
        out[job.index] = repeated is None
    return out


def _failure(pieces: list[Piece], measures: list[str] | None = None) -> SdrevalError | None:
    """An error of the evaluation of a run's pieces, if any: with ``measures``, the one the
    run read whole raises (:func:`~sdreval.measures.serial.serial_failure`), else the first."""
    errors = [p.extra[4] for p in pieces if p.extra[4] is not None]  # type: ignore
    if not errors:
        return None
    return serial_failure(errors, measures) if measures else errors[0]


def _settled(run_tasks, pieces_of: list[list[Piece]], heads: list[str], paths: list[str],
             names: list[str], output: str | None, all_topics: bool
             ) -> tuple[list[bool], dict[int, tuple | Repeated | None]]:
    """For each run, whether its pieces can give the serial result (no read error, one run-id,
    results in every piece, no topic in two pieces), and per run whose pieces agree, the first
    topic in two pieces (or None), or with ``output`` what :func:`.dataset.settle` gave: the
    names are put together by a worker, where they were written."""
    good = [bool(pieces) and not any(p.extra[0].errors for p in pieces)  # type: ignore
            and _agree(pieces, heads[i]) and _failure(pieces) is None
            for i, pieces in enumerate(pieces_of)]
    if output is None:
        settled = {i: first_repeat([p.answered for p in pieces])
                   for i, pieces in enumerate(pieces_of) if good[i]}
        return [ok and settled[i] is None for i, ok in enumerate(good)], settled
    jobs = [Settle(i, paths[i], names[i], output, [p.warnings for p in pieces_of[i]],
                   [p.unit for p in pieces_of[i]], all_topics)
            for i in range(len(paths)) if good[i]]
    return good, dict(zip([job.index for job in jobs], run_tasks(settle, jobs)))


def _refuse_split_topics(tasks: list[RangeTask], paths: list[str], layouts: list[str],
                         settled: dict, output: str | None) -> None:
    """Refuse a Parquet dataset with a topic in two files (:func:`.parquet.refuse_split`),
    the rows written so far removed."""
    for i, repeated in settled.items():
        if layouts[i] != PARQUET or not isinstance(repeated, Repeated):
            continue
        if output is not None:
            for task in tasks:
                remove(part_path(output, task.index, task.piece))
        files = [task.path for task in tasks if task.index == i]
        raise refuse_split(repeated.topic, files[repeated.first], files[repeated.second],
                           paths[i])
