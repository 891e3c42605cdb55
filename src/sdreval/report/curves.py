"""Curves for plots and reports: measures evaluated at a sequence of cut-offs.

A *curve table* is a DataFrame with columns ``run, x, value`` (the mean over topics of the
measure at cut-off ``x``), optionally with a ``topic`` column for per-topic curves.  Curves are
built from the tidy results table by reading the cut-off out of the measure names
(``ep@0.1``, ``ep@0.2`` ... -> x = 0.1, 0.2, ...), so any measure family that registers a
cut-off measure gets curves for free:

* effort-precision / gain-recall (Kazai & Lalmas 2006, §5.4, Eq. 13-14): ``ep@r`` at r = 0.1, ..., 1.0;
* nxCG over rank (Kazai & Lalmas 2006, Eq. 5): ``nxCG@k``;
* interpolated precision (INEX 2007-2010 Focused task, Kamps et al. 2008): ``iP@x`` at
  x = 0.00, ..., 1.00;
* precall (inex_eval, Ogilvie & Lalmas 2006, Eq. 1-5) when the family offers a recall cut-off.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import numpy as np
import pandas as pd

from ..errors import UsageError
from ..measures.results import frame_means, group_means, stacked

CURVE_COLUMNS = ["run", "x", "value"]


@dataclass(frozen=True)
class CurveSpec:
    """A named curve: the measure evaluated at ``points``, with axis labels."""

    key: str
    measure: str
    points: tuple[float, ...]
    xlabel: str
    ylabel: str
    title: str


def _grid(start: float, stop: float, step: float) -> tuple[float, ...]:
    count = int(round((stop - start) / step)) + 1
    return tuple(round(start + i * step, 6) for i in range(count))


#: The standard curves of the report (the plots readers of the papers expect).
STANDARD_CURVES: dict[str, CurveSpec] = {
    "epgr": CurveSpec("epgr", "ep", _grid(0.1, 1.0, 0.1), "gain-recall", "effort-precision",
                      "Effort-precision / gain-recall (Kazai & Lalmas 2006, §5.4, Eq. 13-14)"),
    "nxcg": CurveSpec("nxcg", "nxCG", (1, 2, 3, 4, 5, 10, 15, 20, 25, 30, 40, 50, 75, 100),
                      "rank", "nxCG", "nxCG over rank (Kazai & Lalmas 2006, Eq. 5)"),
    "ip": CurveSpec("ip", "iP", _grid(0.0, 1.0, 0.05), "recall", "interpolated precision",
                    "Interpolated precision iP[x] (INEX 2007-2010 Focused task; "
                    "Kamps et al. 2008)"),
    "iprec": CurveSpec("iprec", "IPrec", _grid(0.0, 1.0, 0.1), "recall",
                       "interpolated precision",
                       "Interpolated precision-recall, 11 points (trec_eval iprec_at_recall; "
                       "Manning, Raghavan & Schütze 2008, §8.4)"),
    "precall": CurveSpec("precall", "inex_eval", _grid(0.01, 1.0, 0.01), "recall",
                         "precision (precall)",
                         "inex_eval precall (Ogilvie & Lalmas 2006, Eq. 1-5)"),
    "spanr": CurveSpec("spanr", "SpanR", (1, 2, 3, 4, 5, 6, 8, 10, 15, 20), "retrieved spans k",
                       "character recall SpanR@k",
                       "Character recall SpanR@k over rank (span and chunk runs; recall of "
                       "Smith & Troynikov 2024)"),
    "budget": CurveSpec("budget", "SpanR", (128, 256, 512, 1024, 2048, 4096, 8192),
                        "budget N", "SpanR / SpanP (budget=N)",
                        "Context-budget curves: recall and precision of the first N "
                        "characters"),
}


def _point_text(point: float) -> str:
    if isinstance(point, (int, np.integer)):
        return str(int(point))
    return repr(round(float(point), 6))


def curve_from_results(results: pd.DataFrame, name: str, per_topic: bool = False
                       ) -> pd.DataFrame:
    """The curve of measure ``name`` in a results table (run, topic, measure, value).

    Rows whose measure is ``name@x`` or ``name(...)@x`` contribute point ``x``; rows with topic
    ``"all"`` are ignored (the mean is recomputed over the per-topic rows, or used if they are
    all there is).  Returns ``run, x, value`` (plus ``topic`` when ``per_topic``)."""
    pattern = re.compile(rf"^{re.escape(name)}(?:\([^()]*\))?@\s*([0-9.eE+-]+)$")
    cutoffs = results["measure"].astype(str).str.extract(pattern, expand=False)
    rows = results.assign(x=pd.to_numeric(cutoffs, errors="coerce")).dropna(subset=["x"])
    if rows.empty:
        cols = CURVE_COLUMNS + (["topic"] if per_topic else [])
        return pd.DataFrame(columns=cols)
    topical = rows[rows["topic"].astype(str) != "all"]
    if not topical.empty:
        rows = topical
    if per_topic:
        return rows[["run", "topic", "x", "value"]].sort_values(["run", "topic", "x"],
                                                                  kind="stable")
    curve = frame_means(rows, ["run", "x"], "value")  # the means eval prints
    order = {run: i for i, run in enumerate(dict.fromkeys(rows["run"]))}
    curve = curve.sort_values(["run", "x"], key=lambda s: s.map(order) if s.name == "run"
                              else s, kind="stable")
    return curve[CURVE_COLUMNS].reset_index(drop=True)


def curve_available(name: str) -> bool:
    """True if ``name`` is a registered measure that takes a cut-off."""
    from ..measures import MEASURES

    definition = MEASURES.get(name)
    return definition is not None and definition.cutoff != "none"


def _xcg_curve(kind: str):
    def compute(qrels, runs, ctx, all_topics, params):
        from ..measures.xcg import curves as xcg_curves

        if kind == "epgr":
            table = xcg_curves.ep_gr_curve(qrels, runs, None, ctx, all_topics, **params)
            x, y = "recall", "ep"
        else:
            table = xcg_curves.nxcg_curve(qrels, runs, 100, ctx, all_topics, **params)
            x, y = "rank", "nxCG"
        table = table.rename(columns={x: "x", y: "value"})
        means = table[table["topic"].astype(str) == "all"]
        per_topic = table[table["topic"].astype(str) != "all"]
        return (means[CURVE_COLUMNS].reset_index(drop=True),
                per_topic[["run", "topic", "x", "value"]].reset_index(drop=True))
    return compute


def _precall_curve(qrels, runs, ctx, all_topics, params):
    """Mean inex_eval precall over the topics at recall 0.01..1.00 (Ogilvie & Lalmas 2006,
    Eq. 1-5)."""
    from ..measures.evaluate import ordered_run
    from ..measures.inex_eval.definitions import (POOL_WARNING, check_collection_size,
                                                  collection_size, inex_eval_curve)
    from ..measures.inex_eval.kernels import RECALL_POINTS
    from ..measures.registry import MEASURES, make_measure
    from ..measures.serial import curve_topics

    measure = make_measure(MEASURES["inex_eval"], params, None)
    quant, elements = measure.get("quant", ctx), measure.get("elements", ctx)
    check_collection_size(qrels, collection_size(ctx, elements), ctx)
    frames, per_topic = [], []
    before = len(ctx.warnings)  # the figure's own warnings name the figure, not a measure
    for run in runs:
        # the measure's topics; one with nothing relevant scores 0 (n = 0) where it counts
        topics = sum(curve_topics(measure, qrels, run, all_topics, ctx), [])
        ordered = ordered_run(run, ctx.order, ctx.depth)
        if not topics:
            continue
        curves = np.vstack([inex_eval_curve(qrels, ordered.get(t), t, quant, elements, ctx,
                                            compat=measure.get("compat", ctx))
                            for t in topics])
        points = np.tile(np.arange(len(RECALL_POINTS)), len(topics))  # the means eval prints
        frames.append(pd.DataFrame({"run": run.name, "x": RECALL_POINTS,
                                    "value": group_means(curves.ravel(), points,
                                                         len(RECALL_POINTS))}))
        per_topic.append(pd.DataFrame({"run": run.name,
                                       "topic": np.repeat(topics, len(RECALL_POINTS)),
                                       "x": np.tile(RECALL_POINTS, len(topics)),
                                       "value": curves.ravel()}))
    ctx.warnings[before:] = [f"precall figure: {w}" if w == POOL_WARNING else w
                             for w in ctx.warnings[before:]]
    if not frames:
        return pd.DataFrame(columns=CURVE_COLUMNS), None
    return stacked(frames), pd.concat(per_topic, ignore_index=True)


#: Curves computed by their family's own curve function (full resolution); the others are
#: evaluated as ``measure@x`` at the spec's points.
def _budget_curve(qrels, runs, ctx, all_topics, params):
    """SpanR and SpanP at budgets 128..8192 with CIs (:mod:`sdreval.report.budget`): the
    curve table plus ``measure``, ``ci_low``, ``ci_high`` columns, and no per-topic table."""
    from .budget import budget_curve

    table = budget_curve(qrels, runs, STANDARD_CURVES["budget"].points, ctx, all_topics)
    return table.rename(columns={"budget": "x", "mean": "value"}), None  # CIs included


CURVE_FUNCTIONS = {"epgr": _xcg_curve("epgr"), "nxcg": _xcg_curve("nxcg"),
                   "precall": _precall_curve, "budget": _budget_curve}
#: the measure whose parameters a family's curve function takes
CURVE_PARAMS_OF = {"epgr": "MAep", "nxcg": "MAep", "precall": "inex_eval"}


def table_params(key: str, measures: Sequence[Any]
                 ) -> tuple[dict[str, Any], str | None, list[str]]:
    """The parameters of curve ``key`` so that the figure draws the measure the table shows:
    those of the first measure of the curve's family in ``measures`` that the curve takes
    (a ``measure@x`` curve: of the first measure of that name, ``IPrec(rel=2)@0.5``);
    with that measure's text and the texts of the family's measures whose parameters differ
    (the figure does not draw those)."""
    from ..measures.registry import MEASURES, parse_measure

    if key in CURVE_PARAMS_OF:  # a family's curve function: any measure of the family
        definition = MEASURES[CURVE_PARAMS_OF[key]]
        parsed = [m for m in map(parse_measure, measures) if m.family == definition.family]
    elif key not in CURVE_FUNCTIONS and STANDARD_CURVES[key].measure in MEASURES:
        definition = MEASURES[STANDARD_CURVES[key].measure]  # measure@x: that measure only
        parsed = [m for m in map(parse_measure, measures) if m.name == definition.name]
    else:
        return {}, None, []
    taken = {p.name for p in definition.params}
    found = [(m.text, {k: v for k, v in m.params if k in taken}) for m in parsed]
    if not found:
        return {}, None, []
    return found[0][1], found[0][0], [text for text, other in found if other != found[0][1]]


def curve_bands(per_topic: pd.DataFrame, level: float = 0.95, samples: int = 2_000,
                seed: int | None = 0) -> pd.DataFrame:
    """``run, x, low, high``: the percentile bootstrap interval of the mean at every point of
    per-topic curves (``run, topic, x, value``; Vu & Gallinari 2005, §5, at each point)."""
    from ..stats import percentile_ci

    frames = []
    for run, rows in per_topic.groupby(per_topic["run"].astype(str), sort=False):
        matrix = rows.pivot_table(index="x", columns="topic", values="value", aggfunc="first")
        matrix = matrix.dropna(axis=1)
        if matrix.shape[1] < 2:
            continue
        low, high = percentile_ci(matrix.to_numpy(float), level, samples, seed)
        frames.append(pd.DataFrame({"run": run, "x": matrix.index.to_numpy(float),
                                    "low": low, "high": high}))
    return stacked(frames) if frames else \
        pd.DataFrame(columns=["run", "x", "low", "high"])


def compute_curve(qrels, runs, spec: CurveSpec | str, ctx=None,
                  params: str | Mapping[str, Any] = "",
                  points: Sequence[float] | None = None, all_topics: bool = False,
                  bands: float | None = None, samples: int = 2_000, seed: int | None = 0
                  ) -> pd.DataFrame:
    """The curve table (mean over topics) of a standard curve for every run.

    ep/gr, nxCG and precall use the families' curve functions (ep/gr at gain-recall
    0.01..1.00, nxCG at ranks 1..100, precall at recall 0.01..1.00) unless ``points`` are
    given; other curves evaluate ``measure(params)@x`` at the points.  ``params``: as in a
    measure name (``"quant=sog,elements=100"``) or a mapping (:func:`table_params`).  With
    ``bands`` (a confidence level), columns ``low`` and ``high`` hold :func:`curve_bands`."""
    from ..measures import MEASURES, EvalContext, evaluate
    from ..measures.registry import make_measure, parse_measure
    from ..model.run import Run

    ctx = ctx or EvalContext()
    run_list = [runs] if isinstance(runs, Run) else list(runs)
    if isinstance(spec, str):
        if spec not in STANDARD_CURVES:
            raise UsageError(f"unknown curve {spec!r}; known: {', '.join(STANDARD_CURVES)}")
        spec = STANDARD_CURVES[spec]
    function = points is None and spec.key in CURVE_FUNCTIONS
    if isinstance(params, str):  # read as the measure's name is read, once
        name = CURVE_PARAMS_OF.get(spec.key, "") if function else spec.measure
        cutoff = "" if function else f"@{_point_text(spec.points[0])}"
        params = dict(parse_measure(f"{name}({params}){cutoff}").params) if params else {}
    if function:
        means, per_topic = CURVE_FUNCTIONS[spec.key](qrels, run_list, ctx, all_topics,
                                                     dict(params))
    else:
        if not curve_available(spec.measure):
            raise UsageError(f"curve {spec.key}: measure {spec.measure!r} with a cut-off is "
                             "not registered")
        names = [make_measure(MEASURES[spec.measure], dict(params), p)
                 for p in (points if points is not None else spec.points)]
        table = evaluate(qrels, run_list, names, ctx, all_topics=all_topics)
        means = curve_from_results(table, spec.measure)
        per_topic = curve_from_results(table, spec.measure, per_topic=True)
    if bands is None or per_topic is None or per_topic.empty:
        return means
    limits = curve_bands(per_topic.dropna(subset=["value"]), bands, samples, seed)
    return means.merge(limits, on=["run", "x"], how="left")


def as_curve_table(curves: pd.DataFrame | Mapping[str, tuple[Sequence[float], Sequence[float]]]
                   ) -> pd.DataFrame:
    """Normalise curves given as a curve table or ``{run: (x, y)}`` arrays."""
    if isinstance(curves, pd.DataFrame):
        missing = set(CURVE_COLUMNS) - set(curves.columns)
        if missing:
            raise UsageError(f"curve table lacks column(s) {', '.join(sorted(missing))}")
        return curves
    frames = []
    for run, (xs, ys) in curves.items():
        xs_arr, ys_arr = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
        if xs_arr.shape != ys_arr.shape:
            raise UsageError(f"curve of {run}: x and y differ in length")
        frames.append(pd.DataFrame({"run": run, "x": xs_arr, "value": ys_arr}))
    if not frames:
        return pd.DataFrame(columns=CURVE_COLUMNS)
    return stacked(frames)
