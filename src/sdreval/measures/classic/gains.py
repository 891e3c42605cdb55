"""Quantised gains of ranked results, elements treated as independent documents.

Shared by the classic, inex_eval and inex_eval_ng families: per topic a map
``(doc, path) -> quant(e, s)`` (cached in ``ctx.cache``), the gain vector of a ranking and the
ideal gain vector (every assessed element with a positive value, sorted descending: the
"thorough" / overlapping recall-base of Ogilvie & Lalmas 2006, §2.6 and Vu & Gallinari 2005, §2.1).

Policy for a result retrieved twice in one list (same doc and path): the repeat earns gain 0
(it is a non-relevant result: the user has seen it); a warning is emitted when a relevant
result is repeated.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat
from typing import Any

import numpy as np

from ...errors import UsageError
from ...judgements.qrels import Qrels, TopicQrels
from ...judgements.quantise import Quantisation, default_quantisation, get_quantisation
from ...model.run import Ranking, Run

ROOT = "/article[1]"


def resolve_quant(name: str | Quantisation | None, qrels: Qrels) -> Quantisation:
    """The quantisation to use: the given name, else the generalised one of the qrels scale."""
    if name is None or name == "":
        name = default_quantisation(qrels.scale)
    return get_quantisation(name)


#: quantisations that apply to documents judged by highlighted passages (FOL qrels)
DOCUMENT_LEVEL_QUANTS = ("anyrel", "trec", "relfrac")


def document_level_values(tq: TopicQrels, quant: Quantisation) -> dict[tuple[str, str], float]:
    """``(doc, /article[1]) -> value`` of the documents of a topic judged by highlighted passages
    (FOL qrels): a document is relevant when it has highlighted text (relchars > 0), judged
    non-relevant when listed with relchars 0, unjudged otherwise.  Binary by default
    (``anyrel``: 1 or 0); ``relfrac`` grades a relevant document by relchars/doclen."""
    if quant.name not in DOCUMENT_LEVEL_QUANTS:
        raise UsageError(f"quantisation {quant.name!r} needs element assessments; on judgements "
                         "of highlighted passages document-level measures take quant=anyrel "
                         "(binary: relchars > 0, the default) or quant=relfrac "
                         "(relchars/doclen)")
    out: dict[tuple[str, str], float] = {}
    for doc, dp in tq.passages.items():
        relchars = dp.relevant_chars or sum(n for _, n in dp.ranges)
        relevant = dp.is_relevant
        if quant.name == "relfrac" and relevant:
            if not dp.doc_length:
                raise UsageError(f"topic {tq.topic}, document {doc}: quant=relfrac needs the "
                                 "document length (doclen), which these judgements do not give")
            out[(doc, ROOT)] = float(quant(1.0, min(relchars / dp.doc_length, 1.0)))
        else:
            out[(doc, ROOT)] = 1.0 if relevant else 0.0
    return out


def is_passage_only(qrels: Qrels) -> bool:
    """Judgements of highlighted passages only (FOL qrels): measured at the document level."""
    return qrels.scale == "fol"


def document_ranking(ranking: Ranking) -> tuple[Ranking, int, int]:
    """``(ranking of the documents in order of first appearance, results dropped as repeats of
    an earlier document, element results read as their documents)``; the ranking itself when
    it holds each document once, as a whole."""
    _, first = np.unique(ranking.docs.astype(str), return_index=True)
    paths = ranking.paths
    below = int(np.count_nonzero((paths != None) & (paths != ROOT)))  # noqa: E711
    if first.size == len(ranking) and not below:
        return ranking, 0, 0
    reduced = ranking.take(np.sort(first))
    reduced.paths[:] = None
    return reduced, len(ranking) - first.size, below


def document_run(run: Run, ctx: Any = None) -> Run:
    """The run reduced to its documents, in order of first appearance per topic (the rule for
    document-level measures on passage judgements; a document counts once, at its first
    result).  Runs without a repeated document or an element path are returned as they are."""
    cache = getattr(ctx, "cache", None)
    key = ("classic.document-run", id(run))
    if cache is not None and key in cache and cache[key][0] is run:
        return cache[key][1]
    reduced = {}  # only the rankings that change (a run's topics may be views: few kept)
    dropped = elements = 0
    for topic, ranking in run.topics.items():
        document, repeats, below = document_ranking(ranking)
        if document is not ranking:
            reduced[topic] = document
            dropped += repeats
            elements += below
    changed = len(reduced)
    out = run
    if changed:
        topics = run.topics.copy()  # a dict, or shared columns with the reduced ones set
        topics.update(reduced)
        out = Run(run.name, topics, run.unit, run.source)
    if changed and ctx is not None and hasattr(ctx, "warn"):
        # no counts in the message: the streaming path sees one topic at a time
        detail = ["later results of the same document dropped"] if dropped else []
        if elements:
            detail.append("element results read as their documents")
        ctx.warn(f"run {run.name}: document-level measures on judgements of highlighted "
                 f"passages read each document once, at its first result ("
                 + "; ".join(detail) + "; docs/classic.md)")
    if cache is not None:
        cache[key] = (run, out)
    return out


def per_topic_cache(ctx: Any, kind: str, qrels: Qrels, quant: Quantisation
                    ) -> dict[str, Any] | None:
    """``topic -> value`` cached in ``ctx`` for one kind of value, qrels and quantisation (one
    dict per kind rather than one cache key per topic: qrels and runs of very many topics)."""
    cache = getattr(ctx, "cache", None)
    if cache is None:
        return None
    return cache.setdefault((kind, id(qrels), quant.name), {})


#: what a topic without assessments maps to (shared: never modified)
_NO_ELEMENTS: dict = {}
_NO_GAINS = np.zeros(0)


def topic_quant_map(qrels: Qrels, topic: str, quant: Quantisation,
                    ctx: Any = None) -> dict[tuple[str, str], float]:
    """``(doc, path) -> quantised value`` for every assessed element of the topic (cached; not
    to be modified); documents for judgements of highlighted passages
    (:func:`document_level_values`)."""
    cache = per_topic_cache(ctx, "classic.qmap", qrels, quant)
    if cache is not None and topic in cache:
        return cache[topic]
    tq = qrels.topics.get(topic)
    if tq is not None and not tq.elements and tq.passages:
        result: dict[tuple[str, str], float] = document_level_values(tq, quant)
    elif tq is None or not tq.elements:
        result = _NO_ELEMENTS
    else:
        keys = list(tq.elements)
        e = np.fromiter((a.e for a in tq.elements.values()), float, len(keys))
        s = np.fromiter((a.s for a in tq.elements.values()), float, len(keys))
        values = np.atleast_1d(np.asarray(quant(e, s), dtype=np.float64))
        result = dict(zip(keys, values.tolist()))
    if cache is not None:
        cache[topic] = result
    return result


def ideal_gains(qmap: dict[tuple[str, str], float]) -> np.ndarray:
    """Positive quantised values of all assessed elements, sorted descending."""
    if not qmap:
        return _NO_GAINS
    values = np.fromiter(qmap.values(), float, len(qmap))
    values = values[values > 0]
    return -np.sort(-values)


def ranking_keys(ranking: Ranking) -> list[tuple[str, str]]:
    """``(doc, path)`` per result; a result without a path (document runs) is the root."""
    paths = ranking.paths.tolist()
    if None in paths:
        paths = [ROOT if p is None else p for p in paths]
    return list(zip(ranking.docs.tolist(), paths))


def topic_doc_map(qrels: Qrels, topic: str, quant: Quantisation,
                  ctx: Any = None) -> dict[str, dict[str, float]]:
    """``doc -> {path: quantised value}``: the fast lookup of :func:`ranking_gains` (built from
    the cached :func:`topic_quant_map` in one pass, not kept: the per-topic path serves
    evaluations of very many topics)."""
    by_doc: dict[str, dict[str, float]] = {}
    for (doc, path), value in topic_quant_map(qrels, topic, quant, ctx).items():
        by_doc.setdefault(doc, {})[path] = value
    return by_doc


def ranking_gains(ranking: Ranking, qmap: dict[tuple[str, str], float],
                  ctx: Any = None, label: str = "",
                  by_doc: dict[str, dict[str, float]] | None = None) -> np.ndarray:
    """Quantised value per result (0 if not assessed; 0 for a repeated result).

    With ``by_doc`` (:func:`topic_doc_map`) the lookup goes document first, which avoids
    building a ``(doc, path)`` key for the many results of unjudged documents.
    """
    docs = ranking.docs.tolist()
    n = len(docs)
    if by_doc is not None:
        gains = np.zeros(n)
        judged = np.flatnonzero(np.fromiter(map(by_doc.__contains__, docs), bool, n))
        paths = ranking.paths
        for i in judged.tolist():
            path = paths[i]
            gains[i] = by_doc[docs[i]].get(ROOT if path is None else path, 0.0)
    else:
        gains = np.fromiter(map(qmap.get, ranking_keys(ranking), repeat(0.0)), float, n)
    # only results with a positive value can be affected by a repeat
    positive = np.flatnonzero(gains > 0).tolist()
    if len(set(docs[i] for i in positive)) != len(positive):
        keys = ranking_keys(ranking)
        seen: set[tuple[str, str]] = set()
        repeats = 0
        for i in positive:
            if keys[i] in seen:
                gains[i] = 0.0
                repeats += 1
            else:
                seen.add(keys[i])
        if repeats and ctx is not None and hasattr(ctx, "warn"):
            ctx.warn(f"{label}: {repeats} repeated relevant result(s) scored as non-relevant")
    return gains


# --------------------------------------------------------------------------------------
# Run-level lookup, vectorised over all topics of a run (shared with the XCG fast path)
# --------------------------------------------------------------------------------------

try:  # pandas' object hash table: ~1.5x faster than dict lookups for many strings
    from pandas._libs.hashtable import PyObjectHashTable as _HashTable
except ImportError:  # pragma: no cover - other pandas versions: plain dicts
    _HashTable = None

class ObjectIds:
    """Integer ids of strings (document ids, paths), with a vectorised lookup of object arrays
    (pandas' object hash table when available, else a dict)."""

    def __init__(self, keys=()) -> None:
        self.ids: dict[Any, int] = {}
        self.keys: list[Any] = []  # id -> key
        self._table = _HashTable(64) if _HashTable is not None else None
        for key in keys:
            self.add(key)

    def __len__(self) -> int:
        return len(self.ids)

    def add(self, key: Any) -> int:
        """The id of ``key``, registered if new."""
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = len(self.ids)
            self.keys.append(key)
            if self._table is not None:
                self._table.set_item(key, found)
        return found

    def lookup(self, values: np.ndarray) -> np.ndarray:
        """Ids of ``values`` (an array), -1 for unknown ones."""
        if values.dtype != object:
            values = values.astype(object)
        if self._table is not None:
            return self._table.lookup(values).astype(np.int64, copy=False)
        return np.fromiter(map(self.ids.get, values.tolist(), repeat(-1)), dtype=np.int64,
                           count=values.size)


_TOPIC_SHIFT, _DOC_SHIFT = 48, 24
_LIMITS = (1 << 15, 1 << 24, 1 << 24)  # topics, documents, paths of the integer codes


@dataclass
class QrelsIndex:
    """Integer view of the assessments of some topics under one quantisation.

    ``state[topic, doc id]`` is 0 (document not judged for the topic; the last column stands
    for documents judged for no topic), 1 (judged) or 2 (holds an element quantised > 0);
    ``codes`` are the sorted ``topic << 48 | doc << 24 | path`` codes of the assessed elements
    of documents in state 2 and ``values`` their quantised values.  ``flat``: every assessed
    element of a document in state 2 is a root (one step, ``/article[1]``)."""

    topics: tuple[str, ...]
    doc_ids: dict[str, int]
    path_ids: dict[str, int]
    state: np.ndarray
    codes: np.ndarray
    values: np.ndarray
    flat: bool
    _docs: ObjectIds | None = None

    def doc_codes(self, docs: np.ndarray) -> np.ndarray:
        """Document id of each of ``docs`` (an object array), -1 if judged for no topic."""
        if self._docs is None:
            self._docs = ObjectIds(self.doc_ids)
        return self._docs.lookup(docs)


@dataclass
class RunLookup:
    """Per result of a run (topics concatenated in the given order, ranks in list order).

    ``q``: quantised value (0 when not assessed); ``repeat``: ``q > 0`` and the same
    ``(doc, path)`` came earlier in the list; ``nested``: some result of a document with
    content is not assessed and lies below a root (it may overlap an assessed element);
    ``none_paths``: some result of a document with content has no path (read as the root)."""

    offsets: np.ndarray
    topic: np.ndarray
    q: np.ndarray
    repeat: np.ndarray
    unknown_docs: int
    nested: bool
    none_paths: bool

    def split(self, values: np.ndarray) -> list[np.ndarray]:
        """``values`` (one per result) cut into one array per topic."""
        return [values[self.offsets[i]:self.offsets[i + 1]] for i in range(self.offsets.size - 1)]

    def matrix(self, values: np.ndarray) -> np.ndarray:
        """``values`` as a zero-padded topics × ranks matrix (at least one column)."""
        lengths = np.diff(self.offsets)
        out = np.zeros((lengths.size, max(int(lengths.max(initial=0)), 1)))
        if values.size:
            rank = np.arange(values.size) - np.repeat(self.offsets[:-1], lengths)
            out[self.topic, rank] = values
        return out


def qrels_index(qrels: Qrels, topics: list[str], quant: Quantisation,
                ctx: Any = None) -> QrelsIndex | None:
    """The (cached) :class:`QrelsIndex` of ``topics``; None beyond the integer code limits."""
    key = ("classic.index", id(qrels), quant.name, tuple(topics))
    cache = getattr(ctx, "cache", None)
    if cache is not None and key in cache:
        return cache[key]
    doc_ids: dict[str, int] = {}
    path_ids: dict[str, int] = {}
    judged: list[tuple[int, int]] = []
    content: list[tuple[int, int]] = []
    codes: list[int] = []
    values: list[float] = []
    flat = True
    for t_i, topic in enumerate(topics):
        qmap = topic_quant_map(qrels, topic, quant, ctx)
        with_content = {d for (d, _), v in qmap.items() if v > 0}
        for d in {d for d, _ in qmap}:
            judged.append((t_i, doc_ids.setdefault(d, len(doc_ids))))
        for (d, p), v in qmap.items():
            if d in with_content:
                g = doc_ids[d]
                codes.append((t_i << _TOPIC_SHIFT) | (g << _DOC_SHIFT)
                             | path_ids.setdefault(p, len(path_ids)))
                values.append(v)
                flat = flat and p.count("/") == 1
        content.extend((t_i, doc_ids[d]) for d in with_content)
    if any(n >= limit for n, limit in zip((len(topics), len(doc_ids), len(path_ids)), _LIMITS)):
        return None
    state = np.zeros((len(topics), len(doc_ids) + 1), dtype=np.int8)
    for cells, level in ((judged, 1), (content, 2)):
        if cells:
            t_idx, d_idx = np.array(cells, dtype=np.int64).T
            state[t_idx, d_idx] = level
    codes_a = np.array(codes, dtype=np.int64)
    order = np.argsort(codes_a, kind="stable")
    index = QrelsIndex(tuple(topics), doc_ids, path_ids, state, codes_a[order],
                       np.array(values, dtype=np.float64)[order], flat)
    if cache is not None:
        cache[key] = index
    return index


def is_flat(qrels: Qrels, topics: list[str], quant: Quantisation, ctx: Any = None) -> bool:
    """Every assessed element of a document with content (an element quantised > 0) is a
    root (one step, ``/article[1]``); stops at the first counter-example (cached)."""
    key = ("classic.flat", id(qrels), quant.name, tuple(topics))
    cache = getattr(ctx, "cache", None)
    if cache is not None and key in cache:
        return cache[key]
    flat = True
    for topic in topics:
        tq = qrels.topics.get(topic)
        if tq is None or all(p.count("/") == 1 for _, p in tq.elements):
            continue
        qmap = topic_quant_map(qrels, topic, quant, ctx)
        content = {d for (d, _), v in qmap.items() if v > 0}
        if any(d in content and p.count("/") > 1 for d, p in qmap):
            flat = False
            break
    if cache is not None:
        cache[key] = flat
    return flat


_LAST = ("classic.lookup-last",)


def same_ranking(a: Ranking, b: Ranking) -> bool:
    """The same ranking object, or two views of the same rows of shared columns (a run read
    from a file gives a new view of a topic's rows at each access: see
    :class:`~sdreval.model.run.TopicRankings`)."""
    if a is b or (a.origin is not None and a.origin == b.origin):
        return True
    if a.unit != b.unit:
        return False
    for x, y in ((a.docs, b.docs), (a.paths, b.paths), (a.offsets, b.offsets),
                 (a.lengths, b.lengths), (a.ranks, b.ranks), (a.rsv, b.rsv)):
        if (x.base is None or x.base is not y.base or x.shape != y.shape
                or x.strides != y.strides or x.dtype != y.dtype
                or x.__array_interface__["data"][0] != y.__array_interface__["data"][0]):
            return False
    return True


def run_lookup(qrels: Qrels, run: Run, topics: list[str], quant: Quantisation,
               ctx: Any = None) -> RunLookup | None:
    """Quantised value of every result of ``run`` on ``topics``, vectorised (integer codes).

    Documents are looked up once per result, paths only for results of documents with
    content.  The last lookup is kept in ``ctx.cache`` (one slot, checked by identity of the
    rankings) so that the classic and XCG families share it within one evaluation.  None when
    the integer codes cannot hold the data (callers then use the per-topic path)."""
    index = qrels_index(qrels, topics, quant, ctx)
    if index is None:
        return None
    rankings = [run.get(t) for t in topics]
    cache = getattr(ctx, "cache", None)
    stamp = (id(qrels), quant.name, tuple(topics))
    if cache is not None:
        last = cache.get(_LAST)
        if (last is not None and last[0] == stamp and len(last[1]) == len(rankings)
                and all(map(same_ranking, last[1], rankings))):
            return last[2]
    lengths = np.fromiter(map(len, rankings), dtype=np.int64, count=len(rankings))
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    size = int(offsets[-1])
    topic = np.repeat(np.arange(len(rankings), dtype=np.int64), lengths)
    q = np.zeros(size)
    repeat_mask = np.zeros(size, dtype=bool)
    unknown, nested, none_paths = 0, False, False
    if size:
        gdoc = np.concatenate([index.doc_codes(r.docs) for r in rankings])
        state = index.state[topic, gdoc]  # -1 -> the last column (0)
        unknown = int(np.count_nonzero(state == 0))
        sel = np.flatnonzero(state == 2)
        if sel.size:
            bounds = np.searchsorted(sel, offsets)  # paths gathered ranking by ranking
            paths = np.concatenate(
                [rankings[t_i].paths[sel[bounds[t_i]:bounds[t_i + 1]] - offsets[t_i]]
                 for t_i in np.flatnonzero(np.diff(bounds)).tolist()]).tolist()
            if None in paths:
                none_paths = True
                paths = [ROOT if p is None else p for p in paths]
            pid = np.fromiter(map(index.path_ids.get, paths, repeat(-1)), dtype=np.int64,
                              count=sel.size)
            code = (topic[sel] << _TOPIC_SHIFT) | (gdoc[sel] << _DOC_SHIFT) | pid
            # state 2 implies the document has assessed elements: index.codes is not empty
            at = np.minimum(np.searchsorted(index.codes, code), index.codes.size - 1)
            found = (pid >= 0) & (index.codes[at] == code)
            values = np.where(found, index.values[at], 0.0)
            q[sel] = values
            nested = any(paths[i].count("/") > 1 for i in np.flatnonzero(~found).tolist())
            positive = np.flatnonzero(values > 0)
            if positive.size:
                _, first = np.unique(code[positive], return_index=True)
                if first.size < positive.size:
                    later = np.ones(positive.size, dtype=bool)
                    later[first] = False
                    repeat_mask[sel[positive[later]]] = True
    out = RunLookup(offsets, topic, q, repeat_mask, unknown, nested, none_paths)
    if cache is not None:
        cache[_LAST] = (stamp, rankings, out)
    return out
