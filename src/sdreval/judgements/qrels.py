"""Relevance judgements in memory (docs/inputs.md "judgements").

One container serves every INEX scale:

* element assessments ``(doc, path) -> ElementAssessment(e, s, size)`` with ``scale``:
  ``inex2002`` (e = relevance 0..3, s = coverage code, see :data:`COVERAGE_CODES`),
  ``inex2003`` (exhaustivity and specificity 0..3, also 2004), ``inex2005`` (exhaustivity
  0, 1, 2 or ``?`` stored as :data:`TOO_SMALL`, specificity in [0, 1]), ``graded`` (native TSV
  with arbitrary numeric grades);
* highlighted passages per document (INEX 2005 and FOL qrels of 2006+): relevant character
  ranges, the document length, the best entry point; a judged document with no range is
  judged non-relevant.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Iterator

from .records import (COVERAGE_CODES, COVERAGE_LETTERS, TOO_SMALL,  # noqa: F401
                      DocPassages, ElementAssessment, Scale, TopicQrels)


@dataclass
class Qrels:
    """Judgements of a test collection: topic id -> :class:`TopicQrels`.

    ``topics`` is a dict (qrels built in code) or, for qrels read from files, a
    :class:`~sdreval.judgements.columns.TopicJudgements`: the same mapping held in shared
    columns, whose :class:`TopicQrels` are read-only views built on demand.  :meth:`topic` and
    :meth:`add_element` edit: on columnar qrels they first turn ``topics`` into a dict.
    ``span_unit``: what passage offsets count, ``chars`` or (``qrels_in_tokens``) ``tokens``."""

    scale: Scale
    topics: Mapping[str, TopicQrels] = field(default_factory=dict)
    source: str | None = None
    span_unit: str = "chars"

    @classmethod
    def from_columns(cls, scale: Scale, topics: list[str], bounds: Any, table: Any,
                     source: str | None = None) -> "Qrels":
        """Qrels whose judgements are rows of ``table`` grouped by topic: topic
        ``topics[i]`` holds rows ``bounds[i]:bounds[i + 1]``
        (:class:`~sdreval.judgements.columns.TopicJudgements`)."""
        from .columns import TopicJudgements

        return cls(scale, TopicJudgements(topics, bounds, table), source)

    def _editable(self) -> dict[str, TopicQrels]:
        if not isinstance(self.topics, dict):
            self.topics = self.topics.to_dict()  # type: ignore[attr-defined]
        return self.topics  # type: ignore[return-value]

    def __getitem__(self, topic: str) -> TopicQrels:
        return self.topics[topic]

    def __contains__(self, topic: object) -> bool:
        return topic in self.topics

    def __iter__(self) -> Iterator[str]:
        return iter(self.topics)

    def __len__(self) -> int:
        return len(self.topics)

    def topic(self, topic: str) -> TopicQrels:
        """The topic's judgements, created empty if absent (for building qrels)."""
        topics = self._editable()
        found = topics.get(topic)
        if found is None:
            found = topics[topic] = TopicQrels(topic)
        return found

    def add_element(self, topic: str, doc: str, path: str, e: float, s: float,
                    size: float | None = None) -> None:
        self.topic(topic).elements[(doc, path)] = ElementAssessment(doc, path, e, s, size)

    def relevant_topics(self) -> list[str]:
        """The topics with something relevant (:meth:`TopicQrels.has_relevant`), in order."""
        if not isinstance(self.topics, dict) and hasattr(self.topics, "relevant_topics"):
            return self.topics.relevant_topics()
        return [t for t, q in self.topics.items() if q.has_relevant()]
