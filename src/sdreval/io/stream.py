"""Topic-at-a-time reading of runs, for files too large to hold in memory (issue 8).

:func:`iter_run_topics` yields ``(topic, Ranking)`` one topic at a time, so that evaluating a
run needs memory for one topic's results (plus the judgements), not for the whole file.  It
reads the same formats as :func:`sdreval.io.read_run` -- TREC-like element, passage and
document runs (plain or ``.gz``) and INEX XML submissions -- and reports the same problems
(same policies, same messages; see ``docs/inputs.md`` and ``docs/formats-xml.md``).  Every
ranking it yields equals the one :func:`~sdreval.io.read_run` builds for that topic.

Topics in several blocks (``docs/streaming.md``).  A topic is yielded as soon as its *last*
result has been read.  To know which result is the last, a first cheap pass over the file
records, for every topic, the number of the last line mentioning it (text runs: only the first
field of each line is looked at) or how many ``<topic>`` elements carry its id (XML runs).
In the second pass a topic that is resumed later in the file is held (its results gathered in
file order, exactly as :func:`~sdreval.io.read_run` does) until its last block has been read,
then yielded.  A file sorted by topic (the usual case) therefore holds one topic at a time; a
file whose topics are interleaved holds the interleaved topics together (in the worst case the
whole run, the memory :func:`~sdreval.io.read_run` needs).  With ``contiguous=True`` the first
pass is skipped: each topic is yielded when the next topic starts, and a topic that appears
again after it was yielded is an :class:`~sdreval.errors.InputError` ("topics not contiguous").

Topics are yielded in the order their last block ends (file order for a sorted file).  The run's
name, unit and source are attributes of the returned :class:`TopicStream` (the name is known
once the first result has been read).
"""
from __future__ import annotations

import os
from itertools import islice
from pathlib import Path
from typing import Iterator

import numpy as np

from ..errors import InputError, ProblemLog, UsageError
from ..model.run import Ranking, Unit
from .detect import RUN_FORMATS, resolve_format
from .textlines import finish, local_path
from .trec_lines import file_stem

#: run files larger than this are evaluated streaming by ``sdreval eval`` even without --stream
STREAM_THRESHOLD_BYTES = 512 * 1024 * 1024


class TopicStream:
    """Iterator of ``(topic, Ranking)`` with the run's ``name``, ``unit`` and ``source``.

    ``name`` is ``None`` until the first result has been read (then: the run-id, as
    :func:`~sdreval.io.read_run` names the run); ``topics`` counts the topics yielded so far.
    ``attributes`` holds the root attributes of an XML submission."""

    def __init__(self, source: str, unit: Unit, name: str | None = None) -> None:
        self.source = source
        self.unit: Unit = unit
        self.name = name
        self.attributes: dict[str, str] = {}
        self.topics = 0
        self._gen: Iterator[tuple[str, Ranking]] | None = None

    def __iter__(self) -> "TopicStream":
        return self

    def __next__(self) -> tuple[str, Ranking]:
        assert self._gen is not None
        item = next(self._gen)
        self.topics += 1
        return item

    def close(self) -> None:
        """Stop reading (closes the file)."""
        if self._gen is not None:
            self._gen.close()  # type: ignore[attr-defined]


def stream_threshold() -> int:
    """Bytes above which ``sdreval eval`` streams a run: the environment variable
    ``SDREVAL_STREAM_MB`` (megabytes) if set, else :data:`STREAM_THRESHOLD_BYTES`."""
    value = os.environ.get("SDREVAL_STREAM_MB")
    if value:
        try:
            return int(float(value) * 1024 * 1024)
        except ValueError:
            raise UsageError(f"SDREVAL_STREAM_MB={value!r} is not a number") from None
    return STREAM_THRESHOLD_BYTES


def should_stream(path: str | Path, threshold: int | None = None) -> bool:
    """True if the file on disk is larger than ``threshold`` bytes (default
    :func:`stream_threshold`; the compressed size for ``.gz`` files)."""
    threshold = stream_threshold() if threshold is None else threshold
    try:
        return Path(path).stat().st_size > threshold
    except OSError:
        return False


def iter_run_topics(path: str | Path, fmt: str | None = None, log: ProblemLog | None = None,
                    contiguous: bool = False, name: str | None = None) -> TopicStream:
    """Read a run one topic at a time: an iterator of ``(topic, Ranking)``.

    ``fmt`` forces a run format (detected from content otherwise).  Problems go to ``log``;
    without one, every error is raised in one :class:`~sdreval.errors.InputError` when the
    iteration ends (after the topics have been yielded) and warnings become Python warnings,
    as :func:`~sdreval.io.read_run` does.  ``contiguous=True`` skips the first pass (see the
    module documentation): a topic seen again after it was yielded is then an InputError.
    """
    kind = resolve_format(path, fmt, RUN_FORMATS, "a run", "--run-format")
    file = str(path)
    if kind == "inex-submission":
        stream = TopicStream(file, "element", name)
        stream._gen = _xml_topics(local_path(path), stream, log, contiguous)
    else:
        layout = kind.split("-")[0]
        stream = TopicStream(file, layout, name)  # type: ignore[arg-type]
        stream._gen = _text_topics(path, layout, stream, log, contiguous)
    return stream


# --- TREC-like text runs ----------------------------------------------------------------------
def last_lines(path: str | Path, layout: str = "element") -> tuple[dict[str, int], int]:
    """First pass over a text run: topic -> number of the last line holding it, and the number
    of topic blocks (runs of consecutive lines of one topic).

    The file is read in the reader's blocks and each line's topic field is cut as the reader
    cuts it (:func:`sdreval.io.trec.topic_runs`: Arrow where the reader uses Arrow,
    ``str.split()`` elsewhere), so the second pass never meets a topic the first pass did not
    see where it is; ``layout`` tells the number of fields Arrow expects."""
    from . import columnar
    from .columnar import ReadFailed, iter_blocks, lines_after
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
             lines_after(path, failure.before, str(path), ProblemLog())])
    return last, blocks


def _text_topics(path: str | Path, layout: str, stream: TopicStream, log: ProblemLog | None,
                 contiguous: bool = False) -> Iterator[tuple[str, Ranking]]:
    """The second pass: the blocks of the whole-file reader
    (:func:`sdreval.io.trec.read_blocks`, smaller blocks); the rows are held in
    shared columns (no object per topic), and after each block the topics whose last line
    (first pass) has been read are built and yielded, in the order of their last lines.
    ``contiguous``: no first pass; after each block every topic held but the one of the last
    row read is yielded, and a topic met again after it was yielded is an error."""
    from . import columnar
    from .run_columns import RunColumns
    from .run_topics import build_rankings, path_names
    from .trec import read_blocks

    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    last: dict[str, int] = {} if contiguous else last_lines(path, layout)[0]
    state = RunColumns(layout)
    yielded_at: dict[int, int] = {}  # contiguous: topic id yielded -> the line after its block
    held: list | None = None  # the rows read and not yet yielded, as state.columns() gives them
    names: list[str] = []
    last_of = np.zeros(0, dtype=np.int64)  # per topic id: the number of its last line
    yielded = 0

    def hold() -> None:
        nonlocal held, last_of
        columns = state.columns()
        new = list(islice(state.topic_ids, len(names), None))
        names.extend(new)
        last_of = np.concatenate((last_of, np.fromiter(
            (last.get(name, 0) for name in new), dtype=np.int64,
            count=len(new))))
        if not len(columns[0]):
            return
        held = columns if held is None else [
            None if a is None else np.concatenate((a, b)) for a, b in zip(held, columns)]
        if contiguous:
            check_contiguous(held[0], held[-1])

    def check_contiguous(topic: np.ndarray, line: np.ndarray) -> None:
        """An error at the first row of a topic that was yielded or held in an earlier
        stretch of rows (the line after which that stretch ended is named)."""
        starts = np.concatenate(([0], np.flatnonzero(topic[1:] != topic[:-1]) + 1)).tolist()
        ended = dict(yielded_at)
        for k, start in enumerate(starts):
            t = int(topic[start])
            if t in ended:
                log.error(file, int(line[start]), f"topics not contiguous: topic {names[t]} "
                          f"appears again after its results were evaluated (its block ended "
                          f"before line {ended[t]}); sort the run by topic (e.g. sort -s "
                          f"-k1,1) or use the non-streaming mode (no --stream)")
                finish(log, own)
                raise InputError(log.errors[-1:])
            if k + 1 < len(starts):
                ended[t] = int(line[starts[k + 1]])

    def emit(end: int | None) -> Iterator[tuple[str, Ranking]]:
        """Build and yield the topics held whose last line is at most ``end`` (None: all), in
        the order of their last lines."""
        nonlocal held, yielded
        if held is None:
            return
        topic = held[0]
        if contiguous and end is not None:  # all but the topic of the last row are complete
            last_of[:] = 0
            last_of[topic[-1]] = end + 1
            line = held[-1]
            ends = np.flatnonzero(topic[1:] != topic[:-1])  # last row of each stretch
            yielded_at.update(zip(topic[ends].tolist(), line[ends + 1].tolist()))
        done = np.ones(len(topic), dtype=bool) if end is None else last_of[topic] <= end
        if not done.any():
            return
        ids = np.unique(topic[done])
        ids = ids[np.argsort(last_of[ids], kind="stable")].tolist()
        rows = [None if c is None else c[done] for c in held]
        held = None if done.all() else [None if c is None else c[~done] for c in held]
        built = build_rankings(rows, names, path_names(state), layout, file, log, ids)
        del rows
        for t in ids:
            yielded += 1
            yield names[t], built.pop(t)

    size = min(columnar.STREAM_BLOCK_BYTES, columnar.BLOCK_BYTES)
    for end in read_blocks(path, state, file, log, size):
        if stream.name is None and state.run_ids:
            stream.name = next(iter(state.run_ids))
        hold()
        yield from emit(end)
    if stream.name is None and state.run_ids:  # the lines of a damaged .gz read one by one
        stream.name = next(iter(state.run_ids))
    hold()
    yield from emit(None)
    if not yielded and not log.errors:
        log.warn(file, None, "the run holds no results")
    if stream.name is None:
        stream.name = file_stem(file)
    finish(log, own)


# --- INEX XML submissions ---------------------------------------------------------------------
def _xml_topics(path: Path, stream: TopicStream, log: ProblemLog | None,
                contiguous: bool) -> Iterator[tuple[str, Ranking]]:
    """The second pass: :func:`sdreval.io.inex_submission.iter_submission_topics` (the reader
    of :func:`~sdreval.io.inex_submission.read_inex_submission`, bulk path included) yielding
    each topic at the end of its last ``<topic>`` element (of each one with ``contiguous``)."""
    from .inex_submission import (SubmissionInfo, TopicsNotContiguous,
                                  iter_submission_topics)

    own = log is None
    log = log if log is not None else ProblemLog()
    fallback_name = path.name.split(".")[0]
    info = SubmissionInfo()
    try:
        for item in iter_submission_topics(path, log, policy="block" if contiguous else
                                           "last-block", info=info):
            if info.root_seen:  # the run is named at its root element
                stream.attributes = info.attributes
                stream.name = stream.name or info.attributes.get("run-id") or fallback_name
            yield item
    except TopicsNotContiguous:
        finish(log, own)
        raise InputError(log.errors[-1:]) from None
    stream.attributes = info.attributes
    stream.name = stream.name or info.attributes.get("run-id") or fallback_name
    finish(log, own)
