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

from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any, Iterator, Literal

Scale = Literal["inex2002", "inex2003", "inex2005", "graded", "fol"]

#: exhaustivity value standing for INEX 2005's "?" (too small).
TOO_SMALL = -1.0
#: INEX 2002 coverage letters -> codes stored in ``ElementAssessment.s``.
COVERAGE_CODES = {"N": 0.0, "S": 1.0, "L": 2.0, "E": 3.0}
COVERAGE_LETTERS = {v: k for k, v in COVERAGE_CODES.items()}


@dataclass(frozen=True, slots=True)
class ElementAssessment:
    """Assessment of one element: exhaustivity/relevance ``e``, specificity/coverage ``s``,
    and the element's size (characters or words as the source gives it; None if unknown)."""

    doc: str
    path: str
    e: float
    s: float
    size: float | None = None


@dataclass(slots=True)
class DocPassages:
    """Highlighted passages of one judged document (FOL qrels, INEX 2005 highlighting)."""

    doc: str
    ranges: list[tuple[int, int]] = field(default_factory=list)  # (offset, length)
    relevant_chars: int = 0
    doc_length: int | None = None
    bep: int | None = None
    grades: list[float] | None = None  # grade of each range (span qrels); None: all relevant

    @property
    def is_relevant(self) -> bool:
        return self.relevant_chars > 0 or bool(self.ranges)


@dataclass(slots=True)
class TopicQrels:
    """All judgements of one topic."""

    topic: str
    elements: dict[tuple[str, str], ElementAssessment] = field(default_factory=dict)
    passages: dict[str, DocPassages] = field(default_factory=dict)

    def has_relevant(self) -> bool:
        """True if anything is judged relevant under some quantisation: highlighted text, or an
        element with e != 0 and s > 0 (an INEX 2005 element too small to judge, e = ``?``, is
        relevant under Bin Exh and Gen Lifted).  Measures decide with their own quantisation
        (:mod:`sdreval.judgements.relevance`)."""
        if any(p.is_relevant for p in self.passages.values()):
            return True
        return any(a.e != 0 and a.s > 0 for a in self.elements.values())

    def assessments_of(self, doc: str) -> list[ElementAssessment]:
        return [a for (d, _), a in self.elements.items() if d == doc]


@dataclass
class Qrels:
    """Judgements of a test collection: topic id -> :class:`TopicQrels`.

    ``topics`` is a dict (qrels built in code) or, for qrels read from files, a
    :class:`~sdreval.judgements.columns.TopicJudgements`: the same mapping held in shared
    columns, whose :class:`TopicQrels` are read-only views built on demand.  :meth:`topic` and
    :meth:`add_element` edit: on columnar qrels they first turn ``topics`` into a dict."""

    scale: Scale
    topics: Mapping[str, TopicQrels] = field(default_factory=dict)
    source: str | None = None

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
