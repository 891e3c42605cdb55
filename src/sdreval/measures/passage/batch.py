"""A whole run on one character line: the expensive range arithmetic done once per run.

Each (topic, document) pair of the run gets a band of the line (its code, in order of first
appearance over the topics' rankings laid end to end), so topics never touch and a topic's
documents are numbered in first-appearance order, which is the article order of Relevant and
Best in Context.  Segments (:func:`kernels.first_cover`), relevant coverage and per-row /
per-article sums are then single numpy calls for the run; only the per-topic recall-level
search and suffix maxima loop over topics.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, NamedTuple

import numpy as np

from ...errors import InputError, Problem
from ...model.run import Ranking
from ..segments import segmented_cumsum
from .kernels import BAND, Segments, coverage, first_cover
from .rows import doc_name, first_appearance, number_documents, run_rows
from .topic import TopicRelevance, lookup


@dataclass
class QrelsBatch:
    """Relevant text of every topic of a qrels in one CSR, keyed by (topic, document)."""

    vocab: np.ndarray      # every judged document name, sorted (str objects)
    topic_index: dict[str, int]
    keys: np.ndarray       # sorted topic_index·V + vocab id of every judged (topic, document)
    rows: np.ndarray       # global row of each key
    ptr: np.ndarray
    starts: np.ndarray
    ends: np.ndarray
    rel_chars: np.ndarray
    bep: np.ndarray
    relevant: np.ndarray
    vocab_arrow: object = None  # the vocabulary as an Arrow array (built on first use)
    doc_length: np.ndarray | None = None  # per row: the qrels' doclen, -1 if unknown

    @classmethod
    def build(cls, vocab: np.ndarray, relevances: dict[str, TopicRelevance]) -> "QrelsBatch":
        return cls.build_from(vocab, relevances.items())[0]

    @classmethod
    def build_from(cls, vocab: np.ndarray, relevances: Iterable[tuple[str, TopicRelevance]]
                   ) -> tuple["QrelsBatch", "RelevanceSummary"]:
        """The batch of ``(topic, relevance)`` pairs, taken one at a time (the per-topic
        arrays of a block of topics are joined before the next block: qrels of very many
        topics), and what the measures need of each topic afterwards; ``vocab``: every
        judged document name, sorted."""
        vocab = np.asarray(vocab, dtype=object)
        topic_index: dict[str, int] = {}
        v = max(len(vocab), 1)
        parts: list[list[np.ndarray]] = [[] for _ in range(8)]  # joined blocks per column
        block: list[list[np.ndarray]] = [[] for _ in range(8)]
        totals, relevant_docs, disagreements, bep_missing = [], [], {}, {}
        range_base = 0
        dtypes = (np.int64, np.int64, np.int64, np.int64, np.int64, np.int64, bool, np.int64)

        def join() -> None:
            for column, pieces, dt in zip(parts, block, dtypes):
                if pieces:
                    column.append(np.concatenate(pieces).astype(dt))
                    pieces.clear()

        for t, r in relevances:
            topic_index[t] = len(topic_index)
            if r.names.size:
                vid = lookup(vocab, r.names)
                block[0].append(topic_index[t] * np.int64(v) + vid)
            for column, value in zip(block[1:], (r.ptr[:-1] + range_base, r.starts, r.ends,
                                                 r.rel_chars, r.bep, r.relevant,
                                                 r.doc_length)):
                column.append(value)
            range_base += r.starts.size
            totals.append(r.total)
            relevant_docs.append(r.n_relevant_docs)
            if r.disagreements:
                disagreements[t] = r.disagreements
            if r.bep_missing:
                bep_missing[t] = r.bep_missing
            if len(block[1]) >= _TOPICS_AT_ONCE:
                join()
        join()
        cat = (lambda xs, dt: np.concatenate(xs).astype(dt) if xs else np.zeros(0, dtype=dt))
        key_arr = cat(parts[0], np.int64)
        order = np.argsort(key_arr, kind="stable")
        ptr = np.concatenate((cat(parts[1], np.int64), [range_base])).astype(np.int64)
        batch = cls(vocab, topic_index, key_arr[order], order.astype(np.int64), ptr,
                    cat(parts[2], np.int64), cat(parts[3], np.int64), cat(parts[4], np.int64),
                    cat(parts[5], np.int64), cat(parts[6], bool),
                    doc_length=cat(parts[7], np.int64))
        summary = RelevanceSummary(topic_index, np.array(totals, dtype=np.int64),
                                   np.array(relevant_docs, dtype=np.int64), disagreements,
                                   bep_missing)
        return batch, summary


#: topics whose per-topic arrays are held at once while a :class:`QrelsBatch` is built
_TOPICS_AT_ONCE = 4096


class TopicSummary(NamedTuple):
    """What the measures read of one topic's relevant text (:class:`TopicRelevance`)."""

    total: int
    n_relevant_docs: int
    disagreements: list[str]
    bep_missing: list[str]


_NO_TOPIC = TopicSummary(0, 0, [], [])


@dataclass
class RelevanceSummary:
    """``topic -> TopicSummary`` for every topic of a :class:`QrelsBatch` (arrays, and the
    lists of the few topics that have any), a topic not judged reading as empty."""

    topic_index: dict[str, int]
    totals: np.ndarray
    relevant_docs: np.ndarray
    disagreements: dict[str, list[str]]
    bep_missing: dict[str, list[str]]

    def __getitem__(self, topic: str) -> TopicSummary:
        i = self.topic_index.get(topic)
        if i is None:
            return _NO_TOPIC
        return TopicSummary(int(self.totals[i]), int(self.relevant_docs[i]),
                            self.disagreements.get(topic, []), self.bep_missing.get(topic, []))

    def of(self, topics: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """``(T_rel, relevant documents)`` of each of ``topics`` (0 for a topic not judged)."""
        where = np.fromiter((self.topic_index.get(t, -1) for t in topics), dtype=np.int64,
                            count=len(topics))
        known = where >= 0
        pick = np.where(known, where, 0)
        if not self.totals.size:
            return np.zeros(len(topics), dtype=np.int64), np.zeros(len(topics), dtype=np.int64)
        return (np.where(known, self.totals[pick], 0),
                np.where(known, self.relevant_docs[pick], 0))


@dataclass
class RunBatch:
    """The evaluated, non-empty rankings of one run on one line (see module docstring)."""

    topics: list[str]        # one block per topic, in evaluation order
    row_bounds: np.ndarray   # rows of block b: row_bounds[b]:row_bounds[b+1]
    pair_bounds: np.ndarray  # pairs (articles) of block b
    row_pair: np.ndarray     # per row: its (topic, document) pair
    offsets: np.ndarray      # per row: offset in the document
    starts: np.ndarray       # per row: global [start, end)
    ends: np.ndarray
    doc_names: object        # names of the run's documents (Arrow or numpy array)
    pair_doc: np.ndarray     # per pair: index into doc_names
    pair_block: np.ndarray
    pair_first_row: np.ndarray
    pair_count: np.ndarray
    pair_rel_chars: np.ndarray
    pair_bep: np.ndarray
    pair_relevant: np.ndarray
    rel_starts: np.ndarray
    rel_ends: np.ndarray
    _segments: Segments | None = None
    _seg_rel: np.ndarray | None = None
    pair_doclen: np.ndarray | None = None  # per pair: the qrels' doclen, -1 if unknown

    @classmethod
    def build(cls, rankings: dict[str, Ranking], topics: list[str], qb: QrelsBatch,
              source: str | None) -> "RunBatch":
        chosen, sizes, docs, offsets, lengths = run_rows(rankings, topics)
        row_bounds = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
        bad = (offsets < 0) | (lengths < 0) | (offsets + lengths >= BAND)
        if bad.any():
            rows = np.flatnonzero(bad)[:20]
            block = np.searchsorted(row_bounds, rows, side="right") - 1
            raise InputError([Problem(source, None, f"topic {chosen[b]}: result at rank position "
                                      f"{i - row_bounds[b] + 1} ({doc_name(docs[i])}) has no valid "
                                      f"character range (offset {offsets[i]}, length "
                                      f"{lengths[i]})") for i, b in zip(rows, block)],
                             topic=chosen[block[0]])
        doc_codes, names, vocab_ids = number_documents(docs, qb)
        g = np.int64(max(len(names), 1))
        row_block = np.repeat(np.arange(len(chosen), dtype=np.int64), sizes)
        row_pair, pair_keys = first_appearance(row_block * g + doc_codes)
        pair_doc = pair_keys % g
        pair_block = pair_keys // g
        n_pairs = pair_keys.size
        pair_bounds = np.searchsorted(pair_block, np.arange(len(chosen) + 1)).astype(np.int64)
        first_row = np.flatnonzero(np.diff(np.maximum.accumulate(row_pair), prepend=-1) > 0) \
            if row_pair.size else np.zeros(0, dtype=np.int64)
        # relevance of each pair
        v = np.int64(max(len(qb.vocab), 1))
        topic_q = np.array([qb.topic_index.get(t, -1) for t in chosen], dtype=np.int64)
        vid = vocab_ids[pair_doc]
        tq = topic_q[pair_block] if n_pairs else np.zeros(0, dtype=np.int64)
        key = tq * v + vid
        pos = np.searchsorted(qb.keys, key)
        posc = np.minimum(pos, max(qb.keys.size - 1, 0))
        found = (vid >= 0) & (tq >= 0) & (qb.keys.size > 0)
        if qb.keys.size:
            found &= qb.keys[posc] == key
        u = np.flatnonzero(found)
        q = qb.rows[posc[u]] if u.size else np.zeros(0, dtype=np.int64)
        rel_chars = np.zeros(n_pairs, dtype=np.int64)
        bep = np.full(n_pairs, -1, dtype=np.int64)
        relevant = np.zeros(n_pairs, dtype=bool)
        rel_chars[u] = qb.rel_chars[q]
        bep[u] = qb.bep[q]
        relevant[u] = qb.relevant[q]
        doclen = np.full(n_pairs, -1, dtype=np.int64)
        if qb.doc_length is not None:
            doclen[u] = qb.doc_length[q]
        counts = qb.ptr[q + 1] - qb.ptr[q]
        total = int(counts.sum())
        rel_s = rel_e = np.zeros(0, dtype=np.int64)
        if total:
            rows = np.repeat(qb.ptr[q], counts) + (np.arange(total)
                                                   - np.repeat(np.cumsum(counts) - counts, counts))
            shift = np.repeat(u * BAND, counts)
            rel_s = qb.starts[rows] + shift
            rel_e = qb.ends[rows] + shift
        starts = row_pair * BAND + offsets
        return cls(chosen, row_bounds, pair_bounds, row_pair, offsets, starts, starts + lengths,
                   names, pair_doc, pair_block, first_row,
                   np.bincount(row_pair, minlength=n_pairs), rel_chars, bep, relevant,
                   rel_s, rel_e, pair_doclen=doclen)

    @property
    def n_pairs(self) -> int:
        return self.pair_doc.size

    def doc_lengths(self, collection, placed: bool) -> tuple[np.ndarray, np.ndarray]:
        """Per pair: its document's length, the qrels' doclen, else the text length in
        ``collection`` (if given; -1: unknown); and, when the run's results were ``placed``
        through the collection, whether the qrels' doclen differs from that text length."""
        doclen = self.pair_doclen.copy()
        check = np.ones(doclen.size, dtype=bool) if placed else doclen < 0
        codes = np.unique(self.pair_doc[check]) if collection is not None else np.empty(0, int)
        if not codes.size:
            return doclen, np.zeros(doclen.size, dtype=bool)
        names = (doc_name(self.doc_names[code]) for code in codes.tolist())
        lengths = np.array([collection[name].length if name in collection else -1
                            for name in names], dtype=doclen.dtype)
        at = np.minimum(np.searchsorted(codes, self.pair_doc), codes.size - 1)
        length = np.where(codes[at] == self.pair_doc, lengths[at], -1)  # per pair; -1: none
        other = (length >= 0) & (doclen >= 0) & (doclen != length)
        return np.where((length >= 0) & (doclen < 0), length, doclen), other

    def pair_name(self, pair: int) -> str:
        """Document id of an article (for messages)."""
        return doc_name(self.doc_names[int(self.pair_doc[pair])])

    # ---------------------------------------------------------------- shared range arithmetic
    @property
    def multi_rows(self) -> np.ndarray:
        """Rows of articles returned more than once: the only rows that can overlap."""
        return np.flatnonzero(self.pair_count[self.row_pair] > 1)

    @property
    def segments(self) -> Segments:
        """Elementary segments of the rows of :attr:`multi_rows`; ``first`` holds run rows."""
        if self._segments is None:
            multi = self.multi_rows
            seg = first_cover(self.starts[multi], self.ends[multi])
            seg.first = multi[seg.first]
            self._segments = seg
        return self._segments

    @property
    def segment_relevant(self) -> np.ndarray:
        if self._seg_rel is None:
            seg = self.segments
            self._seg_rel = self._relevant_inside(seg.seg_start, seg.seg_start + seg.seg_len)
        return self._seg_rel

    def _single(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Rows of articles returned once: their rows, relevant and all characters."""
        single = np.flatnonzero(self.pair_count[self.row_pair] == 1)
        s, e = self.starts[single], self.ends[single]
        return single, self._relevant_inside(s, e).astype(np.float64), \
            (e - s).astype(np.float64)

    def new_characters(self) -> tuple[np.ndarray, np.ndarray]:
        """Per row: relevant and all characters not retrieved at a better rank of its topic."""
        seg = self.segments
        n = self.starts.size
        new_rel = np.bincount(seg.first, weights=self.segment_relevant, minlength=n)
        new_ret = np.bincount(seg.first, weights=seg.seg_len, minlength=n)
        single, rel, size = self._single()
        new_rel[single] = rel
        new_ret[single] = size
        return new_rel, new_ret

    def passage_relevant(self) -> np.ndarray:
        """rel(e): relevant characters inside each passage (overlaps counted in full)."""
        return self._relevant_inside(self.starts, self.ends)

    def _relevant_inside(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """:func:`kernels.coverage` of intervals of the line, searched only for those in an
        article with relevant text (most retrieved articles have none)."""
        has = np.zeros(self.n_pairs, dtype=bool)
        has[self.rel_starts // BAND] = True
        keep = np.flatnonzero(has[starts // BAND])
        if keep.size == starts.size:
            return coverage(self.rel_starts, self.rel_ends, starts, ends)
        out = np.zeros(starts.size, dtype=np.int64)
        out[keep] = coverage(self.rel_starts, self.rel_ends, starts[keep], ends[keep])
        return out

    def per_pair(self) -> tuple[np.ndarray, np.ndarray]:
        """Per article: relevant retrieved characters and retrieved characters (union)."""
        seg = self.segments
        pair = seg.seg_start // BAND
        m = self.n_pairs
        single, rel, size = self._single()
        rel_ret = np.bincount(pair, weights=self.segment_relevant, minlength=m)
        ret = np.bincount(pair, weights=seg.seg_len, minlength=m)
        rel_ret[self.row_pair[single]] = rel
        ret[self.row_pair[single]] = size
        return rel_ret, ret

    def segmented_cumsum(self, values: np.ndarray, bounds: np.ndarray) -> np.ndarray:
        """Cumulative sums restarting at each block, accumulated per block (exact)."""
        return segmented_cumsum(values, bounds)
