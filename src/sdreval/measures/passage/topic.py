"""Per-topic preparation of the relevant text from FOL qrels.

Relevant text of a document is the union of its highlighted ranges (``DocPassages.ranges``).
The topic's relevant characters ``T_rel`` are the sum over documents of those merged ranges; the
``relchars`` column of the qrels is checked against it and every disagreement reported (the
merged ranges are what retrieved characters can be matched against, so they are used).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...judgements.qrels import TopicQrels
from .kernels import BAND, merge_intervals


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
    doc_length: np.ndarray | None = None  # per document: the qrels' doclen, -1 if unknown

    @property
    def n_relevant_docs(self) -> int:
        return int(self.relevant.sum())


def topic_relevance(tq: TopicQrels | None) -> TopicRelevance:
    """Relevant ranges of every judged document of a topic, merged in one vectorised pass
    (documents placed on bands of one line, :func:`kernels.merge_intervals`)."""
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
    doclen = np.fromiter((-1 if dp.doc_length is None else int(dp.doc_length) for dp in dps),
                         dtype=np.int64, count=m)
    rel = TopicRelevance(names, ptr, local_s, local_e, rel_arr, bep_arr, rel_arr > 0,
                         int(rel_arr.sum()), disagreements, [docs[i] for i in missing], doclen)
    return rel


def lookup(vocab: np.ndarray, names: np.ndarray) -> np.ndarray:
    """Position of each of ``names`` in ``vocab`` (distinct names, sorted), -1 when absent."""
    names = np.asarray(names, dtype=object)
    if not len(vocab) or not names.size:
        return np.full(names.size, -1, dtype=np.int64)
    pos = np.minimum(np.searchsorted(vocab, names), len(vocab) - 1).astype(np.int64)
    pos[vocab[pos] != names] = -1
    return pos
