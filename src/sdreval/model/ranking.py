"""A ranked list of results (elements, passages or whole documents) of one topic.

A :class:`Ranking` is columnar (numpy arrays) so that measures can be vectorised; ties are data:
``rank`` and ``rsv`` are kept as submitted and :meth:`Ranking.ordered` applies an ordering policy.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Literal

import numpy as np

Unit = Literal["element", "passage", "document"]
Order = Literal["file", "rank", "rsv"]


@dataclass(frozen=True)
class Result:
    """One retrieved unit, as a row view of a :class:`Ranking`."""

    doc: str
    path: str | None
    offset: int | None
    length: int | None
    rank: int
    rsv: float


@dataclass
class Ranking:
    """One topic's ranked list, in file order unless re-ordered.

    ``paths`` are canonical XPaths (element runs; ``/article[1]`` for document runs); ``offsets``
    and ``lengths`` are character ranges (passage runs), -1 where unknown.
    """

    docs: np.ndarray
    paths: np.ndarray
    offsets: np.ndarray
    lengths: np.ndarray
    ranks: np.ndarray
    rsv: np.ndarray
    unit: Unit = "element"
    #: where the rows come from when they are a topic of shared columns (``(columns token,
    #: first row, end row)``, see :class:`TopicRankings`): two rankings with the same origin
    #: hold the same rows, even when their arrays were made apart
    origin: tuple | None = field(default=None, compare=False, repr=False)

    @classmethod
    def empty(cls, unit: Unit = "element") -> "Ranking":
        return cls(np.array([], dtype=object), np.array([], dtype=object),
                   np.array([], dtype=np.int64), np.array([], dtype=np.int64),
                   np.array([], dtype=np.int64), np.array([], dtype=np.float64), unit)

    @classmethod
    def from_results(cls, results: list[Result] | list[tuple], unit: Unit = "element") -> "Ranking":
        """Build from :class:`Result` objects or ``(doc, path, offset, length, rank, rsv)`` tuples."""
        if not results:
            return cls.empty(unit)
        cols = list(zip(*[tuple(r.__dict__.values()) if isinstance(r, Result) else tuple(r)
                          for r in results]))
        docs, paths, offsets, lengths, ranks, rsv = cols
        return cls(
            np.array(docs, dtype=object),
            np.array(paths, dtype=object),
            np.array([-1 if o is None else o for o in offsets], dtype=np.int64),
            np.array([-1 if n is None else n for n in lengths], dtype=np.int64),
            np.array(ranks, dtype=np.int64),
            np.array(rsv, dtype=np.float64),
            unit,
        )

    @classmethod
    def from_elements(cls, elements: list[tuple[str, str]], rsv: list[float] | None = None
                      ) -> "Ranking":
        """Convenience: a ranking of ``(doc, path)`` elements ranked 1..n (paths canonicalised)."""
        from .xpath import canonical_xpath

        n = len(elements)
        scores = rsv if rsv is not None else [float(n - i) for i in range(n)]
        return cls.from_results([(d, canonical_xpath(p), -1, -1, i + 1, scores[i])
                                 for i, (d, p) in enumerate(elements)], "element")

    def __len__(self) -> int:
        return len(self.docs)

    def __iter__(self) -> Iterator[Result]:
        for i in range(len(self)):
            yield self.row(i)

    def row(self, i: int) -> Result:
        offset = int(self.offsets[i])
        length = int(self.lengths[i])
        return Result(str(self.docs[i]), self.paths[i], None if offset < 0 else offset,
                      None if length < 0 else length, int(self.ranks[i]), float(self.rsv[i]))

    def take(self, index: np.ndarray) -> "Ranking":
        """A new ranking with the rows in ``index`` (an integer array or boolean mask)."""
        return Ranking(self.docs[index], self.paths[index], self.offsets[index],
                       self.lengths[index], self.ranks[index], self.rsv[index], self.unit)

    def ordered(self, order: Order = "file", ids: np.ndarray | None = None) -> "Ranking":
        """Re-order: ``file`` keeps submitted order; ``rank`` sorts by rank (stable);
        ``rsv`` is trec_eval's order: RSV descending, then id descending -- ``ids`` when given
        (chunk ids), else the document id, then the path (elements) or the offset and length
        (passages) (:mod:`sdreval.model.ordering`)."""
        if order == "file" or len(self) < 2:
            return self
        if order == "rank":
            return self.take(np.argsort(self.ranks, kind="stable"))
        if order == "rsv":
            from .ordering import trec_order

            ties = ((ids,) if ids is not None else (self.docs, self.offsets, self.lengths)
                    if self.unit == "passage" else (self.docs, self.paths.astype(str)))
            return self.take(trec_order(self.rsv, ties))
        raise ValueError(f"unknown order {order!r}; expected file, rank or rsv")
