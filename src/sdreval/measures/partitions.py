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
from ..lazy import lazy_module
from ..model.run import Run
from .registry import FAMILIES, EvalContext
from .serial import COLUMNS, labels, measure_values, measures_by_family, ordered_run

pd = lazy_module("pandas")


@dataclass
class Part:
    """One task: the topics ``topics`` of run number ``index`` (``run`` holds only the topics
    of the partition the run answered)."""

    index: int
    run: Run
    topics: list[str]


def chunks(topics: list[str], parts: int) -> list[list[str]]:
    """``topics`` cut into at most ``parts`` contiguous pieces of about equal size."""
    parts = max(1, min(parts, len(topics)))
    cuts = np.linspace(0, len(topics), parts + 1).round().astype(int)
    return [topics[lo:hi] for lo, hi in zip(cuts[:-1].tolist(), cuts[1:].tolist()) if hi > lo]


def subset(run: Run, topics: list[str]) -> Run:
    """The run restricted to ``topics`` (those it answered), sharing its rankings."""
    kept = {t: run.topics[t] for t in topics if t in run.topics}
    out = Run(run.name, kept, run.unit, run.source, run.overlap_expected)
    ids = getattr(run, "chunk_ids", None)
    if ids:
        out.chunk_ids = {t: ids[t] for t in kept}  # type: ignore[attr-defined]
    return out


def split_runs(runs: list[Run], topics: list[list[str]], parts: int) -> list[Part]:
    """Tasks for ``runs`` (their topics to evaluate in ``topics``): about ``parts`` tasks in
    all, each run cut in proportion to its results (a run has at least one task)."""
    sizes = [max(1, len(run)) for run in runs]
    total = sum(sizes)
    out = []
    for index, (run, chosen, size) in enumerate(zip(runs, topics, sizes)):
        share = max(1, round(parts * size / total))
        for piece in chunks(chosen, share) or [[]]:
            out.append(Part(index, subset(run, piece), piece))
    return out


def evaluate_part(part: Part, qrels: Qrels, measures: list[str], ctx: EvalContext
                  ) -> tuple[int, np.ndarray, list[str]]:
    """The values (measures x topics of the partition) of one task, with its warnings."""
    parsed, by_family = measures_by_family(measures)
    local = replace(ctx, warnings=[], cache={})
    ordered = ordered_run(part.run, local.order, local.depth)
    values: dict[str, dict[str, float]] = {}
    for family, members in by_family.items():
        values.update(FAMILIES[family](members, qrels, ordered, part.topics, local))
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


_NUMBER = re.compile(r"\d+")
#: a warning about one topic (never added up with another topic's)
_ONE_TOPIC = re.compile(r"\btopic [^\s(]+:")
#: a warning that holds only when it holds for every partition of the run
_EVERY_PART = "none of its"


def merge_warnings(results: list[tuple[int, np.ndarray, list[str]]],
                   runs: list[Run]) -> list[str]:
    """The warnings of a serial evaluation from those of its partitions, in order of first
    appearance: a warning about a whole run that counts something (``run r: 5 result(s) of
    documents not assessed ...``) is given once with the partitions' counts added up; one that
    holds for the run only if it holds for every partition (``none of its N results is
    judged``) is given only then; warnings about one topic and those without counts pass."""
    parts_of: dict[int, int] = {}
    for index, _, _ in results:
        parts_of[index] = parts_of.get(index, 0) + 1
    shapes: dict[tuple[int, str], list[list[int]]] = {}
    order: list[tuple[int, str]] = []
    plain: dict[tuple[int, str], str] = {}
    for index, _, warnings in results:
        for message in warnings:
            if _ONE_TOPIC.search(message) or not _NUMBER.search(message):
                key = (index, message)
                plain.setdefault(key, message)
            else:  # the run's name (digits and all) is kept as it is
                name = runs[index].name
                pieces = message.split(name) if name else [message]
                key = (index, name.join(_NUMBER.sub("#", p) for p in pieces))
                shapes.setdefault(key, []).append(
                    [int(n) for p in pieces for n in _NUMBER.findall(p)])
            if key not in order:
                order.append(key)
    out = []
    for key in order:
        if key in plain:
            message = plain[key]
        else:
            counts = shapes[key]
            if _EVERY_PART in key[1] and len(counts) < parts_of[key[0]]:
                continue
            sums = iter(np.sum(np.array(counts), axis=0).tolist())
            message = re.sub("#", lambda _: str(next(sums)), key[1])
        if message not in out:
            out.append(message)
    return out
