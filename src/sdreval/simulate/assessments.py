"""Synthetic assessments that respect exhaustivity propagation.

For each topic a few documents hold highlighted (relevant) text: spans at the start of chosen
leaves inside one to three sections.  Every element's relevant characters follow from its
character range; from them:

* INEX 2003/2004: ``e`` from the share of the document's relevant text the element covers
  (>= 2/3 -> 3, >= 1/3 -> 2, else 1) — so a parent's ``e`` is never below a child's
  (propagation) — and ``s`` from its density (>= 0.75 -> 3, >= 0.4 -> 2, else 1);
* INEX 2005: ``e`` is ``?`` (too small) below 20 words, else 2 when the element covers at least
  half the document's relevant text, else 1; ``s`` is the density itself;
* INEX 2002: relevance as the 2003 ``e``; coverage E (density >= 0.75), S (under 30 words),
  else L; N when nothing is relevant.

Highlighted spans are also kept as FOL passages (``DocPassages``), so one simulation serves the
element and the passage tasks.  Non-relevant judged documents get a ``(0, 0)`` root entry.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..judgements.qrels import COVERAGE_CODES, TOO_SMALL, DocPassages, Qrels
from ..model.passage import merge_ranges
from ..model.tree import Collection, DocumentTree


@dataclass(frozen=True)
class AssessmentSpec:
    n_topics: int = 30
    relevant_docs: tuple[int, int] = (2, 6)  # min, max relevant documents per topic
    judged_nonrelevant_docs: int = 5
    scale: str = "inex2003"  # inex2002 | inex2003 | inex2005
    seed: int = 1


def _highlight(tree: DocumentTree, rng: np.random.Generator) -> list[tuple[int, int]]:
    """Relevant spans of one document: prefixes of leaves in 1-3 random sections."""
    n = len(tree)
    is_leaf = np.ones(n, dtype=bool)
    is_leaf[tree.parent[tree.parent >= 0]] = False
    sections = [i for i, p in enumerate(tree.paths) if p.count("/") == 3 and "/sec[" in p]
    if not sections:
        sections = [0]
    chosen = rng.choice(sections, size=min(len(sections), int(rng.integers(1, 4))),
                        replace=False)
    spans: list[tuple[int, int]] = []
    for sec in chosen:
        inside = np.flatnonzero(is_leaf & (tree.start >= tree.start[sec]) & (tree.end <= tree.end[sec]))
        if len(inside) == 0:
            continue
        picked = inside[rng.random(len(inside)) < rng.uniform(0.3, 1.0)]
        for leaf in picked:
            length = int(tree.end[leaf] - tree.start[leaf])
            keep = length if rng.random() < 0.7 else max(1, int(length * rng.uniform(0.2, 0.9)))
            spans.append((int(tree.start[leaf]), keep))
    return merge_ranges(spans)


def element_relevant_chars(tree: DocumentTree, spans: list[tuple[int, int]]) -> np.ndarray:
    """Relevant characters inside each element's range (prefix sums over span ends)."""
    if not spans:
        return np.zeros(len(tree), dtype=np.int64)
    starts = np.array([s for s, _ in spans], dtype=np.int64)
    ends = starts + np.array([n for _, n in spans], dtype=np.int64)

    def covered_before(x: np.ndarray) -> np.ndarray:
        # relevant characters in [0, x)
        return np.clip(x[:, None] - starts[None, :], 0, (ends - starts)[None, :]).sum(axis=1)

    return covered_before(tree.end) - covered_before(tree.start)


def grade(tree: DocumentTree, rel: np.ndarray, scale: str) -> tuple[np.ndarray, np.ndarray]:
    """(e, s) of every element from its relevant characters (see module doc)."""
    size = np.maximum(tree.end - tree.start, 1)
    total = max(int(rel.max()), 1)
    share = rel / total
    density = rel / size
    relevant = rel > 0
    if scale == "inex2005":
        e = np.where(share >= 0.5, 2.0, 1.0)
        e = np.where(tree.words < 20, TOO_SMALL, e)
        s = density.astype(float)
    elif scale == "inex2002":
        e = np.select([share >= 2 / 3, share >= 1 / 3], [3.0, 2.0], 1.0)
        s = np.select([density >= 0.75, tree.words < 30],
                      [COVERAGE_CODES["E"], COVERAGE_CODES["S"]], COVERAGE_CODES["L"])
        # "a coverage too small cannot be highly relevant" (Gövert et al. 2006, §4.2)
        e = np.where((e == 3) & (s == COVERAGE_CODES["S"]), 2.0, e)
    else:
        e = np.select([share >= 2 / 3, share >= 1 / 3], [3.0, 2.0], 1.0)
        s = np.select([density >= 0.75, density >= 0.4], [3.0, 2.0], 1.0)
    return np.where(relevant, e, 0.0), np.where(relevant, s, 0.0)


def make_qrels(collection: Collection, spec: AssessmentSpec) -> Qrels:
    """Assessments for ``spec.n_topics`` topics (ids ``1``, ``2``, ...) on ``collection``."""
    rng = np.random.default_rng(spec.seed)
    docs = list(collection)
    qrels = Qrels(spec.scale)
    lo, hi = spec.relevant_docs
    for t in range(1, spec.n_topics + 1):
        topic = str(t)
        judged = qrels.topic(topic)
        k = min(len(docs), int(rng.integers(lo, hi + 1)))
        chosen = rng.choice(len(docs), size=min(len(docs), k + spec.judged_nonrelevant_docs),
                            replace=False)
        for rank, d in enumerate(chosen):
            tree = collection[docs[d]]
            if rank >= k:
                qrels.add_element(topic, tree.doc, tree.paths[0], 0.0, 0.0,
                                  float(tree.end[0] - tree.start[0]))
                judged.passages[tree.doc] = DocPassages(tree.doc, [], 0, tree.length, None)
                continue
            spans = _highlight(tree, rng)
            rel = element_relevant_chars(tree, spans)
            e, s = grade(tree, rel, spec.scale)
            for i in np.flatnonzero(rel > 0):
                qrels.add_element(topic, tree.doc, tree.paths[i], float(e[i]), float(s[i]),
                                  float(tree.end[i] - tree.start[i]))
            judged.passages[tree.doc] = DocPassages(
                tree.doc, spans, int(sum(n for _, n in spans)), tree.length,
                spans[0][0] if spans else None)
    return qrels
