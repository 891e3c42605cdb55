"""Span measures (family ``span``): character-level evaluation of retrieved spans or chunks
for retrieval-augmented generation, rank- and overlap-aware.

Notation, one topic: G is the union of the relevant (gold) character ranges; the run ranks
spans s_1, s_2, …; Ret_k = s_1 ∪ … ∪ s_k, every character counted once however many
retrieved spans hold it.  Without a cut-off k is the whole ranking.  A topic with no gold
character scores NaN (left out of means, with a warning).  Gold spans are the judged records
with relevance > 0; their grades are used by SpanNDCG and SpanDocNDCG (:mod:`.graded`) only.
"""
from __future__ import annotations

import numpy as np

from ...errors import UsageError
from ...io.ids import AS_WRITTEN
from ...judgements.qrels import Qrels
from ...lazy import lazy_module
from ...model.run import Run
from ..doc_ids import ids_question
from ..registry import (AT_LEAST_ONE, POSITIVE, UNIT_OPEN_LOW, EvalContext, Measure, MeasureDef,
                        Param, register_family, register_measure)
from . import graded as G
from . import kernels as K
from .chroma import CHROMA_MEASURES, compute_chroma
from .projection import unchunked_gold, unchunked_warning

pd = lazy_module("pandas")

FAMILY = "span"

BUDGET = Param("budget", int, None,
               "length budget N in characters: only the first N new characters retrieved, in "
               "rank order (the span crossing N cut in document order)", allowed=AT_LEAST_ONE)
RETRIEVE = Param("retrieve", int, None,
                 "-1: Chroma's retrieve=-1, k = the number of chunks of the run's chunking "
                 "touching gold text, at most 20 (needs --compat chroma and a chunk-ID run)",
                 choices=(-1,))
BETA = Param("beta", float, 1.0, "F-beta weight of recall (1: harmonic mean)",
             allowed=POSITIVE)
TAU = Param("tau", float, 1.0, "coverage threshold τ in (0, 1]: a gold span g is found when at "
                               "least τ·|g| of its characters are retrieved",
            allowed=UNIT_OPEN_LOW)
K_DOC = "number of retrieved spans k (default: the whole ranking)"

MEASURE_DEFS = [
    MeasureDef("SpanP", FAMILY, "Character precision at k: SpanP@k = |Ret_k ∩ G| / |Ret_k| "
               "(0 when nothing is retrieved); overlapping retrieved text counted once, unlike "
               "the summed chunk lengths of Chroma's chunking evaluation (Smith & Troynikov, "
               "2024). With budget N, Ret is the first N new characters.", (BUDGET, RETRIEVE),
               cutoff="optional-int", cutoff_doc=K_DOC),
    MeasureDef("SpanR", FAMILY, "Character recall at k: SpanR@k = |Ret_k ∩ G| / |G|, the "
               "recall of Chroma's chunking evaluation (Smith & Troynikov, 2024). With "
               "budget N, Ret is the first N new characters retrieved — the fair comparison "
               "of chunkers with chunks of different sizes.", (BUDGET, RETRIEVE),
               cutoff="optional-int", cutoff_doc=K_DOC),
    MeasureDef("SpanF", FAMILY, "Character F-beta at k: (1+β²)·P·R / (β²·P + R) of SpanP@k and "
               "SpanR@k (van Rijsbergen 1979's F; 0 when both are 0).", (BETA, BUDGET),
               cutoff="optional-int", cutoff_doc=K_DOC),
    MeasureDef("SpanIoU", FAMILY, "Character intersection over union at k: |Ret_k ∩ G| / "
               "|Ret_k ∪ G| (Smith & Troynikov, 2024; overlapping retrieved text counted "
               "once).", (BUDGET, RETRIEVE), cutoff="optional-int", cutoff_doc=K_DOC),
    MeasureDef("SpanOmega", FAMILY, "Chroma's precision_omega (Smith & Troynikov, 2024): the "
               "precision the run's chunking allows, |∪T ∩ G| / |∪T ∪ G| over the chunks T of "
               "the chunking touching gold text (a chunk-ID run with its chunk map).", (),
               cutoff="none"),
    MeasureDef("SpanHit", FAMILY, "Span hit rate at k: 1 if some gold span g has |g ∩ Ret_k| "
               "≥ τ·|g|, else 0.", (TAU,), cutoff="optional-int", cutoff_doc=K_DOC),
    MeasureDef("SpanRR", FAMILY, "Span reciprocal rank: 1/k for the first k at which some "
               "gold span g has |g ∩ Ret_k| ≥ τ·|g| (0 if none, or none within the cut-off).",
               (TAU,), cutoff="optional-int", cutoff_doc=K_DOC),
    MeasureDef("SpanRecallUnits", FAMILY, "Gold-span recall at k: the fraction of gold spans g "
               "with |g ∩ Ret_k| ≥ τ·|g|.", (TAU,), cutoff="optional-int", cutoff_doc=K_DOC),
    MeasureDef("SpanNDCG", FAMILY, "Graded span nDCG at k: each character gains the highest "
               "grade of the gold spans holding it; the span at rank i gains G_i over the "
               "characters it is the first to retrieve; Σ_{i≤k} G_i / log2(i+1) divided by the "
               "total gain of the gold text (the ideal: all gold text, only it, at rank 1; "
               "nDCG after Järvelin & Kekäläinen, 2002, with trec_eval's log2(i+1) discount, "
               "where their DCG divides by log_b(i) from rank b on).", (), cutoff="optional-int",
               cutoff_doc=K_DOC),
    MeasureDef("SpanDocR", FAMILY, "Document recall at k from span qrels: the documents of the "
               "ranking in order of first appearance; the fraction of documents with gold text "
               "among the first k documents.", (), cutoff="optional-int",
               cutoff_doc="number of distinct documents k (default: all)"),
    MeasureDef("SpanDocNDCG", FAMILY, "Document nDCG at k from span qrels (trec_eval's "
               "ndcg_cut, after Järvelin & Kekäläinen, 2002): documents in order of first "
               "appearance, a document's gain the highest grade of its gold spans, trec_eval's "
               "log2(i+1) discount, ideal from the judged grades.", (), cutoff="optional-int",
               cutoff_doc="number of distinct documents k (default: all)"),
    MeasureDef("CharMAP", FAMILY, "Character-level average precision of TREC Genomics 2007 "
               "PASSAGE2 (Hersh et al., 2007): walking the ranking character by character "
               "(each span's new characters in document order, characters already retrieved "
               "skipped), each relevant character at position p adds precision(p) = relevant "
               "characters so far / p; AP = Σ / |G| (its mean over topics is MAP). Computed "
               "per run of relevant characters in closed form with digamma differences.",
               (), cutoff="none"),
]
for _definition in MEASURE_DEFS:
    register_measure(_definition)

SET_MEASURES = ("SpanP", "SpanR", "SpanF", "SpanIoU")
UNIT_MEASURES = ("SpanHit", "SpanRR", "SpanRecallUnits")


def validate(m: Measure, ctx: EvalContext | None = None) -> None:
    """Usage errors for parameters that the options make meaningless (ranges are checked when
    the measure is parsed: the parameters' ``allowed``)."""
    chroma = getattr(ctx, "compat", None) == "chroma"
    if m.name in CHROMA_MEASURES and m.get("retrieve", ctx) is not None:
        if not chroma or m.cutoff is not None:
            raise UsageError(f"measure {m.text}: parameter retrieve takes only -1 (Chroma's "
                             "retrieve=-1), under --compat chroma and without @k")
    if chroma and m.name in CHROMA_MEASURES and m.get("budget", ctx) is not None:
        raise UsageError(f"measure {m.text}: --compat chroma has no length budget")


# ------------------------------------------------------------------------------ judgements

def gold_table(qrels: Qrels, ctx: EvalContext) -> pd.DataFrame:
    """Gold spans of every topic (topic, doc, start, end), one row per judged relevant range
    (cached per qrels object)."""
    key = ("span-gold", id(qrels))
    found = ctx.cache.get(key)
    if found is None:
        rows = [(t, d, o, o + n, g, 1 + dp.repeats.get((o, n), 0))
                for t, tq in qrels.topics.items() for d, dp in tq.passages.items()
                for (o, n), g in zip(dp.ranges, dp.grades or [1.0] * len(dp.ranges)) if n > 0]
        frame = pd.DataFrame({
            "topic": np.asarray([r[0] for r in rows], dtype=object),
            "doc": np.asarray([r[1] for r in rows], dtype=object),
            "start": np.asarray([r[2] for r in rows], dtype=np.int64),
            "end": np.asarray([r[3] for r in rows], dtype=np.int64),
            "grade": np.asarray([r[4] for r in rows], dtype=np.float64),
            "copies": np.asarray([r[5] for r in rows], dtype=np.int64)})  # --compat chroma
        found = ctx.cache[key] = (qrels, frame)  # keep qrels alive so its id stays unique
    return found[1]


def _unchunked(gold: pd.DataFrame, run: Run, ctx: EvalContext) -> None:
    """A warning on the documents with gold text (of any topic of the qrels, so that every
    partition of the run says the same) that the chunk map of a chunk-ID run does not chunk:
    no chunk of the run can reach their gold text (as ``project`` says)."""
    chunk_map = getattr(run, "chunk_map", None)
    if chunk_map is None:
        return
    missing, hint = unchunked_gold(gold["doc"].unique(), chunk_map.docs)
    if missing:
        ctx.warn(unchunked_warning(missing, hint, f"the chunk map of run {run.name}",
                                   "no chunk of the run can reach their gold text"))


def _nothing_judged(qrels: Qrels, run: Run, topics: list[str], ctx: EvalContext,
                    uncut: Run | None) -> None:
    """Say so when no result of the run (in the topics scored) is in a document judged for its
    topic, as the classic measures say it: the ids do not match the qrels' (it retrieves no
    gold text); the partitions of a run say it only if each does."""
    answered = [t for t in topics if t in run.topics and len(run.topics[t])]
    results = sum(len(run.topics[t]) for t in answered)
    if results and not any(np.isin(run.topics[t].docs, list(qrels.topics[t].passages)).any()
                           for t in answered if t in qrels.topics):
        ctx.warn(f"run {run.name}: none of its {results:,} results is in a document judged for "
                 "its topic, so it retrieves no gold text: " + ids_question(
                     run, qrels, answered, f"do the run's document ids match the qrels'? "
                     f"{AS_WRITTEN}", getattr(ctx, "depth", None), uncut))


# ---------------------------------------------------------------------------------- kernel

def _flatten(run: Run, topics: list[str]):
    """Rows of the evaluated topics the run answered, topic blocks in ``topics`` order."""
    answered = [t for t in topics if t in run.topics and len(run.topics[t])]
    rankings = [run.topics[t] for t in answered]
    sizes = np.fromiter((len(r) for r in rankings), dtype=np.int64, count=len(rankings))
    bounds = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    if not rankings:
        z = np.zeros(0, dtype=np.int64)
        return answered, bounds, np.zeros(0, dtype=object), z, z
    docs = np.concatenate([r.docs for r in rankings])
    starts = np.concatenate([r.offsets for r in rankings]).astype(np.int64)
    ends = starts + np.concatenate([r.lengths for r in rankings]).astype(np.int64)
    if (starts < 0).any():
        raise UsageError(f"run {run.name}: span measures need character ranges; this run has "
                         "results without offsets (an element or document run: convert it "
                         "to passages first)")
    return answered, bounds, docs, starts, ends


def _on_one_line(answered: list[str], row_block: np.ndarray, docs: np.ndarray,
                 gold: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Band base of every row, and the gold spans of the answered topics on the same line
    with their topic block: ``(row_base, gold_line (n, 2), gold_block)``."""
    n_blocks = len(answered)
    gold_block = pd.Index(answered, dtype=object).get_indexer(
        gold["topic"].to_numpy(dtype=object))
    doc_codes, _ = pd.factorize(np.concatenate((docs, gold["doc"].to_numpy(dtype=object))))
    n_docs = int(doc_codes.max()) + 1 if doc_codes.size else 1
    block = np.concatenate((row_block, np.where(gold_block < 0, n_blocks, gold_block)))
    pair, _ = pd.factorize(block * np.int64(n_docs) + doc_codes)
    base = pair.astype(np.int64) * K.BAND
    in_run = gold_block >= 0
    gold_base = base[docs.size:][in_run]
    gold_line = np.stack((gold_base + gold["start"].to_numpy(np.int64)[in_run],
                          gold_base + gold["end"].to_numpy(np.int64)[in_run]), axis=1)
    return base[:docs.size], gold_line, gold_block[in_run]


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: EvalContext) -> dict[str, dict[str, float]]:
    """Family kernel: all span measures of one run at once."""
    for m in measures:
        validate(m, ctx)
    from ..passage import as_passage_run, require_passage_judgements

    require_passage_judgements(qrels, measures, "span")  # whatever the run's unit
    uncut = getattr(run, "uncut", None)  # (before -M)
    if run.unit != "passage":
        run = as_passage_run(run, ctx, topics, [m.text for m in measures], qrels)
    gold = gold_table(qrels, ctx)
    _unchunked(gold, run, ctx)
    _nothing_judged(qrels, run, topics, ctx, uncut)
    chroma = [m for m in measures if m.name == "SpanOmega" or (
        getattr(ctx, "compat", None) == "chroma" and m.name in CHROMA_MEASURES)]
    if chroma:
        if getattr(ctx, "compat", None) == "chroma":
            ctx.warn("--compat chroma: SpanP, SpanR and SpanIoU divide as Chroma's chunking "
                     "evaluation (Smith & Troynikov, 2024): precision by the summed lengths of "
                     "the chunks, recall by the summed lengths of the gold excerpts; other "
                     "measures are sdreval's")
        measures = [m for m in measures if m not in chroma]
        out = compute_chroma(chroma, gold, run, topics, ctx)
        if measures:
            out.update(compute(measures, qrels, run, topics, ctx))
        return out
    answered, bounds, docs, starts, ends = _flatten(run, topics)
    n_blocks = len(answered)
    row_block = np.repeat(np.arange(n_blocks, dtype=np.int64), np.diff(bounds))
    row_base, gold_line, g_block = _on_one_line(answered, row_block, docs, gold)
    pieces = K.build_pieces(row_base + starts, row_base + ends, gold_line[:, 0], gold_line[:, 1])
    # |G| and the number of gold spans per topic (documents not retrieved included)
    total_gold = _gold_sizes(gold, topics)
    size_of = np.array([total_gold.get(t, 0) for t in answered], dtype=np.float64)
    spans_per_topic = gold["topic"].value_counts()
    n_spans = np.array([spans_per_topic.get(t, 0) for t in answered], dtype=np.float64)
    out: dict[str, dict[str, float]] = {m.text: {} for m in measures}
    for t in topics:  # unanswered topics score 0; topics without gold text NaN
        value = 0.0 if total_gold.get(t, 0) > 0 else float("nan")
        for m in measures:
            out.setdefault(m.text, {})[t] = value
    values: dict[str, np.ndarray] = {}
    set_cache: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
    for m in measures:
        if m.name in SET_MEASURES:
            k = None if m.cutoff is None else int(m.cutoff)
            budget = m.get("budget", ctx)
            if (k, budget) not in set_cache:
                set_cache[(k, budget)] = (
                    (K.prefix_sums_at(pieces.new_ret, bounds, k),
                     K.prefix_sums_at(pieces.new_rel, bounds, k)) if budget is None
                    else K.budget_sums(pieces, row_block, bounds, k, int(budget)))
            ret, rel = set_cache[(k, budget)]
            values[m.text] = _set_value(m, ret, rel, size_of, ctx)
    units = [m for m in measures if m.name in UNIT_MEASURES]
    if units:
        found = K.first_found_rank(pieces, gold_line[:, 0], gold_line[:, 1],
                                   sorted({m.get("tau", ctx) for m in units}))
        for m in units:
            values[m.text] = _unit_value(m, found[m.get("tau", ctx)], g_block, bounds, n_spans,
                                         ctx)
    graded = [m for m in measures if m.name in G.GRADED]
    if graded:
        in_run = pd.Index(answered, dtype=object).get_indexer(
            gold["topic"].to_numpy(dtype=object)) >= 0
        grades = gold["grade"].to_numpy(np.float64)[in_run]
        gains = ideal = None
        for m in graded:
            k = None if m.cutoff is None else int(m.cutoff)
            if m.name == "SpanNDCG":
                if gains is None:
                    gains = G.piece_gains(pieces, gold_line, grades)
                    ideal = G.ideal_gains(gold_line, grades, g_block, n_blocks)
                values[m.text] = G.span_ndcg(pieces, gains, bounds, row_block, ideal, k)
            else:
                values[m.text] = G.document_values(m.name, k, gold, answered, bounds, docs)
    if any(m.name == "CharMAP" for m in measures):
        sums = K.charmap_sums(pieces, row_block, n_blocks)
        ap = np.divide(sums, size_of, out=np.zeros(n_blocks), where=size_of > 0)
        for m in measures:
            if m.name == "CharMAP":
                values[m.text] = ap
    for text, per_block in values.items():
        column = out[text]
        for b, t in enumerate(answered):
            column[t] = float(per_block[b]) if size_of[b] > 0 else float("nan")
    return out


def _unit_value(m: Measure, found_row: np.ndarray, g_block: np.ndarray, bounds: np.ndarray,
                n_spans: np.ndarray, ctx: EvalContext) -> np.ndarray:
    """SpanHit, SpanRR or SpanRecallUnits per topic block from each gold span's first row
    reaching the coverage threshold (-1: never)."""
    never = np.iinfo(np.int64).max
    n_blocks = bounds.size - 1
    position = np.where(found_row >= 0, found_row - bounds[:-1][g_block] + 1, never)
    if m.cutoff is not None:
        position = np.where(position <= int(m.cutoff), position, never)
    hit = position < never
    if m.name == "SpanRecallUnits":
        found = np.bincount(g_block, weights=hit, minlength=n_blocks)
        return np.divide(found, n_spans, out=np.zeros(n_blocks), where=n_spans > 0)
    best = np.full(n_blocks, never, dtype=np.int64)
    np.minimum.at(best, g_block[hit], position[hit])
    reached = best < never
    if m.name == "SpanHit":
        return reached.astype(np.float64)
    return np.where(reached, 1.0 / np.where(reached, best, 1), 0.0)


def _set_value(m: Measure, ret: np.ndarray, rel: np.ndarray, size: np.ndarray,
               ctx: EvalContext) -> np.ndarray:
    zeros = np.zeros(ret.size)
    precision = np.divide(rel, ret, out=zeros.copy(), where=ret > 0)
    recall = np.divide(rel, size, out=zeros.copy(), where=size > 0)
    if m.name == "SpanP":
        return precision
    if m.name == "SpanR":
        return recall
    if m.name == "SpanIoU":
        union = ret + size - rel
        return np.divide(rel, union, out=zeros.copy(), where=union > 0)
    b2 = float(m.get("beta", ctx)) ** 2
    den = b2 * precision + recall
    return np.divide((1 + b2) * precision * recall, den, out=zeros.copy(), where=den > 0)


def _gold_sizes(gold: pd.DataFrame, topics: list[str]) -> dict[str, int]:
    """|G| of each topic: characters of the union of its gold ranges."""
    wanted = gold[gold["topic"].isin(topics)] if len(gold) else gold
    if not len(wanted):
        return {}
    topic_codes, topic_names = pd.factorize(wanted["topic"].to_numpy(dtype=object))
    doc_codes, doc_names = pd.factorize(wanted["doc"].to_numpy(dtype=object))
    pair, _ = pd.factorize(topic_codes.astype(np.int64) * len(doc_names) + doc_codes)
    base = pair.astype(np.int64) * K.BAND
    s, e = K.merge_intervals(base + wanted["start"].to_numpy(np.int64),
                             base + wanted["end"].to_numpy(np.int64))
    topic_of_pair = np.zeros(int(pair.max()) + 1, dtype=np.int64)
    topic_of_pair[pair] = topic_codes
    sizes = np.bincount(topic_of_pair[s // K.BAND], weights=e - s, minlength=len(topic_names))
    return dict(zip(topic_names, sizes.astype(np.int64).tolist()))


register_family(FAMILY, compute)
