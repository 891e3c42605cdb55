"""Element and document runs placed through the XML collection as passages, for the passage
and span measures (the run's results become their elements' or documents' character ranges)."""
from __future__ import annotations

from ...errors import ProblemLog, UsageError, examples_text
from ...judgements.qrels import Qrels
from ...model.run import Run
from ..registry import GIVE_COLLECTION, EvalContext


def as_passage_run(run: Run, ctx: EvalContext, topics: list[str] | None = None,
                   measures: list[str] | None = None, qrels: Qrels | None = None) -> Run:
    """The run itself if it holds passages; element (or document) runs are converted to
    passages through the collection (``sdreval.model.conversion``): the ``topics`` evaluated
    only (default: all), so that results of topics not scored (not in the qrels) are neither
    converted nor warned about, whether the run is evaluated whole, in partitions or
    streamed.  ``measures``: the names of those that read the passages (for --strict);
    ``qrels`` counted in tokens refuse the run (the collection places it in characters)."""
    if run.unit == "passage":
        return run
    if qrels is not None and qrels.span_unit == "tokens":
        from ...io.spans.documents import PLACED

        raise UsageError(PLACED.format(run.name, run.unit))
    key = ("passage-run", id(run), None if topics is None else tuple(topics))
    if key in ctx.cache:
        return ctx.cache[key][1]
    if ctx.collection is None and run.unit == "document":  # no range at all
        raise UsageError(f"run {run.name} retrieves documents: passage and span measures need "
                         "character ranges; give a run that has them (a passage or span run, "
                         "or chunk ids with --chunk-map FILE), or the XML collection "
                         f"({GIVE_COLLECTION}) to take each document's whole text")
    if ctx.collection is None:
        raise UsageError(f"run {run.name} retrieves {run.unit}s: passage measures need their "
                         f"character ranges; give the collection ({GIVE_COLLECTION}) to "
                         "convert it, or convert it first with `sdreval convert --collection "
                         "DIR`")
    from ...model.conversion import element_run_to_passage_run, listed_by, strict_refusal

    log = ProblemLog()
    converted = element_run_to_passage_run(run, ctx.collection, log=log, only=topics)
    for problem in log.warnings:
        ctx.warn(str(problem))
    if log.errors:  # unconvertible results (document or element not in the collection)
        if ctx.strict:
            log.raise_if_errors(listed_by(run, ctx.collection), strict_refusal(measures or ()))
        shown = examples_text([p.message for p in log.errors], log.error_count)
        lost = {t: len(run.topics[t]) - len(converted.topics[t]) for t in converted.topics}
        lost = {t: n for t, n in lost.items() if n}
        lister = listed_by(run, ctx.collection)
        listed = f"; {lister} lists them all" if lister else ""
        # counts that add up over topic partitions (not "of its N results": a partition
        # without such results says nothing, and its results would be missing from N)
        ctx.warn(f"run {run.name}: {sum(lost.values()):,} result(s) in {len(lost):,} "
                 "topic(s) could not be turned into passages through the collection and are "
                 "left out of the passage measures, scoring nothing (--strict rejects such "
                 f"runs{listed}): {shown}")
    ctx.cache[key] = (run, converted)  # keep ``run`` alive so its id stays unique
    return converted
