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
import zlib
from itertools import islice
from pathlib import Path
from typing import Iterator

import numpy as np

from ..errors import InputError, ProblemLog, UsageError
from ..model.run import Ranking, Unit
from .api import RUN_FORMATS, _resolve
from .textlines import finish, iter_fields, local_path, open_binary
from .trec import (DOCUMENT_PATH, _build, _Columns, file_stem, note_rank,
                   note_run_id, parse_result_fields, warn_disorder)

#: run files larger than this are evaluated streaming by ``sdreval eval`` even without --stream
STREAM_THRESHOLD_BYTES = 512 * 1024 * 1024
#: bound on the cache of canonicalised XPaths shared by the topics of a text run
_PATH_CACHE_LIMIT = 1 << 18
_BOM = b"\xef\xbb\xbf"


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
    kind = _resolve(path, fmt, RUN_FORMATS, "a run", "--run-format")
    file = str(path)
    if kind == "inex-submission":
        stream = TopicStream(file, "element", name)
        stream._gen = _xml_topics(local_path(path), stream, log, contiguous)
    else:
        layout = kind.split("-")[0]
        stream = TopicStream(file, layout, name)  # type: ignore[arg-type]
        if contiguous:
            stream._gen = _text_topics(path, layout, stream, log, contiguous)
        else:
            stream._gen = _text_topics_columnar(path, layout, stream, log)
    return stream


# --- TREC-like text runs ----------------------------------------------------------------------
def last_lines(path: str | Path) -> tuple[dict[bytes, int], int]:
    """First pass over a text run: topic (first field, as bytes) -> number of the last line
    holding it, and the number of topic blocks (runs of consecutive lines of one topic).

    Lines are numbered as :func:`~sdreval.io.textlines.iter_fields` numbers them; blank and
    comment lines are skipped.  A first field with non-ASCII bytes is split as the reader splits
    it (Unicode white space), so the keys are the reader's topics encoded as UTF-8.  The file is
    read in blocks; within a block, lines whose first field is short plain ASCII are compared
    by their first bytes (numpy), and only the lines where the topic changes, and the others,
    are looked at one by one."""
    from . import columnar
    from .columnar import ReadFailed, iter_blocks

    last: dict[bytes, int] = {}
    events: list[tuple[int, bytes]] = []  # (line, topic) where a run of one topic starts
    try:
        for block, before, _ in iter_blocks(path, 4 * columnar.STREAM_BLOCK_BYTES):
            _block_last_lines(block, before, last, events)
    except ReadFailed as failure:  # a damaged .gz: line by line up to the damage
        with open_binary(path) as handle:
            number = failure.before
            try:
                for _ in range(number):
                    handle.readline()
                for raw in handle:
                    number += 1
                    key = _first_field(raw, number)
                    if key is not None:
                        last[key] = number
                        events.append((number, key))
            except (OSError, EOFError, zlib.error):
                pass  # reported by the second pass
    blocks = 0
    previous = None
    for _, key in events:
        if key != previous:
            blocks += 1
            previous = key
    return last, blocks


_PREFIX = 32  # bytes of each line compared at once
_SPACE = np.zeros(256, dtype=bool)
_SPACE[[9, 10, 11, 12, 13, 32]] = True
_ODD = np.zeros(256, dtype=bool)  # bytes that send a line to the one-by-one path
_ODD[[0, 0x1c, 0x1d, 0x1e, 0x1f, ord("#")]] = True  # NUL: the prefixes are padded with it
_ODD[128:] = True


def _block_last_lines(block: bytearray, before: int, last: dict[bytes, int],
                      events: list[tuple[int, bytes]]) -> None:
    raw = np.frombuffer(bytes(block) + b"\n" * _PREFIX, dtype=np.uint8)
    size = len(block)
    ends = np.flatnonzero(raw[:size] == 10)
    starts = np.concatenate(([0], ends + 1))
    starts = starts[starts < size]
    if not len(starts):
        return
    prefix = raw[starts[:, None] + np.arange(_PREFIX)]
    space = _SPACE[prefix]
    cut = np.argmax(space, axis=1)
    inside = np.arange(_PREFIX) < cut[:, None]
    simple = space.any(axis=1) & (cut > 0) & ~(_ODD[prefix] & inside).any(axis=1)
    if before == 0:
        simple[0] = False  # a byte-order mark is handled one by one
    key = np.where(inside, prefix, 0)
    differs = np.ones(len(starts), dtype=bool)
    differs[1:] = (key[1:] != key[:-1]).any(axis=1) | ~simple[:-1]
    look = np.flatnonzero(~simple | differs)  # lines looked at one by one
    stops = np.concatenate((ends + 1, [size]))[:len(starts)]
    runs_end = np.concatenate((look[1:], [len(starts)])) - 1  # last line of each look's run
    for i, end in zip(look.tolist(), runs_end.tolist()):
        number = before + i + 1
        key_i = _first_field(block[starts[i]:stops[i]], number)
        if key_i is None:
            continue
        if simple[i]:  # the run of equal simple lines it starts
            last[key_i] = before + end + 1
        else:
            last[key_i] = number
        events.append((number, key_i))


#: ASCII bytes on which ``str.split()`` splits and ``bytes.split()`` does not
_STR_SPLITS = (0x1c, 0x1d, 0x1e, 0x1f)


def _first_field(raw: bytes, number: int) -> bytes | None:
    """The topic of one line as the reader splits it (None for blank, comment, non-UTF-8)."""
    head = raw.split(None, 1)
    if not head:
        return None
    key = head[0]
    if number == 1 and key.startswith(_BOM):
        key = key[3:] or (raw[3:].split(None, 1) or [b""])[0]
    if not key.isascii() or any(c in key for c in _STR_SPLITS):  # split as str.split() does
        try:
            parts = raw.decode("utf-8").lstrip("\ufeff").split(None, 1)
        except UnicodeDecodeError:
            return None  # the reader skips (and reports) the line
        if not parts:
            return None
        key = parts[0].encode("utf-8")
    if key[:1] == b"#":
        return None
    return bytes(key)


class _TopicState:
    """One topic being gathered: its columns and its own document/path numbering."""

    __slots__ = ("cols", "doc_ids", "path_ids")

    def __init__(self, layout: str) -> None:
        self.cols = _Columns()
        self.doc_ids: dict[str, int] = {}
        self.path_ids: dict[str, int] = {DOCUMENT_PATH: 0} if layout == "document" else {}


def _text_topics(path: str | Path, layout: str, stream: TopicStream, log: ProblemLog | None,
                 contiguous: bool) -> Iterator[tuple[str, Ranking]]:
    """The second pass (the parsing of :func:`sdreval.io.trec.read_trec_run`, topic by topic)."""
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    unit: Unit = layout  # type: ignore[assignment]
    last: dict[bytes, int] | None = None if contiguous else last_lines(path)[0]
    raw_paths: dict[str, str] = {}  # path as written -> canonical (bounded cache)
    states: dict[str, _TopicState] = {}
    done: dict[str, int] = {}  # topic yielded -> line after which it was yielded
    run_ids: dict[str, int] = {}
    previous: str | None = None
    state_topic: str | None = None  # the topic whose state is in the locals below
    cols = doc_ids = path_ids = add = None
    yielded = 0

    def emit(topic: str, number: int | None) -> tuple[str, Ranking]:
        nonlocal state_topic
        if state_topic == topic:
            state_topic = None
        state = states.pop(topic)
        cols = state.cols
        warn_disorder(topic, cols, file, log)
        docs = np.array(list(state.doc_ids), dtype=object)
        paths = np.array(list(state.path_ids) if layout != "passage" else [None], dtype=object)
        done[topic] = number if number is not None else 0
        return topic, _build(topic, cols, docs, paths, unit, file, log)

    def finished(topic: str, number: int) -> bool:
        if last is None:
            return True
        end = last.get(topic.encode("utf-8"))
        return end is None or end < number

    for number, fields in iter_fields(path, log):
        topic = fields[0]
        if topic != previous:
            if previous is not None and previous in states and finished(previous, number):
                yielded += 1
                yield emit(previous, number)
            previous = topic
        if len(raw_paths) >= _PATH_CACHE_LIMIT:
            raw_paths.clear()
        parsed = parse_result_fields(fields, number, layout, raw_paths, file, log)
        if parsed is None:
            continue
        rank, rsv, offset, length, canon = parsed
        note_run_id(run_ids, fields[5], number, file, log)
        if stream.name is None:
            stream.name = next(iter(run_ids))
        if topic != state_topic:  # a new current topic: look its state up once
            state = states.get(topic)
            if state is None:
                if topic in done:
                    log.error(file, number, f"topics not contiguous: topic {topic} appears "
                              f"again after its results were evaluated (its block ended "
                              f"before line {done[topic]}); sort the run by topic (e.g. sort "
                              f"-s -k1,1) or use the non-streaming mode (no --stream)")
                    finish(log, own)
                    raise InputError(log.errors[-1:])
                state = states[topic] = _TopicState(layout)
            state_topic = topic
            cols, doc_ids, path_ids = state.cols, state.doc_ids, state.path_ids
            add = (cols.doc.append, cols.path.append, cols.offset.append, cols.length.append,
                   cols.rank.append, cols.rsv.append, cols.line.append)
        doc = doc_ids.get(fields[2])
        if doc is None:
            doc = doc_ids[fields[2]] = len(doc_ids)
        path_id = 0
        if canon is not None:
            path_id = path_ids.get(canon)  # type: ignore[assignment]
            if path_id is None:
                path_id = path_ids[canon] = len(path_ids)
        note_rank(cols, rank, number)
        add[0](doc)
        add[1](path_id)
        add[2](offset)
        add[3](length)
        add[4](rank)
        add[5](rsv)
        add[6](number)
    for topic in list(states):
        yielded += 1
        yield emit(topic, None)
    if not yielded and not log.errors:
        log.warn(file, None, "the run holds no results")
    if stream.name is None:
        stream.name = file_stem(file)
    finish(log, own)


def _text_topics_columnar(path: str | Path, layout: str, stream: TopicStream,
                          log: ProblemLog | None) -> Iterator[tuple[str, Ranking]]:
    """The second pass by blocks: each block parsed as :func:`sdreval.io.read_run` parses it
    (:mod:`sdreval.io.trec_fast`: columnar, careful where needed); its rows are held in
    shared columns (no object per topic), and after each block the topics whose last line
    (first pass) has been read are built and yielded, in the order of their last lines."""
    from . import columnar
    from .columnar import ReadFailed, iter_blocks, lines_after
    from .trec_fast import RunColumns, build_rankings, careful_rows, parse_block, path_names

    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    last = last_lines(path)[0]
    state = RunColumns(layout)
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
            (last.get(name.encode("utf-8"), 0) for name in new), dtype=np.int64,
            count=len(new))))
        if not len(columns[0]):
            return
        held = columns if held is None else [
            None if a is None else np.concatenate((a, b)) for a, b in zip(held, columns)]

    def emit(end: int | None) -> Iterator[tuple[str, Ranking]]:
        """Build and yield the topics held whose last line is at most ``end`` (None: all), in
        the order of their last lines."""
        nonlocal held, yielded
        if held is None:
            return
        topic = held[0]
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

    try:
        for block, before, newlines in iter_blocks(path, min(columnar.STREAM_BLOCK_BYTES,
                                                             columnar.BLOCK_BYTES)):
            parse_block(block, before, newlines, state, file, log)
            if stream.name is None and state.run_ids:
                stream.name = next(iter(state.run_ids))
            hold()
            yield from emit(before + newlines + (0 if block.endswith(b"\n") else 1))
    except ReadFailed as failure:  # a corrupt .gz: the rest line by line, up to the damage
        careful_rows(lines_after(path, failure.before, file, log), state, file, log)
        if stream.name is None and state.run_ids:
            stream.name = next(iter(state.run_ids))
        hold()
    yield from emit(None)
    if not yielded and not log.errors:
        log.warn(file, None, "the run holds no results")
    if stream.name is None:
        stream.name = file_stem(file)
    finish(log, own)


# --- INEX XML submissions ---------------------------------------------------------------------
def topic_counts(path: Path) -> dict[str, int]:
    """First pass over an XML submission: :func:`sdreval.io.inex_submission.topic_counts`."""
    from .inex_submission import topic_counts as count

    return count(path)


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
