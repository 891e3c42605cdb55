"""TREC-like text runs read in runs of whole topics, for :mod:`sdreval.io.stream`
(:func:`text_runs`), after a first pass that tells where each topic ends (:func:`last_lines`).
"""
from __future__ import annotations

from itertools import islice
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from ..errors import InputError, ProblemLog
from ..model.run import Run
from ..model.runnames import file_stem
from .textlines import finish, given_log, iter_fields


class TopicsResumed(Exception):
    """A topic met again after its rows ended, read with ``contiguous=None``
    (:func:`sdreval.io.stream.iter_run_parts`)."""


def last_lines(path: str | Path, layout: str = "element") -> tuple[dict[str, int], int]:
    """First pass over a text run: topic -> number of the last line holding it, and the number
    of topic blocks (runs of consecutive lines of one topic).  Each line's topic field is cut
    as the reader cuts it (:func:`sdreval.io.trec.topic_runs`), so the second pass never meets
    a topic where the first did not see it; ``layout`` tells the fields Arrow expects."""
    from . import columnar
    from .columnar import ReadFailed, iter_blocks
    from .trec import topic_runs

    last: dict[str, int] = {}
    blocks = 0
    previous = None

    def add(found: list[tuple[str, int]]) -> None:
        nonlocal blocks, previous
        for topic, end in found:
            last[topic] = end
            if topic != previous:
                blocks += 1
                previous = topic

    try:
        for block, before, newlines in iter_blocks(path, 4 * columnar.STREAM_BLOCK_BYTES):
            add(topic_runs(block, before, newlines, layout))
    except ReadFailed as failure:  # a damaged .gz: line by line up to the damage
        add([(fields[0], number) for number, fields in
             iter_fields(path, ProblemLog(), failure.before)])
    return last, blocks


def text_runs(path: str | Path, layout: str, stream: Any, log: ProblemLog | None,
               contiguous: bool | None, results: int) -> Iterator[Run]:
    """The second pass (``stream``: its ``name`` set once known, from the first run-id, else
    the file name): the whole-file reader's blocks (:func:`sdreval.io.trec.read_blocks`), the
    rows held in shared columns; once ``results`` rows are held, the topics whose last line
    has been read are built into a run (:func:`part_run`), in the order of their last lines.
    ``contiguous`` (True or None): no first pass; every topic held but the last row's is
    complete, and one met again after its rows ended is an error (None:
    :class:`TopicsResumed`)."""
    from . import columnar
    from .run_columns import RunColumns
    from .run_topics import part_run, path_names
    from .trec import read_blocks

    log, own = given_log(log)
    file = str(path)
    strict, contiguous = contiguous, contiguous is not False
    last: dict[str, int] = {} if contiguous else last_lines(path, layout)[0]
    state = RunColumns(layout)
    held: list[list] = []  # pieces of rows read and not yet yielded (columns as part_run's)
    held_rows = 0
    kept_back = 0  # rows held back at the last emit (topics whose last line was not read)
    names: list[str] = []
    last_of = np.zeros(0, dtype=np.int64)  # per topic id: the number of its last line
    ended_at = np.zeros(0, dtype=np.int64)  # contiguous: per topic id, the line after its rows
    open_topic = -1  # contiguous: the topic of the last row read
    yielded = 0

    def hold() -> None:
        nonlocal held_rows, last_of, ended_at
        if stream.name is None and state.run_ids:
            stream.name = next(iter(state.run_ids))
        # document names kept as a dictionary when they repeat (the join then looks each
        # name up once: :func:`sdreval.measures.classic.join`)
        columns = state.columns(objects=False, coded=True)
        # the topics met in this block: the last ones of the dict (read from its end)
        new = list(islice(reversed(state.topic_ids), len(state.topic_ids) - len(names)))[::-1]
        names.extend(new)
        if contiguous:
            ended_at = _grown(ended_at, len(names))
        else:
            last_of = _grown(last_of, len(names))
            last_of[len(names) - len(new):len(names)] = np.fromiter(
                (last.get(name, 0) for name in new), dtype=np.int64, count=len(new))
        count = len(columns[0])
        if not count:
            return
        columns[3], columns[9] = state.joined.every_row()
        if contiguous:
            check_contiguous(columns[0], columns[9])
        held.append(columns)
        held_rows += count

    def check_contiguous(topic: np.ndarray, line: np.ndarray) -> None:
        """An error at the first row of a topic whose rows ended before (the line after which
        they ended is named); else each topic whose rows end here is noted."""
        nonlocal open_topic
        starts = np.flatnonzero(np.concatenate(([topic[0] != open_topic],
                                                topic[1:] != topic[:-1])))
        stretch = topic[starts].astype(np.int64)
        before = np.where(starts > 0, topic[starts - 1], open_topic)  # the topic it ends
        seen = np.concatenate(([open_topic], stretch)) if open_topic >= 0 else stretch
        if (ended_at[stretch] > 0).any() or len(np.unique(seen)) < len(seen):
            ended = {}
            for t, prior, start in zip(stretch.tolist(), before.tolist(), starts.tolist()):
                if prior >= 0:
                    ended[prior] = int(line[start])
                if ended_at[t] or t in ended:
                    if strict is None:
                        raise TopicsResumed(names[t])
                    log.error(file, int(line[start]), f"topics not contiguous: topic {names[t]} "
                              f"appears again after its results were evaluated (its block "
                              f"ended before line {ended.get(t) or int(ended_at[t])}); sort the "
                              f"run by topic (e.g. sort -s -k1,1) or use the non-streaming mode "
                              f"(no --stream)")
                    finish(log, own)
                    raise InputError(log.errors[-1:])
        real = before >= 0
        ended_at[before[real]] = line[starts[real]]
        open_topic = int(topic[-1])

    def emit(end: int | None) -> Iterator[Run]:
        """The run of the topics held whose last line is at most ``end`` (None: all), in
        the order of their last lines, once enough rows are held."""
        nonlocal held, held_rows, kept_back, yielded
        if not held or (end is not None and results and held_rows < max(results,
                                                                         2 * kept_back)):
            return
        columns = held[0] if len(held) == 1 else [
            None if c is None else (_names_of(held) if i == 2
                                    else np.concatenate([part[i] for part in held]))
            for i, c in enumerate(held[0])]
        topic = columns[0]
        if end is None:
            done = np.ones(len(topic), dtype=bool)
        elif contiguous:  # all but the topic of the last row are complete
            done = topic != topic[-1]
        else:
            done = last_of[topic] <= end
        if not done.any():
            held, kept_back = [columns], held_rows
            return
        first = int(np.argmin(done)) if not done.all() else len(done)  # the first not done
        if first and not done[first:].any():  # done rows first (a file sorted by topic)
            rows, rest = _rows(columns, slice(0, first)), _rows(columns, slice(first, None))
        else:
            rows, rest = _rows(columns, np.flatnonzero(done)), _rows(columns,
                                                                     np.flatnonzero(~done))
        topic = rows[0]  # its topics: one per stretch of rows at most (contiguous: exactly)
        ids = topic[np.concatenate(([0], np.flatnonzero(topic[1:] != topic[:-1]) + 1))]
        if not contiguous:
            ids = np.unique(ids)
            ids = ids[np.argsort(last_of[ids], kind="stable")]
        ids = ids.tolist()
        held = [rest] if len(rest[0]) else []
        held_rows = kept_back = len(rest[0])
        del columns
        yielded += len(ids)
        yield part_run(rows, names, path_names(state), layout, file, log, ids,
                        stream.name or "")

    size = min(columnar.STREAM_BLOCK_BYTES, columnar.BLOCK_BYTES)
    for end in read_blocks(path, state, file, log, size):
        hold()
        yield from emit(end)
    hold()  # (the lines of a damaged .gz, read one by one)
    yield from emit(None)
    if not yielded and not log.errors:
        log.warn(file, None, "the run holds no results")
    if stream.name is None:
        stream.name = file_stem(file)
    finish(log, own)


def _names_of(held: list[list]):
    """The document names of the pieces held, one chunked array (names by code and names as
    strings mixed: all as strings)."""
    import pyarrow as pa
    from .. import arrow_kernels as pc

    chunks = [chunk for part in held for chunk in part[2].chunks]
    if len({chunk.type for chunk in chunks}) > 1:
        chunks = [pc.cast(chunk, pa.string()) if pa.types.is_dictionary(chunk.type) else chunk
                  for chunk in chunks]
    return pa.chunked_array(chunks, type=chunks[0].type if chunks else pa.string())


def _rows(columns: list, index: np.ndarray | slice) -> list:
    """Rows ``index`` (positions, or a slice: views) of columns as :func:`text_runs` holds
    them."""
    import pyarrow as pa
    from .. import arrow_kernels as pc

    if isinstance(index, slice):
        start, stop, _ = index.indices(len(columns[0]))
        return [None if c is None else c.slice(start, stop - start) if i == 2 else c[index]
                for i, c in enumerate(columns)]
    return [None if c is None else pc.take(c, pa.array(index)) if i == 2 else c[index]
            for i, c in enumerate(columns)]


def _grown(values: np.ndarray, size: int) -> np.ndarray:
    """``values`` with room for at least ``size`` (zeros added; doubled, so that adding
    topics block by block costs time in proportion to them)."""
    if size <= len(values):
        return values
    return np.pad(values, (0, max(size, 2 * len(values)) - len(values)))
