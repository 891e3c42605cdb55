"""Topic-at-a-time reading of runs, for files too large to hold in memory (docs/streaming.md).

:func:`iter_run_topics` yields ``(topic, Ranking)`` one topic at a time, and
:func:`iter_run_parts` the same topics gathered into runs of whole topics: TREC-like text runs
and INEX XML submissions, read by the whole-file readers' code, so every ranking and problem
is what :func:`sdreval.io.read_run` gives for that topic.  A topic is yielded once its *last*
result is read, which a first cheap pass over the file tells (the last line of each topic; the
``<topic>`` elements of each id), in the order its last block ends; a file sorted by topic
thus holds one topic at a time.  With ``contiguous=True`` there is no first pass: a topic is
complete when the next one starts, and one met again after is an
:class:`~sdreval.errors.InputError` ("topics not contiguous").
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

from ..errors import InputError, ProblemLog, UsageError
from ..model.run import Ranking, Run, Unit
from ..model.runnames import file_stem
from .detect import RUN_FORMATS, resolve_format
from .stream_text import TopicsResumed, last_lines, text_runs
from .textlines import finish, given_log

#: run files larger than this are evaluated streaming by ``sdreval eval`` even without --stream
STREAM_THRESHOLD_BYTES = 512 * 1024 * 1024


#: results gathered into one run by :func:`iter_run_parts` (memory: a few hundred bytes each
#: while evaluated); :func:`iter_run_topics` yields each topic as soon as it is read
PART_RESULTS = 1 << 19


class TopicStream:
    """Iterator of ``(topic, Ranking)`` with the run's ``name`` (None until the first result
    is read), ``unit``, ``source``, ``topics`` (yielded so far) and ``attributes`` (an XML
    submission's root); :meth:`parts` gives the same topics gathered into runs."""

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
    """Read a run one topic at a time: an iterator of ``(topic, Ranking)``.  ``fmt`` forces a
    run format.  Problems go to ``log``; without one, every error is raised in one
    :class:`~sdreval.errors.InputError` when the iteration ends and warnings become Python
    warnings.  ``contiguous=True``: no first pass (module documentation)."""
    return iter_run_parts(path, fmt, log, contiguous, name, results=0)


def iter_run_parts(path: str | Path, fmt: str | None = None, log: ProblemLog | None = None,
                   contiguous: bool | None = False, name: str | None = None,
                   results: int = PART_RESULTS) -> TopicStream:
    """:func:`iter_run_topics` whose :meth:`TopicStream.parts` gathers the topics into runs of
    at least ``results`` results (the last one fewer), held in shared columns as
    :func:`~sdreval.io.read_run` holds a whole run.  ``contiguous=None`` (text runs; XML runs
    read as with False): no first pass, and :class:`TopicsResumed` raised (nothing logged) at
    the first topic met again after its rows ended, for the caller to read the file anew with
    ``contiguous=False``."""
    kind = resolve_format(path, fmt, RUN_FORMATS, "a run")
    file = str(path)
    if kind == "inex-submission":
        stream = TopicStream(file, "element", name)
        stream._runs = _gathered(_xml_topics(Path(path), stream, log, bool(contiguous)),
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
    from .inex_submission import SubmissionInfo, TopicsNotContiguous, iter_submission_topics

    log, own = given_log(log)
    fallback_name = file_stem(path)  # no run-id: the file name without extension, as text runs
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
