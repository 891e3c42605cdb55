"""Per-topic values of one measure held as one float array (a family's output for a run of
very many topics without a dict entry and a float object per topic)."""
from __future__ import annotations

from collections.abc import MutableMapping
from typing import Iterator, Sequence

import numpy as np


class TopicPositions:
    """The topics a family was called on, with their positions (made when first asked for:
    the evaluator reads the arrays in topic order and seldom looks a topic up)."""

    def __init__(self, topics: Sequence[str]) -> None:
        self.topics = topics
        self._index: dict[str, int] | None = None

    def index(self) -> dict[str, int]:
        if self._index is None:
            self._index = {t: i for i, t in enumerate(self.topics)}
        return self._index


class TopicValues(MutableMapping):
    """``topic -> value`` of one measure: ``values[i]`` is the value of ``positions.topics[i]``.
    Assigning a listed topic writes into the array; other topics are kept aside."""

    def __init__(self, positions: TopicPositions, values: np.ndarray) -> None:
        if len(values) != len(positions.topics):
            raise ValueError(f"{len(positions.topics)} topics, {len(values)} values")
        self.positions = positions
        self.values = np.asarray(values, dtype=np.float64)
        self.extra: dict[str, float] = {}

    def __getitem__(self, topic: str) -> float:
        at = self.positions.index().get(topic)
        if at is None:
            return self.extra[topic]
        return float(self.values[at])

    def __setitem__(self, topic: str, value: float) -> None:
        at = self.positions.index().get(topic)
        if at is None:
            self.extra[topic] = value
        else:
            self.values[at] = value

    def __delitem__(self, topic: str) -> None:
        raise TypeError("a topic's value cannot be removed, only set")

    def __contains__(self, topic: object) -> bool:
        return topic in self.positions.index() or topic in self.extra

    def __iter__(self) -> Iterator[str]:
        yield from self.positions.topics
        yield from self.extra

    def __len__(self) -> int:
        return len(self.positions.topics) + len(self.extra)

    def array_for(self, topics: Sequence[str]) -> np.ndarray | None:
        """The values in the order of ``topics`` when they are the listed topics (the same
        list), else None."""
        if topics is self.positions.topics and not self.extra:
            return self.values
        return None
