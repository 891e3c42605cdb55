"""Quantised gains of ranked results, elements treated as independent documents.

Shared by the classic, inex_eval and inex_eval_ng families: per topic a map
``(doc, path) -> quant(e, s)`` (cached in ``ctx.cache``), the gain vector of a ranking and the
ideal gain vector (every assessed element with a positive value, sorted descending: the
"thorough" / overlapping recall-base of seed 001 §2.6 and seed 003 §2.1).

Policy for a result retrieved twice in one list (same doc and path): the repeat earns gain 0
(it is a non-relevant result: the user has seen it); a warning is emitted when a relevant
result is repeated.
"""
from __future__ import annotations

from itertools import repeat
from typing import Any

import numpy as np

from ...judgements.qrels import Qrels
from ...judgements.quantise import Quantisation, default_quantisation, get_quantisation
from ...model.run import Ranking

ROOT = "/article[1]"


def resolve_quant(name: str | Quantisation | None, qrels: Qrels) -> Quantisation:
    """The quantisation to use: the given name, else the generalised one of the qrels scale."""
    if name is None or name == "":
        name = default_quantisation(qrels.scale)
    return get_quantisation(name)


def topic_quant_map(qrels: Qrels, topic: str, quant: Quantisation,
                    ctx: Any = None) -> dict[tuple[str, str], float]:
    """``(doc, path) -> quantised value`` for every assessed element of the topic (cached)."""
    key = ("classic.qmap", id(qrels), topic, quant.name)
    cache = getattr(ctx, "cache", None)
    if cache is not None and key in cache:
        return cache[key]
    tq = qrels.topics.get(topic)
    if tq is None or not tq.elements:
        result: dict[tuple[str, str], float] = {}
    else:
        keys = list(tq.elements)
        e = np.fromiter((a.e for a in tq.elements.values()), float, len(keys))
        s = np.fromiter((a.s for a in tq.elements.values()), float, len(keys))
        values = np.atleast_1d(np.asarray(quant(e, s), dtype=np.float64))
        result = dict(zip(keys, values.tolist()))
    if cache is not None:
        cache[key] = result
    return result


def ideal_gains(qmap: dict[tuple[str, str], float]) -> np.ndarray:
    """Positive quantised values of all assessed elements, sorted descending."""
    values = np.fromiter(qmap.values(), float, len(qmap))
    values = values[values > 0]
    return -np.sort(-values)


def ranking_keys(ranking: Ranking) -> list[tuple[str, str]]:
    """``(doc, path)`` per result; a result without a path (document runs) is the root."""
    paths = ranking.paths.tolist()
    if None in paths:
        paths = [ROOT if p is None else p for p in paths]
    return list(zip(ranking.docs.tolist(), paths))


def topic_doc_map(qrels: Qrels, topic: str, quant: Quantisation,
                  ctx: Any = None) -> dict[str, dict[str, float]]:
    """``doc -> {path: quantised value}`` (cached): the fast lookup of :func:`ranking_gains`."""
    key = ("classic.docmap", id(qrels), topic, quant.name)
    cache = getattr(ctx, "cache", None)
    if cache is not None and key in cache:
        return cache[key]
    by_doc: dict[str, dict[str, float]] = {}
    for (doc, path), value in topic_quant_map(qrels, topic, quant, ctx).items():
        by_doc.setdefault(doc, {})[path] = value
    if cache is not None:
        cache[key] = by_doc
    return by_doc


def ranking_gains(ranking: Ranking, qmap: dict[tuple[str, str], float],
                  ctx: Any = None, label: str = "",
                  by_doc: dict[str, dict[str, float]] | None = None) -> np.ndarray:
    """Quantised value per result (0 if not assessed; 0 for a repeated result).

    With ``by_doc`` (:func:`topic_doc_map`) the lookup goes document first, which avoids
    building a ``(doc, path)`` key for the many results of unjudged documents.
    """
    docs = ranking.docs.tolist()
    n = len(docs)
    if by_doc is not None:
        gains = np.zeros(n)
        judged = np.flatnonzero(np.fromiter(map(by_doc.__contains__, docs), bool, n))
        paths = ranking.paths
        for i in judged.tolist():
            path = paths[i]
            gains[i] = by_doc[docs[i]].get(ROOT if path is None else path, 0.0)
    else:
        gains = np.fromiter(map(qmap.get, ranking_keys(ranking), repeat(0.0)), float, n)
    # only results with a positive value can be affected by a repeat
    positive = np.flatnonzero(gains > 0).tolist()
    if len(set(docs[i] for i in positive)) != len(positive):
        keys = ranking_keys(ranking)
        seen: set[tuple[str, str]] = set()
        repeats = 0
        for i in positive:
            if keys[i] in seen:
                gains[i] = 0.0
                repeats += 1
            else:
                seen.add(keys[i])
        if repeats and ctx is not None and hasattr(ctx, "warn"):
            ctx.warn(f"{label}: {repeats} repeated relevant result(s) scored as non-relevant")
    return gains
