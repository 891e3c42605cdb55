"""Chroma's chunking-evaluation numbers (Smith & Troynikov, 2024), on demand.

Under ``--compat chroma`` (``compat="chroma"`` in Python) ``SpanP@k``, ``SpanR@k`` and
``SpanIoU@k`` take the denominators of Chroma's evaluation code instead of sdreval's
overlap-aware ones.  For one question with gold excerpts g_1..g_m and retrieved chunks
c_1..c_k (the first k):

* numerator N = |(c_1 ∪ … ∪ c_k) ∩ (g_1 ∪ … ∪ g_m)|, the retrieved gold characters, once;
* recall = N / Σ|g_j|;
* precision = N / Σ|c_i| (a character retrieved by two overlapping chunks counts twice);
* IoU = N / (Σ|c_i| + Σ_j |g_j \\ (c_1 ∪ … ∪ c_k)|).

``SpanOmega`` is Chroma's ``precision_omega``: the precision of the chunking itself, from
every chunk of the run's chunking that touches a gold excerpt (T, shared boundary included):
|∪T ∩ G| / |∪T ∪ G|.  ``retrieve=-1`` on ``SpanP``/``SpanR``/``SpanIoU`` is Chroma's
``retrieve=-1``: k is the number of chunks of the chunking touching gold, at most 20.  Both
need a chunk-ID run with its chunk map.  Chroma's report speaks of tokens; its code counts
characters, as here.  A question without gold scores NaN here, left out of means (Chroma's
code divides by its zero gold length and stops).
A gold span given more than once is read once (the span readers' warning) by every measure
but these three: Chroma's code sums its excerpts as listed, so Σ|g_j| and the unretrieved
part of IoU count each copy, here too.
"""
from __future__ import annotations

import numpy as np

from ...errors import UsageError
from ...lazy import lazy_module
from ..passage.kernels import merge_intervals

pd = lazy_module("pandas")

CHROMA_MEASURES = ("SpanP", "SpanR", "SpanIoU")
MAX_RETRIEVE = 20  # Chroma's cap on k under retrieve=-1


def _union(starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return merge_intervals(np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64))


def _overlap(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> int:
    """Characters in both unions of disjoint sorted intervals."""
    total = 0
    for s, e in zip(*a):
        lo = np.maximum(b[0], s)
        hi = np.minimum(b[1], e)
        total += int(np.clip(hi - lo, 0, None).sum())
    return total


def _size(union: tuple[np.ndarray, np.ndarray]) -> int:
    return int((union[1] - union[0]).sum())


def _by_doc(docs, starts, ends) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    frame = pd.DataFrame({"d": docs, "s": starts, "e": ends})
    return {str(d): (g["s"].to_numpy(np.int64), g["e"].to_numpy(np.int64))
            for d, g in frame.groupby("d", sort=False)}


def _touching(chunks: dict, gold: dict) -> dict[str, np.ndarray]:
    """Per document, the mask of chunks touching some gold span (shared boundary included)."""
    out = {}
    for doc, (gs, ge) in gold.items():
        if doc not in chunks:
            continue
        cs, ce = chunks[doc]
        out[doc] = (np.maximum(cs[:, None], gs[None, :])
                    <= np.minimum(ce[:, None], ge[None, :])).any(axis=1)
    return out


def question_scores(gold_docs, gold_starts, gold_ends, docs, starts, ends, copies=None
                    ) -> dict[str, float]:
    """Chroma's recall, precision and IoU of one question from its gold spans (``copies``:
    how many times each was given, 1 by default) and its first k retrieved chunks (arrays,
    rank order)."""
    copies = np.ones(len(gold_starts), np.int64) if copies is None else np.asarray(copies)
    gold = _by_doc(gold_docs, gold_starts, gold_ends)
    times = dict(zip(zip(map(str, gold_docs), map(int, gold_starts), map(int, gold_ends)),
                     copies.tolist()))
    got = _by_doc(docs, starts, ends)
    found = 0
    unused = 0
    for doc, (gs, ge) in gold.items():
        retrieved = _union(*got[doc]) if doc in got else (np.zeros(0, np.int64),) * 2
        found += _overlap(_union(gs, ge), retrieved)
        for s, e in zip(gs, ge):  # each excerpt's characters not retrieved, each copy
            unused += times[doc, int(s), int(e)] * (
                int(e - s) - _overlap((np.array([s]), np.array([e])), retrieved))
    gold_sum = int(((np.asarray(gold_ends) - np.asarray(gold_starts)) * copies).sum())
    chunk_sum = int((np.asarray(ends) - np.asarray(starts)).sum())
    return {"SpanR": found / gold_sum if gold_sum else 0.0,
            "SpanP": found / chunk_sum if chunk_sum else 0.0,
            "SpanIoU": found / (chunk_sum + unused) if chunk_sum + unused else 0.0}


def omega_and_count(gold_docs, gold_starts, gold_ends, chunk_map) -> tuple[float, int]:
    """Chroma's ``precision_omega`` of one question and the number of chunks of the chunking
    touching its gold text."""
    gold = _by_doc(gold_docs, gold_starts, gold_ends)
    chunks = {}
    for doc in gold:
        mine = chunk_map.docs == doc
        chunks[doc] = (chunk_map.starts[mine], chunk_map.ends[mine])
    touching = _touching(chunks, gold)
    inside = union = count = 0
    for doc, (gs, ge) in gold.items():
        mask = touching.get(doc, np.zeros(0, dtype=bool))
        count += int(mask.sum())
        t = _union(chunks[doc][0][mask], chunks[doc][1][mask])
        g = _union(gs, ge)
        inside += _overlap(t, g)
        union += _size(t) + _size(g) - _overlap(t, g)
    return (inside / union if union and inside else 0.0), count


def chunking_of(run):
    """The chunk map of a chunk-ID run (its own chunking), for SpanOmega and retrieve=-1."""
    chunk_map = getattr(run, "chunk_map", None)
    if chunk_map is None:
        raise UsageError(f"run {run.name}: SpanOmega and retrieve=-1 need a chunk-ID run read "
                         "with its chunk map (--chunk-map FILE), from one chunking")
    return chunk_map


def compute_chroma(measures, gold: pd.DataFrame, run, topics: list[str], ctx
                   ) -> dict[str, dict[str, float]]:
    """Chroma's numbers of ``measures`` (SpanP/SpanR/SpanIoU under ``--compat chroma``,
    SpanOmega in either mode) for every topic with gold text."""
    out: dict[str, dict[str, float]] = {m.text: {} for m in measures}
    by_topic = {t: g for t, g in gold.groupby("topic", sort=False)}
    needs_map = any(m.name == "SpanOmega" or m.get("retrieve", ctx) is not None
                    for m in measures)
    chunk_map = chunking_of(run) if needs_map else None
    for t in topics:
        g = by_topic.get(t)
        if g is None or not len(g):
            for m in measures:
                out[m.text][t] = float("nan")
            continue
        gd, gs, ge, copies = (g["doc"].to_numpy(object), g["start"].to_numpy(np.int64),
                              g["end"].to_numpy(np.int64), g["copies"].to_numpy(np.int64))
        omega, touching = omega_and_count(gd, gs, ge, chunk_map) if needs_map else (0.0, 0)
        ranking = run.topics.get(t)
        for m in measures:
            if m.name == "SpanOmega":
                out[m.text][t] = omega
                continue
            k = min(touching, MAX_RETRIEVE) if m.get("retrieve", ctx) is not None else (
                None if m.cutoff is None else int(m.cutoff))
            if ranking is None:
                out[m.text][t] = 0.0
                continue
            docs, starts = ranking.docs[:k], ranking.offsets[:k].astype(np.int64)
            ends = starts + ranking.lengths[:k].astype(np.int64)
            out[m.text][t] = question_scores(gd, gs, ge, docs, starts, ends, copies)[m.name]
    return out
