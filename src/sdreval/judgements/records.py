"""One topic's judgements as plain objects (docs/inputs.md "judgements"): an element's
assessment, a document's highlighted passages, a topic's judgements; the scales' constants.
:class:`~sdreval.judgements.qrels.Qrels` holds them per topic, as objects or as views over
shared columns (:mod:`sdreval.judgements.columns`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

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
    #: extra copies of a range given more than once (read once; Chroma's evaluation counts each)
    repeats: dict[tuple[int, int], int] = field(default_factory=dict, compare=False)

    @property
    def is_relevant(self) -> bool:
        """Highlighted text: relchars > 0, or a passage of one character or more (an empty
        passage, ``10:0``, highlights nothing: the document is judged non-relevant)."""
        return self.relevant_chars > 0 or any(length > 0 for _, length in self.ranges)


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
