"""Synthetic runs of controllable quality, ties and overlap (issue 8).

For each topic the candidates are every element of the topic's judged documents plus elements
of random other documents.  A candidate's score mixes a relevance signal (the density of
relevant text in it) and noise: ``rsv = quality * signal + (1 - quality) * noise``.  The top
``length`` candidates form the ranking.  ``tie_levels`` rounds scores to that many distinct
values (ties); ``overlap=False`` keeps only elements that do not overlap a better one.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..judgements.qrels import Qrels
from ..model.run import Ranking, Run
from ..model.tree import Collection
from .assessments import element_relevant_chars


@dataclass(frozen=True)
class RunSpec:
    n_runs: int = 10
    length: int = 1500
    quality: tuple[float, float] = (0.2, 0.9)  # spread of run qualities
    tie_levels: int | None = None
    overlap: bool = True
    passages: bool = False  # passage (FOL) runs instead of element runs
    seed: int = 2


def _candidates(collection: Collection, qrels: Qrels, topic: str, rng: np.random.Generator,
                needed: int):
    docs = list(collection)
    judged = list(qrels.topics[topic].passages) or sorted({d for d, _ in qrels.topics[topic].elements})
    pool = list(judged)
    while sum(len(collection[d]) for d in pool) < needed * 2 and len(pool) < len(docs):
        pool.append(docs[int(rng.integers(len(docs)))])
    doc_col, idx_col, signal = [], [], []
    for d in dict.fromkeys(pool):
        tree = collection[d]
        judged_doc = qrels.topics[topic].passages.get(d)
        spans = judged_doc.ranges if judged_doc is not None else []
        rel = element_relevant_chars(tree, spans)
        doc_col.append(np.full(len(tree), d, dtype=object))
        idx_col.append(np.arange(len(tree)))
        signal.append(rel / np.maximum(tree.end - tree.start, 1))
    return np.concatenate(doc_col), np.concatenate(idx_col), np.concatenate(signal)


def _drop_overlap(collection: Collection, docs: np.ndarray, idx: np.ndarray,
                  limit: int | None = None) -> np.ndarray:
    """Mask keeping each element unless an earlier kept element of its document overlaps it;
    once ``limit`` elements are kept, the rest are dropped.  The kept ranges of a document are
    disjoint and held sorted, so each check is a binary search (the pools hold tens of
    thousands of elements)."""
    from bisect import bisect_right

    keep = np.zeros(len(docs), dtype=bool)
    starts: dict[str, list[int]] = {}
    ends: dict[str, list[int]] = {}
    kept = 0
    for i, (d, j) in enumerate(zip(docs, idx)):
        if limit is not None and kept >= limit:
            break
        tree = collection[d]
        s, e = int(tree.start[j]), int(tree.end[j])
        doc_starts = starts.setdefault(d, [])
        doc_ends = ends.setdefault(d, [])
        k = bisect_right(doc_starts, s)  # kept ranges starting at or before s: doc_starts[:k]
        if (k and doc_ends[k - 1] > s and doc_starts[k - 1] < e
                or k < len(doc_starts) and doc_starts[k] < e):
            continue
        doc_starts.insert(k, s)
        doc_ends.insert(k, e)
        keep[i] = True
        kept += 1
    return keep


def make_runs(collection: Collection, qrels: Qrels, spec: RunSpec) -> list[Run]:
    """``spec.n_runs`` runs named ``sim01``, ``sim02``, ... over every qrels topic."""
    rng = np.random.default_rng(spec.seed)
    qualities = np.linspace(spec.quality[0], spec.quality[1], spec.n_runs)
    cache = {t: _candidates(collection, qrels, t, rng, spec.length) for t in qrels.topics}
    runs = []
    for r, quality in enumerate(qualities):
        topics = {}
        for topic, (docs, idx, signal) in cache.items():
            rsv = quality * signal + (1 - quality) * rng.random(len(signal))
            if spec.tie_levels:
                rsv = np.floor(rsv * spec.tie_levels) / spec.tie_levels
            order = np.argsort(-rsv, kind="stable")
            if not spec.overlap:
                order = order[_drop_overlap(collection, docs[order], idx[order], spec.length)]
            order = order[:spec.length]
            topics[topic] = _ranking(collection, docs[order], idx[order], rsv[order],
                                     spec.passages)
        runs.append(Run(f"sim{r + 1:02d}", topics, "passage" if spec.passages else "element"))
    return runs


def _ranking(collection: Collection, docs: np.ndarray, idx: np.ndarray, rsv: np.ndarray,
             passages: bool) -> Ranking:
    n = len(docs)
    paths = np.array([collection[d].paths[j] for d, j in zip(docs, idx)], dtype=object)
    offsets = np.full(n, -1, dtype=np.int64)
    lengths = np.full(n, -1, dtype=np.int64)
    if passages:
        offsets = np.array([collection[d].start[j] for d, j in zip(docs, idx)], dtype=np.int64)
        lengths = np.array([collection[d].end[j] - collection[d].start[j]
                            for d, j in zip(docs, idx)], dtype=np.int64)
    return Ranking(docs.astype(object), paths, offsets, lengths,
                   np.arange(1, n + 1, dtype=np.int64), rsv.astype(np.float64),
                   "passage" if passages else "element")
