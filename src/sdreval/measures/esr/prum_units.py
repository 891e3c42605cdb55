"""PRUM and EPRUM (Piwowarski & Dupret, SIGIR 2006) as Ali, Consens & Lalmas 2012, §6.4 state
them, on a ranking: the ideal units of a topic, the navigation from each result to each ideal
unit (exact match, the proximity model with ``A``, else the navigation model) and the value."""
from __future__ import annotations

from collections import defaultdict

import numpy as np

from ...errors import UsageError
from ...judgements.qrels import TopicQrels
from ...model.run import Ranking
from ..registry import EvalContext, Measure
from . import prum as PR
from .inputs import navigation_block, navigation_model, not_in_collection, relevance

PRUM_FAMILY = {"PRUM", "EPRUM", "MAEPRUM"}


def _position(tree_source: EvalContext, doc: str, path: str | None) -> int | None:
    if path is None or tree_source.collection is None:
        return None
    try:
        tree = tree_source.collection[doc]
    except KeyError:
        return None
    if path not in tree:
        return None
    return int(tree.start[tree.index[path]])


def _start(ranking: Ranking, k: int, ctx: EvalContext) -> int | None:
    """Where result ``k`` starts in its document: a passage's offset; a whole document's
    first character, 0 (collection offsets count from the root's content); an element's start
    from the collection (None where it cannot place it)."""
    if ranking.offsets[k] >= 0:
        return int(ranking.offsets[k])
    if ranking.unit == "document":
        return 0
    return _position(ctx, ranking.docs[k], ranking.paths[k])


def ideal_units(tq: TopicQrels, scale: str, quant: str | None
                ) -> list[tuple[str, str | None, int | None]]:
    """Ideal units of PRUM/EPRUM: ``(doc, path, offset)`` of the relevant elements (binary
    relevance), or the best entry points of highlighted-passage qrels (path None)."""
    if tq.elements:
        relevant, _ = relevance(tq, scale, "binary", quant)
        return [(d, p, None) for d, p in relevant]
    return sorted((doc, None, dp.bep) for doc, dp in tq.passages.items()
                  if dp.is_relevant and dp.bep is not None)  # one order, as relevance's


def prum_navigation(measure: Measure, ranking: Ranking, ideal: list, ctx: EvalContext,
                    topic: str, unplaced: list[int]) -> np.ndarray:
    """``nav[k, y] = P(x_k ⇝ y)`` for ``topic``'s ranking: 1 when the result is the ideal
    unit, the proximity model when ``A`` is given, else the navigation model; zero across
    documents.  Without ``A``, :func:`navigation_block` leaves out the results the collection
    cannot place (their ranks added to ``unplaced``).  With ``A``, a whole-document result
    starts at character 0 (no collection needed); an element result of a document holding
    ideal units that the given collection cannot place (document or element not in it) has no
    character position to navigate from: it scores nothing, as results the passage measures
    cannot convert, and its rank is added to ``unplaced`` for the caller's warning."""
    L, n = len(ranking), len(ideal)
    nav = np.zeros((L, n))
    if L == 0 or n == 0:
        return nav
    A = measure.get("A", ctx)
    if A is None:
        elements = [(d, p) for d, p, _ in ideal]
        if any(p is None for _, p in elements):
            raise UsageError(f"topic {topic}: {measure.text}: best entry points need the "
                             f"proximity model; give A, e.g. {measure.name}(A=10)", topic=topic)
        nav = navigation_block(navigation_model(measure, ctx), ranking, elements, ctx,
                               unplaced)
    else:
        by_doc: dict[str, list[int]] = defaultdict(list)
        for y, (d, _, _) in enumerate(ideal):
            by_doc[d].append(y)
        rows_by_doc: dict[str, list[int]] = defaultdict(list)
        for k, doc in enumerate(ranking.docs):
            if doc in by_doc:
                rows_by_doc[doc].append(k)
        missing, lost = [], []
        for doc, rows in rows_by_doc.items():
            cols = by_doc[doc]
            pos = [_start(ranking, k, ctx) for k in rows]
            target = [ideal[y][2] if ideal[y][2] is not None else _position(ctx, doc, ideal[y][1])
                      for y in cols]
            if any(t is None for t in target) or (ctx.collection is None and None in pos):
                unplaced_here = [ideal[y][1] for y, t in zip(cols, target) if t is None]
                unplaced_here += [ranking.paths[k] for k, p in zip(rows, pos) if p is None]
                missing.append((doc, unplaced_here[0]))
                continue
            lost += [k for k, p in zip(rows, pos) if p is None]
            placed = [(k, p) for k, p in zip(rows, pos) if p is not None]
            if not placed:
                continue
            dist = np.array([p for _, p in placed], dtype=float)[:, None] - \
                np.array(target, dtype=float)[None, :]
            nav[np.ix_([k for k, _ in placed], cols)] = PR.proximity(dist, A)
        if missing:
            doc, path = missing[0]
            raise UsageError(f"topic {topic}: {measure.text}: character positions unknown in "
                             f"{len(missing)} documents (e.g. {doc}); "
                             + not_in_collection(ctx, doc, path), topic=topic)
        unplaced.extend(k for k in lost if k not in unplaced)
    index = {(d, p): y for y, (d, p, _) in enumerate(ideal) if p is not None}
    if index:
        for k, key in enumerate(zip(ranking.docs, ranking.paths)):
            y = index.get(key)
            if y is not None:
                nav[k, y] = 1.0
    return nav


def prum_value(measure: Measure, nav: np.ndarray, ctx: EvalContext) -> float:
    k = measure.cutoff
    if k is not None:
        nav = nav[:k]
    n = nav.shape[1]
    if n == 0:
        return 0.0
    if measure.name == "PRUM":
        return PR.prum(nav, PR.desired_count(measure.get("recall", ctx), n))[2]
    if measure.name == "EPRUM":
        return PR.eprum(nav, measure.get("recall", ctx))
    return PR.mean_eprum(nav)
