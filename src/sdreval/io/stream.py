"""Topic-at-a-time reading of runs, for files too large to hold in memory.

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
once the first result has been read).  :func:`iter_run_parts` gives the same topics gathered
into runs of whole topics held in shared columns (as :func:`~sdreval.io.read_run` holds a run),
the unit of streamed evaluation.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

from ..errors import InputError, ProblemLog, UsageError
from ..model.run import Ranking, Run, Unit
from .detect import RUN_FORMATS, resolve_format
from .stream_text import TopicsResumed, last_lines, text_runs
from .textlines import finish, given_log, local_path

#: run files larger than this are evaluated streaming by ``sdreval eval`` even without --stream
STREAM_THRESHOLD_BYTES = 512 * 1024 * 1024


#: results gathered into one run by :func:`iter_run_parts` (memory: a few hundred bytes each
#: while evaluated); :func:`iter_run_topics` yields each topic as soon as it is read
PART_RESULTS = 1 << 19


class TopicStream:
    """Iterator of ``(topic, Ranking)`` with the run's ``name``, ``unit`` and ``source``;
    :meth:`parts` gives the same topics gathered into runs.

    ``name`` is ``None`` until the first result has been read (then: the run-id, as
    :func:`~sdreval.io.read_run` names the run); ``topics`` counts the topics yielded so far.
    ``attributes`` holds the root attributes of an XML submission."""

    def __init__(self, source: str, unit: Unit, name: str | None = None) -> None:
        self.source = source
        self.unit: Unit = unit
        self.name = name
        self.attributes: dict[str, str] = {}
        self.topics = 0
        self._runs: Iterator[Run] = iter(())
        self._gen: Iterator[tuple[str, Ranking]] | None = None

    def __iter__(self) -> "TopicStream":
        return self

    def __next__(self) -> tuple[str, Ranking]:
        if self._gen is None:
            self._gen = (item for run in self._runs for item in run.topics.items())
        item = next(self._gen)
        self.topics += 1
        return item

    def parts(self) -> Iterator[Run]:
        """The topics as runs of whole topics, in the order they are yielded one by one
        (runs of :func:`iter_run_parts`: about :data:`PART_RESULTS` results each)."""
        for run in self._runs:
            self.topics += len(run.topics)
            yield run

    def close(self) -> None:
        """Stop reading (closes the file)."""
        self._runs.close()  # type: ignore[attr-defined]


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
    return iter_run_parts(path, fmt, log, contiguous, name, results=0)


def iter_run_parts(path: str | Path, fmt: str | None = None, log: ProblemLog | None = None,
                   contiguous: bool | None = False, name: str | None = None,
                   results: int = PART_RESULTS) -> TopicStream:
    """:func:`iter_run_topics` whose :meth:`TopicStream.parts` gathers the topics read into
    runs of at least ``results`` results (the last one fewer), each held in shared columns as
    :func:`~sdreval.io.read_run` holds a whole run: evaluating them costs what evaluating the
    whole run costs, in memory for one part (plus the topics whose last line is not read).

    ``contiguous=None`` (text runs; XML runs read as with False): no first pass, each topic
    taken as complete when the next one starts, and :class:`TopicsResumed` raised (nothing
    logged) at the first topic met again after its rows ended; the caller then reads the file
    anew with ``contiguous=False``.  For a file sorted by topic that saves the first pass."""
    kind = resolve_format(path, fmt, RUN_FORMATS, "a run")
    file = str(path)
    if kind == "inex-submission":
        stream = TopicStream(file, "element", name)
        stream._runs = _gathered(_xml_topics(local_path(path), stream, log, bool(contiguous)),
                                 stream, results)
    else:
        layout = kind.split("-")[0]
        if layout not in ("element", "passage", "document"):
            raise UsageError(f"{file}: a {kind} file is read whole, not streamed (streaming reads "
                             "TREC-like text runs and INEX XML submissions): evaluate it with "
                             "sdreval.evaluate(qrels, [read_run(path)], measures)")
        stream = TopicStream(file, layout, name)  # type: ignore[arg-type]
        stream._runs = text_runs(path, layout, stream, log, contiguous, results)
    return stream


def _gathered(topics: Iterator[tuple[str, Ranking]], stream: TopicStream, results: int
              ) -> Iterator[Run]:
    """Topics read one by one gathered into runs of at least ``results`` results."""
    held: dict[str, Ranking] = {}
    size = 0
    for topic, ranking in topics:
        held[topic] = ranking
        size += len(ranking)
        if size >= results:
            yield Run(stream.name or "", held, stream.unit, stream.source)
            held, size = {}, 0
    if held:
        yield Run(stream.name or "", held, stream.unit, stream.source)


# --- INEX XML submissions ---------------------------------------------------------------------
def _xml_topics(path: Path, stream: TopicStream, log: ProblemLog | None,
                contiguous: bool) -> Iterator[tuple[str, Ranking]]:
    """The second pass: :func:`sdreval.io.inex_submission.iter_submission_topics` (the reader
    of :func:`~sdreval.io.inex_submission.read_inex_submission`, bulk path included) yielding
    each topic at the end of its last ``<topic>`` element (of each one with ``contiguous``)."""
    from .inex_submission import (SubmissionInfo, TopicsNotContiguous,
                                  iter_submission_topics)

    log, own = given_log(log)
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


__all__ = ["PART_RESULTS", "STREAM_THRESHOLD_BYTES", "TopicStream", "TopicsResumed",
           "iter_run_parts", "iter_run_topics", "last_lines", "should_stream",
           "stream_threshold"]
