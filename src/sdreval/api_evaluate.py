"""Evaluation, tests and reports of the Python API (:mod:`sdreval.api`): tidy tables of
``run, topic, measure, value`` from qrels and runs given as objects, paths, tables or dicts."""
from __future__ import annotations

import os
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from .api_measures import measure_list, measure_name
from .errors import UsageError
from .io.options import api_spelling, called_as
from .io.readers import read_qrels, read_runs
from .stats.choices import CI_SAMPLES, TEST_SAMPLES

if TYPE_CHECKING:  # annotations only
    import pandas as pd

    from .measures import EvalContext

#: the keyword options of :func:`context` (evaluation-wide measure defaults)
CONTEXT_KEYS = ("quant", "overlap", "alpha", "ideal", "beta", "bep_distance", "order", "compat",
                "strict", "collection", "navigation", "collection_elements", "depth",
                "rel_level", "zero_rel")


def check_options(options: Mapping[str, Any]) -> None:
    """UsageError naming the keyword options that are not evaluation options
    (:data:`CONTEXT_KEYS`)."""
    unknown = set(options) - set(CONTEXT_KEYS)
    if unknown:
        raise UsageError(f"unknown option(s) {', '.join(sorted(unknown))}; known: "
                         + ", ".join(CONTEXT_KEYS))


def context(**options: Any) -> EvalContext:
    """An :class:`EvalContext` from keyword options (``quant``, ``overlap``, ``alpha``,
    ``ideal``, ``beta``, ``bep_distance``, ``order``, ``compat``, ``strict``, ``collection``
    (a directory or a Collection), ``navigation``, ``collection_elements``, ``depth``
    (trec_eval -M), ``rel_level`` (trec_eval -l), ``zero_rel`` (a topic with nothing relevant
    scores 0 and counts in the means, as in trec_eval))."""
    from .measures import EvalContext

    check_options(options)
    collection = options.get("collection")
    if isinstance(collection, (str, os.PathLike)):
        from .io import read_collection

        options["collection"] = read_collection(collection)
    navigation = options.get("navigation")
    if isinstance(navigation, (str, os.PathLike)):
        from .io.navigation import read_navigation

        options["navigation"] = read_navigation(navigation)
    if options.get("order") is None:
        options.pop("order", None)
    made = EvalContext(**options)
    made.state_settings()
    say(made.warnings)
    return made


def evaluate(qrels: Any, runs: Any, measures: Any, *, per_topic: bool = False,
             all_topics: bool = False, ctx: EvalContext | None = None, jobs: int = 1,
             scheduler: str | None = None, **options: Any) -> pd.DataFrame:
    """Evaluate runs on measures: a tidy DataFrame ``run, topic, measure, value``.

    Means (topic ``"all"``) by default, as ir_measures' ``calc_aggregate`` and ranx's
    ``evaluate``, over the topics each run answered (as trec_eval without -c; ir_measures
    scores the qrels topics a run did not answer 0, ranx refuses them: a warning names them;
    ``all_topics=True`` scores them 0); ``per_topic=True`` gives the per-topic rows followed
    by the means (like ``sdreval eval -q``), the table :func:`confidence_intervals` and
    :func:`compare` take.  ``qrels`` and ``runs``: anything :func:`read_qrels` and
    :func:`read_runs` accept (objects, paths, DataFrames, dicts, records, ranx objects).
    ``all_topics`` averages over every qrels topic with something relevant (``-c``).
    ``measures``: names (``"P@10"``), sdreval measures (``nxCG(k=10)``, ``P @ 10``) or
    ir_measures measure objects, one or a list.  ``jobs`` and ``scheduler`` spread the runs
    over processes or a Dask cluster (the same numbers).  Keyword options set measure
    defaults (see :func:`context`), or ``ctx`` gives them all.
    The rules applied (topics left out, repeats, file order) are Python warnings, the
    texts ``sdreval eval`` prints."""
    from .measures import evaluate as evaluate_table
    from .measures import summarise
    from .measures.defaults import rsv_order_hints
    from .measures.evaluate import coverage_lines, unanswered_lines, zero_rel_option

    if ctx is not None and options:
        raise UsageError("give either ctx or keyword options, not both")
    ctx = ctx or context(**options)
    seen = len(ctx.warnings)
    with called_as("sdreval.evaluate"):  # (it has no fmt=); the qrels first, as eval reads
        judged = read_qrels(qrels, collection=ctx.collection)
        read = some_runs(runs)
    table = evaluate_table(judged, read, measure_list(measures), ctx, all_topics=all_topics,
                           jobs=jobs, scheduler=scheduler)
    result = summarise(table, keep_topics=per_topic)
    # the topics the means cover, as eval says it: none, or those a run left out
    covered = (coverage_lines(result, all_topics, zero_rel_option(ctx)) if result.empty
               else [] if all_topics else unanswered_lines(judged, read, ctx))
    say(rsv_order_hints(read, ctx.order) + ctx.warnings[seen:] + covered)
    return result


def some_runs(runs: Any) -> list:
    """:func:`read_runs`, refusing an empty list or iterable: it names no run (one run
    without results is an empty table, or ``{}``)."""
    read = read_runs(runs)
    if not read:
        raise UsageError("no run given (an empty list or iterable of runs): give a run or "
                         "several; a run without results is an empty table or dict ({})")
    return read


def say(messages: list[str]) -> None:
    """The rules applied, as Python warnings with the texts the commands print, the options
    named as Python spells them (:func:`~sdreval.io.options.api_spelling`; a given context
    keeps the texts as the commands print them in ``ctx.warnings``)."""
    for message in messages:
        warnings.warn(f"sdreval: warning: {api_spelling(message)}", stacklevel=3)


def budget_curve(qrels: Any, runs: Any, budgets: Any = None, *, all_topics: bool = False,
                 level: float = 0.95, samples: int = CI_SAMPLES, seed: int | None = 0,
                 **options: Any) -> pd.DataFrame:
    """Context-budget curves: ``SpanR(budget=N)`` and ``SpanP(budget=N)`` of every run at
    every budget N (default 128, 256, ..., 8192), mean over queries with a percentile-bootstrap
    CI: columns ``run, measure, budget, mean, ci_low, ci_high, topics``
    (:mod:`sdreval.report.budget`; ``sdreval budget`` on the command line)."""
    from .report.budget import DEFAULT_BUDGETS
    from .report.budget import budget_curve as _curve

    ctx = context(**options)
    with called_as("sdreval.budget_curve"):
        judged, read = read_qrels(qrels, collection=ctx.collection), some_runs(runs)
    table = _curve(judged, read, DEFAULT_BUDGETS if budgets is None else budgets, ctx,
                   all_topics, level, samples, seed)
    say(ctx.warnings)
    return table


def _per_topic(table: Any, what: str) -> None:
    if "topic" in getattr(table, "columns", ()) and (table["topic"].astype(str) != "all").any():
        return
    raise UsageError(f"{what} needs per-topic values: evaluate(..., per_topic=True) "
                     "(a table of means has none)")


def compare(results: Any, measure: Any = None, test: str = "t", correction: str = "by",
            baseline: str | Sequence[str] | None = None, **kwargs: Any) -> Any:
    """Every pair of runs from a per-topic results table (``evaluate(...,
    per_topic=True)``; mean rows are ignored), or with ``baseline`` (a run name or several,
    as PyTerrier's ``baseline=``) every run against the baseline(s) only, the correction over
    those tests: columns ``run_a, run_b, measure, mean_a, mean_b, p_value, p_adjusted,
    reject, topics`` then ``diff, diff_ci_low, diff_ci_high`` (``mean_a − mean_b``
    and its interval: the mean difference over topics; for counts such as num_ret, whose
    means are sums over topics as trec_eval prints them, the difference of the sums),
    ``effect_size`` (Cohen's d_z, Lakens 2013, Eq. 6), ``wins, ties, losses``, ``direction``
    (1: the test finds run_a better, −1: run_b, 0: neither; the sign and Wilcoxon tests by
    wins and signed ranks, not the means); one family
    (and correction) per measure.  ``test`` is t, wilcoxon, sign, bootstrap or randomization;
    ``correction`` by (Benjamini-Yekutieli), bh, holm, bonferroni or none; further keywords as
    :func:`sdreval.stats.compare_runs`."""
    from .stats import compare_runs

    _per_topic(results, "compare")
    name = None if measure is None else measure_name(measure)
    table = compare_runs(results, name, test=test, correction=correction, baseline=baseline,
                         **kwargs)
    _say_gaps(results, [name] if name else None, kwargs.get("missing", "error"))
    from .stats.compare import resolution_notes

    say(resolution_notes(table, test, kwargs.get("samples", TEST_SAMPLES),
                         kwargs.get("alternative", "two-sided"), correction,
                         kwargs.get("level", 0.05)))
    return table


def _say_gaps(results: Any, names: list[str] | None, missing: str) -> None:
    """The topics ``missing="drop"`` left out or the cells ``"zero"`` scored 0, as warnings
    (the notes of ``sdreval compare`` and ``stability``)."""
    if missing == "error":
        return
    from .stats import score_matrix
    from .stats.matrix import gap_note, measures_of

    say([line for m in names or measures_of(results)
         for line in gap_note(score_matrix(results, m, missing=missing), missing)])


def confidence_intervals(results: Any, measure: Any = None, level: float = 0.95,
                         samples: int = CI_SAMPLES, seed: int | None = 0,
                         missing: str = "error") -> Any:
    """Percentile-bootstrap confidence intervals of each run's mean, per measure, from a
    per-topic results table: columns ``run, measure, mean, ci_low, ci_high, ci_length``
    (runs by decreasing mean within a measure; ``mean`` is what eval prints: a count's sum,
    gm_map's geometric mean).  ``missing``: a run without a value on a
    topic is an error (``error``), leaves the topic out (``drop``) or scores 0 (``zero``)."""
    import pandas as pd

    from .stats import confidence_intervals as intervals
    from .stats import score_matrix
    from .stats.matrix import measures_of

    _per_topic(results, "confidence_intervals")
    names = [measure_name(measure)] if measure is not None else measures_of(results)
    table = pd.concat([intervals(score_matrix(results, m, missing=missing), level, samples,
                                 seed) for m in names], ignore_index=True)
    _say_gaps(results, names, missing)
    return table


def report(qrels: Any, runs: Any, measures: Any = None, path: str | os.PathLike =
           "report.html", *, all_topics: bool = False, test: str = "t",
           correction: str = "by", image_format: str = "svg", baseline: str | None = None,
           **options: Any) -> Path:
    """Write the self-contained HTML report (:mod:`sdreval.report.html`); returns its path.
    Runs are tested against ``baseline`` (default: the first run)."""
    from .report.html import build_report, write_report

    names = None if measures is None else measure_list(measures)
    ctx = context(**options)
    with called_as("sdreval.report"):
        judged, read = read_qrels(qrels, collection=ctx.collection), some_runs(runs)
    data = build_report(judged, read, names, ctx, all_topics=all_topics, test=test,
                        correction=correction, baseline=baseline)
    return write_report(data, path, image_format)
