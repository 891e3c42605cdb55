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
from .kernels import BAND, Segments, coverage, first_cover, merge_intervals


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
    index: pd.Index = field(default_factory=lambda: pd.Index([]))  # names as a hash index
    row_of_vocab: np.ndarray | None = None  # qrels-wide document number -> row here, or -1

    @property
    def n_relevant_docs(self) -> int:
        return int(self.relevant.sum())


def topic_relevance(tq: TopicQrels | None, vocab: pd.Index | None = None) -> TopicRelevance:
    """Relevant ranges of every judged document of a topic, merged in one vectorised pass
    (documents placed on bands of one line, :func:`kernels.merge_intervals`).

    ``vocab`` (all judged documents of the qrels) adds ``row_of_vocab`` for fast lookups."""
    passages = tq.passages if tq is not None else {}
    docs = sorted(passages)
    m = len(docs)
    dps = [passages[d] for d in docs]
    n_ranges = np.fromiter((len(dp.ranges) for dp in dps), dtype=np.int64, count=m)
    flat = [r for dp in dps for r in dp.ranges]
    arr = np.asarray(flat, dtype=np.int64).reshape(-1, 2)
    owner = np.repeat(np.arange(m, dtype=np.int64), n_ranges)
    gs = owner * BAND + arr[:, 0]
    ms, me = merge_intervals(gs, gs + arr[:, 1])
    doc_of = ms // BAND
    counts = np.bincount(doc_of, minlength=m)
    ptr = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
    local_s = ms - doc_of * BAND
    local_e = me - doc_of * BAND
    rel_arr = np.bincount(doc_of, weights=me - ms, minlength=m).astype(np.int64)
    relchars = np.fromiter((dp.relevant_chars or 0 for dp in dps), dtype=np.int64, count=m)
    bad = np.flatnonzero((relchars != 0) & (relchars != rel_arr))
    disagreements = [f"{docs[i]} (relchars {relchars[i]}, ranges {rel_arr[i]})" for i in bad]
    bep_arr = np.fromiter((-1 if dp.bep is None else int(dp.bep) for dp in dps),
                          dtype=np.int64, count=m)
    # a relevant document without a BEP: its first relevant character stands in for it
    missing = np.flatnonzero((bep_arr < 0) & (rel_arr > 0))
    bep_arr[missing] = local_s[ptr[missing]]
    names = np.asarray(docs, dtype=object)
    rel = TopicRelevance(names, ptr, local_s, local_e, rel_arr, bep_arr, rel_arr > 0,
                         int(rel_arr.sum()), disagreements, [docs[i] for i in missing],
                         pd.Index(names, dtype=object))
    if vocab is not None:
        rel.row_of_vocab = np.full(len(vocab), -1, dtype=np.int64)
        if m:
            rel.row_of_vocab[vocab.get_indexer(names)] = np.arange(m)
    return rel


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


def place(ranking: Ranking, rel: TopicRelevance, topic: str, source: str | None,
          coded: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> PlacedRanking:
    """Put a passage ranking on the global line and gather its documents' relevant ranges.

    Documents are numbered in order of first appearance (``pandas.factorize``), which is the
    article order of Relevant/Best in Context.  ``coded`` (from :meth:`RunCodes.of`: per-row
    document numbers, their names and qrels-wide numbers) lets a caller number a whole run at
    once; without it the ranking is factorized here."""
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
    if coded is None:
        codes, uniq = pd.factorize(np.asarray(ranking.docs, dtype=object), sort=False)
        names = np.asarray(uniq, dtype=object)
        q = rel.index.get_indexer(names).astype(np.int64) if rel.names.size else \
            np.full(names.size, -1, dtype=np.int64)
    else:
        codes, names, vid = coded
        q = np.where(vid >= 0, rel.row_of_vocab[np.maximum(vid, 0)], -1) \
            if rel.row_of_vocab is not None and rel.row_of_vocab.size else \
            np.full(names.size, -1, dtype=np.int64)
    inv = codes.astype(np.int64)
    starts = inv * BAND + offsets
    ends = starts + lengths
    m = names.size
    doc_rel = np.zeros(m, dtype=np.int64)
    doc_bep = np.full(m, -1, dtype=np.int64)
    doc_relevant = np.zeros(m, dtype=bool)
    rel_s = rel_e = np.zeros(0, dtype=np.int64)
    if m:
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


class RunCodes:
    """Documents of a whole run numbered at once (two hash passes per run, none per topic).

    Each (topic, document) pair gets a code in order of first appearance over the topics'
    rankings laid end to end; a topic's pairs therefore hold consecutive codes, and subtracting
    the first gives the per-topic numbering in first-appearance order."""

    def __init__(self, rankings: dict[str, Ranking], vocab: pd.Index):
        topics = [t for t, r in rankings.items() if len(r)]
        sizes = np.array([len(rankings[t]) for t in topics], dtype=np.int64)
        all_docs = (np.concatenate([np.asarray(rankings[t].docs, dtype=object) for t in topics])
                    if topics else np.zeros(0, dtype=object))
        doc_codes, uniq = pd.factorize(all_docs, sort=False)
        names = np.asarray(uniq, dtype=object)
        vocab_ids = (vocab.get_indexer(names).astype(np.int64) if len(vocab)
                     else np.full(names.size, -1, dtype=np.int64))
        g = np.int64(max(names.size, 1))
        block = np.repeat(np.arange(len(topics), dtype=np.int64), sizes)
        pair_codes, pair_keys = pd.factorize(block * g + doc_codes, sort=False)
        pair_doc = np.asarray(pair_keys, dtype=np.int64) % g
        self.pair_names = names[pair_doc]
        self.pair_vocab = vocab_ids[pair_doc]
        bounds = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
        self.slices = {t: pair_codes[bounds[i]:bounds[i + 1]].astype(np.int64)
                       for i, t in enumerate(topics)}

    def of(self, topic: str) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """(per-row document number, names, qrels-wide numbers) of one topic, or None."""
        codes = self.slices.get(topic)
        if codes is None:
            return None
        c0 = int(codes[0])
        local = codes - c0
        m = int(local.max()) + 1
        return local, self.pair_names[c0:c0 + m], self.pair_vocab[c0:c0 + m]
