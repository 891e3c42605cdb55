"""Recall-bases: the full recall-base and the ideal recall-base (Kazai & Lalmas 2006, §4).

*Relevant* element: assessed with exhaustivity ≠ 0 and specificity > 0 (Kazai & Lalmas 2006, footnote 5;
INEX 2005's "?" counts as relevant), or with a quantised value > 0 (graded judgements).
A *relevant path* runs from the article root to a relevant element with no relevant
descendant.  On each relevant path the element with the highest quantised value is picked
(ties go to the deeper element; elements quantised to 0 are never picked, so a path whose
elements all quantise to 0 contributes nothing).  Overlap among the picked elements is then
removed keeping the ancestor (``keep="ancestor"``, Kazai & Lalmas's choice: "no relevant information
is lost") or, as an option, keeping the descendants (``keep="descendant"``, footnote 8).

Golden cases (Kazai & Lalmas 2006, Fig. 3 / Table I, topic 163, co/2001/r7022): sog -> {sec[6], sec[4]},
strict -> {sec[6]}, gen -> {bdy[1]}.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Literal, NamedTuple

import numpy as np

from ..errors import UsageError
from ..model.xpath import parent_path
from .qrels import TopicQrels
from .quantise import Quantisation, get_quantisation

Keep = Literal["ancestor", "descendant"]


class RecallBaseEntry(NamedTuple):
    """One element of a recall-base with its quantised value."""

    doc: str
    path: str
    value: float


def quantised_values(topic_qrels: TopicQrels, quant: str | Quantisation
                     ) -> dict[tuple[str, str], float]:
    """``(doc, path) -> quant(e, s)`` for every assessed element of the topic (vectorised)."""
    items = list(topic_qrels.elements.items())
    if not items:
        return {}
    fn = get_quantisation(quant)
    e = np.fromiter((a.e for _, a in items), dtype=np.float64, count=len(items))
    s = np.fromiter((a.s for _, a in items), dtype=np.float64, count=len(items))
    values = np.atleast_1d(np.asarray(fn(e, s), dtype=np.float64))
    return {key: float(v) for (key, _), v in zip(items, values)}


def full_recall_base(topic_qrels: TopicQrels, quant: str | Quantisation
                     ) -> list[RecallBaseEntry]:
    """Every assessed element with a quantised value > 0 (the overlapping INEX recall-base),
    sorted by value descending, then document and path."""
    values = quantised_values(topic_qrels, quant)
    entries = [RecallBaseEntry(d, p, v) for (d, p), v in values.items() if v > 0]
    entries.sort(key=lambda x: (-x.value, x.doc, x.path))
    return entries


def ideal_recall_base(topic_qrels: TopicQrels, quant: str | Quantisation,
                      keep: Keep = "ancestor") -> list[RecallBaseEntry]:
    """The ideal recall-base of a topic (Kazai & Lalmas 2006, §4), sorted by value descending,
    then document and path (the order of the ideal run)."""
    if keep not in ("ancestor", "descendant"):
        raise UsageError(f"keep must be 'ancestor' or 'descendant', not {keep!r}")
    values = quantised_values(topic_qrels, quant)
    by_doc: dict[str, dict[str, tuple[float, bool]]] = defaultdict(dict)
    for key, a in topic_qrels.elements.items():
        q = values[key]
        by_doc[key[0]][key[1]] = (q, (a.e != 0 and a.s > 0) or q > 0)  # relevant: the docstring
    entries: list[RecallBaseEntry] = []
    for doc, elements in by_doc.items():
        for path in _ideal_paths(elements, keep):
            entries.append(RecallBaseEntry(doc, path, elements[path][0]))
    entries.sort(key=lambda x: (-x.value, x.doc, x.path))
    return entries


def _ancestors_or_self(path: str) -> list[str]:
    """``path`` and its ancestors, deepest first."""
    chain = []
    current: str | None = path
    while current is not None:
        chain.append(current)
        current = parent_path(current)
    return chain


def _ideal_paths(elements: dict[str, tuple[float, bool]], keep: Keep) -> set[str]:
    """Ideal elements of one document given ``path -> (quant value, relevant)``."""
    relevant = [p for p, (_, rel) in elements.items() if rel]
    # an element is a relevant leaf when no relevant element lies strictly below it
    has_relevant_below: set[str] = set()
    for p in relevant:
        for anc in _ancestors_or_self(p)[1:]:
            has_relevant_below.add(anc)
    picked: set[str] = set()
    for leaf in relevant:
        if leaf in has_relevant_below:
            continue
        best: str | None = None
        best_value = 0.0
        for node in _ancestors_or_self(leaf):  # deepest first: ties stay with the deeper
            value = elements.get(node, (0.0, False))[0]
            if value > best_value:
                best, best_value = node, value
        if best is not None:
            picked.add(best)
    if keep == "ancestor":
        return {p for p in picked
                if not any(a in picked for a in _ancestors_or_self(p)[1:])}
    covered = set()
    for p in picked:
        covered.update(_ancestors_or_self(p)[1:])
    return {p for p in picked if p not in covered}


__all__ = ["RecallBaseEntry", "Keep", "quantised_values", "full_recall_base",
           "ideal_recall_base"]
