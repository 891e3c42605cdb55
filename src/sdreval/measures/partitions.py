"""Topic partitions: the unit of parallel work.

Every per-topic measure depends on one topic's ranking and judgements only, so a run cut into
partitions of topics (contiguous in topic order) can be evaluated partition by partition, in
any process or on any Dask worker, and the per-topic values put back in the serial order
(measure, then topic).  The means are then taken by :func:`~sdreval.measures.evaluate.summarise`
on the same values in the same order: every number is the serial one, to the last bit.

A worker returns a matrix of values (measures x topics of its partition), not a table, and the
warnings its kernels gave; :func:`merge_warnings` turns the partitions' warnings into the ones
a serial evaluation gives (counts of a whole run added up).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np

from ..judgements.qrels import Qrels
from ..errors import InputError, SdrevalError, examples_text, problem_kind
from ..lazy import lazy_module
from ..model.ordering import topic_sort_key
from ..model.run import Ranking, Run, TopicRankings, take_rows
from .registry import FAMILIES, EvalContext
from .serial import (COLUMNS, labels, measure_values, measures_by_family, ordered_run,
                     topics_to_evaluate)

pd = lazy_module("pandas")


@dataclass
class Part:
    """One task: the topics ``topics`` of run number ``index`` (``run`` holds only the topics
    of the partition the run answered)."""

    index: int
    run: Run
    topics: list[str]


def cuts(size: int, parts: int) -> list[tuple[int, int]]:
    """``range(size)`` cut into at most ``parts`` contiguous, non-empty pieces ``(lo, hi)``
    of about equal size."""
    parts = max(1, min(parts, size))
    ends = np.linspace(0, size, parts + 1).round().astype(int).tolist()
    return [(lo, hi) for lo, hi in zip(ends[:-1], ends[1:]) if hi > lo]


def chunks(topics: list[str], parts: int) -> list[list[str]]:
    """``topics`` cut into at most ``parts`` contiguous pieces of about equal size."""
    return [topics[lo:hi] for lo, hi in cuts(len(topics), parts)]


def subset(run: Run, topics: list[str]) -> Run:
    """The run restricted to ``topics`` (those it answered): for a run held in shared
    columns, the partition's rows gathered into columns of its own (all topics at once, no
    object per topic: cheap to send to another process), else a dict sharing the rankings."""
    where = (run.topics.columns() if isinstance(run.topics, TopicRankings)
             and not getattr(run, "chunk_ids", None) else None)
    if where is not None:
        kept = [t for t in topics if t in where.where]
        rows = np.fromiter((where.where[t] for t in kept), dtype=np.int64, count=len(kept))
        lo, hi = where.bounds[rows], where.bounds[rows + 1]
        bounds = np.concatenate(([0], np.cumsum(hi - lo)))
        index = np.arange(bounds[-1], dtype=np.int64) + np.repeat(lo - bounds[:-1], hi - lo)
        if len(kept) == len(where.where) and np.array_equal(index, np.arange(index.size)):
            return run  # every topic, in stored order: the run itself
        columns = (where.docs, where.paths, where.offsets, where.lengths, where.ranks,
                   where.rsv)
        return Run.from_columns(run.name, kept, bounds, *(take_rows(c, index) for c in columns),
                                unit=run.unit, source=run.source,
                                overlap_expected=run.overlap_expected)
    kept = {t: run.topics[t] for t in topics if t in run.topics}
    ids = getattr(run, "chunk_ids", None)
    if ids:  # a chunk-ID run keeps its class and chunk map (SpanOmega, retrieve=-1, ties)
        return replace(run, topics=kept, chunk_ids={t: ids[t] for t in kept})
    return Run(run.name, kept, run.unit, run.source, run.overlap_expected)


def plan(runs: list[Run], topics: list[list[str]], parts: int) -> list[tuple[int, int, int]]:
    """Tasks ``(run number, first, end)`` (slices of the run's topics to evaluate in
    ``topics``): about ``parts`` tasks in all, each run cut in proportion to its results (a
    run has at least one task)."""
    sizes = [max(1, len(run)) for run in runs]
    total = sum(sizes)
    out = []
    for index, (chosen, size) in enumerate(zip(topics, sizes)):
        share = max(1, round(parts * size / total))
        out.extend((index, lo, hi) for lo, hi in cuts(len(chosen), share) or [(0, 0)])
    return out


def part_of(runs: list[Run], topics: list[list[str]], task: tuple[int, int, int]) -> Part:
    """The :class:`Part` of a task of :func:`plan`."""
    index, lo, hi = task
    chosen = topics[index][lo:hi]
    return Part(index, subset(runs[index], chosen), chosen)


def split_runs(runs: list[Run], topics: list[list[str]], parts: int) -> list[Part]:
    """The :class:`Part` of every task of :func:`plan`."""
    return [part_of(runs, topics, task) for task in plan(runs, topics, parts)]


def evaluate_part(part: Part, qrels: Qrels, measures: list[str], ctx: EvalContext,
                  cache: dict | None = None) -> tuple[int, np.ndarray, list[str]]:
    """The values (measures x topics of the partition) of one task, with its warnings
    (``cache``: the kernels' cache, shared with earlier partitions; default a new one).  An
    error of a kernel is raised with its family named (``error.family``), so that
    :func:`~.serial.serial_failure` can tell the partitions' errors apart."""
    parsed, by_family = measures_by_family(measures)
    local = replace(ctx, warnings=[], cache={} if cache is None else cache)
    ordered = ordered_run(part.run, local.order, local.depth)
    values: dict[str, dict[str, float]] = {}
    for family, members in by_family.items():
        try:
            values.update(FAMILIES[family](members, qrels, ordered, part.topics, local))
        except SdrevalError as error:  # which of the parts' errors is the serial one
            error.family = family
            raise
    matrix = np.empty((len(parsed), len(part.topics)))
    for i, measure in enumerate(parsed):
        matrix[i] = measure_values(values.get(measure.text, {}), part.topics, part.run.topics)
    return part.index, matrix, local.warnings


def assemble(runs: list[Run], topics: list[list[str]], measures: list[str],
             results: list[tuple[int, np.ndarray, list[str]]]) -> pd.DataFrame:
    """The serial table from the tasks' values (tasks in run, then topic order)."""
    texts = [m.text for m in measures_by_family(measures)[0]]
    by_run: dict[int, list[np.ndarray]] = {}
    for index, matrix, _ in results:
        by_run.setdefault(index, []).append(matrix)
    tables = []
    for index, run in enumerate(runs):
        chosen = topics[index]
        if not chosen:
            continue
        value = np.concatenate(by_run[index], axis=1).reshape(-1)  # measure, then topic
        size = value.size
        tables.append(pd.DataFrame({
            "run": labels([run.name], np.zeros(size, dtype=np.intp)),
            "topic": labels(chosen, np.tile(np.arange(len(chosen)), len(texts))),
            "measure": labels(texts, np.repeat(np.arange(len(texts)), len(chosen))),
            "value": value}, columns=COLUMNS))
    if not tables:
        return pd.DataFrame([], columns=COLUMNS)
    return tables[0] if len(tables) == 1 else pd.concat(tables, ignore_index=True)


#: a count in the head of a run-wide warning: a whole number standing alone, thousands
#: separated or not (``5 result(s)``, ``10,477 of its 10,500 results``)
_COUNT = re.compile(r"(?<![\w.,§@-])(\d{1,3}(?:,\d{3})+|\d+)(?![\w.,-])")
#: stands for a count in a warning's shape (a character no message holds: run names and
#: paths may hold ``#``, as ``distinct_runs`` names ``run (#1)``)
_SLOT = "\x00"
#: a warning about one topic (never added up with another topic's)
_ONE_TOPIC = re.compile(r"\btopic [^\s(]+:")
#: where the head of a counting warning ends: its first ``(`` or ``:`` but a plural's ``(s)``
_HEAD_END = re.compile(r"\((?!s\))|:")
#: a warning that holds only when it holds for every partition of the run
_EVERY_PART = "none of its"

#: where the examples of a run-wide warning start (:func:`~sdreval.errors.examples_text`):
#: after its head, a ``: `` followed by a message about one topic; and how many more
_EXAMPLES_START = re.compile(r": (?=topic [^\s(]+: )")
_EXAMPLE_SPLIT = re.compile(r"; (?=topic [^\s(]+: )")
_MORE = re.compile(r" \(and (\d+) more\)$")


def _counted(message: str, name: str
             ) -> tuple[str, list[str], tuple[list[str], int] | None] | None:
    """``(shape, counts, examples)`` of a warning that counts something over a whole run: it
    starts ``run NAME: `` or ``qrels: `` and holds counts before its first ``(`` or ``:`` (the
    head; what follows, citations, formulas, is kept as it is, but examples of problems about
    one topic each, :func:`~sdreval.errors.examples_text`, which end it and are left out of
    the shape: ``(their messages, how many in all)``).  None for any other warning: those
    pass unchanged (a year, a section, ``(1-alpha)`` or a quantisation named ``gen5`` is no
    count)."""
    prefix = next((p for p in (f"run {name}: ", "qrels: ") if message.startswith(p)), None)
    if prefix is None:
        return None
    body = message[len(prefix):]
    end = _HEAD_END.search(body)  # "topic(s) with 5 pair(s)": "(s)" is part of the head
    cut = end.start() if end else len(body)
    head, tail, examples = body[:cut], body[cut:], None
    start = _EXAMPLES_START.search(tail)
    if start:  # the examples end the message: a partition without any gives the same shape
        shown, tail = tail[start.end():], tail[:start.start()]
        more = _MORE.search(shown)
        listed = _EXAMPLE_SPLIT.split(shown[:more.start()] if more else shown)
        examples = listed, len(listed) + (int(more.group(1)) if more else 0)
    counts = _COUNT.findall(head)
    if not counts or _ONE_TOPIC.search(prefix + head + tail):
        return None
    return prefix + _COUNT.sub(_SLOT, head) + tail, counts, examples


def merge_warnings(results: list[tuple[int, np.ndarray, list[str]]],
                   runs: list[Run], scored: list[bool] | None = None) -> list[str]:
    """The warnings of a serial evaluation from those of its partitions, in order of first
    appearance: a warning about a whole run that counts something (``run r: 5 result(s) of
    documents not assessed ...``) is given once with the partitions' counts added up; one that
    holds for the run only if it holds for every partition (``none of its N results is
    judged``) is given only then, of the partitions that scored results of the run
    (``scored``; default: all); warnings about one topic and those without counts pass."""
    parts_of: dict[int, int] = {}
    for (index, _, _), counted in zip(results, scored or [True] * len(results)):
        parts_of[index] = parts_of.get(index, 0) + int(counted)
    shapes: dict[tuple[int, str], list[list[str]]] = {}
    examples: dict[tuple[int, str], list[tuple[list[str], int]]] = {}
    order: dict[tuple[int, str], None] = {}
    plain: dict[tuple[int, str], str] = {}
    edges: set = set()  # (a, b): a partition gave a before b
    for index, _, warnings in results:
        last = None
        for message in warnings:
            found = _counted(message, runs[index].name)
            if found is None:
                key = (index, message)
                plain.setdefault(key, message)
            else:
                key = (index, found[0])
                shapes.setdefault(key, []).append(found[1])
                if found[2] is not None:
                    examples.setdefault(key, []).append(found[2])
            order.setdefault(key)
            if last is not None and last != key:
                edges.add((last, key))
            last = key
    out = []
    for key in _serial_order(list(order), edges):
        if key in plain:
            message = plain[key]
        else:
            counts = shapes[key]
            if _EVERY_PART in key[1] and len(counts) < parts_of[key[0]]:
                continue
            sums = iter([_total(column) for column in zip(*counts)])
            message = re.sub(_SLOT, lambda _: next(sums), key[1])
            if key in examples:  # the partitions' examples, in partition (serial) order
                given = examples[key]
                text = examples_text([e for listed, _ in given for e in listed],
                                     sum(total for _, total in given))
                message += ": " + text
        if message not in out:
            out.append(message)
    return out


def merge_run_hints(parts: list[list[str]], name: str) -> list[str]:
    """One run's file-order hints (``rsv_order_hints`` of each of its parts: streamed blocks,
    byte ranges, Dask partitions), counted over the parts as for the run read whole."""
    return merge_warnings([(0, np.empty(0), hints) for hints in parts], [Run(name, {})])


def _serial_order(first: list, edges: set) -> list:
    """The warnings' keys (``first``: in order of first appearance) so that every pair a
    partition gave in one order keeps it (each partition gives its warnings in the serial
    order, family by family); where none orders two keys (or they disagree),
    :func:`_tie_ranks` decides."""
    import heapq

    rank = _tie_ranks(first)
    waits = dict.fromkeys(first, 0)
    after: dict = {key: [] for key in first}
    for a, b in edges:
        waits[b] += 1
        after[a].append(b)
    ready = [rank[key] for key in first if not waits[key]]
    heapq.heapify(ready)
    out: list = []
    placed: set = set()
    while len(out) < len(first):
        if not ready:  # partitions that disagree: the first key not yet given
            heapq.heappush(ready, next(rank[k] for k in first if k not in placed))
        key = first[heapq.heappop(ready)[-1]]
        if key in placed:
            continue
        out.append(key)
        placed.add(key)
        for b in after[key]:
            waits[b] -= 1
            if not waits[b] and b not in placed:
                heapq.heappush(ready, rank[b])
    return out


def _tie_ranks(first: list) -> dict:
    """Each key's place among keys no partition orders: its first appearance, but warnings
    alike (but the topic and numbers) about one topic each go in topic order, as a family
    gives them (partitions of a file not sorted by topic)."""
    groups: dict = {}
    ranks = {}
    for i, key in enumerate(first):
        found = _ONE_TOPIC.search(key[1])
        if found is None:
            ranks[key] = (i, (), i)
            continue
        shape = (key[0], problem_kind(key[1][:found.start()]),
                 problem_kind(key[1][found.end():]))  # counts and examples blanked
        ranks[key] = (groups.setdefault(shape, i), topic_sort_key(found.group()[6:-1]), i)
    return ranks


def _total(counts: tuple[str, ...]) -> str:
    """The sum of counts, written as every counting warning writes its counts (thousands
    separated: ``1,200``)."""
    return f"{sum(int(c.replace(',', '')) for c in counts):,}"


class SplitTopic(InputError):
    """A topic's rows were found in two partitions read separately (its ranking would be
    cut in two)."""


@dataclass
class Piece:
    """What a partition that read its own rows sends back: the topics its run answered (in
    file order), the topics it scored, their values (measures x topics), the warnings of its
    kernels, the run's unit; ``extra``: anything the caller's reader adds (read problems)."""

    answered: list[str]
    topics: list[str]
    values: np.ndarray | None
    warnings: list[str]
    unit: str
    extra: object = None


def _answered(pieces: list[Piece], source: str | None) -> dict[str, int]:
    """Each topic the pieces answered -> its piece; a topic answered by two pieces is
    refused (:class:`SplitTopic`)."""
    seen: dict[str, int] = {}
    for i, piece in enumerate(pieces):
        size = len(seen)
        seen.update(dict.fromkeys(piece.answered, i))
        if len(seen) != size + len(piece.answered):  # a topic met before: which one
            break
    else:
        return seen
    seen = {}
    for i, piece in enumerate(pieces):
        for topic in piece.answered:
            if seen.setdefault(topic, i) != i:
                raise split_topic(topic, seen[topic], i, source)
    return seen


def split_topic(topic: str, first: int, second: int, source: str | None) -> SplitTopic:
    """The refusal of a topic whose rows lie in partitions ``first`` and ``second``."""
    return SplitTopic(f"topic {topic} has rows in partitions {first} and {second}: every "
                      "topic's rows must lie in one partition (write the dataset by topic, or "
                      "ddf.shuffle on the topic column)", source)


def gather(pieces: list[Piece], qrels: Qrels, name: str, measures: list[str],
           ctx: EvalContext, all_topics: bool, source: str | None = None
           ) -> tuple[Run, list[str], np.ndarray, list[str]]:
    """The run's answered topics (a :class:`Run` of empty rankings), the topics it is scored
    on, their values (measures x topics; a piece whose ``values`` are None wrote its own
    elsewhere) and the topics no piece answered, from the pieces of a run cut into partitions
    that each read their own rows.  The warnings about topics left out and those of the
    kernels are those of a serial evaluation (``ctx``); topics no piece answered (``-c``)
    are evaluated here as empty rankings.  A topic found in two pieces is refused
    (:class:`SplitTopic`)."""
    seen = _answered(pieces, source)
    unit = next((p.unit for p in pieces if p.answered), "document")
    answered_run = Run(name, dict.fromkeys(seen, Ranking.empty(unit)), unit,  # type: ignore
                       source or "(DataFrame)")
    topics = topics_to_evaluate(qrels, answered_run, all_topics, ctx)
    where = dict(zip(topics, range(len(topics))))

    def columns(names: list[str]) -> np.ndarray:
        return np.fromiter(map(where.__getitem__, names), dtype=np.intp, count=len(names))

    matrix = np.empty((len(measures), len(topics)))
    for piece in pieces:
        if piece.topics and piece.values is not None:
            matrix[:, columns(piece.topics)] = piece.values
    # the pieces' topics are distinct (one piece answers a topic) and among ``topics``
    missing: list[str] = []
    if sum(len(piece.topics) for piece in pieces) < len(topics):
        scored = {t for piece in pieces for t in piece.topics}
        missing = [t for t in topics if t not in scored]
    said = [p.warnings for p in pieces]
    scored = [bool(p.topics) for p in pieces]  # pieces that scored results of the run
    if missing:  # their warnings (about the qrels: these topics have no results) first
        own = replace(ctx, warnings=[], cache={})
        _, values, found = evaluate_part(Part(0, Run(name, {}, unit), missing),  # type: ignore
                                         qrels, measures, own)
        matrix[:, columns(missing)] = values
        said.insert(0, found)
        scored.insert(0, False)
    for message in merge_warnings([(0, np.empty(0), w) for w in said], [answered_run],
                                  scored):
        ctx.warn(message)
    return answered_run, topics, matrix, missing
