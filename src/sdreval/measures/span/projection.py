"""Project span judgements onto a chunking: chunk-ID qrels for ID-based tools (trec_eval,
ir_measures, ranx).

A chunk ``c`` of document ``d`` is relevant to a topic by one of three stated rules, with G
the union of the topic's gold ranges in ``d`` and g one gold span:

* ``any``:   |c ∩ G| > 0 (the chunk touches gold text);
* ``chunk``: |c ∩ G| ≥ τ·|c| (at least τ of the chunk is gold);
* ``gold``:  |c ∩ g| ≥ τ·|g| for some gold span g (the chunk holds at least τ of a gold span).

Such qrels are tied to one chunking: change the chunker and they must be projected again,
and the rule and τ chosen change the scores (``sdreval sensitivity`` shows by how much).
"""
from __future__ import annotations

import numpy as np

from ...errors import UsageError
from ...io.ids import AS_WRITTEN, loose_id, loose_index
from ...lazy import lazy_module
from ..passage.kernels import BAND, coverage, merge_intervals

pd = lazy_module("pandas")

RULES = ("any", "chunk", "gold")


def check_rule(rule: str, tau: float) -> None:
    if rule not in RULES:
        raise UsageError(f"unknown projection rule {rule!r}; expected one of {', '.join(RULES)}")
    if rule != "any" and not 0.0 < tau <= 1.0:
        raise UsageError(f"parameter tau must be in (0, 1], got {tau}")


def project(gold: pd.DataFrame, chunk_ids: np.ndarray, chunk_docs: np.ndarray,
            chunk_starts: np.ndarray, chunk_ends: np.ndarray, rule: str = "any",
            tau: float = 0.5) -> pd.DataFrame:
    """Relevant chunks per topic: DataFrame ``topic, chunk_id, relevance`` (relevance 1), in
    topic order of ``gold`` (columns topic, doc, start, end) and chunk-map order."""
    check_rule(rule, tau)
    chunks = pd.DataFrame({"chunk_id": chunk_ids, "doc": chunk_docs,
                           "cs": np.asarray(chunk_starts, dtype=np.int64),
                           "ce": np.asarray(chunk_ends, dtype=np.int64),
                           "order": np.arange(len(chunk_ids))})
    columns = ["topic", "chunk_id", "relevance"]
    if not len(gold) or not len(chunks):
        return pd.DataFrame(columns=columns)
    spans = gold[["topic", "doc", "start", "end"]].copy()
    if rule != "gold":  # the union of the gold ranges of each (topic, document)
        keys = pd.MultiIndex.from_arrays([spans["topic"], spans["doc"]])
        codes, uniques = pd.factorize(keys)
        base = codes.astype(np.int64) * BAND
        s, e = merge_intervals(base + spans["start"].to_numpy(np.int64),
                               base + spans["end"].to_numpy(np.int64))
        owner = s // BAND
        spans = pd.DataFrame({"topic": uniques.get_level_values(0)[owner],
                              "doc": uniques.get_level_values(1)[owner],
                              "start": s - owner * BAND, "end": e - owner * BAND})
    spans["span"] = np.arange(len(spans))
    pairs = spans.merge(chunks, on="doc")
    shared = (np.minimum(pairs["end"], pairs["ce"]) - np.maximum(pairs["start"], pairs["cs"])
              ).clip(lower=0).to_numpy(dtype=np.float64)
    pairs = pairs.assign(shared=shared)[shared > 0]
    if rule == "any":
        chosen = pairs
    elif rule == "chunk":
        per_chunk = pairs.groupby(["topic", "order"], sort=False).agg(
            shared=("shared", "sum"), cs=("cs", "first"), ce=("ce", "first"),
            chunk_id=("chunk_id", "first")).reset_index()
        size = (per_chunk["ce"] - per_chunk["cs"]).to_numpy(dtype=np.float64)
        chosen = per_chunk[per_chunk["shared"].to_numpy() >= tau * size - 1e-9 * size]
    else:
        size = (pairs["end"] - pairs["start"]).to_numpy(dtype=np.float64)
        chosen = pairs[pairs["shared"].to_numpy() >= tau * size - 1e-9 * size]
    topic_order = {t: i for i, t in enumerate(pd.unique(gold["topic"]))}
    out = chosen[["topic", "chunk_id", "order"]].drop_duplicates(["topic", "chunk_id"])
    out = out.assign(t=out["topic"].map(topic_order)).sort_values(["t", "order"])
    return out.assign(relevance=1)[columns].reset_index(drop=True)


def unchunked_gold(gold_docs, chunk_docs) -> tuple[list[str], str]:
    """The documents with gold text (``gold_docs``) that have no chunk in a chunk map whose
    chunks are of ``chunk_docs`` (sorted), and a hint naming the chunk map's ids that name
    them once leading zeros, case and the Unicode form (NFC/NFD) are set aside (``'007'``
    and ``7``: ids are compared as written, as everywhere) or ''."""
    held = set(pd.unique(np.asarray(chunk_docs, dtype=object)).tolist())
    missing = sorted({str(d) for d in gold_docs} - held)
    if not missing:
        return [], ""
    loose = loose_index(held)
    pairs = [(doc, loose[loose_id(doc)]) for doc in missing if loose_id(doc) in loose]
    if not pairs:
        return missing, ""
    listed = ", ".join(f"{theirs!r} for {ours!r}" for ours, theirs in pairs[:3])
    return missing, (f"; the chunk map has {listed}{' ...' if len(pairs) > 3 else ''}: "
                     f"{AS_WRITTEN}; write the chunk map's doc ids as the qrels write them")


def unchunked_warning(missing: list[str], hint: str, where: str, then: str) -> str:
    """The warning on gold documents without a chunk (:func:`unchunked_gold`): ``where`` names
    the chunk map, ``then`` says what follows."""
    return (f"{len(missing)} document(s) with gold text have no chunk in {where}, so {then} "
            "(check the doc ids of the chunk map): " + ", ".join(missing[:20])
            + (" ..." if len(missing) > 20 else "") + hint)


def uncovered_gold(gold: pd.DataFrame, chunk_docs: np.ndarray, chunk_starts: np.ndarray,
                   chunk_ends: np.ndarray) -> pd.DataFrame:
    """Gold text of chunked documents that lies in no chunk: DataFrame ``topic, doc, chars``
    (characters of the union of the topic's gold ranges in ``doc`` outside the union of the
    document's chunks), one row per (topic, document) with chars > 0.  Documents without any
    chunk are left out (they are said as unchunked)."""
    columns = ["topic", "doc", "chars"]
    docs = pd.Index(pd.unique(np.asarray(chunk_docs, dtype=object)))
    spans = gold[gold["doc"].isin(docs)]
    if not len(spans):
        return pd.DataFrame(columns=columns)
    chunk_base = docs.get_indexer(np.asarray(chunk_docs, dtype=object)).astype(np.int64) * BAND
    cover_s, cover_e = merge_intervals(chunk_base + np.asarray(chunk_starts, dtype=np.int64),
                                       chunk_base + np.asarray(chunk_ends, dtype=np.int64))
    keys = pd.MultiIndex.from_arrays([spans["topic"], spans["doc"]])
    codes, uniques = pd.factorize(keys)
    pair = codes.astype(np.int64) * BAND  # the union of the gold ranges of each pair
    s, e = merge_intervals(pair + spans["start"].to_numpy(np.int64),
                           pair + spans["end"].to_numpy(np.int64))
    owner = s // BAND
    doc_base = docs.get_indexer(uniques.get_level_values(1)[owner]).astype(np.int64) * BAND
    s, e = s - owner * BAND + doc_base, e - owner * BAND + doc_base
    outside = (e - s) - coverage(cover_s, cover_e, s, e)
    chars = np.bincount(owner, weights=outside, minlength=len(uniques)).astype(np.int64)
    hit = np.flatnonzero(chars > 0)
    return pd.DataFrame({"topic": uniques.get_level_values(0)[hit],
                         "doc": uniques.get_level_values(1)[hit], "chars": chars[hit]},
                        columns=columns)
