"""XCG gain vectors: quantisation, overlap (RV, Kazai & Lalmas 2006, Eq. 9) and near-miss cap (Eq. 8).

Gain of the result ``c`` at rank ``i``:

1. ``q = quant(assess(c))``, 0 when ``c`` is not assessed;
2. ``rv(c)`` by Eq. 9: not seen -> ``q``; fully seen (an earlier result is ``c`` or an
   ancestor) -> ``(1-α)·q``; partially seen (an earlier result is a descendant) ->
   ``α·Σ_children rv(child)·|child|/|c| + (1-α)·q``, recursively (an unseen child contributes
   its own ``q``, a fully seen child ``(1-α)·q(child)``).  Unrolled, the recursion is
   ``rv(c) = (1-α)·q(c) + Σ_x α^{depth(x)-depth(c)} · |x|/|c| · φ(x)`` over the elements ``x``
   below ``c`` where the recursion stops or passes: ``φ = q(x)`` for an unseen ``x`` with no
   seen descendant whose parent is partially seen, ``(1-α)·q(x)`` for a partially seen or a
   retrieved ``x`` reached by the recursion (the sizes of the elements in between cancel);
3. near-miss cap (Eq. 8, ``ideal="ideal"``): each ideal node holds a budget equal to its quant;
   a result on its relevant path (the ideal node, a descendant, an ancestor) is credited
   ``min(rv, remaining budget)``.  An ancestor of several ideal nodes draws on their budgets
   together and takes the credit from them in proportion to what each has left.  A result
   related to no ideal node scores 0 (there is no budget to draw on; with the default
   ``keep="ancestor"`` every relevant element lies on the path of an ideal node, so this only
   happens with ``keep="descendant"`` or for content quantised to 0).
   ``ideal="full"`` (thorough): the ideal vector is the full recall-base, no cap.

Sizes: per document, the assessments' size field when every assessed element of the document
has one; otherwise the collection's character sizes (``ctx.collection``) when it holds the
document; otherwise unknown.  A partially seen result whose recursion needs an unknown size
is scored as fully seen, ``(1-α)·q`` (never rewards possibly redundant text), and counted.

Two implementations: :func:`reference_gains` (per-result recursion, the readable definition,
used as the oracle in tests) and :func:`run_gains` (vectorised over all topics of a run).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...errors import UsageError
from ...judgements.qrels import TopicQrels
from ...judgements.quantise import get_quantisation
from ...judgements.recallbase import full_recall_base, ideal_recall_base, quantised_values
from ...lazy import lazy_module
from ...model.run import Ranking, Run
from ...model.xpath import is_ancestor, is_ancestor_or_self, parent_path
from ..classic.gains import ObjectIds
from ..cumgain import GAIN_EPS
from ..segments import segmented_cumsum

pd = lazy_module("pandas")

SEP = "\x01"
ROOT = "/article[1]"  # the path of a result without one (document runs)
BIG = np.iinfo(np.int64).max // 4


@dataclass(frozen=True)
class GainSettings:
    """Parameters of the gain computation."""

    quant: str
    alpha: float = 1.0
    ideal: str = "ideal"  # "ideal" (focused, capped) or "full" (thorough, no cap)
    keep: str = "ancestor"

    def __post_init__(self) -> None:
        if not 0.0 <= float(self.alpha) <= 1.0:
            raise UsageError(f"alpha must be in [0, 1], not {self.alpha}")
        if self.ideal not in ("ideal", "full"):
            raise UsageError(f"ideal must be 'ideal' or 'full', not {self.ideal!r}")
        if self.keep not in ("ancestor", "descendant"):
            raise UsageError(f"keep must be 'ancestor' or 'descendant', not {self.keep!r}")
        get_quantisation(self.quant)


@dataclass
class TopicTable:
    """Static per-topic data: the elements of the documents holding content quantised > 0
    (closed under ancestors), sorted so that every subtree is a contiguous block."""

    topic: str
    keys: np.ndarray            # "doc\x01path", sorted
    lookup: dict                # "doc\x01path" -> index >= 0; unassessed elements of the
                                #   documents with content are cached as -2 - nearest ancestor
    doc_state: dict             # judged document -> 1, or 2 if it has content quantised > 0
    q: np.ndarray
    size: np.ndarray            # nan = unknown
    depth: np.ndarray
    parent: np.ndarray          # local index, -1 for roots
    hi: np.ndarray              # end (exclusive) of the subtree block
    anc: np.ndarray             # (n, maxdepth) proper ancestors, nearest first, -1 padded
    ideal_anc: np.ndarray       # ideal id that is ancestor-or-self, -1
    ideal_lo: np.ndarray        # ideal ids strictly below: [ideal_lo, ideal_hi)
    ideal_hi: np.ndarray
    budget: np.ndarray          # per ideal id
    ideal_vector: np.ndarray    # xI, descending


def element_sizes(topic_qrels: TopicQrels, collection: Any = None) -> dict[tuple[str, str], float]:
    """``(doc, path) -> size`` by the rule of the module docstring (unknown sizes absent)."""
    by_doc: dict[str, list] = {}
    for (d, _), a in topic_qrels.elements.items():
        by_doc.setdefault(d, []).append(a)
    out: dict[tuple[str, str], float] = {}
    for doc, assessed in by_doc.items():
        if all(a.size is not None and a.size > 0 for a in assessed):
            for a in assessed:
                out[(doc, a.path)] = float(a.size)
        elif collection is not None and doc in collection:
            tree = collection[doc]
            closure: set[str] = set()
            for a in assessed:
                node: str | None = a.path
                while node is not None and node not in closure:
                    closure.add(node)
                    node = parent_path(node)
            for p in closure:
                if p in tree:
                    out[(doc, p)] = float(tree.chars(p))
    return out


def ideal_vector(topic_qrels: TopicQrels, settings: GainSettings) -> np.ndarray:
    """``xI``: the ideal (or, with ``ideal="full"``, the full) recall-base values, descending."""
    entries = (full_recall_base(topic_qrels, settings.quant) if settings.ideal == "full"
               else ideal_recall_base(topic_qrels, settings.quant, settings.keep))
    return np.array(sorted((e.value for e in entries), reverse=True), dtype=np.float64)


def build_topic_table(topic_qrels: TopicQrels, settings: GainSettings,
                      collection: Any = None) -> TopicTable:
    """The static element table of one topic for :func:`run_gains`."""
    values = quantised_values(topic_qrels, settings.quant)
    judged = sorted({d for d, _ in topic_qrels.elements})
    reldocs = sorted({d for (d, _), v in values.items() if v > 0})
    rel_set = set(reldocs)
    sizes = element_sizes(topic_qrels, collection)
    elements: set[tuple[str, str]] = set()
    for (d, p) in topic_qrels.elements:
        if d not in rel_set:
            continue
        node: str | None = p
        while node is not None and (d, node) not in elements:
            elements.add((d, node))
            node = parent_path(node)
    ordered = sorted(elements, key=lambda k: k[0] + SEP + k[1])
    keys = np.array([d + SEP + p for d, p in ordered], dtype=object)
    n = len(ordered)
    local = {k: i for i, k in enumerate(ordered)}
    q = np.array([values.get(k, 0.0) for k in ordered], dtype=np.float64)
    size = np.array([sizes.get(k, np.nan) for k in ordered], dtype=np.float64)
    depth = np.array([p.count("/") for _, p in ordered], dtype=np.int64)
    parent = np.fromiter((local.get((d, p[:p.rfind("/")]), -1) for d, p in ordered),
                         dtype=np.int64, count=n)  # a root's "parent" "" is never a key
    maxdepth = int(depth.max()) if n else 1
    anc = np.full((n, max(maxdepth, 1)), -1, dtype=np.int64)
    if n:
        anc[:, 0] = parent
        for k in range(1, anc.shape[1]):
            prev = anc[:, k - 1]
            anc[:, k] = np.where(prev >= 0, parent[np.maximum(prev, 0)], -1)
    # subtree blocks: descendants of key K are the keys in [K + "/", K + "0")
    sorted_keys = keys.astype(str) if n else np.array([], dtype=str)
    hi = (np.searchsorted(sorted_keys, np.char.add(sorted_keys, "0"), side="left")
          if n else np.zeros(0, dtype=np.int64)).astype(np.int64)
    # ideal nodes
    if settings.ideal == "ideal":
        entries = ideal_recall_base(topic_qrels, settings.quant, settings.keep)
        ideal_local = sorted(local[(e.doc, e.path)] for e in entries)
        xi = np.array(sorted((e.value for e in entries), reverse=True), dtype=np.float64)
    else:
        ideal_local = []
        xi = ideal_vector(topic_qrels, settings)
    ideal_pos = np.array(ideal_local, dtype=np.int64)
    budget = q[ideal_pos] if ideal_pos.size else np.zeros(0)
    ideal_anc = np.full(n, -1, dtype=np.int64)
    for iid, e in enumerate(ideal_local):
        ideal_anc[e:hi[e]] = iid  # the block of an ideal node: itself and its descendants
    idx = np.arange(n)
    ideal_lo = np.searchsorted(ideal_pos, idx + 1, side="left").astype(np.int64)
    ideal_hi = np.searchsorted(ideal_pos, hi, side="left").astype(np.int64)
    return TopicTable(
        topic=topic_qrels.topic, keys=keys, lookup={k: i for i, k in enumerate(keys.tolist())},
        doc_state={**dict.fromkeys(judged, 1), **dict.fromkeys(reldocs, 2)},
        q=q, size=size, depth=depth, parent=parent, hi=hi, anc=anc, ideal_anc=ideal_anc,
        ideal_lo=ideal_lo, ideal_hi=ideal_hi, budget=budget, ideal_vector=xi)


@dataclass
class RunGains:
    """Gain vectors of one run: ``gains[topic]`` plus counters for warnings."""

    gains: dict[str, np.ndarray] = field(default_factory=dict)
    unknown_docs: int = 0
    size_fallbacks: int = 0


_MISS = -1


def run_gains(gt: GlobalTable, run: Run, settings: GainSettings) -> RunGains:
    """Gain vectors of every topic of ``run`` (vectorised over results and topics)."""
    out = RunGains()
    rows, elem, time, elem_u, time_u, row_offsets = _locate(gt, run, out)
    gains_all = np.zeros(int(row_offsets[-1]))
    if rows.size:
        gains_all[rows] = _global_gains(gt, rows, elem, time, elem_u, time_u,
                                        float(settings.alpha), settings, out)
    for t_i, table in enumerate(gt.tables):
        out.gains[table.topic] = gains_all[row_offsets[t_i]:row_offsets[t_i + 1]]
    return out


def _concat(tables: list[TopicTable], offsets: np.ndarray, name: str, shift: bool) -> np.ndarray:
    parts = []
    for t_i, table in enumerate(tables):
        arr = getattr(table, name)
        if shift:
            arr = np.where(arr >= 0, arr + offsets[t_i], -1)
        parts.append(arr)
    return np.concatenate(parts) if parts else np.zeros(0)


@dataclass
class GlobalTable:
    """The topic tables of an evaluation concatenated (global element and ideal ids)."""

    tables: list[TopicTable]
    offsets: np.ndarray
    total: int
    q: np.ndarray
    size: np.ndarray
    depth: np.ndarray
    parent: np.ndarray
    hi: np.ndarray
    anc: np.ndarray
    anc_s: np.ndarray
    relpos: np.ndarray
    budget: np.ndarray
    ideal_anc: np.ndarray   # global ideal ids
    ideal_lo: np.ndarray
    ideal_hi: np.ndarray
    # integer codes of results: topic << 48 | doc id << 24 | path id
    doc_ids: ObjectIds = field(default_factory=ObjectIds)
    path_ids: ObjectIds = field(default_factory=ObjectIds)
    ekeys: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    eindex: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    doc_state: np.ndarray = field(default_factory=lambda: np.zeros((0, 1), dtype=np.int8))
    seen_keys: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    seen_codes: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    parent_pid: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    _levels: list | None = None
    _indexes: dict = field(default_factory=dict)

    def index(self, name: str) -> pd.Index:
        """A hash index of the sorted unique keys ``ekeys`` or ``seen_keys`` (rebuilt when
        the array is replaced)."""
        keys = getattr(self, name)
        found = self._indexes.get(name)
        if found is None or found[0] is not keys:
            found = self._indexes[name] = (keys, pd.Index(keys, copy=False))
        return found[1]

    def levels(self) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
        """Non-root elements by depth, shallowest first: ``(elements, their parents,
        segment starts, segment parents)`` with the elements grouped by parent (segments)."""
        if self._levels is None:
            self._levels = []
            has_parent = self.parent >= 0
            for d in np.unique(self.depth[has_parent]).tolist():
                idx = np.flatnonzero(has_parent & (self.depth == d))
                idx = idx[np.argsort(self.parent[idx], kind="stable")]
                par = self.parent[idx]
                starts = np.flatnonzero(np.r_[True, par[1:] != par[:-1]])
                self._levels.append((idx, par, starts, par[starts]))
        return self._levels


def global_table(tables: list[TopicTable]) -> GlobalTable:
    offsets = np.cumsum([0] + [len(t.keys) for t in tables]).astype(np.int64)
    total = int(offsets[-1])
    width = max([t.anc.shape[1] for t in tables] + [1])
    anc = np.full((total, width), -1, dtype=np.int64)
    for i, t in enumerate(tables):
        a = t.anc
        anc[offsets[i]:offsets[i + 1], :a.shape[1]] = np.where(a >= 0, a + offsets[i], -1)
    ideal_off = np.cumsum([0] + [len(t.budget) for t in tables]).astype(np.int64)
    shift = (np.concatenate([np.full(len(t.keys), ideal_off[i], dtype=np.int64)
                             for i, t in enumerate(tables)]) if tables
             else np.zeros(0, dtype=np.int64))
    ia = _concat(tables, offsets, "ideal_anc", False).astype(np.int64)
    q = _concat(tables, offsets, "q", False).astype(np.float64)
    doc_ids = ObjectIds()
    path_ids = ObjectIds()
    ekeys = []
    for t_i, t in enumerate(tables):
        for key in t.keys.tolist():
            d, p = key.split(SEP, 1)
            ekeys.append(_code(t_i, doc_ids.add(d), path_ids.add(p)))
        for d in t.doc_state:
            doc_ids.add(d)
    # doc_state[topic, doc id] = 0 unknown, 1 judged, 2 with content; last column: no id
    doc_state = np.zeros((len(tables), len(doc_ids) + 1), dtype=np.int8)
    for t_i, t in enumerate(tables):
        for d, state in t.doc_state.items():
            doc_state[t_i, doc_ids.ids[d]] = state
    if len(tables) >= 1 << 15 or len(doc_ids) >= 1 << 24 or len(path_ids) >= 1 << 24:
        raise UsageError("too many topics, documents or paths for one XCG evaluation")
    ekeys_a = np.array(ekeys, dtype=np.int64)
    order = np.argsort(ekeys_a, kind="stable")
    glob = GlobalTable(
        tables=tables, offsets=offsets, total=total, q=q,
        size=_concat(tables, offsets, "size", False).astype(np.float64),
        depth=_concat(tables, offsets, "depth", False).astype(np.int64),
        parent=_concat(tables, offsets, "parent", True).astype(np.int64),
        hi=(np.concatenate([t.hi + offsets[i] for i, t in enumerate(tables)]).astype(np.int64)
            if tables else np.zeros(0, dtype=np.int64)),
        anc=anc, anc_s=np.where(anc >= 0, anc, total),
        relpos=np.flatnonzero(q > 0),
        budget=(np.concatenate([t.budget for t in tables]).astype(np.float64) if tables
                else np.zeros(0)),
        ideal_anc=np.where(ia >= 0, ia + shift, -1),
        ideal_lo=_concat(tables, offsets, "ideal_lo", False).astype(np.int64) + shift,
        ideal_hi=_concat(tables, offsets, "ideal_hi", False).astype(np.int64) + shift,
        doc_ids=doc_ids, path_ids=path_ids, ekeys=ekeys_a[order], eindex=order.astype(np.int64),
        doc_state=doc_state)
    return glob


def _code(topic: int, doc: int, path: int) -> int:
    return (topic << 48) | (doc << 24) | path


def _member(index: pd.Index, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
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
        found, at = _member(gt.index("ekeys"),
                            (topic[active] << 48) | (gdoc[active] << 24) | current)
        out[active[found]] = -2 - gt.eindex[at[found]]
        active, current = active[~found], current[~found]
    return out


def _locate(gt: GlobalTable, run: Run, out: "RunGains"):
    """Map every result to a global element (known), or to the nearest known ancestor of an
    unassessed element of a document with content (attached); vectorised with integer codes.

    Returns ``rows, elem, time`` of known results, ``elem_u, time_u`` of attached ones and the
    row offsets of the topics in the concatenated gain vector."""
    rankings = [run.get(t.topic) for t in gt.tables]
    if any(r.unit == "passage" for r in rankings):
        raise UsageError("XCG measures need element results; this run holds passages")
    lengths = np.array([len(r) for r in rankings], dtype=np.int64)
    row_offsets = np.concatenate([[0], np.cumsum(lengths)])
    empty = np.zeros(0, dtype=np.int64)
    if row_offsets[-1] == 0:
        return empty, empty, empty, empty, empty, row_offsets
    topic = np.repeat(np.arange(len(rankings), dtype=np.int64), lengths)
    time = np.arange(topic.size, dtype=np.int64) - np.repeat(row_offsets[:-1], lengths) + 1
    # documents looked up ranking by ranking (no concatenated object array to build)
    gdoc = np.concatenate([gt.doc_ids.lookup(r.docs) for r in rankings])
    state = gt.doc_state[topic, gdoc]  # gdoc -1 -> the last column (0)
    out.unknown_docs += int(np.count_nonzero(state == 0))
    sel = np.flatnonzero(state == 2)
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
    found, at = _member(gt.index("ekeys"), ekey)
    codes = np.where(found, gt.eindex[at], _MISS)
    miss = np.flatnonzero(~found)
    if miss.size:
        cached, cat = _member(gt.index("seen_keys"), ekey[miss])
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


def _global_gains(gt: GlobalTable, rows, elem, time, elem_u, time_u, alpha,
                  settings: GainSettings, out: RunGains) -> np.ndarray:
    total = gt.total
    q, size, depth, parent, hi = gt.q, gt.size, gt.depth, gt.parent, gt.hi
    sentinel = total
    # first retrieval time of each element, and of unassessed results attached below it
    t_first = np.full(total + 1, BIG, dtype=np.int64)
    np.minimum.at(t_first, elem, time)
    d0 = np.full(total + 1, BIG, dtype=np.int64)
    if elem_u.size:
        np.minimum.at(d0, elem_u, time_u)
    # desc: first retrieval time of any proper descendant (an attached unassessed result is
    # one), bottom-up over the depth levels; covered: first retrieval time of the element or
    # any ancestor, top-down (integer minima: exact)
    desc = d0.copy()
    covered = t_first.copy()
    levels = gt.levels()
    for idx, par, starts, seg_par in reversed(levels):
        below = np.minimum.reduceat(np.minimum(t_first[idx], desc[idx]), starts)
        desc[seg_par] = np.minimum(desc[seg_par], below)
    for idx, par, _, _ in levels:
        covered[idx] = np.minimum(t_first[idx], covered[par])
    desc[sentinel] = BIG
    covered[sentinel] = BIG

    def covered_time(idx: np.ndarray) -> np.ndarray:
        """First retrieval time of the element or any ancestor."""
        return covered[idx]

    qe = q[elem]
    cov = covered_time(elem) < time
    part = ~cov & (desc[elem] < time)
    rv = np.where(cov, (1.0 - alpha) * qe, qe)
    if alpha > 0 and part.any():
        p_idx = np.flatnonzero(part)
        c = elem[p_idx]
        ti = time[p_idx]
        relpos = gt.relpos
        a = np.searchsorted(relpos, c + 1, side="left")
        b = np.searchsorted(relpos, hi[c], side="left")
        cnt = b - a
        n_pairs = int(cnt.sum())
        contrib = np.zeros(p_idx.size)
        unknown = np.zeros(p_idx.size, dtype=bool)
        if n_pairs:
            owner = np.repeat(np.arange(p_idx.size), cnt)
            start = np.repeat(a - (np.cumsum(cnt) - cnt), cnt)
            x = relpos[start + np.arange(n_pairs)]
            i_p = ti[owner]
            ax = covered_time(x)
            px = parent[x]
            pxs = np.where(px >= 0, px, sentinel)
            ap = np.where(px >= 0, covered_time(pxs), BIG)
            dx = desc[x]
            dp = desc[pxs]
            covered_x = ax < i_p
            has_desc = dx < i_p
            parent_dirty = (dp < i_p) & (ap >= i_p)
            clean_frontier = ~covered_x & ~has_desc & parent_dirty
            dirty = ~covered_x & has_desc
            retrieved_frontier = (t_first[x] < i_p) & (ap >= i_p)
            qx = q[x]
            phi = np.where(clean_frontier, qx,
                           np.where(dirty | retrieved_frontier, (1.0 - alpha) * qx, 0.0))
            live = phi > 0
            cx = c[owner]
            weight = alpha ** (depth[x] - depth[cx]).astype(np.float64)
            with np.errstate(invalid="ignore", divide="ignore"):
                term = np.where(live, phi * weight * size[x] / size[cx], 0.0)
            bad = live & ~np.isfinite(term)
            unknown = np.bincount(owner, weights=bad.astype(float), minlength=p_idx.size) > 0
            contrib = np.bincount(owner, weights=np.where(bad, 0.0, term), minlength=p_idx.size)
        qc = q[c]
        value = (1.0 - alpha) * qc + contrib
        value = np.where(unknown, (1.0 - alpha) * qc, value)
        out.size_fallbacks += int(unknown.sum())
        rv[p_idx] = value
    if settings.ideal == "full":
        return rv
    return _cap(gt, elem, rows, rv)


def _cap(gt: GlobalTable, elem, rows, rv) -> np.ndarray:
    """Near-miss cap (Eq. 8) with budgets pooled for ancestors of several ideal nodes."""
    budget = gt.budget
    e_ia, e_lo, e_hi = gt.ideal_anc[elem], gt.ideal_lo[elem], gt.ideal_hi[elem]
    group = np.where(e_ia >= 0, e_ia, np.where(e_hi - e_lo == 1, e_lo, -1))
    multi = (e_ia < 0) & (e_hi - e_lo >= 2) & (rv > 0)
    credit = np.zeros(rv.size)
    active = (group >= 0) & (rv > 0)
    affected = np.zeros(budget.size, dtype=bool)
    if multi.any():
        m = np.flatnonzero(multi)
        marks = np.zeros(budget.size + 1, dtype=np.int64)
        np.add.at(marks, e_lo[m], 1)
        np.add.at(marks, e_hi[m], -1)
        affected = np.cumsum(marks)[:-1] > 0
    slow = multi | (active & affected[np.maximum(group, 0)])
    fast = active & ~slow
    if fast.any():
        f = np.flatnonzero(fast)
        order = f[np.lexsort((rows[f], group[f]))]
        g = group[order]
        first = np.r_[True, g[1:] != g[:-1]]
        # cumulated relevance value per ideal group, accumulated group by group (exact)
        within = segmented_cumsum(rv[order], np.r_[np.flatnonzero(first), g.size])
        got = np.minimum(budget[g], within)
        prev = np.where(first, 0.0, np.r_[0.0, got[:-1]])
        credit[order] = np.maximum(got - prev, 0.0)
    if slow.any():
        s = np.flatnonzero(slow)
        s = s[np.argsort(rows[s], kind="stable")]
        left = budget.tolist()
        for k, gr, l0, h0, v in zip(s.tolist(), group[s].tolist(), e_lo[s].tolist(),
                                     e_hi[s].tolist(), rv[s].tolist()):
            if gr >= 0:
                c = min(v, left[gr])
                left[gr] -= c
            else:
                pool = sum(left[l0:h0])
                c = min(v, pool)
                if c > 0:
                    left[l0:h0] = [b - c * b / pool for b in left[l0:h0]]
            credit[k] = c
    credit[credit <= GAIN_EPS] = 0.0  # residues of budget arithmetic
    return credit


# --------------------------------------------------------------------------------------
# Reference implementation (readable; the oracle of the vectorised one in tests)
# --------------------------------------------------------------------------------------

class _UnknownSize(Exception):
    pass


def reference_gains(topic_qrels: TopicQrels, ranking: Ranking, settings: GainSettings,
                    collection: Any = None) -> np.ndarray:
    """Gains of one ranking by the definitions of the module docstring, result by result."""
    alpha = float(settings.alpha)
    q = quantised_values(topic_qrels, settings.quant)
    sizes = element_sizes(topic_qrels, collection)
    cap = settings.ideal == "ideal"
    budgets: dict[tuple[str, str], float] = {}
    if cap:
        for e in ideal_recall_base(topic_qrels, settings.quant, settings.keep):
            budgets[(e.doc, e.path)] = e.value
    universe: dict[str, set[str]] = {}
    for (d, p) in topic_qrels.elements:
        universe.setdefault(d, set()).add(p)
    seen: dict[str, list[str]] = {}
    gains = np.zeros(len(ranking))

    def size_of(d: str, p: str) -> float:
        s = sizes.get((d, p))
        if s is None or not s > 0:
            raise _UnknownSize
        return s

    for i, (d, p) in enumerate(zip(ranking.docs, ranking.paths)):
        earlier = seen.setdefault(d, [])
        qc = q.get((d, p), 0.0)
        if any(is_ancestor_or_self(a, p) for a in earlier):
            rv = (1 - alpha) * qc
        elif alpha > 0 and any(is_ancestor(p, a) for a in earlier):
            seen_set = set(earlier)
            nodes = set(universe.get(d, ())) | seen_set
            closure = set()
            for node0 in nodes:
                node: str | None = node0
                while node is not None and node not in closure:
                    closure.add(node)
                    node = parent_path(node)
            kids: dict[str, list[str]] = {}
            for node in closure:
                par = parent_path(node)
                if par is not None:
                    kids.setdefault(par, []).append(node)

            def mass(x: str) -> float:
                """α-weighted relevant mass of partially seen ``x`` without its own term."""
                total = 0.0
                for ch in kids.get(x, ()):
                    qch = q.get((d, ch), 0.0)
                    if ch in seen_set:
                        m = (1 - alpha) * qch * size_of(d, ch) if qch * (1 - alpha) > 0 else 0.0
                    elif any(is_ancestor(ch, a) for a in earlier):
                        inner = mass(ch)
                        own = (1 - alpha) * qch * size_of(d, ch) if qch * (1 - alpha) > 0 else 0.0
                        m = alpha * inner + own
                    else:
                        m = qch * size_of(d, ch) if qch > 0 else 0.0
                    total += m
                return total

            try:
                inner = mass(p)
                rv = (1 - alpha) * qc + (alpha * inner / size_of(d, p) if inner > 0 else 0.0)
            except _UnknownSize:
                rv = (1 - alpha) * qc
        else:
            rv = qc
        earlier.append(p)
        if not cap:
            gains[i] = rv
            continue
        related = [k for k in budgets if k[0] == d and (is_ancestor_or_self(k[1], p)
                                                          or is_ancestor(p, k[1]))]
        pool = sum(budgets[k] for k in related)
        credit = min(rv, pool) if related else 0.0
        if credit > 0:
            for k in related:
                budgets[k] -= credit * budgets[k] / pool
        gains[i] = credit if credit > GAIN_EPS else 0.0
    return gains


__all__ = ["GainSettings", "TopicTable", "RunGains", "build_topic_table", "run_gains",
           "reference_gains", "ideal_vector", "element_sizes", "GlobalTable", "global_table"]
