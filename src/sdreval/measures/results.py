"""The results table as columns (``run, topic, measure, value`` and, for means, ``topics``):
names kept once each and a code per row, so that ``sdreval eval`` evaluates, averages and
writes text or JSON without building a pandas DataFrame (importing pandas costs more than a
small evaluation).  :meth:`ResultColumns.to_frame` gives the DataFrame of the public API,
:meth:`ResultColumns.from_frame` reads one back; the means are computed here only
(:func:`mean_columns`).
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Any, Iterable

import numpy as np

from ..lazy import lazy_module
from .exact import ExactSum, exact_sum, exact_sums

pd = lazy_module("pandas")

COLUMNS = ["run", "topic", "measure", "value"]
#: the topic name of the mean rows; no topic of qrels or runs may have it
MEAN_TOPIC = "all"


#: ``all`` in every case: the topic names of qrels and runs refused as mean-like
MEAN_SPELLINGS = tuple(a + b + c for a in "aA" for b in "lL" for c in "lL")


def like_mean_topic(topic: str) -> bool:
    """A topic name a score table would take for the mean rows: ``all`` in any case, spaces
    around it too (``ALL``, `` all``); no topic of qrels or runs may have it."""
    return str(topic).strip().lower() == MEAN_TOPIC


@dataclass
class ResultColumns:
    """Rows ``(runs[run[i]], topics[topic[i]], measures[measure[i]], value[i])``; ``count``:
    the topics a mean covers, -1 on per-topic rows (None: no ``topics`` column).  Each list of
    names holds distinct names."""

    runs: list
    run: np.ndarray
    topics: list
    topic: np.ndarray
    measures: list
    measure: np.ndarray
    value: np.ndarray
    count: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.value)

    @property
    def empty(self) -> bool:
        return len(self.value) == 0

    @classmethod
    def of_run(cls, run_name: Any, measures: list, topics: list,
               value: np.ndarray) -> "ResultColumns":
        """One run's values in measure-then-topic order (``value``: measures × topics)."""
        size = len(measures) * len(topics)
        return cls([run_name], np.zeros(size, dtype=np.intp), list(topics),
                   np.tile(np.arange(len(topics), dtype=np.intp), len(measures)),
                   list(measures), np.repeat(np.arange(len(measures), dtype=np.intp),
                                             len(topics)), value)

    @classmethod
    def none(cls, counts: bool = False) -> "ResultColumns":
        empty = np.zeros(0, dtype=np.intp)
        return cls([], empty, [], empty, [], empty, np.zeros(0),
                   np.zeros(0, dtype=np.int64) if counts else None)

    @classmethod
    def concat(cls, parts: Iterable["ResultColumns"]) -> "ResultColumns":
        """The rows of ``parts`` one after another (names merged)."""
        parts = [p for p in parts if len(p)]
        if not parts:
            return cls.none()
        if len(parts) == 1:
            return parts[0]
        merged = {}
        for name in ("run", "topic", "measure"):
            index: dict = {}
            codes = []
            for part in parts:
                remap = np.fromiter((index.setdefault(n, len(index))
                                     for n in getattr(part, name + "s")), dtype=np.intp)
                codes.append(remap[getattr(part, name)])
            merged[name + "s"] = list(index)
            merged[name] = np.concatenate(codes)
        count = None
        if any(p.count is not None for p in parts):
            count = np.concatenate([p.count if p.count is not None
                                    else np.full(len(p), -1, dtype=np.int64) for p in parts])
        return cls(value=np.concatenate([p.value for p in parts]), count=count, **merged)

    @classmethod
    def from_frame(cls, frame) -> "ResultColumns":
        """The columns of a results DataFrame (``run, topic, measure, value`` [, ``topics``])."""
        if not len(frame):
            return cls.none("topics" in frame.columns)
        found = {}
        for name in ("run", "topic", "measure"):
            codes, names = pd.factorize(frame[name], sort=False)
            found[name], found[name + "s"] = codes.astype(np.intp), list(names)
        count = None
        if "topics" in frame.columns:
            count = frame["topics"].fillna(-1).to_numpy(dtype=np.int64)
        return cls(value=frame["value"].to_numpy(dtype=np.float64), count=count, **found)

    def to_frame(self):
        """The tidy DataFrame (Arrow string columns, as :func:`sdreval.evaluate` returns)."""
        if self.empty:
            frame = pd.DataFrame([], columns=COLUMNS)
            if self.count is not None:
                frame["topics"] = pd.Series(dtype="Int64")
            return frame
        frame = pd.DataFrame({"run": labels(self.runs, self.run),
                              "topic": labels(self.topics, self.topic),
                              "measure": labels(self.measures, self.measure),
                              "value": self.value}, columns=COLUMNS)
        if self.count is not None:
            frame["topics"] = pd.arrays.IntegerArray(np.maximum(self.count, 0),
                                                     self.count < 0)
        return frame

    def take(self, rows: np.ndarray) -> "ResultColumns":
        """The rows selected by ``rows`` (a mask or positions), names kept."""
        return ResultColumns(self.runs, self.run[rows], self.topics, self.topic[rows],
                             self.measures, self.measure[rows], self.value[rows],
                             None if self.count is None else self.count[rows])

    def mean_rows(self) -> np.ndarray:
        """The mask of the mean rows (topic ``all``)."""
        if MEAN_TOPIC not in self.topics:
            return np.zeros(len(self), dtype=bool)
        return self.topic == self.topics.index(MEAN_TOPIC)


def labels(values: list, codes: np.ndarray):
    """The column ``[values[i] for i in codes]``, of the dtype pandas gives a column of
    strings (Arrow strings), made without a Python object per row when every value is a
    string (pandas would infer the dtype from one object per row: 70 bytes a row)."""
    if all(type(v) is str for v in values):
        return pd.Index(values, dtype=pd.Series(["topic"]).dtype).take(codes)
    return [values[i] for i in codes.tolist()]


def group_sums(values: np.ndarray, groups: np.ndarray, n_groups: int | None = None) -> list:
    """The exact sum (:mod:`sdreval.measures.exact`) of the values of each group ``0, 1, ...``
    (NaN left out): means that do not depend on how the topics were partitioned."""
    groups = np.asarray(groups, dtype=np.int64)
    n = max(n_groups or 0, int(groups.max()) + 1 if groups.size else 0)
    return exact_sums(values, groups, n)


def group_means(values: np.ndarray, groups: np.ndarray, n_groups: int | None = None
                ) -> np.ndarray:
    """The mean of each group's values as ``eval`` prints a mean (the exact sum divided by
    the count, rounded once; NaN left out, NaN for a group without values): for tables of
    curves, whose points are measures' means too."""
    return np.array([s.mean() for s in group_sums(values, groups, n_groups)],
                    dtype=np.float64)


#: trec_eval's floor of a value before its log in a geometric mean (gm_map, gm_bpref)
GMEAN_FLOOR = 0.00001


def log_sum(values: np.ndarray) -> ExactSum:
    """The exact sum of ``log(max(v, 0.00001))`` over the values (NaN left out): what a
    geometric mean needs; partial sums of topic partitions add up exactly."""
    values = np.asarray(values, dtype=np.float64)
    return exact_sum(np.log(np.maximum(values[~np.isnan(values)], GMEAN_FLOOR)))


def geometric_mean(logs: ExactSum | None) -> float:
    """trec_eval's geometric mean ``exp(mean(log(max(v, 0.00001))))`` (gm_map; Robertson
    2006) from :func:`log_sum`: the mean of the logs rounded once, as every mean; NaN
    without values.  The one rule of every path (in memory, partitions, Dask)."""
    return math.exp(logs.mean()) if logs is not None and logs.count else float("nan")


def frame_means(frame: pd.DataFrame, by: list[str], column: str) -> pd.DataFrame:
    """``frame.groupby(by, sort=False)[column].mean()`` as a DataFrame (``by`` columns, then
    ``column``), each mean by :func:`group_means`: pandas' running sum changed the last bit
    of some means of the same values."""
    grouped = frame.groupby(by, sort=False)
    out = grouped[column].first().reset_index()  # the groups, in order of first appearance
    out[column] = group_means(frame[column].to_numpy(np.float64), grouped.ngroup().to_numpy(),
                              grouped.ngroups)
    return out


def mean_columns(table: ResultColumns, aggregate_of) -> ResultColumns:
    """One row per (run, measure) in order of first appearance, topic ``all``: the exact mean
    of the values (NaN left out), their sum for counts, or trec_eval's geometric mean
    ``exp(mean(log(max(v, 0.00001))))`` (``aggregate_of(name)``: mean, sum, gmean), and
    ``count``: how many values each covers."""
    n_measures = max(len(table.measures), 1)
    key = table.run.astype(np.int64) * n_measures + table.measure
    uniq, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")  # groups in order of first appearance
    keys = uniq[order]
    rank = np.empty(len(keys), dtype=np.intp)
    rank[order] = np.arange(len(keys))
    group = rank[inverse.reshape(-1)]
    value = table.value
    present = ~np.isnan(value)
    count = np.bincount(group[present], minlength=len(keys)).astype(np.int64)
    sums = group_sums(value, group, len(keys))
    runs, measures = keys // n_measures, keys % n_measures
    kinds = [aggregate_of(table.measures[m]) for m in measures.tolist()]
    means = np.array([s.total() if kind == "sum" else s.mean()
                      for s, kind in zip(sums, kinds)], dtype=np.float64)
    for g in [g for g, kind in enumerate(kinds) if kind == "gmean"]:
        means[g] = geometric_mean(log_sum(value[group == g]))
    topics = [MEAN_TOPIC]
    return ResultColumns(table.runs, runs.astype(np.intp), topics,
                         np.zeros(len(keys), dtype=np.intp), table.measures,
                         measures.astype(np.intp), means, count)


def stacked(frames: Iterable[pd.DataFrame]) -> pd.DataFrame:
    """``pd.concat(frames, ignore_index=True)`` without pandas 2's FutureWarning about empty
    or all-NA frames (a run that scores no topic): the values are the same on pandas 2 and 3,
    and the warning reached users' stderr as if something had gone wrong."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "The behavior of DataFrame concatenation with empty",
                                FutureWarning)
        return pd.concat(frames, ignore_index=True)
