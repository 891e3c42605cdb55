"""Passage measures (family ``passage``): HiXEval and the INEX 2007-2010 Focused, Relevant in
Context and Best in Context tasks (SPEC §9, seed 002 Eq. 15-17).

Task rules and what happens when a run breaks them (SPEC §9):

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
from typing import Any

import numpy as np
import pandas as pd

from ...errors import InputError, Problem, ProblemLog, UsageError
from ...judgements.qrels import Qrels
from ...model.run import Run
from ..registry import EvalContext, Measure, MeasureDef, Param, register_family, register_measure
from .context import article_order, bic_scores, generalized, ric_scores
from .focused import Levels, focused_values
from .hixeval import hixeval_at
from .kernels import list_overlaps, overlapping_pairs
from .topic import PlacedRanking, RunCodes, TopicRelevance, place, topic_relevance

FAMILY = "passage"

ALPHA = Param("alpha", float, None,
              "HiXEval overlap tolerance α in [0,1] (seed 002 Eq. 15). Unset: the Focused task "
              "policy, each character counted once in numerator and denominator.")
ALPHA_HIX = Param("alpha", float, 0.0, "HiXEval overlap tolerance α in [0,1] (seed 002 Eq. 15).")
TASK = Param("task", str, "ric", "ric (Relevant in Context) or bic (Best in Context)",
             choices=("ric", "bic"))
BETA = Param("beta", float, 0.25, "F-beta of Relevant in Context", context_key="beta")
BEP_N = Param("n", int, 500, "Best in Context distance n in characters",
              context_key="bep_distance")
GEN_PARAMS = (TASK, BETA, BEP_N)

MEASURE_DEFS = [
    MeasureDef("iP", FAMILY, "Focused task interpolated precision iP[x] = max P[r] over ranks "
               "with character recall R[r] ≥ x (INEX 2007-2010; seed 002 Eq. 16-17).",
               (ALPHA,), cutoff="float", cutoff_doc="recall level x in [0, 1]"),
    MeasureDef("MAiP", FAMILY, "Mean of iP[x] over the 101 recall levels 0.00, 0.01, ..., 1.00 "
               "(INEX 2007-2010 Focused task).", (ALPHA,)),
    MeasureDef("HiXiP", FAMILY, "HiXEval precision at rank r: Σ rsize / Σ size with "
               "rsize = rel − (1−α)·rov (seed 002 Eq. 15-16).", (ALPHA_HIX,), cutoff="int",
               cutoff_doc="rank r"),
    MeasureDef("HiXiR", FAMILY, "HiXEval recall at rank r: Σ rsize / T_rel (seed 002 Eq. 17).",
               (ALPHA_HIX,), cutoff="int", cutoff_doc="rank r"),
    MeasureDef("gP", FAMILY, "Generalized precision at article rank k: mean article score "
               "(F_beta for ric, BEP distance for bic) over the first k articles.",
               GEN_PARAMS, cutoff="int", cutoff_doc="article rank k"),
    MeasureDef("gR", FAMILY, "Generalized recall at article rank k: relevant articles among "
               "the first k / relevant articles.", GEN_PARAMS, cutoff="int",
               cutoff_doc="article rank k"),
    MeasureDef("MAgP", FAMILY, "Mean average generalized precision: AgP = Σ gP[r] over ranks "
               "holding a relevant article / relevant articles (INEX 2007-2010).", GEN_PARAMS),
]


def _check_alpha(alpha: float | None, text: str) -> None:
    if alpha is not None and not 0.0 <= alpha <= 1.0:
        raise UsageError(f"measure {text}: alpha must be in [0, 1], got {alpha}")


def _vocabulary(qrels: Qrels, ctx: EvalContext) -> pd.Index:
    """Every judged document of the qrels (cached per qrels object)."""
    key = ("passage-vocabulary", id(qrels))
    found = ctx.cache.get(key)
    if found is None:
        docs = sorted({d for tq in qrels.topics.values() for d in tq.passages})
        found = ctx.cache[key] = (qrels, pd.Index(np.asarray(docs, dtype=object), dtype=object))
    return found[1]


def _relevance(qrels: Qrels, topic: str, ctx: EvalContext) -> TopicRelevance:
    key = ("passage-relevance", id(qrels), topic)
    found = ctx.cache.get(key)
    if found is None:
        found = ctx.cache[key] = topic_relevance(qrels.topics.get(topic),
                                                 _vocabulary(qrels, ctx))
    return found


def as_passage_run(run: Run, ctx: EvalContext) -> Run:
    """The run itself if it holds passages; element (or document) runs are converted to
    passages through the collection (``sdreval.io.conversion``)."""
    if run.unit == "passage":
        return run
    key = ("passage-run", id(run))
    if key in ctx.cache:
        return ctx.cache[key][1]
    if ctx.collection is None:
        raise UsageError(f"run {run.name} retrieves {run.unit}s: passage measures need their "
                         "character ranges; give the collection (--collection DIR) to convert "
                         "it, or convert it first with `sdreval convert --collection DIR`")
    try:
        from ...io.conversion import element_run_to_passage_run
        log = ProblemLog(strict=ctx.strict)
        converted = element_run_to_passage_run(run, ctx.collection, log=log)
    except NotImplementedError:
        raise UsageError("element -> passage conversion is not available yet in this build; "
                         "convert the run to a passage (FOL) run first") from None
    for problem in log.warnings:
        ctx.warn(str(problem))
    log.raise_if_errors()
    ctx.cache[key] = (run, converted)  # keep ``run`` alive so its id stays unique
    return converted


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
            "overlap": "{t} topic(s) with {a} overlapping passage pair(s) (Focused task "
                       "forbids overlap); each character counted once (--strict rejects)",
            "interleaved": "{t} topic(s) with {a} article(s) whose results are not "
                           "consecutive (Relevant in Context); grouped at each article's "
                           "first appearance (--strict rejects)",
            "entries": "{t} topic(s) with {a} article(s) returned more than once (Best in "
                       "Context); the first result counts (--strict rejects)",
            "relchars": "{t} topic(s) where the qrels relchars column disagrees with the "
                        "highlighted ranges for {a} document(s); the merged ranges are used",
            "bep": "{t} topic(s) with {a} relevant document(s) without a best entry point; "
                   "their first relevant character is used",
        }
        for kind, (topics, amount) in self.counts.items():
            prefix = "qrels" if kind in ("relchars", "bep") else f"run {name}"
            self.ctx.warn(f"{prefix}: " + messages[kind].format(t=topics, a=amount))


def _describe_overlaps(placed: PlacedRanking, ranking: Any) -> list[str]:
    out = []
    for a, b, shared in list_overlaps(placed.starts, placed.ends):
        out.append(f"passages at positions {a + 1} and {b + 1} overlap in document "
                   f"{ranking.docs[a]} ({shared} characters) (Focused task forbids overlap)")
    return out


def compute(measures: list[Measure], qrels: Qrels, run: Run, topics: list[str],
            ctx: EvalContext) -> dict[str, dict[str, float]]:
    """Family kernel: every passage measure of one run, sharing the per-topic work."""
    compat = ctx.compat == "inex"
    focused: dict[float | None, list[Measure]] = defaultdict(list)
    hix: dict[float, list[Measure]] = defaultdict(list)
    gen: dict[tuple, list[Measure]] = defaultdict(list)
    for m in measures:
        if m.name in ("iP", "MAiP"):
            alpha = m.get("alpha", ctx)
            _check_alpha(alpha, m.text)
            if m.name == "iP" and not 0.0 <= float(m.cutoff) <= 1.0:
                raise UsageError(f"measure {m.text}: the recall level must be in [0, 1]")
            focused[alpha].append(m)
        elif m.name in ("HiXiP", "HiXiR"):
            alpha = m.get("alpha", ctx)
            _check_alpha(alpha, m.text)
            hix[alpha].append(m)
        else:
            task = m.get("task", ctx)
            beta = float(m.get("beta", ctx))
            n = int(m.get("n", ctx))
            if task == "ric" and beta < 0:
                raise UsageError(f"measure {m.text}: beta must be ≥ 0")
            if task == "bic" and n <= 0:
                raise UsageError(f"measure {m.text}: n must be positive")
            key = ("ric", beta) if task == "ric" else ("bic", n)
            gen[key].append(m)
    focused_levels = {alpha: Levels([m.cutoff for m in members if m.name == "iP"])
                      for alpha, members in focused.items()}
    prun = as_passage_run(run, ctx)
    policy = _Policy(prun, ctx)
    codes = RunCodes({t: prun.topics[t] for t in topics if t in prun.topics},
                     _vocabulary(qrels, ctx))
    out: dict[str, dict[str, float]] = {m.text: {} for m in measures}
    for topic in topics:
        rel = _relevance(qrels, topic, ctx)
        if rel.disagreements:
            policy.counts["relchars"][0] += 1
            policy.counts["relchars"][1] += len(rel.disagreements)
        ranking = prun.get(topic)
        placed = place(ranking, rel, topic, prun.source, codes.of(topic))
        if rel.total == 0:
            value = 0.0 if compat else float("nan")
            for m in measures:
                out[m.text][topic] = value
            continue
        if focused.get(None):
            seg = placed.segments
            if seg.has_overlap:
                pairs = overlapping_pairs(placed.starts, placed.ends)
                detail = _describe_overlaps(placed, ranking) if ctx.strict else []
                policy.note("overlap", topic, pairs, detail)
        for alpha, members in focused.items():
            levels = focused_levels[alpha]
            ip, maip = focused_values(placed, rel.total, levels, compat, alpha)
            it = iter(ip)
            for m in members:
                out[m.text][topic] = float(next(it)) if m.name == "iP" else maip
        for alpha, members in hix.items():
            ranks = [int(m.cutoff) for m in members]
            p, r = hixeval_at(placed, rel.total, alpha, ranks)
            for m, pv, rv in zip(members, p, r):
                out[m.text][topic] = float(pv if m.name == "HiXiP" else rv)
        if gen:
            arts = article_order(placed)
            if any(k[0] == "ric" for k in gen) and arts.interleaved.size:
                detail = [f"results of article {placed.doc_names[u]} are not consecutive "
                          "(Relevant in Context)" for u in arts.interleaved]
                policy.note("interleaved", topic, int(arts.interleaved.size), detail)
            repeated = np.flatnonzero(arts.count > 1)
            if any(k[0] == "bic" for k in gen) and repeated.size:
                detail = [f"article {placed.doc_names[u]} returned {arts.count[u]} times "
                          "(Best in Context allows one entry point)" for u in repeated]
                policy.note("entries", topic, int(repeated.size), detail)
            if any(k[0] == "bic" for k in gen) and rel.bep_missing:
                policy.counts["bep"][0] += 1
                policy.counts["bep"][1] += len(rel.bep_missing)
            for (task, param), members in gen.items():
                if task == "ric":
                    scores, isrel = ric_scores(placed, arts, float(param))
                else:
                    scores, isrel = bic_scores(placed, arts, ranking.offsets, int(param))
                cut = [int(m.cutoff) if m.cutoff is not None else 1 for m in members]
                gp, gr, agp = generalized(scores, isrel, rel.n_relevant_docs, cut, compat)
                for m, gpv, grv in zip(members, gp, gr):
                    value = agp if m.name == "MAgP" else gpv if m.name == "gP" else grv
                    out[m.text][topic] = float(value)
    policy.finish()
    return out


for _definition in MEASURE_DEFS:
    register_measure(_definition)
register_family(FAMILY, compute)
