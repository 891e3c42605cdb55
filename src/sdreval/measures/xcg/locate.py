"""Results of a run located in the element tables: each result of a document with content is
an assessed element (known) or attached to its nearest assessed ancestor (an unassessed
element), vectorised with integer codes ``topic << 48 | doc id << 24 | path id``."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...errors import UsageError
from ...lazy import lazy_module
from ...model.run import Run
from .tables import CONTENT, ROOT, UNKNOWN, GlobalTable

pd = lazy_module("pandas")


@dataclass
class RunGains:
    """Gain vectors of one run: ``gains[topic]`` plus counters for warnings."""

    gains: dict[str, np.ndarray] = field(default_factory=dict)
    unknown_docs: int = 0
    size_fallbacks: int = 0


_MISS = -1


def member(index: pd.Index, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(found, position)`` of ``keys`` in the unique keys of ``index`` (a hash lookup)."""
    if index.size == 0:
        return np.zeros(keys.size, dtype=bool), np.zeros(keys.size, dtype=np.int64)
    at = index.get_indexer(keys)
    return at >= 0, np.maximum(at, 0)


def _parent_ids(gt: GlobalTable, pids: np.ndarray) -> np.ndarray:
    """Path id of the parent of each path id (-1 for a root), registering parents."""
    known = gt.parent_pid
    if known.size < len(gt.path_ids):
        extra = []
        i = known.size
        while i < len(gt.path_ids):  # parents registered here are resolved in turn
            path = gt.path_ids.keys[i]
            cut = path.rfind("/")
            extra.append(gt.path_ids.add(path[:cut]) if cut > 0 else -1)
            i += 1
        known = gt.parent_pid = np.concatenate([known, np.array(extra, dtype=np.int64)])
    return known[pids]


def _nearest_known_ancestor(gt: GlobalTable, topic: np.ndarray, gdoc: np.ndarray,
                            pids: np.ndarray) -> np.ndarray:
    """``-2 - element`` for the deepest table element that is a proper ancestor of each
    ``(topic, doc, path id)``, -1 if none: parents by path id, one hash lookup per level."""
    out = np.full(pids.size, -1, dtype=np.int64)
    active = np.arange(pids.size)
    current = pids
    while active.size:
        current = _parent_ids(gt, current)
        keep = current >= 0
        active, current = active[keep], current[keep]
        if not active.size:
            break
        found, at = member(gt.index("ekeys"),
                            (topic[active] << 48) | (gdoc[active] << 24) | current)
        out[active[found]] = -2 - gt.eindex[at[found]]
        active, current = active[~found], current[~found]
    return out


def locate(gt: GlobalTable, run: Run, out: RunGains):
    """Map every result to a global element (known), or to the nearest known ancestor of an
    unassessed element of a document with content (attached); vectorised with integer codes.

    Returns ``rows, elem, time`` of known results, ``elem_u, time_u`` of attached ones and the
    row offsets of the topics in the concatenated gain vector."""
    rankings = [run.get(t.topic) for t in gt.tables]
    if any(r.unit == "passage" for r in rankings):
        raise UsageError(f"run {run.name}: XCG measures (nxCG, MAep, ep/gr, Q, R) need element "
                         "results; it holds passages: use MAiP, iP@0.01, MAgP (passage qrels)")
    lengths = np.array([len(r) for r in rankings], dtype=np.int64)
    row_offsets = np.concatenate([[0], np.cumsum(lengths)])
    empty = np.zeros(0, dtype=np.int64)
    if row_offsets[-1] == 0:
        return empty, empty, empty, empty, empty, row_offsets
    topic = np.repeat(np.arange(len(rankings), dtype=np.int64), lengths)
    time = np.arange(topic.size, dtype=np.int64) - np.repeat(row_offsets[:-1], lengths) + 1
    # documents looked up ranking by ranking (no concatenated object array to build)
    gdoc = np.concatenate([gt.doc_ids.lookup(r.docs) for r in rankings])
    state = np.full(gdoc.size, UNKNOWN, dtype=np.int8)
    named = np.flatnonzero(gdoc >= 0)
    found, at = member(gt.index("doc_keys"), (topic[named] << 24) | gdoc[named])
    state[named[found]] = gt.doc_states[at[found]]
    out.unknown_docs += int(np.count_nonzero(state == UNKNOWN))
    sel = np.flatnonzero(state == CONTENT)
    if sel.size == 0:
        return empty, empty, empty, empty, empty, row_offsets
    # paths of the results of documents with content only, gathered per ranking
    bounds = np.searchsorted(sel, row_offsets)
    parts = [rankings[t_i].paths[sel[bounds[t_i]:bounds[t_i + 1]] - row_offsets[t_i]]
             for t_i in np.flatnonzero(np.diff(bounds)).tolist()]
    paths = np.concatenate(parts).astype(object, copy=False)
    gpath = gt.path_ids.lookup(paths)
    for i in np.flatnonzero(gpath < 0).tolist():  # paths new to the evaluation
        if paths[i] is None:  # a result without a path (document run): the article
            paths[i] = ROOT
        gpath[i] = gt.path_ids.add(paths[i])
    if len(gt.path_ids) >= 1 << 24:
        raise UsageError("more than 16.7 million distinct element paths in one evaluation")
    ekey = (topic[sel] << 48) | (gdoc[sel] << 24) | gpath
    found, at = member(gt.index("ekeys"), ekey)
    codes = np.where(found, gt.eindex[at], _MISS)
    miss = np.flatnonzero(~found)
    if miss.size:
        cached, cat = member(gt.index("seen_keys"), ekey[miss])
        codes[miss[cached]] = gt.seen_codes[cat[cached]]
        new = miss[~cached]
        if new.size:  # unassessed elements seen for the first time: resolve and cache
            new_codes_a = _nearest_known_ancestor(gt, topic[sel[new]], gdoc[sel[new]],
                                                  gpath[new])
            codes[new] = new_codes_a
            keys_all = np.concatenate([gt.seen_keys, ekey[new]])
            codes_all = np.concatenate([gt.seen_codes, new_codes_a])
            keys_u, first = np.unique(keys_all, return_index=True)
            gt.seen_keys, gt.seen_codes = keys_u, codes_all[first]
    known = codes >= 0
    attached = codes <= -2
    rows = sel[known]
    return (rows, codes[known], time[rows], -2 - codes[attached], time[sel[attached]],
            row_offsets)
