"""Which topics have something relevant, decided by a quantisation (one rule for every measure).

A topic has something relevant under a quantisation ``f`` when some assessed element has
``f(e, s) > 0`` (or ``f(e, s) >= threshold`` for a binary threshold).  Nothing else is assumed:
an INEX 2005 element too small to judge (e = ``?``) with specificity s > 0 is relevant under
Bin Exh and Gen Lifted, whose f(?, s) = s (Ogilvie & Lalmas 2006, Table 2), and not under
Strict5 or Gen5.  Judgements of highlighted passages only (FOL qrels) decide at the document
level: a document is relevant when it has highlighted text (relchars > 0).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .columns import TopicJudgements
from .qrels import Qrels, TopicQrels
from .quantise import Quantisation


def quantised_values(tq: TopicQrels, quant: Quantisation) -> np.ndarray:
    """``f(e, s)`` of every assessed element of one topic (it has some)."""
    items = tq.elements.values()
    e = np.fromiter((a.e for a in items), float, len(tq.elements))
    s = np.fromiter((a.s for a in items), float, len(tq.elements))
    return np.atleast_1d(np.asarray(quant(e, s), dtype=np.float64))


def passage_relevant(tq: TopicQrels) -> bool:
    """True if some judged document of the topic has highlighted text (relchars > 0)."""
    return any(p.is_relevant for p in tq.passages.values())


def topic_relevant(tq: TopicQrels, quant: Quantisation | None,
                   threshold: float = 0.0) -> bool:
    """Something relevant under ``quant`` (value > 0, or >= ``threshold`` when positive).

    ``quant=None`` or a topic without element assessments: highlighted text decides."""
    if quant is None or not tq.elements:
        return passage_relevant(tq)
    values = quantised_values(tq, quant)
    return bool(np.any(values >= threshold if threshold > 0 else values > 0))


def relevant_topics(qrels: Qrels, quant: Quantisation | None, threshold: float = 0.0,
                    cache: dict | None = None) -> frozenset[str]:
    """The qrels topics with something relevant under ``quant`` (cached in ``cache``)."""
    key = ("relevant-topics", id(qrels), len(qrels.topics),
           None if quant is None else quant.name, threshold)
    if cache is not None and key in cache:
        return cache[key]
    if isinstance(qrels.topics, TopicJudgements):  # judgements held as columns
        values = qrels.topics.quantised(quant) if quant is not None else None
        if values is not None:
            found = frozenset(qrels.topics.topics_with(values >= threshold if threshold > 0
                                                       else values > 0))
        elif not qrels.topics.holds_elements():  # highlighted passages decide
            found = frozenset(qrels.topics.relevant_topics())
        else:  # element assessments and no quantisation: nothing highlighted
            found = frozenset()
    else:
        found = frozenset(t for t, tq in qrels.topics.items()
                          if topic_relevant(tq, quant, threshold))
    if cache is not None:
        cache[key] = found
    return found


def cache_of(ctx: Any) -> dict | None:
    """The evaluation cache of a context, if any."""
    return getattr(ctx, "cache", None)
