"""Passage measures (family ``passage``): HiXEval and the INEX 2007-2010 Focused, Relevant in
Context and Best in Context tasks (Ali, Consens & Lalmas 2012, Eq. 15-17).

Task rules and what happens when a run breaks them:

* Focused (``iP``, ``MAiP``): overlapping passages — warning, each character counted once;
  ``ctx.strict`` rejects the run with the list of overlaps.
* Relevant in Context: an article's results must be consecutive — warning, grouped at the
  article's first appearance; strict rejects.
* Best in Context: one result per article — warning, the first counts; strict rejects.
* ``ctx.compat == "inex"``: inex_eval 1.0's recall binning and gP past the end of a run, and
  topics without relevant text score 0 instead of NaN.
"""
from __future__ import annotations

from collections import defaultdict

import numpy as np

from ...errors import InputError, Problem, UsageError
from ...judgements.columns import PassageColumns, TopicJudgements
from ...judgements.qrels import Qrels
from ...judgements.relevance import cache_of, relevant_topics
from ...model.run import Run
from ..param_rules import Inert
from ..registry import (AT_LEAST_ONE, NON_NEGATIVE, UNIT, EvalContext, Measure,
                        MeasureDef, Param, register_family, register_measure)
from .batch import QrelsBatch, RelevanceSummary, RunBatch
from .context import bic_scores, generalized, ric_scores
from .focused import focused_blocks, focused_from_cumulative, levels_of
from .hixeval import hixeval_at, rsize
from .judged import batch_from_columns
from .placing import as_passage_run
from .kernels import list_overlaps, overlaps_per_interval
from .topic import topic_relevance

FAMILY = "passage"

ALPHA = Param("alpha", float, None,
              "HiXEval overlap tolerance α in [0,1] (Ali, Consens & Lalmas 2012, Eq. 15). Unset: the Focused task "
              "policy, each character counted once in numerator and denominator.", allowed=UNIT)
ALPHA_HIX = Param("alpha", float, 0.0, "HiXEval overlap tolerance α in [0,1] (Ali, Consens & Lalmas 2012, Eq. 15).",
                  allowed=UNIT)
TASK = Param("task", str, "ric", "ric (Relevant in Context) or bic (Best in Context)",
             choices=("ric", "bic"))
BETA = Param("beta", float, 0.25, "F-beta of Relevant in Context (β >= 0)", context_key="beta",
             allowed=NON_NEGATIVE)
BEP_N = Param("n", int, 500, "Best in Context distance n in characters (n >= 1)",
              context_key="bep_distance", allowed=AT_LEAST_ONE)
GEN_PARAMS = (TASK, BETA, BEP_N)
#: Relevant in Context scores an article by its F-beta, Best in Context by the distance of its
#: entry point (Kamps et al. 2008): ``n`` has no effect with task=ric, ``beta`` none with bic
GEN_INERT = (
    Inert("n", (("task", ("ric",)),), "n is the Best in Context distance, and Relevant in "
          "Context (task=ric) scores an article by its F-beta (Kamps et al. 2008)",
          "drop n, or give task=bic"),
    Inert("beta", (("task", ("bic",)),), "beta weighs Relevant in Context's F-beta, and Best "
          "in Context (task=bic) scores an article by the distance of its entry point (Kamps "
          "et al. 2008)", "drop beta, or give task=ric"),
)
GR_INERT = tuple(Inert(name, (), "gR counts the relevant articles among the first k, and "
                       f"{name} only scores articles for gP and MAgP (Kamps et al. 2008)",
                       f"drop {name}") for name in ("beta", "n"))

MEASURE_DEFS = [
    MeasureDef("iP", FAMILY, "Focused task interpolated precision iP[x] = max P[r] over ranks "
               "with character recall R[r] ≥ x (INEX 2007-2010; Kamps et al. 2008; Ali, "
               "Consens & Lalmas 2012, Eq. 16-17).",
               (ALPHA,), cutoff="float", cutoff_doc="recall level x in [0, 1]",
               cutoff_range=UNIT),
    MeasureDef("MAiP", FAMILY, "Mean of iP[x] over the 101 recall levels 0.00, 0.01, ..., 1.00 "
               "(INEX 2007-2010 Focused task; Kamps et al. 2008).", (ALPHA,)),
    MeasureDef("HiXiP", FAMILY, "HiXEval precision at rank r: Σ rsize / Σ size with "
               "rsize = rel − (1−α)·rov (Ali, Consens & Lalmas 2012, Eq. 15-16).", (ALPHA_HIX,), cutoff="int",
               cutoff_doc="rank r"),
    MeasureDef("HiXiR", FAMILY, "HiXEval recall at rank r: Σ rsize / T_rel (Ali, Consens & Lalmas 2012, Eq. 17).",
               (ALPHA_HIX,), cutoff="int", cutoff_doc="rank r"),
    MeasureDef("gP", FAMILY, "Generalized precision at article rank k: mean article score "
               "(F_beta for ric, BEP distance for bic) over the first k articles (Kamps et al. "
               "2008).",
               GEN_PARAMS, cutoff="int", cutoff_doc="article rank k", inert=GEN_INERT),
    MeasureDef("gR", FAMILY, "Generalized recall at article rank k: relevant articles among "
               "the first k / relevant articles (Kamps et al. 2008).", GEN_PARAMS, cutoff="int",
               cutoff_doc="article rank k", inert=GR_INERT),
    MeasureDef("MAgP", FAMILY, "Mean average generalized precision: AgP = Σ gP[r] over ranks "
               "holding a relevant article / relevant articles (INEX 2007-2010; Kamps et al. "
               "2008).", GEN_PARAMS, inert=GEN_INERT),
]


def _qrels_batch(qrels: Qrels, ctx: EvalContext) -> tuple[QrelsBatch, RelevanceSummary]:
    """Relevant text of every topic, prepared once per qrels object (cached in ``ctx``; the
    per-topic preparations are not kept, only the batch and a summary per topic)."""
    key = ("passage-qrels", id(qrels))
    found = ctx.cache.get(key)
    if found is None:
        if isinstance(qrels.topics, TopicJudgements) and isinstance(qrels.topics.columns()[2],
                                                                   PassageColumns):
            batch, summary = batch_from_columns(*qrels.topics.columns())  # as read: columns
        else:
            vocab = np.asarray(sorted({d for tq in qrels.topics.values() for d in tq.passages}),
                               dtype=object)
            batch, summary = QrelsBatch.build_from(
                vocab, ((t, topic_relevance(tq)) for t, tq in qrels.topics.items()))
        found = ctx.cache[key] = (qrels, batch, summary)
    return found[1], found[2]


def judges_text(qrels: Qrels) -> bool:
    """Whether ``qrels`` are passage judgements (highlighted text), not of elements or
    documents only."""
    return qrels.scale == "fol" or any(tq.passages for tq in qrels.topics.values())


def require_passage_judgements(qrels: Qrels, measures: list[Measure], kind: str) -> None:
    """Refuse measures of text (passage or span measures) on judgements of elements or
    documents: no text is relevant there, every score would be 0.  Checked before the run is
    converted, so that a document run is not told to bring a collection that cannot help."""
    if not judges_text(qrels):
        raise UsageError(f"{', '.join(m.text for m in measures)}: {kind} measures need "
                         "passage judgements (highlighted text, as INEX 2007-2010's FOL "
                         "qrels or span qrels); these qrels judge elements or documents, so "
                         "no text is relevant: use element measures (MAep, nxCG@10) or "
                         "classic ones (AP, nDCG@10)")


class _Policy:
    """Collects task-rule violations of one run: warnings by default, InputError if strict."""

    def __init__(self, run: Run, ctx: EvalContext):
        self.run, self.ctx = run, ctx
        self.problems: list[Problem] = []
        self.counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])

    def note(self, kind: str, topic: str, amount: int, detail: list[str]) -> None:
        self.counts[kind][0] += 1
        self.counts[kind][1] += amount
        if self.ctx.strict:
            self.problems.extend(Problem(self.run.source, None, f"topic {topic}: {d}")
                                 for d in detail)

    def finish(self) -> None:
        if self.problems:
            raise InputError(self.problems)
        name = self.run.name
        messages = {
            "overlap": "{t:,} topic(s) with {a:,} overlapping passage pair(s) (Focused task "
                       "forbids overlap); each character counted once (--strict rejects)",
            "interleaved": "{t:,} topic(s) with {a:,} article(s) whose results are not "
                           "consecutive (Relevant in Context); grouped at each article's "
                           "first appearance (--strict rejects)",
            "entries": "{t:,} topic(s) with {a:,} article(s) returned more than once (Best in "
                       "Context); the first result counts (--strict rejects)",
            "relchars": "{t:,} topic(s) where the qrels relchars column disagrees with the "
                        "highlighted ranges for {a:,} document(s); the merged ranges are used",
            "bep": "{t:,} topic(s) with {a:,} relevant document(s) without a best entry point; "
                   "their first relevant character is used",
            "rendering": "{t:,} topic(s) with {a:,} document(s) whose qrels doclen is not its "
                         "text length in the collection: the qrels count another rendering of "
                         "the text; results placed through the collection may not line up",
            "past": "{t:,} topic(s) with {a:,} passage(s) reaching beyond their document's "
                    "length (the qrels' doclen, else the collection's): offsets in bytes, or of "
                    "another rendering of the text? Counted as written (characters past the end "
                    "retrieved, none relevant)",
        }
        for kind, (topics, amount) in self.counts.items():
            prefix = "qrels" if kind in ("relchars", "bep") else f"run {name}"
            self.ctx.warn(f"{prefix}: " + messages[kind].format(t=topics, a=amount))


def _describe_overlaps(batch: RunBatch, b: int) -> list[str]:
    lo, hi = batch.row_bounds[b], batch.row_bounds[b + 1]
    out = []
    for i, j, shared in list_overlaps(batch.starts[lo:hi], batch.ends[lo:hi]):
        doc = batch.pair_name(batch.row_pair[lo + i])
        out.append(f"passages at positions {i + 1} and {j + 1} overlap in document {doc} "
                   f"({shared} characters) (Focused task forbids overlap)")
    return out


def _parse(measures: list[Measure], ctx: EvalContext):
    focused: dict[float | None, list[Measure]] = defaultdict(list)
    hix: dict[float, list[Measure]] = defaultdict(list)
    gen: dict[tuple, list[Measure]] = defaultdict(list)
    for m in measures:
        if m.name in ("iP", "MAiP"):
            focused[m.get("alpha", ctx)].append(m)
        elif m.name in ("HiXiP", "HiXiR"):
            hix[m.get("alpha", ctx)].append(m)
        else:  # alpha, beta, n and the recall level are in range: Param.allowed checks them
            task = m.get("task", ctx)
            beta = float(m.get("beta", ctx))
            n = int(m.get("n", ctx))
            gen[("ric", beta) if task == "ric" else ("bic", n)].append(m)
    return focused, hix, gen


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: EvalContext) -> dict[str, dict[str, float]]:
    """Family kernel: every passage measure of one run; the range arithmetic is done once for
    the whole run (:class:`batch.RunBatch`), only recall-level searches loop over topics."""
    compat = ctx.compat == "inex"
    focused, hix, gen = _parse(measures, ctx)
    require_passage_judgements(qrels, measures, "passage")
    prun = as_passage_run(run, ctx, topics, [m.text for m in measures], qrels)
    qb, rel_of = _qrels_batch(qrels, ctx)  # topic -> summary of its relevant text
    batch = RunBatch.build(prun.topics, topics, qb, prun.source)
    policy = _Policy(prun, ctx)
    # topics not answered (or without relevant text): 0, or NaN without relevant text
    total_t = rel_of.of(topics)[0]
    default = np.where(total_t > 0, 0.0, 0.0 if compat else np.nan).tolist()
    out: dict[str, dict[str, float]] = {m.text: dict(zip(topics, default)) for m in measures}
    asked = set(topics)
    for t, disagreeing in rel_of.disagreements.items():
        if t in asked:
            policy.counts["relchars"][0] += 1
            policy.counts["relchars"][1] += len(disagreeing)
    total_b, nrel_b = rel_of.of(batch.topics)  # per block (answered topic)
    blocks = [(b, batch.topics[b]) for b in np.flatnonzero(total_b > 0).tolist()]
    bounds = batch.row_bounds
    sizes = np.diff(bounds)
    doclen, other = batch.doc_lengths(ctx.collection, placed=run.unit != "passage")
    if other.any():  # the qrels' offsets are of another text than the collection's
        per_pair = np.bincount(batch.pair_block[other], minlength=sizes.size)
        policy.counts["rendering"][0] += int(np.count_nonzero(per_pair))
        policy.counts["rendering"][1] += int(per_pair.sum())
    doclen = doclen[batch.row_pair]
    past = (doclen >= 0) & (batch.offsets + (batch.ends - batch.starts) > doclen)
    if past.any():  # a passage past its document's end (the qrels or collection know it)
        per_block = np.bincount(np.searchsorted(bounds, np.flatnonzero(past), side="right") - 1,
                                minlength=sizes.size)
        policy.counts["past"][0] += int(np.count_nonzero(per_block))
        policy.counts["past"][1] += int(per_block.sum())
    if focused or hix:
        new_rel, new_ret = batch.new_characters()
        lengths = (batch.ends - batch.starts).astype(np.float64)
        rel_full = batch.passage_relevant().astype(np.float64) if (
            any(a is not None for a in focused) or hix) else None
    if focused.get(None) is not None and batch.starts.size and (
            ctx.strict or not prun.overlap_expected):  # span/chunk runs overlap by design
        # only passages of an article returned several times can overlap
        # a passage overlapping a better-ranked one retrieves fewer new characters than its
        # length; pairs are counted only inside the articles holding such passages
        hit = np.zeros(batch.n_pairs, dtype=bool)  # (np.unique would import numpy.ma)
        hit[batch.row_pair[new_ret < lengths]] = True
        rows = np.flatnonzero(hit[batch.row_pair])
        per_row = np.zeros(batch.starts.size, dtype=np.int64)
        per_row[rows] = overlaps_per_interval(batch.starts[rows], batch.ends[rows])
        row_block = np.repeat(np.arange(sizes.size), sizes)
        pairs_per_block = np.bincount(row_block, weights=per_row, minlength=sizes.size)
        for b, t in blocks:
            if pairs_per_block[b] > 0:
                detail = _describe_overlaps(batch, b) if ctx.strict else []
                policy.note("overlap", t, int(pairs_per_block[b]), detail)
    for alpha, members in focused.items():
        levels = levels_of(tuple(m.cutoff for m in members if m.name == "iP"))
        gain = new_rel if alpha is None else rsize(rel_full, new_rel, alpha)
        size = new_ret if alpha is None else lengths
        cg = batch.segmented_cumsum(gain, bounds)
        cs = batch.segmented_cumsum(size, bounds)
        many = None
        if alpha is None and blocks:  # integer gains: every topic at once
            chosen = np.array([b for b, _ in blocks], dtype=np.int64)
            many = focused_blocks(cg.astype(np.int64), cs, bounds, chosen, total_b[chosen],
                                  levels, compat)
        if many is not None:
            ips, maips = many
            for (b, t), ip, maip in zip(blocks, ips.tolist(), maips):
                it = iter(ip)
                for m in members:
                    out[m.text][t] = next(it) if m.name == "iP" else maip
            continue
        for b, t in blocks:
            lo, hi = bounds[b], bounds[b + 1]
            cum_gain = cg[lo:hi].astype(np.int64) if alpha is None else cg[lo:hi]
            ip, maip = focused_from_cumulative(cum_gain, cs[lo:hi], int(total_b[b]), levels,
                                               compat, alpha is None)
            it = iter(ip)
            for m in members:
                out[m.text][t] = float(next(it)) if m.name == "iP" else maip
    for alpha, members in hix.items():
        cg = batch.segmented_cumsum(rsize(rel_full, new_rel, alpha), bounds)
        cs = batch.segmented_cumsum(lengths, bounds)
        ranks = [int(m.cutoff) for m in members]
        for b, t in blocks:
            lo, hi = bounds[b], bounds[b + 1]
            p, r = hixeval_at(cg[lo:hi], cs[lo:hi], int(total_b[b]), ranks)
            for m, pv, rv in zip(members, p, r):
                out[m.text][t] = float(pv if m.name == "HiXiP" else rv)
    if gen:
        _generalized_measures(gen, batch, blocks, nrel_b, rel_of.bep_missing, compat, policy,
                              out)
    policy.finish()
    return out


def _generalized_measures(gen, batch: RunBatch, blocks, nrel: np.ndarray,
                          bep_missing: dict[str, list[str]], compat: bool, policy: _Policy,
                          out: dict[str, dict[str, float]]) -> None:
    """gP, gR and MAgP for Relevant (F_β) and Best in Context (BEP distance), every topic of
    the run at once; ``nrel``: relevant articles of each block's topic."""
    block_ok = {b for b, _ in blocks}
    pb = batch.pair_bounds
    tasks = {task for task, _ in gen}
    if "ric" in tasks and batch.row_pair.size:
        rp = batch.row_pair
        run_starts = np.flatnonzero(np.diff(rp, prepend=-1) != 0)
        blocks_of_pair = np.bincount(rp[run_starts], minlength=batch.n_pairs)
        bad = np.flatnonzero(blocks_of_pair > 1)
        for b in sorted(set(batch.pair_block[bad].tolist())):  # np.unique loads numpy.ma
            if b in block_ok:
                mine = bad[batch.pair_block[bad] == b]
                detail = [f"results of article {batch.pair_name(u)} are not consecutive "
                          "(Relevant in Context)" for u in mine] if policy.ctx.strict else []
                policy.note("interleaved", batch.topics[b], int(mine.size), detail)
    if "bic" in tasks:
        bad = np.flatnonzero(batch.pair_count > 1)
        for b in sorted(set(batch.pair_block[bad].tolist())):  # np.unique loads numpy.ma
            if b in block_ok:
                mine = bad[batch.pair_block[bad] == b]
                detail = [f"article {batch.pair_name(u)} returned {batch.pair_count[u]} times "
                          "(Best in Context allows one entry point)" for u in mine] \
                    if policy.ctx.strict else []
                policy.note("entries", batch.topics[b], int(mine.size), detail)
        for _, t in blocks:
            if t in bep_missing:
                policy.counts["bep"][0] += 1
                policy.counts["bep"][1] += len(bep_missing[t])
    if "ric" in tasks:
        rel_ret, ret = batch.per_pair()
    for (task, param), members in gen.items():
        if not blocks:
            break
        if task == "ric":
            scores = ric_scores(rel_ret, ret, batch.pair_rel_chars, float(param))
        else:
            entry = batch.offsets[batch.pair_first_row]
            scores = bic_scores(entry, batch.pair_bep, batch.pair_relevant, int(param))
        cut = [int(m.cutoff) if m.cutoff is not None else 1 for m in members]
        gp, gr, agp = generalized(scores, batch.pair_relevant, pb, nrel, cut, compat)
        chosen = np.array([b for b, _ in blocks], dtype=np.int64)
        names = [t for _, t in blocks]
        for j, m in enumerate(members):
            value = agp[chosen] if m.name == "MAgP" else (gp if m.name == "gP" else gr)[chosen, j]
            out[m.text].update(zip(names, value.tolist()))


for _definition in MEASURE_DEFS:
    register_measure(_definition)
def relevant_for(measure: Measure, qrels: Qrels, ctx: EvalContext) -> frozenset[str]:
    """Topics with highlighted text (relchars > 0)."""
    return relevant_topics(qrels, None, 0.0, cache_of(ctx))


register_family(FAMILY, compute, relevant_for)
