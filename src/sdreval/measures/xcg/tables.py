"""Element tables of the XCG gains: per topic the elements of the documents with content
(closed under ancestors, each subtree a contiguous block) and the ideal nodes with their
budgets; the tables of an evaluation concatenated with global element ids.

Memory is linear in the judgements: the judged documents of each topic are kept as sorted
``topic << 24 | document`` codes with their state, not as a topics × documents table.
The gains these tables serve are defined in :mod:`.gains`.
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
from ...model.xpath import parent_path
from ..classic.gains import ObjectIds

pd = lazy_module("pandas")

SEP = "\x01"
ROOT = "/article[1]"  # the path of a result without one (document runs)
#: document states of :attr:`GlobalTable.doc_states`
UNKNOWN, JUDGED, CONTENT = 0, 1, 2


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
    doc_state: dict             # judged document -> JUDGED, or CONTENT if quantised > 0 somewhere
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
        doc_state={**dict.fromkeys(judged, JUDGED), **dict.fromkeys(reldocs, CONTENT)},
        q=q, size=size, depth=depth, parent=parent, hi=hi, anc=anc, ideal_anc=ideal_anc,
        ideal_lo=ideal_lo, ideal_hi=ideal_hi, budget=budget, ideal_vector=xi)


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
    # judged documents: sorted codes topic << 24 | doc id, and their state (JUDGED, CONTENT)
    doc_keys: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    doc_states: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int8))
    seen_keys: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    seen_codes: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    parent_pid: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    _levels: list | None = None
    _indexes: dict = field(default_factory=dict)

    def index(self, name: str) -> pd.Index:
        """A hash index of the sorted unique keys ``ekeys``, ``seen_keys`` or ``doc_keys``
        (rebuilt when the array is replaced)."""
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
    """The topic tables concatenated: global element ids, integer codes of the assessed
    elements and of the judged documents."""
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
    # (topic, judged document) pairs as sorted codes with their state: linear in the judgements
    ids = doc_ids.ids
    pair_keys = np.fromiter(((t_i << 24) | ids[d] for t_i, t in enumerate(tables)
                             for d in t.doc_state), np.int64)
    pair_states = np.fromiter((s for t in tables for s in t.doc_state.values()), np.int8,
                              pair_keys.size)
    by_key = np.argsort(pair_keys, kind="stable")
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
        doc_keys=pair_keys[by_key], doc_states=pair_states[by_key])
    return glob


def _code(topic: int, doc: int, path: int) -> int:
    return (topic << 48) | (doc << 24) | path

