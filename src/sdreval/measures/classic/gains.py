"""Quantised gains of ranked results, elements treated as independent documents.

Shared by the classic, inex_eval and inex_eval_ng families: per topic a map
``(doc, path) -> quant(e, s)`` (cached in ``ctx.cache``), the gain vector of a ranking and the
ideal gain vector (every assessed element with a positive value, sorted descending: the
"thorough" / overlapping recall-base of seed 001 §2.6 and seed 003 §2.1).

Policy for a result retrieved twice in one list (same doc and path): the repeat earns gain 0
(it is a non-relevant result: the user has seen it), and a warning is emitted.
"""
from __future__ import annotations

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
    if any(p is None for p in paths):
        paths = [ROOT if p is None else p for p in paths]
    return list(zip(ranking.docs.tolist(), paths))


def ranking_gains(ranking: Ranking, qmap: dict[tuple[str, str], float],
                  ctx: Any = None, label: str = "") -> np.ndarray:
    """Quantised value per result (0 if not assessed; 0 for a repeated result)."""
    keys = ranking_keys(ranking)
    gains = np.fromiter((qmap.get(k, 0.0) for k in keys), float, len(keys))
    if len(set(keys)) != len(keys):
        seen: set[tuple[str, str]] = set()
        repeats = 0
        for i, k in enumerate(keys):
            if k in seen:
                gains[i] = 0.0
                repeats += 1
            else:
                seen.add(k)
        if ctx is not None and hasattr(ctx, "warn"):
            ctx.warn(f"{label}: {repeats} repeated result(s) scored as non-relevant")
    return gains
