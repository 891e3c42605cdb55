"""Quantised gains of ranked results, elements treated as independent documents.

Shared by the classic, inex_eval and inex_eval_ng families: per topic a map
``(doc, path) -> quant(e, s)`` (cached in ``ctx.cache``), the gain vector of a ranking and the
ideal gain vector (every assessed element with a positive value, sorted descending: the
"thorough" / overlapping recall-base of Ogilvie & Lalmas 2006, §2.6 and Vu & Gallinari 2005, §2.1).

Policy for a result retrieved twice in one list (same doc and path): the repeat earns gain 0
(it is a non-relevant result: the user has seen it); when a relevant result is repeated, one
warning per run counts them (:func:`warn_repeated_relevant`).
"""
from __future__ import annotations

from itertools import repeat
from typing import Any

import numpy as np

from ...errors import UsageError
from ...judgements.qrels import Qrels, TopicQrels
from ...judgements.quantise import (Quantisation, check_scale, default_quantisation,
                                    get_quantisation)
from ...model.run import Ranking, Run
from ..topics import keep_warning

ROOT = "/article[1]"

#: from this many topics on, assessments are not cached per topic (one entry per topic would
#: grow with the qrels: 500,000 one-document topics): each topic's values are computed when
#: needed and dropped after use
MANY_TOPICS = 1 << 15


def resolve_quant(name: str | Quantisation | None, qrels: Qrels) -> Quantisation:
    """The quantisation to use: the given name, else the generalised one of the qrels scale."""
    if name is None or name == "":
        name = default_quantisation(qrels.scale)
    return check_scale(get_quantisation(name), qrels.scale)


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
            if dp.doc_length == 0:  # given, but no fraction of 0 characters exists
                raise UsageError(f"topic {tq.topic}, document {doc}: quant=relfrac needs the "
                                 f"document length, and its doclen is 0 while {relchars} of "
                                 "its characters are relevant (relchars/doclen has no value): "
                                 "give the document's length, or take quant=anyrel",
                                 topic=tq.topic)
            if not dp.doc_length:
                raise UsageError(f"topic {tq.topic}, document {doc}: quant=relfrac needs the "
                                 "document length (doclen), which these judgements do not "
                                 "give: give it (FOL qrels' doclen, a doclen column), or take "
                                 "quant=anyrel", topic=tq.topic)
            out[(doc, ROOT)] = float(quant(1.0, min(relchars / dp.doc_length, 1.0)))
        else:
            out[(doc, ROOT)] = 1.0 if relevant else 0.0
    return out


def passage_topics_at(qrels: Qrels, quant: Quantisation, threshold: float,
                      cache: dict | None = None) -> frozenset[str]:
    """The topics of judgements of highlighted passages with a document whose value
    (:func:`document_level_values`: 1, or relchars/doclen under relfrac) is at least
    ``threshold``: those with something relevant for a binary measure at that level (trec_eval
    -l), as for judgements of documents."""
    key = ("passage-topics-at", id(qrels), len(qrels.topics), quant.name, threshold)
    if cache is not None and key in cache:
        return cache[key]
    found = frozenset(topic for topic, tq in qrels.topics.items() if tq.passages and any(
        value >= threshold for value in document_level_values(tq, quant).values()))
    if cache is not None:
        cache[key] = found
    return found


#: what document-level measures make of graded span judgements
GRADED_SPANS = ("qrels: the span judgements are graded, but document-level measures (AP, "
                "nDCG and the like) read a document with gold text as relevant, grade 1; "
                "SpanDocNDCG@k gives a document the highest grade of its gold spans (and "
                "convert --to trec-qrels writes that grade, for nDCG on the documents)")


def is_passage_only(qrels: Qrels) -> bool:
    """Judgements of highlighted passages only (FOL qrels): measured at the document level."""
    return qrels.scale == "fol"


def judges_documents(qrels: Qrels, ctx: Any = None) -> bool:
    """The judgements are of whole documents: highlighted passages (FOL qrels, read at the
    document level) or document judgements (TREC qrels, ``{topic: {doc: grade}}`` dicts and
    tables without a path: ``graded``, every judged element a document root)."""
    if is_passage_only(qrels):
        return True
    if qrels.scale != "graded":
        return False
    cache = getattr(ctx, "cache", None)
    key = ("classic.judges-documents", id(qrels))
    if cache is not None and key in cache and cache[key][0] is qrels:
        return cache[key][1]
    columns = getattr(qrels.topics, "columns", None)
    if columns is not None:  # columnar qrels: the path column at once
        paths = getattr(columns()[2], "paths", None)
        found = paths == ROOT if paths is None or isinstance(paths, str) else \
            not len(paths) or set(paths.unique().to_pylist()) == {ROOT}
    else:
        found = all(path == ROOT for tq in qrels.topics.values() for _, path in tq.elements)
    if cache is not None:
        cache[key] = (qrels, found)
    return found


def reads_documents(qrels: Qrels, unit: str, ctx: Any = None) -> bool:
    """Whether the document-level families read a run of ``unit`` as the ranking of its
    documents, each once at its first result (:func:`document_run`): passage and element
    runs on judgements of whole documents (:func:`judges_documents`), whatever their format,
    so that FOL qrels and the TREC qrels of the same documents give the same values.  A
    document run keeps its results: a document listed twice is a repeated result (scored
    as non-relevant, on any judgements)."""
    return unit != "document" and judges_documents(qrels, ctx)


def document_ranking(ranking: Ranking) -> tuple[Ranking, int, int]:
    """``(ranking of the documents in order of first appearance, results dropped as repeats of
    an earlier document, element results read as their documents)``; the ranking itself when
    it holds each document once, as a whole."""
    paths = ranking.paths
    if len(ranking) < 2 and all(p is None or p == ROOT for p in paths.tolist()):
        return ranking, 0, 0  # nothing to reduce (most topics of very large runs)
    _, first = np.unique(ranking.docs.astype(str), return_index=True)
    below = int(np.count_nonzero((paths != None) & (paths != ROOT)))  # noqa: E711
    if first.size == len(ranking) and not below:
        return ranking, 0, 0
    reduced = ranking.take(np.sort(first))
    reduced.paths[:] = None
    return reduced, len(ranking) - first.size, below


def refuse_passages_on_elements(qrels: Qrels, unit: str, name: str, ctx: Any = None) -> None:
    """A passage run on element judgements has no reading here: a passage is not an element,
    and element judgements say nothing of a document as a whole (UsageError)."""
    if unit == "passage" and not judges_documents(qrels, ctx):
        raise UsageError(f"run {name}: document-level and element measures on a passage run "
                         "need judgements of documents or of highlighted passages (TREC or FOL "
                         "qrels); these judge elements, which a passage is not: evaluate an "
                         "element run against them, or the passage run against the FOL qrels")


def run_as_read(qrels: Qrels, run: Run, ctx: Any = None, topics: list[str] | None = None
                ) -> Run:
    """The run as the document-level families read it: a passage or element run on
    judgements of whole documents as its documents (:func:`document_run`, on ``topics``); a
    passage run on element judgements is refused (:func:`refuse_passages_on_elements`)."""
    if reads_documents(qrels, run.unit, ctx):
        return document_run(run, ctx, topics)
    refuse_passages_on_elements(qrels, run.unit, run.name, ctx)
    return run


def document_run(run: Run, ctx: Any = None, topics: list[str] | None = None) -> Run:
    """The run reduced to its documents, in order of first appearance per topic (the rule for
    document-level measures on passage judgements or whole-document judgements read by an
    element or passage run; a document counts once, at its first result).  Runs without a
    repeated document or an element path are returned as they are.  ``topics``: the topics
    evaluated (default: all), the only ones reduced and counted in the warning, so that
    results of topics not in the qrels count on no path (whole, partitions, streamed)."""
    cache = getattr(ctx, "cache", None)
    key = ("classic.document-run", id(run), None if topics is None else tuple(topics))
    if cache is not None and key in cache and cache[key][0] is run:
        return cache[key][1]
    reduced = {}  # only the rankings that change (a run's topics may be views: few kept)
    dropped = elements = 0
    wanted = None if topics is None else set(topics)
    for topic, ranking in run.topics.items():
        if wanted is not None and topic not in wanted:
            continue
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
        # the same text in every part of a run (streamed parts, partitions) but for the counts
        # of its head, which are added up over the parts (measures.partitions.merge_warnings)
        depth = getattr(ctx, "depth", None)
        limit = "" if depth is None else (  # -M counts the results given
            f"; -M {depth} kept the first {depth} results before this reading, so up to "
            f"{depth} documents: a run reduced to its documents first can keep more")
        ctx.warn(f"run {run.name}: {dropped:,} later result(s) of the same document dropped "
                 f"and {elements:,} element result(s) read as their documents: "
                 "document-level measures read the run as its documents, each document once, "
                 f"at its first result (docs/classic.md{limit})")
    if cache is not None:
        cache[key] = (run, out)
    return out


def per_topic_cache(ctx: Any, kind: str, qrels: Qrels, quant: Quantisation
                    ) -> dict[str, Any] | None:
    """``topic -> value`` cached in ``ctx`` for one kind of value, qrels and quantisation (one
    dict per kind rather than one cache key per topic); None when there is no cache or the
    qrels have :data:`MANY_TOPICS` topics or more (then nothing is kept per topic)."""
    cache = getattr(ctx, "cache", None)
    if cache is None or len(qrels.topics) >= MANY_TOPICS:
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
        if ctx is not None and quant.name != "relfrac" and any(
                g > 1 for dp in tq.passages.values() for g in dp.grades or ()):
            ctx.warn(GRADED_SPANS)
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


def ranking_gains(ranking: Ranking, qmap: dict[tuple[str, str], float],
                  ctx: Any = None, run: str = "", topic: str = "") -> np.ndarray:
    """Quantised value per result (0 if not assessed; 0 for a repeated result, counted in the
    warning of run ``run`` by :func:`warn_repeated_relevant`)."""
    docs = ranking.docs.tolist()
    n = len(docs)
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
        if repeats:
            warn_repeated_relevant(ctx, run, {topic: repeats})
    return gains


def warn_repeated_relevant(ctx: Any, run: str, repeats: dict[str, int]) -> None:
    """One warning per run for its repeated relevant results (``repeats``: topic -> count),
    like the readers' repeat warnings: the counts of later calls are added to the run's
    warning, rewritten in place (a topic counted again, by another measure, keeps its
    largest count)."""
    def update(before: dict[str, int] | None) -> tuple[dict[str, int], str]:
        counts = dict(before or {})
        for topic, n in repeats.items():
            counts[topic] = max(counts.get(topic, 0), int(n))
        return counts, ((f"run {run}: " if run else "")
                        + f"{sum(counts.values()):,} repeated relevant result(s) in "
                        f"{len(counts):,} topic(s) scored as non-relevant by the classic "
                        "measures (AP, P@k, nDCG and the like: a result listed again earns "
                        "nothing there)")
    keep_warning(ctx, ("classic.repeated-relevant", run), update)


# --------------------------------------------------------------------------------------
# Integer ids of strings (the XCG family's element tables)
# --------------------------------------------------------------------------------------

def _hash_table():
    """pandas' object hash table (about 1.5x faster than dict lookups for many strings),
    imported when first needed; None with other pandas versions (plain dicts then)."""
    try:
        from pandas._libs.hashtable import PyObjectHashTable
    except ImportError:  # pragma: no cover
        return None
    return PyObjectHashTable


class ObjectIds:
    """Integer ids of strings (document ids, paths), with a vectorised lookup of object arrays
    (pandas' object hash table when available, else a dict)."""

    def __init__(self, keys=()) -> None:
        self.ids: dict[Any, int] = {}
        self.keys: list[Any] = []  # id -> key
        table = _hash_table()
        self._table = table(64) if table is not None else None
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
