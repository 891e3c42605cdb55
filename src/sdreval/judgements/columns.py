"""Judgements of many topics held in shared columns: ``topic -> TopicQrels`` built on demand.

A :class:`~sdreval.judgements.records.TopicQrels` per topic (a dict, and per judged document a
:class:`~sdreval.judgements.records.DocPassages` and a list) costs several hundred bytes of Python
objects per judgement.  The columnar readers keep a file's judgements instead as one set of
arrays for all topics, rows grouped by topic (the run side does the same, see
:class:`sdreval.model.run.TopicRankings`); :class:`TopicJudgements` is the mapping
``topic -> TopicQrels`` over them.  Reading a topic builds its :class:`TopicQrels` from its rows
(the last topics read are kept, within :data:`CACHE_TOPICS` topics and :data:`CACHE_ROWS`
judgements, since measures ask for the same topic several times; topics asked for in order are
built :data:`AHEAD_TOPICS` at a time).

The views are read-only snapshots: editing one does not change the qrels.  To edit, use
:meth:`sdreval.judgements.qrels.Qrels.topic` or ``add_element``, which first turn the qrels
into plain objects (:meth:`TopicJudgements.to_dict`).
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import ItemsView, Mapping, ValuesView
from typing import Any, Iterator

import numpy as np

from ..model.topic_rankings import topic_bounds
from .records import DocPassages, ElementAssessment, TopicQrels

#: topics whose views are kept once built (the views of many small topics are what costs
#: memory; those of a few large topics cost what plain objects cost, and are kept)
CACHE_TOPICS = 1024
#: judgements (rows) of the views kept once built
CACHE_ROWS = 1 << 22
#: topics whose views are built together when iterating over all topics
ITER_TOPICS = 4096
#: when topics are asked for in order, the views of this many are built at once (unless they
#: hold more than ``AHEAD_ROWS`` judgements)
AHEAD_TOPICS = 64
AHEAD_ROWS = 4096


class _Columns:
    """What both kinds of columns share: pickling (they have slots) and single views."""

    __slots__: tuple[str, ...] = ()

    def __getstate__(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, state: tuple) -> None:
        for name, value in zip(self.__slots__, state):
            setattr(self, name, value)

    def views(self, names: list[str], rows: list[int]) -> list[TopicQrels]:
        raise NotImplementedError

    def topic(self, name: str, start: int, stop: int) -> TopicQrels:
        """The view of rows ``start:stop``."""
        return self.views([name], [start, stop])[0]


class PassageColumns(_Columns):
    """Judged documents with highlighted passages (FOL qrels), one row per document.

    ``docs`` is a sequence of ids that supports ``slice(start, length).to_pylist()`` (an Arrow
    string array); ``doc_length`` and ``bep`` are -1 where unknown; row ``i``'s passages are
    ``offsets[range_bounds[i]:range_bounds[i + 1]]`` with their ``lengths``."""

    __slots__ = ("docs", "relevant_chars", "doc_length", "bep", "range_bounds", "offsets",
                 "lengths")

    def __init__(self, docs: Any, relevant_chars: np.ndarray, doc_length: np.ndarray,
                 bep: np.ndarray, range_bounds: np.ndarray, offsets: np.ndarray,
                 lengths: np.ndarray) -> None:
        self.docs, self.relevant_chars, self.doc_length, self.bep = (docs, relevant_chars,
                                                                       doc_length, bep)
        self.range_bounds, self.offsets, self.lengths = range_bounds, offsets, lengths

    def __len__(self) -> int:
        return len(self.relevant_chars)

    def views(self, names: list[str], rows: list[int]) -> list[TopicQrels]:
        """The views of consecutive topics: ``names[j]`` holds rows ``rows[j]:rows[j + 1]``
        (the columns are converted once for all of them)."""
        start, stop = rows[0], rows[-1]
        bounds = self.range_bounds[start:stop + 1].tolist()
        first = bounds[0]
        offsets = self.offsets[first:bounds[-1]].tolist()
        lengths = self.lengths[first:bounds[-1]].tolist()
        relchars = self.relevant_chars[start:stop].tolist()
        doclen = self.doc_length[start:stop].tolist()
        bep = self.bep[start:stop].tolist()
        docs = self.docs.slice(start, stop - start).to_pylist()
        out = []
        for j, name in enumerate(names):
            passages = {}
            for i in range(rows[j] - start, rows[j + 1] - start):
                a, b = bounds[i] - first, bounds[i + 1] - first
                doc = docs[i]
                passages[doc] = DocPassages(doc, list(zip(offsets[a:b], lengths[a:b])),
                                            relchars[i], None if doclen[i] < 0 else doclen[i],
                                            None if bep[i] < 0 else bep[i])
            out.append(TopicQrels(name, {}, passages))
        return out

    def relevant(self) -> np.ndarray:
        """Per row: highlighted text (``DocPassages.is_relevant``: relchars > 0, or a passage
        of one character or more)."""
        filled = np.concatenate(([0], np.cumsum(np.asarray(self.lengths) > 0)))
        bounds = np.asarray(self.range_bounds)
        return (self.relevant_chars > 0) | (filled[bounds[1:]] > filled[bounds[:-1]])


class ElementColumns(_Columns):
    """Element assessments ``(doc, path) -> (e, s, size)``, one row per element; ``docs`` and
    ``paths`` as :class:`PassageColumns`' ``docs`` (``paths`` may be one string, the path of
    every row: whole documents); ``e`` and ``s`` any numbers (given as floats: grades of
    TREC qrels are kept as small integers, one array for both); ``size`` is NaN where
    unknown, or None if no size is known."""

    __slots__ = ("docs", "paths", "e", "s", "size")

    def __init__(self, docs: Any, paths: Any, e: np.ndarray, s: np.ndarray,
                 size: np.ndarray | None) -> None:
        self.docs, self.paths, self.e, self.s, self.size = docs, paths, e, s, size

    def __len__(self) -> int:
        return len(self.e)

    def views(self, names: list[str], rows: list[int]) -> list[TopicQrels]:
        """As :meth:`PassageColumns.views`."""
        start, stop = rows[0], rows[-1]
        paths = ([self.paths] * (stop - start) if isinstance(self.paths, str)
                 else self.paths.slice(start, stop - start).to_pylist())
        e = np.asarray(self.e[start:stop], dtype=np.float64).tolist()
        s = e if self.s is self.e else np.asarray(self.s[start:stop], dtype=np.float64).tolist()
        sizes = ([None] * (stop - start) if self.size is None
                 else self.size[start:stop].tolist())
        items = list(zip(self.docs.slice(start, stop - start).to_pylist(), paths, e, s, sizes))
        out = []
        for j, name in enumerate(names):
            elements = {(doc, path): ElementAssessment(doc, path, e, s, None
                                                       if size != size else size)  # NaN: None
                        for doc, path, e, s, size in items[rows[j] - start:rows[j + 1] - start]}
            out.append(TopicQrels(name, elements, {}))
        return out

    def relevant(self) -> np.ndarray:
        """Per row: relevant under some quantisation (as ``TopicQrels.has_relevant``)."""
        return (self.e != 0) & (self.s > 0)


class _Items(ItemsView):
    def __iter__(self) -> Iterator[tuple[str, TopicQrels]]:
        return self._mapping.iter_views()  # type: ignore[attr-defined]


class _Values(ValuesView):
    def __iter__(self) -> Iterator[TopicQrels]:
        return (view for _, view in self._mapping.iter_views())  # type: ignore[attr-defined]


class TopicJudgements(Mapping):
    """Topic id -> :class:`TopicQrels`, built on demand from shared columns (module docstring).

    ``topics`` names the topics in order; topic ``i`` holds rows ``bounds[i]:bounds[i + 1]``
    of ``table`` (a :class:`PassageColumns` or :class:`ElementColumns`)."""

    def __init__(self, topics: list[str], bounds: np.ndarray,
                 table: PassageColumns | ElementColumns) -> None:
        bounds = np.asarray(bounds, dtype=np.int64)
        if len(bounds) != len(topics) + 1 or (len(bounds) and bounds[-1] != len(table)):
            raise ValueError(f"{len(topics)} topics need {len(topics) + 1} bounds ending at "
                             f"{len(table)}, got {len(bounds)}")
        self._where = dict(zip(topics, range(len(topics))))
        if len(self._where) != len(topics):
            raise ValueError("a topic is named twice")
        self._bounds = bounds
        self._table = table
        self._cache: OrderedDict[str, TopicQrels] = OrderedDict()
        self._cached_rows = 0
        self._next = 0  # the topic after the last one built: asked next, more are built
        self._order: list[str] | None = None

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_cache"], state["_cached_rows"] = OrderedDict(), 0
        state["_next"], state["_order"] = 0, None
        return state

    def __getitem__(self, topic: str) -> TopicQrels:
        found = self._cache.get(topic)
        if found is not None:
            self._cache.move_to_end(topic)
            return found
        where = self._where[topic]
        count = 1
        if where == self._next:  # topics asked for in order: the next ones built with it
            count = min(AHEAD_TOPICS, len(self._where) - where)
            if int(self._bounds[where + count] - self._bounds[where]) > AHEAD_ROWS:
                count = 1
        self._next = where + count
        rows = self._bounds[where:where + count + 1].tolist()
        names = [topic] if count == 1 else self._names(where, count)
        for name, view in zip(names, self._table.views(names, rows)):
            self._cache[name] = view
        self._cached_rows += rows[-1] - rows[0]
        while len(self._cache) > count and (len(self._cache) > CACHE_TOPICS
                                            or self._cached_rows > CACHE_ROWS):
            name, _ = self._cache.popitem(last=False)
            first = self._where[name]
            self._cached_rows -= int(self._bounds[first + 1] - self._bounds[first])
        return self._cache[topic]

    def _names(self, where: int, count: int) -> list[str]:
        """The names of topics ``where`` to ``where + count`` (in order)."""
        if self._order is None:
            self._order = list(self._where)
        return self._order[where:where + count]

    def __contains__(self, topic: object) -> bool:
        return topic in self._where

    def items(self) -> "_Items":  # type: ignore[override]
        return _Items(self)

    def values(self) -> "_Values":  # type: ignore[override]
        return _Values(self)

    def iter_views(self) -> Iterator[tuple[str, TopicQrels]]:
        """``(topic, view)`` of every topic in order, built :data:`ITER_TOPICS` topics at a
        time (views already kept are reused; new ones are not kept)."""
        names = list(self._where)
        for first in range(0, len(names), ITER_TOPICS):
            chunk = names[first:first + ITER_TOPICS]
            rows = self._bounds[first:first + len(chunk) + 1].tolist()
            if rows[-1] - rows[0] > CACHE_ROWS:  # large topics: one at a time
                yield from ((name, self[name]) for name in chunk)
                continue
            yield from zip(chunk, self._table.views(chunk, rows))

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __repr__(self) -> str:
        return f"TopicJudgements({len(self)} topics, {len(self._table)} judgements)"

    def columns(self) -> tuple[list[str], np.ndarray, PassageColumns | ElementColumns]:
        """``(topics, bounds, table)``: topic ``topics[i]`` holds rows
        ``bounds[i]:bounds[i + 1]`` of ``table`` (read-only)."""
        if self._order is None:
            self._order = list(self._where)
        return self._order, self._bounds, self._table

    def judgements(self) -> int:
        """The number of judgements (rows) over all topics."""
        return len(self._table)

    def relevant_topics(self) -> list[str]:
        """The topics with something relevant (``TopicQrels.has_relevant``), vectorised."""
        return self.topics_with(self._table.relevant())

    def topics_with(self, rows: np.ndarray) -> list[str]:
        """The topics holding a row marked in ``rows`` (a mask over the table's rows)."""
        running = np.concatenate(([0], np.cumsum(rows, dtype=np.int64)))
        found = running[self._bounds[1:]] > running[self._bounds[:-1]]
        return [name for name, hit in zip(self._where, found.tolist()) if hit]

    def holds_elements(self) -> bool:
        """Element assessments (not judgements of highlighted passages)."""
        return isinstance(self._table, ElementColumns)

    def rows_of(self, topics: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """``(rows, topic)``: the rows of ``topics`` (in that order; a topic not judged has
        none) and, per row, the position of its topic in ``topics`` (int32; work in proportion
        to these topics' rows, not the table's)."""
        where = np.fromiter((self._where.get(t, -1) for t in topics), np.int64, len(topics))
        lo, hi = topic_bounds(self._bounds, where)
        lengths = hi - lo
        starts = np.cumsum(lengths) - lengths
        total = int(lengths.sum())
        rows = np.arange(total, dtype=np.int64) + np.repeat(lo - starts, lengths)
        return rows, np.repeat(np.arange(len(topics), dtype=np.int32), lengths)

    def quantised(self, quant, rows: np.ndarray | None = None) -> np.ndarray | None:
        """``quant(e, s)`` of every row (or of ``rows``) of element assessments; None for
        judgements of highlighted passages."""
        table = self._table
        if not isinstance(table, ElementColumns):
            return None
        e = np.asarray(table.e if rows is None else table.e[rows], dtype=np.float64)
        s = e if table.s is table.e else np.asarray(table.s if rows is None else table.s[rows],
                                                     dtype=np.float64)
        return np.broadcast_to(np.asarray(quant(e, s), dtype=np.float64), e.shape)

    def to_dict(self) -> dict[str, TopicQrels]:
        """Every topic as plain, editable objects (new ones, not the cached views)."""
        return {name: self._table.topic(name, int(self._bounds[i]), int(self._bounds[i + 1]))
                for i, name in enumerate(self._where)}
