"""Per-topic preparation: relevant text from FOL qrels and a ranking on one character line.

Relevant text of a document is the union of its highlighted ranges (``DocPassages.ranges``).
The topic's relevant characters ``T_rel`` are the sum over documents of those merged ranges; the
``relchars`` column of the qrels is checked against it and every disagreement reported (the
merged ranges are what retrieved characters can be matched against, so they are used).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ...errors import InputError, Problem
from ...judgements.qrels import TopicQrels
from ...model.run import Ranking
from .kernels import BAND, Segments, coverage, first_cover


@dataclass
class TopicRelevance:
    """Relevant text of one topic, per judged document (sorted by name), in CSR layout."""

    names: np.ndarray        # sorted document ids (str)
    ptr: np.ndarray          # ranges of names[i] are rows ptr[i]:ptr[i+1]
    starts: np.ndarray       # merged relevant ranges, document-local offsets
    ends: np.ndarray
    rel_chars: np.ndarray    # merged relevant characters per document
    bep: np.ndarray          # best entry point per document, -1 if none
    relevant: np.ndarray     # bool: document has relevant text (or a BEP)
    total: int               # T_rel: relevant characters of the topic
    disagreements: list[str]  # documents whose relchars column disagrees with the ranges
    bep_missing: list[str]   # relevant documents without a best entry point
    index: dict[str, int] = field(default_factory=dict)  # document id -> position in names

    @property
    def n_relevant_docs(self) -> int:
        return int(self.relevant.sum())


def topic_relevance(tq: TopicQrels | None) -> TopicRelevance:
    """Relevant ranges of every judged document of a topic, merged (no per-character work)."""
    docs = sorted(tq.passages) if tq is not None else []
    starts: list[np.ndarray] = []
    ends: list[np.ndarray] = []
    ptr = [0]
    rel_chars, beps, relevant = [], [], []
    disagreements: list[str] = []
    bep_missing: list[str] = []
    for doc in docs:
        dp = tq.passages[doc]  # type: ignore[union-attr]
        if dp.ranges:
            arr = np.asarray(dp.ranges, dtype=np.int64).reshape(-1, 2)
            s = arr[:, 0]
            e = arr[:, 0] + arr[:, 1]
            order = np.argsort(s, kind="stable")
            s, e = s[order], e[order]
            # merge (few ranges per document)
            reach = np.maximum.accumulate(e)
            new = np.ones(s.size, dtype=bool)
            new[1:] = s[1:] > reach[:-1]
            idx = np.flatnonzero(new)
            ms = s[new]
            me = np.maximum.reduceat(e, idx)
            keep = me > ms
            ms, me = ms[keep], me[keep]
        else:
            ms = me = np.zeros(0, dtype=np.int64)
        n_rel = int((me - ms).sum())
        if dp.relevant_chars and dp.relevant_chars != n_rel:
            disagreements.append(f"{doc} (relchars {dp.relevant_chars}, ranges {n_rel})")
        starts.append(ms)
        ends.append(me)
        ptr.append(ptr[-1] + ms.size)
        rel_chars.append(n_rel)
        relevant.append(n_rel > 0)
        if n_rel > 0 and dp.bep is None:
            bep_missing.append(doc)
        beps.append(-1 if dp.bep is None else int(dp.bep))
    cat = (lambda xs: np.concatenate(xs) if xs else np.zeros(0, dtype=np.int64))
    rel_arr = np.asarray(rel_chars, dtype=np.int64)
    bep_arr = np.asarray(beps, dtype=np.int64)
    ptr_arr = np.asarray(ptr, dtype=np.int64)
    s_all, e_all = cat(starts), cat(ends)
    # a relevant document without a BEP: its first relevant character stands in for it
    if bep_missing:
        for i in np.flatnonzero((bep_arr < 0) & (rel_arr > 0)):
            bep_arr[i] = s_all[ptr_arr[i]]
    return TopicRelevance(np.asarray(docs, dtype=object), ptr_arr, s_all, e_all, rel_arr,
                          bep_arr, rel_arr > 0, int(rel_arr.sum()), disagreements, bep_missing,
                          {d: i for i, d in enumerate(docs)})


@dataclass
class PlacedRanking:
    """One ranking on the global character line, with its documents' relevant text."""

    n: int
    doc_index: np.ndarray     # per row: index into doc_names
    doc_names: np.ndarray     # unique documents of the ranking (sorted)
    starts: np.ndarray        # global [start, end) per row
    ends: np.ndarray
    rel_starts: np.ndarray    # global merged relevant ranges of the ranking's documents
    rel_ends: np.ndarray
    doc_rel_chars: np.ndarray  # per unique doc: relevant characters (0 if unjudged)
    doc_bep: np.ndarray        # per unique doc: BEP offset (-1 if none)
    doc_relevant: np.ndarray   # per unique doc: bool
    _segments: Segments | None = None
    _seg_rel: np.ndarray | None = None

    @property
    def segments(self) -> Segments:
        if self._segments is None:
            self._segments = first_cover(self.starts, self.ends)
        return self._segments

    @property
    def segment_relevant(self) -> np.ndarray:
        """Relevant characters of each covered segment."""
        if self._seg_rel is None:
            seg = self.segments
            self._seg_rel = coverage(self.rel_starts, self.rel_ends, seg.seg_start,
                                     seg.seg_start + seg.seg_len)
        return self._seg_rel

    def passage_relevant(self) -> np.ndarray:
        """rel(e): relevant characters inside each passage (overlaps counted in full)."""
        return coverage(self.rel_starts, self.rel_ends, self.starts, self.ends)

    def new_characters(self) -> tuple[np.ndarray, np.ndarray]:
        """Per row: characters and relevant characters not retrieved at a better rank."""
        seg = self.segments
        seg_rel = self.segment_relevant
        new_ret = np.bincount(seg.first, weights=seg.seg_len, minlength=self.n)
        new_rel = np.bincount(seg.first, weights=seg_rel, minlength=self.n)
        return new_rel, new_ret

    def per_document(self) -> tuple[np.ndarray, np.ndarray]:
        """Per unique doc: retrieved characters (union) and relevant ones among them."""
        seg = self.segments
        seg_rel = self.segment_relevant
        doc = seg.seg_start // BAND
        m = self.doc_names.size
        return (np.bincount(doc, weights=seg_rel, minlength=m),
                np.bincount(doc, weights=seg.seg_len, minlength=m))


def place(ranking: Ranking, rel: TopicRelevance, topic: str, source: str | None
          ) -> PlacedRanking:
    """Put a passage ranking on the global line and gather its documents' relevant ranges.

    Documents are numbered in order of first appearance (``pandas.factorize``), which is the
    article order of Relevant/Best in Context."""
    n = len(ranking)
    offsets = np.asarray(ranking.offsets, dtype=np.int64)
    lengths = np.asarray(ranking.lengths, dtype=np.int64)
    if n:
        bad = (offsets < 0) | (lengths < 0) | (offsets + lengths >= BAND)
        if bad.any():
            rows = np.flatnonzero(bad)[:20]
            raise InputError([Problem(source, None, f"topic {topic}: result at rank position "
                                      f"{i + 1} ({ranking.docs[i]}) has no valid character "
                                      f"range (offset {offsets[i]}, length {lengths[i]})")
                              for i in rows])
    codes, names = pd.factorize(np.asarray(ranking.docs, dtype=object), sort=False)
    inv = codes.astype(np.int64)
    names = np.asarray(names, dtype=object)
    starts = inv * BAND + offsets
    ends = starts + lengths
    m = names.size
    doc_rel = np.zeros(m, dtype=np.int64)
    doc_bep = np.full(m, -1, dtype=np.int64)
    doc_relevant = np.zeros(m, dtype=bool)
    rel_s = rel_e = np.zeros(0, dtype=np.int64)
    index = rel.index
    if m and index:
        q = np.fromiter((index.get(d, -1) for d in names.tolist()), dtype=np.int64, count=m)
        u = np.flatnonzero(q >= 0)
        qf = q[u]
        doc_rel[u] = rel.rel_chars[qf]
        doc_bep[u] = rel.bep[qf]
        doc_relevant[u] = rel.relevant[qf]
        counts = rel.ptr[qf + 1] - rel.ptr[qf]
        total = int(counts.sum())
        if total:
            first = np.repeat(rel.ptr[qf], counts)
            step = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
            rows = first + step
            shift = np.repeat(u.astype(np.int64) * BAND, counts)
            rel_s = rel.starts[rows] + shift
            rel_e = rel.ends[rows] + shift
    return PlacedRanking(n, inv, names, starts, ends, rel_s, rel_e, doc_rel, doc_bep,
                         doc_relevant)
