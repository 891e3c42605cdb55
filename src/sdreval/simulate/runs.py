"""Synthetic runs of controllable quality, ties and overlap.

For each topic the candidates are every element of the topic's judged documents plus elements
of unjudged documents (nothing relevant in them) until there are four times as many candidates
as results.  A candidate's relevance signal is the product of the share of its document's
relevant text it holds (exhaustivity) and the share of its own text that is relevant
(specificity), so that the best-scored elements are the ones every INEX measure rewards (whole
relevant sections, not tiny fully-relevant leaves nor whole articles).  Its score mixes signal
and noise, ``rsv = quality * signal + (1 - quality) * noise``, and the top ``length``
candidates form the ranking.  With overlap allowed, each result that overlaps a better-ranked
one of its document is moved to the end of the ranking with probability ``quality`` (better
systems return less redundant text).  ``tie_levels`` rounds scores to that many distinct
values (ties); ``overlap=False`` keeps only elements that do not overlap a better one.

The quality knob moves every measure: with 8 runs of quality 0.2–0.9 the run means of MAep,
nxCG, Q, R, inex_eval, AP and MAiP rank the runs in quality order (Spearman ≥ 0.9) and the best
run scores about 2–5 times the worst, the spread of real INEX runs (tests/simulate).
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


POOL_FACTOR = 4


def _signal(tree, rel: np.ndarray) -> np.ndarray:
    """How good an element is: the harmonic mean of the share of the document's relevant text
    it holds (exhaustivity) and the share of its text that is relevant (specificity)."""
    if not rel.any():
        return np.zeros(len(rel))
    share = rel / rel.max()
    density = rel / np.maximum(tree.end - tree.start, 1)
    with np.errstate(invalid="ignore"):
        return np.nan_to_num(share * density)


def _candidates(collection: Collection, qrels: Qrels, topic: str, rng: np.random.Generator,
                needed: int):
    docs = list(collection)
    judged = list(qrels.topics[topic].passages) or sorted({d for d, _ in qrels.topics[topic].elements})
    pool = list(judged)
    size = sum(len(collection[d]) for d in pool)
    for d in rng.permutation(len(docs)):  # unjudged documents: nothing relevant in them
        if size >= needed * POOL_FACTOR:
            break
        if docs[d] not in pool:
            pool.append(docs[d])
            size += len(collection[docs[d]])
    doc_col, idx_col, signal, starts, ends = [], [], [], [], []
    for d in dict.fromkeys(pool):
        tree = collection[d]
        judged_doc = qrels.topics[topic].passages.get(d)
        spans = judged_doc.ranges if judged_doc is not None else []
        rel = element_relevant_chars(tree, spans)
        doc_col.append(np.full(len(tree), d, dtype=object))
        idx_col.append(np.arange(len(tree)))
        signal.append(_signal(tree, rel))
        starts.append(tree.start)
        ends.append(tree.end)
    return (np.concatenate(doc_col), np.concatenate(idx_col), np.concatenate(signal),
            np.concatenate(starts), np.concatenate(ends))


def _overlaps_earlier(docs: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Mask of the results whose range overlaps that of an earlier result of their document."""
    out = np.zeros(len(docs), dtype=bool)
    _, group = np.unique(docs.astype(str), return_inverse=True)
    order = np.argsort(group, kind="stable")  # by document, rank order kept inside each
    bounds = np.flatnonzero(np.diff(group[order])) + 1
    for members in np.split(order, bounds):
        s, e = starts[members], ends[members]
        hits = (s[None, :] < e[:, None]) & (s[:, None] < e[None, :])  # [later, earlier]
        out[members] = np.tril(hits, -1).any(axis=1)
    return out


def _drop_overlap(collection: Collection, docs: np.ndarray, idx: np.ndarray,
                  limit: int | None = None) -> np.ndarray:
    """Mask keeping each element unless an earlier kept element of its document overlaps it;
    once ``limit`` elements are kept, the rest are dropped.  The kept ranges of a document are
    disjoint and held sorted, so each check is a binary search (the pools hold tens of
    thousands of elements)."""
    from bisect import bisect_left, bisect_right, insort

    keep = np.zeros(len(docs), dtype=bool)
    points: dict[str, list[int]] = {}  # kept empty ranges (s == e), as in the pairwise rule
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
        doc_points = points.setdefault(d, [])
        if s >= e:  # an empty range at s: inside a kept range when ks < s < ke
            k = bisect_left(doc_starts, s)
            if k and doc_ends[k - 1] > s:
                continue
            insort(doc_points, s)
        else:
            k = bisect_right(doc_starts, s)  # kept ranges starting at or before s
            if (k and doc_ends[k - 1] > s and doc_starts[k - 1] < e
                    or k < len(doc_starts) and doc_starts[k] < e):
                continue
            p = bisect_right(doc_points, s)  # a kept empty range strictly inside (s, e)
            if p < len(doc_points) and doc_points[p] < e:
                continue
            doc_starts.insert(k, s)
            doc_ends.insert(k, e)
        keep[i] = True
        kept += 1
    return keep


def _first_of_range(docs: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Mask keeping the first result of each text range ``(doc, start, end)``: elements that
    span the same text (an element and its only child) are the same passage."""
    seen: set[tuple] = set()
    keep = np.zeros(len(docs), dtype=bool)
    for i, key in enumerate(zip(docs, starts, ends)):
        if key not in seen:
            seen.add(key)
            keep[i] = True
    return keep


def make_runs(collection: Collection, qrels: Qrels, spec: RunSpec) -> list[Run]:
    """``spec.n_runs`` runs named ``sim01``, ``sim02``, ... over every qrels topic."""
    rng = np.random.default_rng(spec.seed)
    qualities = np.linspace(spec.quality[0], spec.quality[1], spec.n_runs)
    cache = {t: _candidates(collection, qrels, t, rng, spec.length) for t in qrels.topics}
    runs = []
    for r, quality in enumerate(qualities):
        topics = {}
        for topic, (docs, idx, signal, starts, ends) in cache.items():
            rsv = quality * signal + (1 - quality) * rng.random(len(signal))
            if spec.tie_levels:
                rsv = np.floor(rsv * spec.tie_levels) / spec.tie_levels
            order = np.argsort(-rsv, kind="stable")
            if not spec.overlap:
                order = order[_drop_overlap(collection, docs[order], idx[order], spec.length)]
            else:  # better systems push more of their overlapping results down the ranking
                head = order[:2 * spec.length]
                demote = _overlaps_earlier(docs[head], starts[head], ends[head]) & \
                    (rng.random(len(head)) < quality)
                order = np.concatenate([head[~demote], order[2 * spec.length:], head[demote]])
            if spec.passages:  # elements of one text range are one passage: written once
                order = order[_first_of_range(docs[order], starts[order], ends[order])]
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
