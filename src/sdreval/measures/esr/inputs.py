"""Inputs of the ESR measures (Ali, Consens & Lalmas 2012): the relevant trees of a topic and
their relevance values (Table 4), the navigation block of a ranking (§4), the hit ranks and
the result sizes."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

import numpy as np

from ...errors import UsageError
from ...judgements.qrels import Qrels, TopicQrels
from ...judgements.quantise import check_scale, get_quantisation
from ...judgements.size_unit import assessed_unit, collection_size
from ...model.navigation import NavigationModel, NoNavigation, depth_weighted_summary
from ...model.passage import merge_ranges
from ...model.run import Ranking
from ..registry import GIVE_COLLECTION, GIVE_NAVIGATION, EvalContext, Measure


def relevance(tq: TopicQrels, scale: str, mode: str, quant: str | None,
              ctx: EvalContext | None = None) -> tuple[list[tuple[str, str]], np.ndarray]:
    """Relevant trees A of a topic and their relevance values rel(a) > 0 (Ali, Consens & Lalmas 2012, Table 4).

    From element assessments; for highlighted-passage qrels (FOL) the elements of the judged
    documents are taken from the collection (``ctx.collection``) and their relevant characters
    are the highlighted characters they contain (Ali, Consens & Lalmas 2012, §6.2, §7).

    The trees come in one order, by document and path, whatever the order of the judgements
    (file lines, table rows): the sums over trees, and the values, are then the same bits."""
    items = list(tq.elements.values())
    if not items:
        if any(p.is_relevant for p in tq.passages.values()):
            return passage_relevance(tq, mode, ctx)
        return [], np.zeros(0)
    e = np.array([a.e for a in items], dtype=float)
    s = np.array([a.s for a in items], dtype=float)
    # the quantisation decides, "too small" (e = ?) included: f(?, s) = s > 0 under Bin Exh
    # and Gen Lifted (Ogilvie & Lalmas 2006, Table 2), 0 under the others
    q = check_scale(get_quantisation(quant or "anyrel"), scale)(e, s)
    q = np.asarray(q, dtype=float)
    if mode == "binary":
        rel = (q > 0).astype(float)
    elif mode == "graded":
        rel = np.clip(q, 0.0, None)
    else:
        missing = [f"{a.doc}:{a.path}" for a in items if a.size is None]
        if missing:
            raise UsageError("relevance by length needs element sizes; missing for "
                             + ", ".join(missing[:5]) + (" …" if len(missing) > 5 else ""))
        size = np.array([a.size for a in items], dtype=float)
        if scale == "inex2005":  # specificity = fraction of the element highlighted
            rel = np.where(e != 0, s * size, 0.0)
        else:
            rel = np.where(q > 0, size, 0.0)
    keys = [(items[i].doc, items[i].path) for i in np.flatnonzero(rel > 0).tolist()]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    return [keys[i] for i in order], rel[rel > 0][order]


def highlighted_chars(start: np.ndarray, end: np.ndarray,
                      ranges: list[tuple[int, int]]) -> np.ndarray:
    """Highlighted characters inside each ``[start, end)``: ``H(end) − H(start)`` with ``H(x)``
    the number of highlighted characters before ``x`` (ranges merged first)."""
    merged = merge_ranges(list(ranges))
    if not merged:
        return np.zeros(len(start))
    lo = np.array([o for o, _ in merged], dtype=float)
    hi = lo + np.array([n for _, n in merged], dtype=float)
    before = np.concatenate([[0.0], np.cumsum(hi - lo)])

    def H(x: np.ndarray) -> np.ndarray:
        i = np.searchsorted(lo, x, side="right")          # ranges starting at or before x
        inside = np.clip(x - lo[np.maximum(i - 1, 0)], 0, None)
        partial = np.where(i > 0, np.minimum(inside, (hi - lo)[np.maximum(i - 1, 0)]), 0.0)
        return before[np.maximum(i - 1, 0)] * (i > 0) + partial

    return H(np.asarray(end, dtype=float)) - H(np.asarray(start, dtype=float))


def passage_relevance(tq: TopicQrels, mode: str, ctx: EvalContext | None
                      ) -> tuple[list[tuple[str, str]], np.ndarray]:
    """Relevant elements of highlighted-passage qrels through the collection."""
    if ctx is None or ctx.collection is None:
        raise UsageError("ESR measures on highlighted-passage qrels need the collection "
                         f"({GIVE_COLLECTION}) to find the elements holding relevant text")
    keys: list[tuple[str, str]] = []
    values: list[np.ndarray] = []
    absent = []
    relevant = sorted(doc for doc, dp in tq.passages.items() if dp.is_relevant and dp.ranges)
    for doc in relevant:  # one order of the trees (see relevance)
        dp = tq.passages[doc]
        try:
            tree = ctx.collection[doc]
        except KeyError:
            absent.append(doc)
            continue
        chars = highlighted_chars(tree.start, tree.end, dp.ranges)
        size = (tree.end - tree.start).astype(float)
        if mode == "binary":
            rel = (chars > 0).astype(float)
        elif mode == "graded":   # the highlighted fraction (INEX 2005 specificity)
            rel = np.divide(chars, size, out=np.zeros(len(size)), where=size > 0)
        else:
            rel = chars
        keep = np.flatnonzero(rel > 0)
        keys.extend((doc, tree.paths[i]) for i in keep)
        values.append(rel[keep])
    if absent:
        ctx.warn(f"ESR: topic {tq.topic}: {len(absent)} relevant documents are not in the "
                 f"collection (e.g. {absent[0]}); their relevant text is left out")
    return keys, (np.concatenate(values) if values else np.zeros(0))


def navigation_block(model: NavigationModel, ranking: Ranking,
                     relevant: list[tuple[str, str]], ctx: EvalContext | None = None,
                     unplaced: list[int] | None = None) -> np.ndarray:
    """``nav[m, a] = p̃(a; t_m)`` for the results of ``ranking`` and the relevant trees (Eq. 4
    on singletons: zero across documents and from a node to itself).

    With a collection (``ctx.collection``), a result of a document holding relevant trees
    whose element is not in that document (and is no relevant tree itself) has no place for
    a user to navigate from: its row stays zero (it scores nothing, as results the passage
    measures cannot convert) and its rank is added to ``unplaced`` for the caller's warning.
    A document the collection does not hold is not looked up (with element assessments the
    collection may cover part of the documents only)."""
    L, n = len(ranking), len(relevant)
    nav = np.zeros((L, n))
    if L == 0 or n == 0:
        return nav
    rel_by_doc: dict[str, list[int]] = defaultdict(list)
    for a, (doc, _) in enumerate(relevant):
        rel_by_doc[doc].append(a)
    ret_by_doc: dict[str, list[int]] = defaultdict(list)
    lost = _unplaced_rows(ranking, rel_by_doc, set(relevant), ctx)
    for m, doc in enumerate(ranking.docs):
        if doc in rel_by_doc and m not in lost:
            ret_by_doc[doc].append(m)
    if unplaced is not None:
        unplaced.extend(m for m in sorted(lost) if m not in unplaced)
    for doc, rows in ret_by_doc.items():
        cols = rel_by_doc[doc]
        union: dict[str, int] = {}
        for m in rows:
            union.setdefault(ranking.paths[m], len(union))
        for a in cols:
            union.setdefault(relevant[a][1], len(union))
        M = np.asarray(model.matrix(doc, list(union)), dtype=float)
        np.fill_diagonal(M, 0.0)  # Eq. 4: t_i ∖ t_j is empty for the same node
        ri = np.array([union[ranking.paths[m]] for m in rows])
        ci = np.array([union[relevant[a][1]] for a in cols])
        nav[np.ix_(rows, cols)] = M[np.ix_(ri, ci)]
    return nav


def document_roots(ranking: Ranking, tq: TopicQrels, ctx: EvalContext, sized: int = 0
                   ) -> Ranking:
    """A document run's results, each the root element of its document where the collection
    holds a judged one or one of the first ``sized`` results (whose sizes SRiP sums; the
    collection reads those anyway), ``/article[1]`` otherwise (the root of INEX articles): the
    whole document, as the passage measures convert a document result."""
    collection = ctx.collection
    if collection is None:
        return ranking
    wanted = ({doc for doc, _ in tq.elements} | set(tq.passages)).intersection(
        ranking.docs.tolist()) | set(ranking.docs[:sized].tolist())
    roots: dict[str, str] = {}
    for doc in wanted:
        try:
            roots[doc] = collection[doc].paths[0]
        except KeyError:
            continue
    if not roots:
        return ranking
    paths = np.array([roots.get(doc, path) for doc, path in zip(ranking.docs, ranking.paths)],
                     dtype=object)
    return replace(ranking, paths=paths, origin=None)


def _unplaced_rows(ranking: Ranking, rel_by_doc: dict[str, list[int]],
                   relevant: set[tuple[str, str]], ctx: EvalContext | None) -> set[int]:
    """Ranks (0-based) of the results of documents holding relevant trees whose element the
    given collection does not hold in that document."""
    collection = None if ctx is None else ctx.collection
    if collection is None:
        return set()
    lost: set[int] = set()
    trees: dict[str, object] = {}
    for m, (doc, path) in enumerate(zip(ranking.docs, ranking.paths)):
        if doc not in rel_by_doc or (doc, path) in relevant:
            continue
        if doc not in trees:
            try:
                trees[doc] = collection[doc]
            except KeyError:
                trees[doc] = None
        tree = trees[doc]
        if tree is not None and path not in tree:
            lost.add(m)
    return lost


def hit_ranks(ranking: Ranking, relevant: list[tuple[str, str]]) -> tuple[np.ndarray, int]:
    """1-based first rank of each relevant tree in the ranking (0 = not retrieved), and the
    number of repeated results (a result identical to a higher-ranked one)."""
    first: dict[tuple[str, str], int] = {}
    repeats = 0
    for m, key in enumerate(zip(ranking.docs, ranking.paths)):
        if key in first:
            repeats += 1
        else:
            first[key] = m + 1
    return np.array([first.get(a, 0) for a in relevant], dtype=np.int64), repeats


def result_sizes(ranking: Ranking, qrels: Qrels, topic: str, ctx: EvalContext,
                 depth: int | None = None, unplaced: list[int] | None = None) -> np.ndarray:
    """size(t_i) of each of the first ``depth`` results (all by default): from the
    assessments, else the collection, in the unit of the assessments' sizes (characters, or
    words when they count the collection's words); sizes of another unit are refused, never
    summed with the collection's.

    A result whose element is not in its document (the collection holds the document) has no
    nodes, so no characters (size(t), Ali, Consens & Lalmas 2012, Eq. 18): its size is 0 and
    its rank is added to ``unplaced`` for the caller's warning, as :func:`navigation_block`
    does (the passage measures leave such a result out).  A result whose size nothing gives
    (no collection, or a document the collection does not hold) is refused."""
    tq = qrels.topics.get(topic)
    depth = len(ranking) if depth is None else min(depth, len(ranking))
    sizes = np.zeros(depth)
    missing: list[tuple[str, str]] = []
    measured: list[tuple[int, str, object, str]] = []  # results the collection sizes
    for m, (doc, path) in enumerate(zip(ranking.docs[:depth], ranking.paths[:depth])):
        a = tq.elements.get((doc, path)) if tq is not None else None
        if a is not None and a.size is not None:
            sizes[m] = a.size
            continue
        tree = None
        if ctx.collection is not None:
            try:
                tree = ctx.collection[doc]
            except KeyError:
                tree = None
        if tree is not None and path in tree:
            sizes[m] = tree.chars(path)
            measured.append((m, doc, tree, path))
        elif tree is not None and unplaced is not None:
            if m not in unplaced:
                unplaced.append(m)
        else:
            missing.append((doc, path))
    unit = assessed_unit(tq, {d: tree for _, d, tree, _ in measured}) if measured and \
        tq is not None else "characters"
    if unit == "words":
        for m, _, tree, path in measured:
            sizes[m] = collection_size(tree, path, unit)
    elif unit != "characters":  # one ranking summed in two units: refused, never mixed
        raise UsageError(f"topic {topic}: the assessments' sizes are neither the collection's "
                         f"characters nor its words ({unit}), so the collection cannot size "
                         "the retrieved elements the assessments do not: give every retrieved "
                         "element a size in the assessments, or sizes in characters",
                         topic=topic)
    if missing:
        doc, path = missing[0]
        raise UsageError(f"topic {topic}: sizes unknown for {len(missing)} retrieved elements "
                         f"(e.g. {doc}:{path}); "
                         + not_in_collection(ctx, doc, path, "or assessments with sizes"),
                         topic=topic)
    return sizes


def not_in_collection(ctx: EvalContext, doc: str, path: str | None, other: str = "") -> str:
    """Why the collection cannot place ``doc``'s element ``path``: no collection given (give
    --collection), the document is not in the given collection (its directory named), or the
    element is not in the document."""
    collection = ctx.collection
    if collection is None:
        return f"give the collection ({GIVE_COLLECTION}) {other}".rstrip()
    where = getattr(collection, "root", "")
    where = f" ({where})" if where else ""
    if doc not in collection:
        return (f"document {doc} is not in the given collection{where}: name documents as "
                "the collection's files are named (file name or path without .xml)")
    return f"element {path} is not in document {doc} of the given collection{where}"


def navigation_model(measure: Measure, ctx: EvalContext) -> NavigationModel:
    choice = measure.get("nav", ctx)
    if choice == "none":
        return NoNavigation()
    if choice == "context" and ctx.navigation is not None:
        return ctx.navigation
    key = ("esr-nav", "depth")
    if key not in ctx.cache:
        ctx.cache[key] = depth_weighted_summary()
    if choice == "context":
        ctx.warn(f"ESR: no navigation model given ({GIVE_NAVIGATION}); using the "
                 "depth-weighted summary model (Ali, Consens & Lalmas 2012, §4.2)")
    return ctx.cache[key]
