"""The static HTML report: one self-contained file (inline CSS, figures as data URIs, no
script, no network), written for a reader and for print.

Two steps, so that every part can be produced and tested separately:

1. :func:`build_report` evaluates runs (or :func:`report_data` takes ready tables) and gathers
   a :class:`ReportData`: per-topic results, the tests of every run against the baseline (the
   first run unless chosen), curves with confidence bands, swap rates, notes;
2. :func:`render_html` turns it into the page (:mod:`sdreval.report.page`;
   :func:`write_report` writes it).

One figure per kind (:mod:`sdreval.report.figures`): a curve figure per curve kind, the
per-topic differences with the baseline (first measure), the intervals of the differences and
of the means (a panel per measure), the per-topic distributions; the run × run decisions, the
decisions under every correction and the swap rates only where they say something (enough
runs, decisions that differ), with a note saying why one is left out.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Sequence

import pandas as pd

from ..errors import SdrevalError, UsageError
from ..progress import track
from ..measures.evaluate import aggregate_of
from ..stats.choices import CI_SAMPLES, TEST_SAMPLES, resample_counts
from ..stats.choices import CORRECTIONS as STATS_CORRECTIONS
from ..stats.compare import resolution_notes
from . import bridge
from .curves import STANDARD_CURVES, CurveSpec, compute_curve, table_params
from .page import figure_data, render_page, report_time, tables_significance
from .page_figures import SWAP_MIN_RUNS, figure_captions, mixed_decisions, plot_makers
from .tables import format_text_table
from ..measures.results import stacked

#: Figure kinds of the report (CLI ``--plot``): curves, then the comparison figures.
PLOT_KINDS = ("epgr", "nxcg", "ip", "iprec", "precall", "spanr", "budget", "differences",
              "diffci", "ci", "distribution", "heatmap", "decisions", "swap")
#: the corrections of the decisions figure, the least controlled first
CORRECTIONS = tuple(reversed(list(STATS_CORRECTIONS)))

#: Run units each curve applies to (others need the collection to convert the runs).
CURVE_UNITS = {"epgr": {"element"}, "nxcg": {"element"}, "precall": {"element"},
               "ip": {"passage"}, "iprec": {"document"},
               "spanr": {"span"}, "budget": {"span"}}  # span: runs of spans or chunks
#: the curves a report can draw, in the order they are computed
CURVE_KEYS = ("epgr", "nxcg", "ip", "iprec", "precall", "spanr", "budget")


@dataclass
class ReportData:
    """Everything the page shows; all tables follow the column conventions of docs/cli.md."""

    results: pd.DataFrame
    measures: list[str]
    runs: list[str]
    #: the tests of every run against ``baseline`` (compare records with effect sizes)
    compare: pd.DataFrame | None = None
    curves: dict[str, tuple[CurveSpec, pd.DataFrame]] = field(default_factory=dict)
    decisions: pd.DataFrame | None = None
    swaps: pd.DataFrame | None = None
    notes: list[str] = field(default_factory=list)
    settings: dict[str, str] = field(default_factory=dict)
    title: str = "sdreval report"
    plots: tuple[str, ...] = PLOT_KINDS
    level: float = 0.05
    ci_level: float = 0.95
    #: resamples of the tests (``samples``) and of the intervals of the means (``ci_samples``)
    samples: int = TEST_SAMPLES
    ci_samples: int = CI_SAMPLES
    seed: int = 0
    baseline: str | None = None
    #: all pairs of runs on the first measure (the run × run figure), when drawn
    pairs: pd.DataFrame | None = None
    #: rendered figures by (key, format, dpi): the page and --plot-dir draw each plot once
    rendered: dict = field(default_factory=dict, repr=False, compare=False)


def default_measures(runs: Sequence, qrels=None) -> list[str]:
    """The measures ``sdreval eval`` chooses for these runs (and qrels) without ``-m``
    (:mod:`sdreval.measures.defaults`); runs of different kinds: every kind's set."""
    from ..measures.defaults import DEFAULT_SETS, default_measures as chosen, run_kind

    units = [run_kind(r) for r in runs] or ["element"]
    if qrels is not None:
        try:
            return chosen(qrels, units)[1]
        except UsageError:  # runs of different kinds: the report shows all their sets
            pass
    return list(dict.fromkeys(name for unit in units for name in DEFAULT_SETS[unit]))


def report_data(results: pd.DataFrame, compare: pd.DataFrame | None = None, *,
                curves: dict[str, pd.DataFrame] | None = None, swaps: pd.DataFrame | None = None,
                measures: Sequence[str] | None = None, test: str = "t",
                correction: str = "by", level: float = 0.05, samples: int | None = None,
                seed: int = 0, plots_wanted: Sequence[str] = PLOT_KINDS,
                title: str = "sdreval report", notes: Sequence[str] = (),
                settings: dict[str, str] | None = None,
                baseline: str | None = None, drawn: dict[str, str] | None = None) -> ReportData:
    """Gather a report from ready tables (per-topic results, optional compare table, curve
    tables by kind ``epgr``/``nxcg``/``ip``/``precall``/``spanr``, swap-rate table; ``drawn``:
    the measure a curve draws, with its parameters, named in its title).  Runs are
    tested against ``baseline`` (default: the first run).  ``samples`` resamples the tests and
    the intervals of the means; None: 10,000 (Ogilvie & Lalmas 2006) and 5,000 (Vu & Gallinari
    2005)."""
    samples, ci_samples = resample_counts(samples)
    per_topic = results[results["topic"].astype(str) != "all"]  # rows keep their file lines
    if per_topic.empty:
        raise UsageError("the report needs per-topic results and there are none (no run "
                         "answered a qrels topic with something relevant, or the scores hold "
                         "means only)")
    measures = list(dict.fromkeys(measures or per_topic["measure"].astype(str)))  # each once
    runs = list(dict.fromkeys(per_topic["run"].astype(str)))
    notes = list(notes)
    wanted = tuple(p for p in PLOT_KINDS if p in set(plots_wanted))
    unknown = set(plots_wanted) - set(PLOT_KINDS)
    if unknown:
        raise UsageError(f"unknown plot(s) {', '.join(sorted(unknown))}; known: "
                         + ", ".join(PLOT_KINDS))
    shown = per_topic[per_topic["measure"].astype(str).isin(measures)]
    decisions = pairs = None
    if baseline is not None and baseline not in runs:
        raise UsageError(f"baseline {baseline!r} is not one of the runs ({', '.join(runs)})")
    one_topic = per_topic["topic"].astype(str).nunique() < 2 and compare is None
    untested = [m for m in measures if aggregate_of(m) == "gmean"]  # as eval's letters
    if len(runs) >= 2 and not one_topic:
        baseline = baseline or runs[0]
        if untested:
            notes.append(f"{', '.join(untested)}: no significance tests, decisions or swap "
                         "rates (a geometric mean; they compare arithmetic means: see map)")
        if compare is None:
            compare = bridge.compare(shown, [m for m in measures if m not in untested],
                                     test=test, correction=correction, level=level,
                                     samples=samples, seed=seed, baseline=baseline)
            notes += resolution_notes(compare, test, samples, "two-sided", correction, level)
        compare = bridge.with_directions(compare)  # the side of each test: the page's marks
        if "decisions" in wanted:
            decisions = corrected_decisions(compare, level)
        if measures and measures[0] in untested:
            wanted = tuple(p for p in wanted if p not in ("heatmap", "swap", "decisions"))
        if "heatmap" in wanted and len(runs) >= 3:
            pairs = bridge.compare(shown, measures[:1], test=test, correction=correction,
                                   level=level, samples=samples, seed=seed)
            if not mixed_decisions(pairs):
                notes.append(f"run × run decisions on {measures[0]}: not drawn ("
                             + ("every pair is significantly different" if pairs["reject"].all()
                                else "no pair is significantly different") + ")")
        if swaps is None and "swap" in wanted:
            if len(runs) >= SWAP_MIN_RUNS:
                swaps = swap_tables(shown, measures[:1], seed=seed, notes=notes)
            else:
                notes.append(f"swap rates: not drawn (they need {SWAP_MIN_RUNS} runs or more; "
                             "with fewer, a few pairs fill odd bins)")
    else:
        baseline = None
        alone = "one run only" if len(runs) < 2 else "one topic only"
        notes.append(f"{alone}: no significance tests" + ("" if len(runs) < 2 else
                     " (a paired test needs two topics)"))
        paired = [p for p in wanted if p in ("differences", "diffci", "heatmap", "decisions",
                                             "swap")]
        if paired and tuple(plots_wanted) != PLOT_KINDS:  # asked for by name
            notes.append(f"{', '.join(paired)}: not drawn ({alone}: they compare runs)")
    if per_topic["topic"].astype(str).nunique() < 2 and "ci" in wanted:
        wanted = tuple(p for p in wanted if p != "ci")
        notes.append("intervals of the means: not drawn (one topic: a bootstrap interval "
                     "needs two topics or more)")
    settings = dict(settings or {})
    settings.setdefault("test", test)
    settings.setdefault("correction", correction)
    settings.setdefault("level", f"{level:g}")
    data = ReportData(results=shown, measures=measures, runs=runs, compare=compare,
                      decisions=decisions, swaps=swaps, notes=notes, settings=settings,
                      title=title, plots=wanted, level=level, samples=samples,
                      ci_samples=ci_samples, seed=seed, baseline=baseline, pairs=pairs)
    if decisions is not None and "decisions" not in {k.split("-")[0] for k in plot_makers(data)}:
        notes.append(f"decisions under every correction on {measures[0]}: not drawn (the "
                     "corrections agree on every test)")
    for key, table in (curves or {}).items():
        if key not in STANDARD_CURVES:
            raise UsageError(f"unknown curve {key!r}; known: {', '.join(STANDARD_CURVES)}")
        spec = STANDARD_CURVES[key]
        if (drawn or {}).get(key):
            spec = replace(spec, title=f"{spec.title}: {drawn[key]}")
        data.curves[key] = (spec, table)
    return data


def corrected_decisions(compare: pd.DataFrame, level: float = 0.05) -> pd.DataFrame:
    """The compare table under every correction (a ``correction`` column): the same p-values,
    adjusted within each measure's family of pairs."""
    from ..stats.correction import adjust

    frames = []
    for name in CORRECTIONS:
        for _, part in compare.groupby(compare["measure"].astype(str), sort=False):
            adjusted, reject = adjust(part["p_value"].to_numpy(float), name, level)
            frames.append(part.assign(p_adjusted=adjusted, reject=reject, correction=name))
    return stacked(frames) if frames else compare.assign(correction=[])


def build_report(qrels, runs, measures: Sequence[str] | None = None, ctx=None, *,
                 all_topics: bool = False, test: str = "t", correction: str = "by",
                 level: float = 0.05, samples: int | None = None, seed: int = 0,
                 plots_wanted: Sequence[str] = PLOT_KINDS, title: str = "sdreval report",
                 swap_sizes: Sequence[int] | None = None,
                 baseline: str | None = None, jobs: int = 1,
                 scheduler: str | None = None) -> ReportData:
    """Evaluate ``runs`` on ``measures`` and gather everything the report shows (runs tested
    against ``baseline``, default the first run; ``jobs`` and ``scheduler`` as in
    :func:`~sdreval.measures.evaluate.evaluate`)."""
    from ..measures import EvalContext, evaluate

    ctx = ctx or EvalContext()
    run_list = list(runs)
    if not measures:  # never empty: every kind of run has its default set
        measures = default_measures(run_list, qrels)
    from ..measures.evaluate import checked_runs
    from ..progress import progress
    from ..stats.matrix import check_scored

    # as evaluate() does with the list: shared names made distinct (for the curves too),
    # the runs checked; then run by run gives the same rows
    run_list = checked_runs(qrels, run_list, ctx)
    tables = []
    if jobs > 1 or scheduler:
        with progress(None, "evaluating runs in topic partitions"):
            tables.append(evaluate(qrels, run_list, list(measures), ctx, all_topics=all_topics,
                                   jobs=jobs, scheduler=scheduler))
    else:
        with progress(len(run_list), "evaluating runs") as bar:
            for run in run_list:
                tables.append(evaluate(qrels, [run], list(measures), ctx,
                                       all_topics=all_topics))
                bar.update()
    results = stacked(tables) if len(tables) > 1 else tables[0]
    check_scored(results, [run.name for run in run_list])
    measures = [str(m) for m in measures]  # Measure objects are reported under their text
    notes: list[str] = []
    curves: dict[str, pd.DataFrame] = {}
    labels: dict[str, str] = {}  # a curve drawn with parameters: named as the table names it
    wanted_curves = curves_drawn(qrels, run_list, plots_wanted, ctx)
    for key in (track(wanted_curves, "computing curves") if wanted_curves else ()):
        params, drawn, others = table_params(key, measures)
        if others:
            notes.append(f"{STANDARD_CURVES[key].title}: drawn with the parameters of {drawn},"
                         f" the first of its family in the table (not of {', '.join(others)})")
        try:
            table = compute_curve(qrels, run_list, key, ctx, params,
                                  points=curve_points(key, run_list),
                                  all_topics=all_topics, bands=0.95, seed=seed)
        except (SdrevalError, ImportError, TypeError, ValueError) as error:
            # a curve that cannot be drawn must not cost the whole report; say why
            notes.append(f"{STANDARD_CURVES[key].title}: not drawn ({error})")
            continue
        if table["value"].notna().any():
            curves[key] = table
            if params:  # the curve's measure with the table's parameters, no cut-off:
                labels[key] = curve_label(key, drawn)  # MAep(quant=sog) -> nxCG(quant=sog)
        else:
            notes.append(f"{STANDARD_CURVES[key].title}: no values for these runs")
    swaps = None
    if "swap" in plots_wanted and len(run_list) >= SWAP_MIN_RUNS:
        swaps = swap_tables(results, measures[:1], swap_sizes, seed, notes)
    settings = {"qrels": str(getattr(qrels, "source", None) or "(in memory)"),
                "runs": "\n".join(f"{run.name}: {getattr(run, 'source', None) or '(in memory)'}"
                                  for run in run_list),
                "order": ctx.order}
    for key in ("quant", "overlap", "alpha", "ideal", "beta", "bep_distance", "compat"):
        value = getattr(ctx, key, None)
        if value is not None:
            settings[key] = str(value)
    from ..measures.evaluate import TOPIC_POLICIES

    settings["topics"] = TOPIC_POLICIES[bool(all_topics)]
    data = report_data(results, curves=curves, swaps=swaps, measures=list(measures), test=test,
                       correction=correction, level=level, samples=samples, seed=seed,
                       plots_wanted=plots_wanted, title=title, notes=notes + list(ctx.warnings),
                       settings=settings, baseline=baseline, drawn=labels)
    return data


def curve_label(key: str, drawn: str) -> str:
    """The measure curve ``key`` draws, named with the parameters of ``drawn`` (the table's
    measure whose parameters it takes) and without a cut-off: ``IPrec(rel=2)@0.5`` ->
    ``IPrec(rel=2)``; ``MAep(quant=sog)`` on the nxCG curve -> ``nxCG(quant=sog)``."""
    text = drawn.rsplit("@", 1)[0] if "@" in drawn.split(")")[-1] else drawn
    inner = text[text.index("("):] if "(" in text else ""
    return STANDARD_CURVES[key].measure + inner


def curves_drawn(qrels, runs: Sequence, plots_wanted: Sequence[str] = PLOT_KINDS,
                 ctx=None) -> list[str]:
    """The curves of ``plots_wanted`` the report computes for these runs: those that suit
    their unit (all asked for by name)."""
    from ..measures.defaults import run_kind

    # documents (and element runs of whole articles) get trec_eval's precision-recall curve,
    # not the element curves (whose inex_eval needs a collection size documents do not have)
    units = {run_kind(r) if hasattr(r, "unit") else "element" for r in runs}
    explicit = tuple(plots_wanted) != PLOT_KINDS
    out = []
    for key in (k for k in CURVE_KEYS if k in plots_wanted):
        # a collection turns element runs into passages (iP); nothing turns passages into
        # elements, so element curves of passage runs would be all zero
        # (and iP needs highlighted passages in the judgements)
        suits = CURVE_UNITS[key] & units or (key == "ip" and getattr(ctx, "collection", None)
                                             is not None and any(
                                                 tq.passages for tq in qrels.topics.values()))
        if suits or explicit:  # else e.g. iP for element runs: not applicable, nothing to say
            out.append(key)
    return out


def report_measures(qrels, runs: Sequence, measures: Sequence[str],
                    plots_wanted: Sequence[str] = PLOT_KINDS, ctx=None) -> list[str]:
    """Every measure the report evaluates: the table's, then those its figures draw, with the
    parameters they take from the table (:func:`~sdreval.report.curves.table_params`); the
    one list that says which options are used."""
    from ..measures.registry import MEASURES, make_measure
    from .curves import CURVE_FUNCTIONS, CURVE_PARAMS_OF

    out = [str(m) for m in measures]
    for key in curves_drawn(qrels, runs, plots_wanted, ctx):
        spec = STANDARD_CURVES[key]
        name = CURVE_PARAMS_OF.get(key) or (None if key in CURVE_FUNCTIONS else spec.measure)
        if name in MEASURES:
            cutoff = None if key in CURVE_FUNCTIONS else spec.points[0]
            out.append(make_measure(MEASURES[name], table_params(key, measures)[0], cutoff).text)
    return out


def curve_points(key: str, runs: Sequence) -> list[float] | None:
    """The points of curve ``key`` for these runs: the span recall curve stops at the deepest
    ranking (past it every run is flat: no result is added); None = the curve's own points."""
    if key != "spanr":
        return None
    depth = max((len(run.get(t)) for run in runs for t in run.topics), default=0)
    return [k for k in STANDARD_CURVES[key].points if k <= max(depth, 1)]


def swap_tables(results: pd.DataFrame, measures: Sequence[str],
                sizes: Sequence[int] | None = None, seed: int = 0,
                notes: list[str] | None = None) -> pd.DataFrame | None:
    """Swap rates of every measure (a ``measure`` column); measures without enough runs or
    topics are left out, with a note."""
    frames = []
    for measure in track(measures, "swap rates"):
        table = swap_rates(results, measure, sizes, seed=seed)
        if table is None:
            if notes is not None:
                notes.append(f"swap rates of {measure}: not drawn (they need two runs and four "
                             "common topics)")
        else:
            frames.append(table.assign(measure=measure))
    return stacked(frames) if frames else None


def swap_rates(results: pd.DataFrame, measure: str, sizes: Sequence[int] | None = None,
               seed: int = 0, trials: int = 100) -> pd.DataFrame | None:
    """Swap rates of ``measure`` by topic-set size (Kazai & Lalmas 2006, §6.2.2), or None when
    there are too few runs or topics (fewer than 2 runs, fewer than 4 common topics)."""
    rows = results[results["measure"].astype(str) == measure]
    topics = bridge.matrix(rows).dropna().shape[0]
    if rows["run"].nunique() < 2 or topics < 4:
        return None
    return bridge.swap_rates(rows, measure, sizes, trials=trials, seed=seed)


# --------------------------------------------------------------------------------- rendering

def render_html(data: ReportData, image_format: str = "svg", dpi: int = 100,
                timestamp: bool = True) -> str:
    """The self-contained HTML page of a report (:mod:`sdreval.report.page`).  The same data
    give the same bytes when ``timestamp`` is false or ``SOURCE_DATE_EPOCH`` is set."""
    return render_page(data, plot_makers(data), figure_captions(data), image_format, dpi,
                       timestamp)


def write_report(data: ReportData, path: str | Path, image_format: str = "svg",
                 dpi: int = 100, timestamp: bool = True) -> Path:
    """Render and write the report; returns the path."""
    out = Path(path)
    out.write_text(render_html(data, image_format, dpi, timestamp), encoding="utf-8")
    return out


def text_summary(data: ReportData) -> str:
    """The trec_eval-like summary table of a report (for the terminal)."""
    return format_text_table(data.results, data.compare, data.measures,
                             significance=tables_significance(data))


__all__ = ["PLOT_KINDS", "ReportData", "build_report", "report_data", "render_html",
           "plot_makers", "figure_data", "figure_captions", "corrected_decisions", "report_time",
           "write_report", "default_measures", "swap_rates", "text_summary"]
