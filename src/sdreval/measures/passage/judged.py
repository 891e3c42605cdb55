"""The relevant text of every topic straight from judgement columns (FOL qrels as read).

The same :class:`~.batch.QrelsBatch` and :class:`~.batch.RelevanceSummary` as
:meth:`QrelsBatch.build_from` over :func:`~.topic.topic_relevance` of each topic, computed in
one pass over the shared columns of :class:`sdreval.judgements.columns.PassageColumns`: no
per-topic object is made.  Per judged document, its highlighted ranges are merged (union,
touching ranges joined), its relevant characters are the merged length (the ``relchars`` column
is checked against it and each disagreement reported), and a relevant document without a best
entry point gets its first relevant character as one (INEX 2008-2010 Best in Context; Kamps,
Pehcevski, Kazai, Lalmas & Robertson 2007).
"""
from __future__ import annotations

from collections import defaultdict

import numpy as np

from ...judgements.columns import PassageColumns
from .batch import QrelsBatch, RelevanceSummary
from .kernels import BAND, merge_intervals


def batch_from_columns(topics: list[str], bounds: np.ndarray, table: PassageColumns
                       ) -> tuple[QrelsBatch, RelevanceSummary]:
    """``QrelsBatch.build_from`` over every topic of the columns (topic ``topics[i]`` holds rows
    ``bounds[i]:bounds[i + 1]`` of ``table``, at most one row per document)."""
    import pyarrow as pa
    from ... import arrow_kernels as pc

    bounds = np.asarray(bounds, dtype=np.int64)
    n_topics, n = len(topics), int(bounds[-1]) if len(bounds) else 0
    docs = table.docs if isinstance(table.docs, (pa.Array, pa.ChunkedArray)) else \
        pa.array(list(table.docs), type=pa.string())
    vocab_arrow = pc.unique(docs)
    vocab_arrow = pc.take(vocab_arrow, pc.sort_indices(vocab_arrow))  # code point order = sorted()
    if isinstance(vocab_arrow, pa.ChunkedArray):
        vocab_arrow = vocab_arrow.combine_chunks()
    vocab = np.asarray(vocab_arrow.to_pylist(), dtype=object)
    vid = np.asarray(pc.index_in(docs, value_set=vocab_arrow).to_numpy(zero_copy_only=False),
                     dtype=np.int64)
    topic_of = np.repeat(np.arange(n_topics, dtype=np.int64), np.diff(bounds))
    order = np.lexsort((vid, topic_of))  # per topic, documents by name
    vid, topic_of = vid[order], topic_of[order]

    # the ranges of the rows in that order, on one line: row i owns [i·BAND, (i + 1)·BAND)
    range_bounds = np.asarray(table.range_bounds, dtype=np.int64)
    counts = np.diff(range_bounds)[order]
    first = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)
    owner = np.repeat(np.arange(n, dtype=np.int64), counts)
    take = range_bounds[:-1][order][owner] + (np.arange(owner.size, dtype=np.int64)
                                              - first[owner])
    gs = owner * BAND + np.asarray(table.offsets, dtype=np.int64)[take]
    ms, me = merge_intervals(gs, gs + np.asarray(table.lengths, dtype=np.int64)[take])
    row_of = ms // BAND
    ptr = np.concatenate(([0], np.cumsum(np.bincount(row_of, minlength=n)))).astype(np.int64)
    starts, ends = ms - row_of * BAND, me - row_of * BAND
    rel_chars = np.bincount(row_of, weights=me - ms, minlength=n).astype(np.int64)

    relchars_column = np.asarray(table.relevant_chars, dtype=np.int64)[order]
    bep = np.asarray(table.bep, dtype=np.int64)[order].copy()
    missing = np.flatnonzero((bep < 0) & (rel_chars > 0))
    bep[missing] = starts[ptr[missing]]
    relevant = rel_chars > 0
    names = vocab
    disagreements: dict[str, list[str]] = defaultdict(list)
    for i in np.flatnonzero((relchars_column != 0) & (relchars_column != rel_chars)).tolist():
        disagreements[topics[topic_of[i]]].append(
            f"{names[vid[i]]} (relchars {relchars_column[i]}, ranges {rel_chars[i]})")
    bep_missing: dict[str, list[str]] = defaultdict(list)
    for i in missing.tolist():
        bep_missing[topics[topic_of[i]]].append(names[vid[i]])

    def per_topic(values: np.ndarray) -> np.ndarray:
        running = np.concatenate(([0], np.cumsum(values, dtype=np.int64)))
        return running[bounds[1:]] - running[bounds[:-1]]

    topic_index = dict(zip(topics, range(n_topics)))
    keys = topic_of * np.int64(max(len(vocab), 1)) + vid  # sorted: the rows' order
    batch = QrelsBatch(vocab, topic_index, keys, np.arange(n, dtype=np.int64), ptr, starts, ends,
                       rel_chars, bep, relevant, vocab_arrow,
                       np.asarray(table.doc_length, dtype=np.int64)[order])
    summary = RelevanceSummary(topic_index, per_topic(rel_chars), per_topic(relevant),
                               dict(disagreements), dict(bep_missing))
    return batch, summary
