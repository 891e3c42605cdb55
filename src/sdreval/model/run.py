"""Runs: per topic, a ranked list of results (elements, passages or whole documents).

A :class:`Ranking` (:mod:`.ranking`) is columnar (numpy arrays) so that measures can be
vectorised; ties are data: ``rank`` and ``rsv`` are kept as submitted and
:meth:`Ranking.ordered` applies an ordering policy.  Runs read from files hold their rankings
as shared columns (:mod:`.topic_rankings`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import numpy as np

from .ranking import Order, Ranking, Result, Unit
from .topic_rankings import (Coded, Filled, RunColumns, TopicRanking, TopicRankings,
                             column_rows, row_reader, take_rows)

__all__ = ["Order", "Ranking", "Result", "Unit", "Coded", "Filled", "RunColumns",
           "TopicRanking", "TopicRankings", "column_rows", "row_reader", "take_rows", "Run"]


@dataclass
class Run:
    """A named run: topic id -> :class:`Ranking` (a dict, or :class:`TopicRankings` for runs
    read from files: the same mapping in far less memory)."""

    name: str
    topics: dict[str, Ranking] = field(default_factory=dict)
    unit: Unit = "element"
    source: str | None = None
    #: overlapping results are normal (span and chunk runs of RAG retrievers): the Focused
    #: task's overlap warning is not given for them (``--strict`` still applies the rule)
    overlap_expected: bool = False
    #: the run before ``-M`` cut its rankings (:func:`sdreval.measures.serial.ordered_run`)
    uncut: "Run | None" = field(default=None, repr=False, compare=False)

    @classmethod
    def from_columns(cls, name: str, topics: Iterable[str], bounds: np.ndarray,
                     docs, paths, offsets, lengths, ranks: np.ndarray, rsv: np.ndarray,
                     unit: Unit = "element", source: str | None = None,
                     overlap_expected: bool = False) -> "Run":
        """A run whose rows are grouped by topic in shared columns: topic ``topics[i]`` holds
        rows ``bounds[i]:bounds[i + 1]`` (see :class:`TopicRankings`; a dict numbering the
        topics 0, 1, 2, ... in order is kept as the topic index, not copied).  ``docs``,
        ``paths``, ``offsets`` and ``lengths`` may also be compact columns
        (:func:`column_rows`)."""
        return cls(name, TopicRankings(topics, bounds, docs, paths, offsets, lengths, ranks,  # type: ignore[arg-type]
                                       rsv, unit), unit, source, overlap_expected)

    def __getitem__(self, topic: str) -> Ranking:
        return self.topics[topic]

    def get(self, topic: str) -> Ranking:
        """The topic's ranking, or an empty one when the run did not answer it."""
        ranking = self.topics.get(topic)
        return ranking if ranking is not None else Ranking.empty(self.unit)

    def __len__(self) -> int:
        if isinstance(self.topics, TopicRankings):
            return self.topics.results()
        return sum(len(r) for r in self.topics.values())
