"""A run's rankings held as shared columns, rows grouped by topic (:class:`TopicRankings`):
one array per field for the whole run, a topic's :class:`~sdreval.model.ranking.Ranking` made
on demand from its rows; compact columns for fields with one value or few distinct ones."""
from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Iterable, Iterator

import numpy as np

from .ranking import Ranking, Unit


class Filled:
    """A column holding one value on every row (no memory per row): the offsets and lengths of
    element and document runs (-1), the paths of passage runs (None).  Rows are read-only
    views of one array of the value, grown as needed."""

    __slots__ = ("value", "dtype", "_values")

    def __init__(self, value, dtype=object) -> None:
        self.value, self.dtype = value, dtype
        self._values = np.zeros(0, dtype=dtype)

    def rows(self, lo: int, hi: int) -> np.ndarray:
        if hi - lo > len(self._values):
            values = np.full(max(hi - lo, 2 * len(self._values), 1024), self.value,
                             dtype=self.dtype)
            values.flags.writeable = False
            self._values = values
        return self._values[:hi - lo]


class Coded:
    """A column of few distinct values, held as a code per row into ``values`` (the canonical
    XPaths of an element run: 4 bytes a row instead of an object reference)."""

    __slots__ = ("codes", "values")

    def __init__(self, codes: np.ndarray, values: np.ndarray) -> None:
        self.codes, self.values = codes, values

    def rows(self, lo: int, hi: int) -> np.ndarray:
        return self.values[self.codes[lo:hi]]


def column_rows(column, lo: int, hi: int) -> np.ndarray:
    """Rows ``lo:hi`` of a shared column as a numpy array: a slice (view) of a numpy array, the
    values of a :class:`Filled` or :class:`Coded` column, or Python strings from an Arrow
    string array (document names: a few bytes a row instead of a Python object)."""
    if isinstance(column, np.ndarray):
        return column[lo:hi]
    if isinstance(column, (Filled, Coded)):
        return column.rows(lo, hi)
    return column.slice(lo, hi - lo).to_numpy(zero_copy_only=False)


def take_rows(column, index: np.ndarray):
    """Rows ``index`` of a shared column, of the same kind (see :func:`column_rows`)."""
    if isinstance(column, Filled):
        return column
    if isinstance(column, Coded):
        return Coded(column.codes[index], column.values)
    if isinstance(column, np.ndarray):
        return column[index]
    from .. import arrow_kernels  # not pyarrow.array (imports numpy.ma) nor .take (compute)

    return arrow_kernels.take(column, np.asarray(index, dtype=np.int64))


def topic_bounds(bounds: np.ndarray, where: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(lo, hi)``: the rows of each topic in a table grouped by topic (``bounds``: its
    topics' first rows and the end), ``where`` its position among them, -1 for a topic without
    rows (empty ``lo == hi == 0``, also when the table has no topic at all)."""
    known = where >= 0
    lo, hi = np.zeros(where.size, np.int64), np.zeros(where.size, np.int64)
    lo[known], hi[known] = bounds[where[known]], bounds[where[known] + 1]
    return lo, hi


class TopicRanking(Ranking):
    """A topic of a :class:`TopicRankings`: a :class:`Ranking` whose document names, held as
    Arrow strings, become Python strings only when :attr:`docs` is first read (many uses of a
    ranking, such as finding a cached result by :attr:`origin` or counting its results, never
    read them)."""

    _names: tuple | None = None  # (Arrow names, first row, end row) until docs are read
    _docs: np.ndarray | None = None

    @classmethod
    def of_rows(cls, names, lo: int, hi: int, paths: np.ndarray, offsets: np.ndarray,
                lengths: np.ndarray, ranks: np.ndarray, rsv: np.ndarray, unit: Unit,
                origin: tuple) -> "TopicRanking":
        """The same as the constructor, faster (a run of many topics makes one per access)."""
        ranking = cls.__new__(cls)
        ranking.__dict__.update(_names=(names, lo, hi), _docs=None, paths=paths,
                                offsets=offsets, lengths=lengths, ranks=ranks, rsv=rsv,
                                unit=unit, origin=origin)
        return ranking

    @property  # type: ignore[override]
    def docs(self) -> np.ndarray:
        if self._docs is None and self._names is not None:
            names, lo, hi = self._names
            self._docs = column_rows(names, lo, hi)
        return self._docs  # type: ignore[return-value]

    @docs.setter
    def docs(self, value: np.ndarray | None) -> None:
        if value is not None:
            self._docs = value

    def __len__(self) -> int:
        return len(self.ranks)

    def __reduce__(self):
        """Pickled as a plain :class:`Ranking` (not with the shared columns)."""
        return (Ranking, (self.docs, self.paths, self.offsets, self.lengths, self.ranks,
                          self.rsv, self.unit, self.origin))


class _Slice:
    """Rows ``lo:hi`` of a numpy column (as int64 for integers held in 32 bits)."""

    __slots__ = ("column", "widen")

    def __init__(self, column: np.ndarray) -> None:
        self.column = column
        self.widen = column.dtype.kind in "iu" and column.dtype != np.int64

    def __call__(self, lo: int, hi: int) -> np.ndarray:
        rows = self.column[lo:hi]
        return rows.astype(np.int64) if self.widen else rows


class _Rows:
    """Rows ``lo:hi`` of any shared column (:func:`column_rows`)."""

    __slots__ = ("column",)

    def __init__(self, column) -> None:
        self.column = column

    def __call__(self, lo: int, hi: int) -> np.ndarray:
        return column_rows(self.column, lo, hi)


def row_reader(column):
    """A function ``(lo, hi) -> rows`` of a shared column (see :func:`column_rows`); integers
    kept in 32 bits are given as int64, as a :class:`Ranking` holds them."""
    if isinstance(column, np.ndarray):
        return _Slice(column)
    if isinstance(column, (Filled, Coded)):
        return column.rows
    return _Rows(column)


@dataclass(frozen=True)
class RunColumns:
    """The rows of a run's topics in shared columns: topic ``t`` holds rows
    ``bounds[where[t]]:bounds[where[t] + 1]`` of ``docs`` (an Arrow string array or a numpy
    array), ``paths`` (a numpy array, :class:`Filled` or :class:`Coded`), ``ranks`` and
    ``rsv``."""

    where: dict[str, int]
    bounds: np.ndarray
    docs: object
    paths: object
    ranks: np.ndarray
    rsv: np.ndarray
    offsets: object = None
    lengths: object = None


class TopicRankings(MutableMapping):
    """Topic id -> :class:`Ranking`, stored as shared columns with per-topic bounds.

    A large run holds many topics: one set of columns for all of them (rows grouped by topic)
    costs far less than a :class:`Ranking` per topic.  Reading a topic gives a
    :class:`Ranking` whose numeric arrays are views (slices) of the shared columns (see
    :func:`column_rows` for the compact kinds of column); assigning a topic stores the given
    ranking as is.  Iteration follows the order of ``topics`` (then of topics added later), as
    a dict's would."""

    def __init__(self, topics: Iterable[str], bounds: np.ndarray, docs, paths, offsets,
                 lengths, ranks: np.ndarray, rsv: np.ndarray, unit: Unit = "element") -> None:
        # a dict ``topic -> 0, 1, 2, ...`` (as readers number topics) is taken as it is
        where = (topics if isinstance(topics, dict) and all(
            v == i for i, v in enumerate(topics.values())) else dict(zip(topics, range(1 << 62))))
        bounds = np.asarray(bounds, dtype=np.int64)
        if len(bounds) != len(where) + 1:
            raise ValueError(f"{len(where)} topics need {len(where) + 1} bounds, "
                             f"got {len(bounds)}")
        #: topic -> position in the shared columns, or -1 for a topic in ``_overlay``
        self._where: dict[str, int] = where  # type: ignore[assignment]
        self._overlay: dict[str, Ranking] = {}
        self._bounds = bounds
        self._columns = (docs, paths, offsets, lengths, ranks, rsv)
        self._unit = unit
        self._token = object()  # names these columns in the origin of the rankings read
        self._readers = (row_reader(paths), row_reader(offsets), row_reader(lengths),
                         row_reader(np.asarray(ranks)), row_reader(np.asarray(rsv)))

    def __getitem__(self, topic: str) -> Ranking:
        where = self._where[topic]
        if where < 0:
            return self._overlay[topic]
        lo, hi = self._bounds[where:where + 2].tolist()
        paths, offsets, lengths, ranks, rsv = self._readers
        docs = self._columns[0]
        if isinstance(docs, np.ndarray):
            return Ranking(docs[lo:hi], paths(lo, hi), offsets(lo, hi), lengths(lo, hi),
                           ranks(lo, hi), rsv(lo, hi), self._unit, (self._token, lo, hi))
        return TopicRanking.of_rows(docs, lo, hi, paths(lo, hi), offsets(lo, hi),
                                    lengths(lo, hi), ranks(lo, hi), rsv(lo, hi), self._unit,
                                    (self._token, lo, hi))

    def __setitem__(self, topic: str, ranking: Ranking) -> None:
        self._where[topic] = -1
        self._overlay[topic] = ranking

    def __delitem__(self, topic: str) -> None:
        del self._where[topic]
        self._overlay.pop(topic, None)

    def __contains__(self, topic: object) -> bool:
        return topic in self._where

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __repr__(self) -> str:
        return f"TopicRankings({len(self)} topics, {self.results()} results)"

    def copy(self) -> "TopicRankings":
        """A copy sharing the columns (assigning a topic of one does not change the other)."""
        other = TopicRankings.__new__(TopicRankings)
        other._where, other._overlay = dict(self._where), dict(self._overlay)
        other._bounds, other._columns, other._unit = self._bounds, self._columns, self._unit
        other._token, other._readers = self._token, self._readers
        return other

    def columns(self) -> "RunColumns | None":
        """The shared columns and where each topic's rows are, or None when a topic was
        assigned a ranking of its own (then the topics are read one by one)."""
        if self._overlay:
            return None
        docs, paths, offsets, lengths, ranks, rsv = self._columns
        return RunColumns(self._where, self._bounds, docs, paths, ranks, rsv, offsets, lengths)

    def take(self, index: np.ndarray, bounds: np.ndarray) -> "TopicRankings":
        """The rows ``index`` of the shared columns, topic ``i`` (in the order of
        :meth:`columns`' positions) holding rows ``bounds[i]:bounds[i + 1]`` of the result
        (a run re-ordered or cut, all topics at once)."""
        if self._overlay or sorted(self._where.values()) != list(range(len(self._where))):
            raise ValueError("take needs every topic in the shared columns")
        names = sorted(self._where, key=self._where.__getitem__)
        return TopicRankings(names, bounds, *(take_rows(c, index) for c in self._columns),
                             unit=self._unit)

    def results(self) -> int:
        """The number of results over all topics."""
        sizes = np.diff(self._bounds)
        stored = [w for w in self._where.values() if w >= 0]
        return int(sizes[stored].sum()) + sum(len(r) for r in self._overlay.values())
